import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import {
  jsonForScript,
  PAGE_STATE_ELEMENT_ID,
  type PageRead,
  type PageReadResult,
  type PageRenderer,
  type RenderedPage,
  SIGNED_IN_HINT_COOKIE,
} from "../../../shared/page-render";
import { matchClientRoute } from "../../../shared/routes";
import type { PublicConfig } from "../../../shared/schemas/config";
import type { MarketFigures } from "../../../shared/schemas/market-figures";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { etagOf, sendWithEtag, varyByEncoding } from "../../lib/etag";
import { CLIENT_DIST, CLIENT_MANIFEST, MISSING_BUILD_DIR, SERVER_ENTRY } from "../../paths";
import { classifyDatabaseError } from "../../plugins/database-errors";
import { RETRY_AFTER_SECONDS } from "../../plugins/errors";
import { movedPagePath } from "./moved-pages";
import { createPageReader } from "./page-data";
import { type ResolvedPage, resolvePage, SHARE_IMAGE, unavailableListingPage } from "./page-head";

// The HTML every page path is answered with: the built client's index.html, read once at startup, with
// the page's own head written between two markers, and for the public pages the page itself, drawn by
// the client's own components (the build's server entry, src/client/entry-server.tsx) from the data the
// API would answer a visitor, which travels along for the browser to hydrate
// (docs/architecture.md, "Server-drawn pages"; ADR 040). Every other page is drawn in the browser.

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
    ...page.structuredData.map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ].join("\n    ");
}

/** The element the app draws into (src/client/index.html): a server-drawn page goes inside it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The build's server entry (vite.config.ts writes it inside the client's folder), or null when there is
 * none (no build: the tests, a fresh clone; or a build from before it): every page is then drawn in the
 * browser, as before.
 */
