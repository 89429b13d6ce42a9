import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, selectRows } from "../../db/client";
import { sqlLimit } from "../../lib/paging";
import { LISTING_FROM, visibleTo } from "../listings/listing-row";

// What search engines are told (Lighthouse's SEO audit once read the HTML shell at /robots.txt).
// The pages anyone may open signed out are listed in the sitemap; the API, sign-in and every signed-in
// area are closed to crawlers in robots.txt. A new public page belongs in PUBLIC_PAGES.

const PUBLIC_PAGES = ["/", "/browse", "/pricing", "/signup", "/privacy-policy", "/terms-of-service"];

const CLOSED_TO_CRAWLERS = [
  "/api/",
  "/admin",
  "/publisher/",
  "/buyer/dashboard",
  // A listing's boost page (its owner's, signed in); the listing pages themselves (/buyer/<id>) stay open.
  "/buyer/listings/",
  "/subscribe",
  "/saved",
  "/login",
  "/auth/",
  // Alert mails' unsubscribe pages: one per person, nothing for a search engine.
  "/unsubscribe/",
];

/** The listing detail pages the sitemap names: the newest active ones, bounded (one index walk). */
const SITEMAP_LISTING_LIMIT = 1000;

export function robotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...CLOSED_TO_CRAWLERS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", appUrl).href}`,
    "",
  ].join("\n");
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The public pages, then the detail pages of the newest listings a signed-out visitor can open. */
export async function buildSitemap({ db, appUrl }: { db: Db; appUrl: string }): Promise<string> {
  const listings = await selectRows(
    db,
    z.object({ id: z.string(), updatedAt: z.coerce.date() }),
    sql`select l.id, l.updated_at as "updatedAt" from ${LISTING_FROM} where ${visibleTo(null)}
        order by l.created_at desc nulls last, l.id desc nulls last limit ${sqlLimit(SITEMAP_LISTING_LIMIT)}`,
  );
  const entries = [
    ...PUBLIC_PAGES.map((path) => ({ path, lastmod: undefined as string | undefined })),
    ...listings.map((l) => ({ path: `/buyer/${l.id}`, lastmod: l.updatedAt.toISOString().slice(0, 10) })),
  ];
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${xmlEscape(new URL(path, appUrl).href)}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
