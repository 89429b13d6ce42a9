import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { sendWithEtag, varyByEncoding } from "../../lib/etag";
import { CLIENT_DIST, MISSING_BUILD_DIR } from "../../paths";
import { classifyDatabaseError } from "../../plugins/database-errors";
import { RETRY_AFTER_SECONDS } from "../../plugins/errors";
import { type ResolvedPage, resolvePage, SHARE_IMAGE, unavailableListingPage } from "./page-head";

// The HTML every page path is answered with: the built client's index.html, read once at startup, with
// the page's own head written between two markers. Everything but the head is the same for every page,
// so a request costs a string concatenation (and, on a listing's page, one query); the page itself is
// drawn by the app in the browser (docs/architecture.md, "The page head").

const HEAD_START = "<!-- page-head -->";
const HEAD_END = "<!-- /page-head -->";

/** The page head's alternative text for the share image (the card carries no product name: APP_NAME varies). */
const SHARE_IMAGE_ALT = "Find verified pay-per-call buyers, compare payouts and requirements, and connect.";

/** The template around the head: what comes before it and what comes after. */
export interface PageTemplate {
  before: string;
  after: string;
}

/**
 * The served client's index.html (dist/client, or a test's own folder); where there is none (tests, a
 * fresh clone before `npm run build`), the server's "not built" page, which carries the same markers.
 */
export function readPageTemplate(clientDir: string = CLIENT_DIST): PageTemplate {
  const built = join(clientDir, "index.html");
  const file = existsSync(built) ? built : join(MISSING_BUILD_DIR, "index.html");
  return splitPageTemplate(readFileSync(file, "utf8"));
}

/**
 * Splits a page at the head markers; their content (a default title and description for the development
 * server) is left out. A page without them (a build from before the markers) gets the head just before
 * </head>, its own title and description taken out.
 */
export function splitPageTemplate(source: string): PageTemplate {
  // Comments are notes for whoever reads the source file; no browser needs them on every page.
  const html = source.replace(/<!--(?! page-head -->| \/page-head -->)[\s\S]*?-->\s*/g, "");
  const start = html.indexOf(HEAD_START);
  const end = html.indexOf(HEAD_END);
  if (start !== -1 && end > start) {
    return { before: html.slice(0, start), after: html.slice(end + HEAD_END.length) };
  }
  const close = html.indexOf("</head>");
  if (close === -1) throw new Error("The page template has neither the page-head markers nor a </head>");
  const strip = (text: string) =>
    text.replace(/<title>[\s\S]*?<\/title>\s*/i, "").replace(/<meta\s+name="description"[^>]*>\s*/i, "");
  return { before: strip(html.slice(0, close)), after: html.slice(close) };
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

// A JSON-LD block is raw text up to the first "</script": JSON's own \u escapes keep "<" (and the
// characters a script block treats specially) out of it without changing the data.
const JSON_LD_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const jsonLd = (data: object) =>
  JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => JSON_LD_ESCAPES[c] ?? c);

/** The head's tags for a page: title, description, robots, canonical, Open Graph, Twitter card, JSON-LD. */
function renderHead(page: ResolvedPage, { appName, appUrl }: Pick<AppConfig, "appName" | "appUrl">): string {
  const { head } = page;
  const meta = (attribute: "name" | "property", key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  const canonical = page.canonicalPath === null ? null : new URL(page.canonicalPath, appUrl).href;
  const image = new URL(SHARE_IMAGE.path, appUrl).href;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    ...(head.indexable ? [] : [meta("name", "robots", "noindex")]),
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`] : []),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", appName),
    meta("property", "og:title", head.shareTitle),
    meta("property", "og:description", head.description),
    ...(canonical ? [meta("property", "og:url", canonical)] : []),
    meta("property", "og:image", image),
    meta("property", "og:image:width", SHARE_IMAGE.width),
    meta("property", "og:image:height", SHARE_IMAGE.height),
    meta("property", "og:image:alt", SHARE_IMAGE_ALT),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.shareTitle),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", image),
    ...page.structuredData.map((data) => `<script type="application/ld+json">${jsonLd(data)}</script>`),
  ].join("\n    ");
}

/**
 * Answers a page path: the shell with its head, its status, `no-cache` (always revalidated, so a deploy
 * or an edited listing shows at once) and an ETag, so a revalidation that changes nothing is a bodiless
 * 304. The ETag is of the HTML, which holds nothing of one user's; a personal answer is `private` too.
 * A page that is the same for every visitor is rendered once and kept (a bounded set: the routes, and
 * the directory's vertical and location pages).
 */
export function createPageShell({
  db,
  config,
  template,
}: {
  db: Db;
  config: Pick<AppConfig, "appName" | "appUrl">;
  template: PageTemplate;
}) {
  const { appName, appUrl } = config;
  const rendered = new Map<string, string>();
  const render = (page: ResolvedPage) =>
    `${template.before}${renderHead(page, { appName, appUrl })}${template.after}`;

  return async function answerPage(request: FastifyRequest, reply: FastifyReply) {
    // Pages read no session: the session cookie is sent to /api only (plugins/session.ts), so these
    // requests are served without the database but for a listing's, which is answered as a visitor
    // sees it. The app then loads the listing through the API, as its owner if it is theirs.
    const page = await resolvePage({ db, url: request.url, viewer: null, appName, appUrl }).catch((error) => {
      // Pages are served while the database is down; a listing's then goes without its own head.
      if (classifyDatabaseError(error)?.kind !== "unavailable") throw error;
      reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return unavailableListingPage(appName);
    });
    let html = page.cacheKey === null ? undefined : rendered.get(page.cacheKey);
    if (html === undefined) {
      html = render(page);
      if (page.cacheKey !== null) rendered.set(page.cacheKey, html);
    }
    reply
      .code(page.status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", page.isPersonal ? "private, no-cache" : "no-cache");
    // A 404 is never revalidated into a 304: conditions apply only to what would be a success. Every
    // answer varies by encoding (the compression hook in plugins/compression.ts), small ones too.
    if (page.status !== 200) {
      varyByEncoding(reply);
      return reply.send(html);
    }
    return reply.send(sendWithEtag(request, reply, html));
  };
}