export async function loadPageRenderer(clientDir: string): Promise<PageRenderer | null> {
  const entry = join(clientDir, SERVER_ENTRY);
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { pageRenderer?: PageRenderer };
  if (!module.pageRenderer) throw new Error(`${entry} exports no pageRenderer`);
  return module.pageRenderer;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * For a page's module, `<link rel="modulepreload">` tags for its chunk and the chunks it imports beyond
 * what index.html loads already, from the client build's manifest (none without one). The browser needs
 * them before it can take a drawn page over; named in the page, they are fetched beside the entry script
 * instead of after it has run.
 */
export function readModulePreloads(clientDir: string): (module: string) => string {
  const file = join(clientDir, CLIENT_MANIFEST);
  if (!existsSync(file)) return () => "";
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  const links = new Map<string, string>();
  return (module) => {
    let html = links.get(module);
    if (html === undefined) {
      html = [...closure(module)]
        .filter((key) => !entry.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}" />`)
        .join("");
      links.set(module, html);
    }
    return html;
  };
}

/** The signed-in hint (SIGNED_IN_HINT_COOKIE) among a request's cookies. */
const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE.replace(".", "\\.")}=1(?:;|$)`);

/**
 * How much drawn HTML is kept (in characters, about as many bytes): a directory page is about 200 kB,
 * so some forty of the most recent pages, well within the server's memory budget.
 */
const DRAWN_PAGES_KEPT_CHARS = 8_000_000;

/**
 * Drawn pages by URL, with the answers each was drawn from (as JSON): drawing a directory page costs
 * more than reading it (docs/performance.md, "Server-drawn pages"), and its answers rarely change
 * between two visitors, so a page is drawn again only when they did. The least recently used go first.
 */
export function drawnPageCache(maxChars: number) {
  const pages = new LRUCache<string, { answers: string; html: string; etag: string }>({
    maxSize: maxChars,
    sizeCalculation: (page) => page.answers.length + page.html.length,
  });
  return {
    /** The page drawn for `url` from these answers, with its ETag; undefined if there is none. */
    get(url: string, answers: string): { html: string; etag: string } | undefined {
      const kept = pages.get(url);
      return kept?.answers === answers ? kept : undefined;
    },
    set(url: string, answers: string, html: string): { html: string; etag: string } {
      const page = { answers, html, etag: etagOf(html) };
      pages.set(url, page);
      return page;
    },
  };
}

/**
 * What tells two readings of a page apart, but for the time a directory's next-page cursor carries (the
 * time its scroll started, so that Load More stays in the order of the first page): a page drawn a
 * moment ago from the same listings is the same page, and its cursor leads to the same next page.
 */
function withoutScrollTime(result: PageReadResult): unknown {
  return result.kind === "directory" ? { ...result, next: result.next !== null } : result;
}

/**
 * Answers a page path: the shell with its head (and, for a public page the renderer draws, the page and
 * its data), its status, `no-cache` (always revalidated, so a deploy or an edited listing shows at once)
 * and an ETag, so a revalidation that changes nothing is a bodiless 304. The ETag is of the HTML, which
 * holds nothing of one user's: pages are drawn for a signed-out visitor. A page that is the same for
 * every visitor is rendered once and kept: the shells of a bounded set (the routes, the directory's
 * vertical and location pages); a drawn page is read for every request and drawn again only when what
 * it read changed (drawnPageCache).
 */
export function createPageShell({
  db,
  config,
  publicConfig,
  marketFigures,
  template,
  modulePreloads,
  renderer,
}: {
  db: Db;
  config: Pick<AppConfig, "appName" | "appUrl">;
  publicConfig: PublicConfig;
  marketFigures: () => Promise<MarketFigures>;
  template: PageTemplate;
  /** A drawn page's modulepreload links (readModulePreloads). */
  modulePreloads: (module: string) => string;
  /** The client's server entry (loadPageRenderer); null: every page is drawn in the browser. */
  renderer: PageRenderer | null;
}) {
  const { appName, appUrl } = config;
  const readPageData = createPageReader({ db, publicConfig, marketFigures });
  const rootAt = template.after.indexOf(ROOT_ELEMENT);
  // A template without the root element (the "not built" page) has nowhere to draw.
  const drawer = rootAt === -1 ? null : renderer;
  const shells = new Map<string, string>();
  const drawnPages = drawnPageCache(DRAWN_PAGES_KEPT_CHARS);

  const shell = (page: ResolvedPage) => {
    let html = page.cacheKey === null ? undefined : shells.get(page.cacheKey);
    if (html === undefined) {
      html = `${template.before}${renderHead(page, { appName, appUrl })}${template.after}`;
      if (page.cacheKey !== null) shells.set(page.cacheKey, html);
    }
    return html;
  };
  const withDrawing = (page: ResolvedPage, { html, module, state }: RenderedPage) =>
    `${template.before}${renderHead(page, { appName, appUrl })}${modulePreloads(module)}` +
    template.after.slice(0, rootAt) +
    `<div id="root">${html}</div>` +
    // JSON, not a script to run: it needs no nonce under the page's Content-Security-Policy.
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state}</script>` +
    template.after.slice(rootAt + ROOT_ELEMENT.length);

  async function draw(drawer: PageRenderer, url: string, page: ResolvedPage, results: PageReadResult[]) {
    const answers = JSON.stringify(results.map(withoutScrollTime));
    return (
      drawnPages.get(url, answers) ??
      drawnPages.set(url, answers, withDrawing(page, await drawer.render(url, results)))
    );
  }

  /** The page's head and status, and the answers it is drawn from (null: drawn in the browser). */
  async function resolve(
    url: string,
    reads: PageRead[] | null,
  ): Promise<{ page: ResolvedPage; results: PageReadResult[] | null }> {
    if (reads === null) {
      return { page: await resolvePage({ db, url, viewer: null, appName, appUrl }), results: null };
    }
    const results = (await Promise.all(reads.map(readPageData))).filter((r) => r !== null);
    // A listing's page: the head is made from the listing the page is drawn from, so no second query.
    const listing = reads.some((read) => read.kind === "listing")
      ? (results.find((r) => r.kind === "listing")?.data ?? null)
      : undefined;
    const page = await resolvePage({
      db,
      url,
      viewer: null,
      appName,
      appUrl,
      listing,
    });
    return { page, results };
  }

  return async function answerPage(request: FastifyRequest, reply: FastifyReply) {
    const moved = movedPagePath(request.url);
    if (moved !== null) return reply.redirect(moved, 301);
    // Pages read no session: the session cookie is sent to /api only (plugins/session.ts), so every
    // page is answered as a visitor sees it. In the browser the app then asks who is there and reads
    // a signed-in viewer's own data through the API (ADR 040). A browser that says someone is signed
    // in there gets the page to draw itself: that viewer would see the visitor's page first.
    const drawable = drawer?.readsFor(request.url) ?? null;
    const reads = drawable && !SIGNED_IN_HINT.test(request.headers.cookie ?? "") ? drawable : null;
    // The same URL answers two ways, by that cookie: caches must keep them apart.
    if (drawable) reply.header("Vary", "Cookie");
    const { page, results } = await resolve(request.url, reads).catch(async (error: unknown) => {
      // Pages are served while the database is down, drawn in the browser; a listing's then goes
      // without its own head, with 503.
      if (classifyDatabaseError(error)?.kind !== "unavailable") throw error;
      if (matchClientRoute(request.url)?.path === "/listings/:id") {
        reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
        return { page: unavailableListingPage(appName), results: null };
      }
      return {
        page: await resolvePage({ db, url: request.url, viewer: null, appName, appUrl }),
        results: null,
      };
    });
    let drawn: { html: string; etag: string } | undefined;
    if (drawer && results && page.status === 200) {
      drawn = await draw(drawer, request.url, page, results).catch((error: unknown) => {
        // A page the server cannot draw is still a page: the browser draws it, as it draws the rest.
        request.log.error({ err: error }, "Drawing the page on the server failed");
        return undefined;
      });
    }
    const html = drawn?.html ?? shell(page);
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
    return reply.send(sendWithEtag(request, reply, html, drawn?.etag));
  };
}
