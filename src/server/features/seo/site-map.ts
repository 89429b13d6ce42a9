import { sql } from "drizzle-orm";
import { z } from "zod";
import { GEOGRAPHIES, US_NATIONAL, VERTICALS } from "../../../shared/constants";
import { browsePagePath, listingPagePath } from "../../../shared/routes";
import { type Db, selectRows } from "../../db/client";
import { sqlLimit } from "../../lib/paging";
import { LISTING_FROM, visibleTo } from "../listings/listing-row";

// What search engines are told (Lighthouse's SEO audit once read the HTML shell at /robots.txt).
// The pages anyone may open signed out are listed in the sitemaps; the API, sign-in and every signed-in
// area are closed to crawlers in robots.txt. A new public page belongs in PUBLIC_PAGES.
//
// /sitemap.xml is a sitemap index naming the files under /sitemaps/: pages.xml (the public pages, and the
// directory's page of each vertical and location that shows at least one listing) and listings-1.xml,
// listings-2.xml, ... (the page of every listing a signed-out visitor can open, in id order). One build
// reads every visible listing once and writes the index and all the files (site-map-cache.ts keeps it).

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

/** The most URLs one sitemap file may hold (sitemaps.org's limit, which search engines enforce). */
export const SITEMAP_FILE_URLS = 50_000;

/**
 * Listings read per statement: a keyset walk by id, so each statement is one short index range however
 * far along the walk is (an OFFSET would re-read every row before it), and no statement holds the whole
 * directory in one answer.
 */
export const SITEMAP_READ_ROWS = 10_000;

/** The name of the index's own address and of the files, under APP_URL. */
export const SITEMAP_INDEX_PATH = "/sitemap.xml";
const sitemapFilePath = (name: string) => `/sitemaps/${name}`;
const PAGES_FILE = "pages.xml";
const listingsFile = (number: number) => `listings-${number}.xml`;

export function robotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...CLOSED_TO_CRAWLERS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL(SITEMAP_INDEX_PATH, appUrl).href}`,
    "",
  ].join("\n");
}

/** The index and every file it names, by file name ("pages.xml", "listings-1.xml"). */
export interface Sitemaps {
  index: string;
  files: ReadonlyMap<string, string>;
}

interface SitemapEntry {
  path: string;
  /** W3C datetime in UTC to the second; absent where nothing dates the page. */
  lastmod?: string;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** `<tag><loc>…</loc><lastmod>…</lastmod></tag>`, one line. */
function entryXml(tag: "url" | "sitemap", appUrl: string, { path, lastmod }: SitemapEntry): string {
  const loc = `<loc>${xmlEscape(new URL(path, appUrl).href)}</loc>`;
  return `  <${tag}>${loc}${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""}</${tag}>`;
}

function urlsetXml(appUrl: string, entries: SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries.map((entry) => entryXml("url", appUrl, entry)),
    "</urlset>",
    "",
  ].join("\n");
}

/** The newer of two lastmods (same format, so text order is time order). */
const newer = (a: string | undefined, b: string | undefined) => (a === undefined || (b && b > a) ? b : a);

const newestOf = (entries: SitemapEntry[]) =>
  entries.reduce<string | undefined>((newest, e) => newer(newest, e.lastmod), undefined);

const visibleListingRow = z.object({
  id: z.string(),
  lastmod: z.string(),
  vertical: z.string(),
  geos: z.array(z.string()),
});

/**
 * Builds the index and every file from one walk over the listings a signed-out visitor can open.
 * `fileUrls` is the most URLs a file holds (lowered by tests to see the split); `readRows` the rows
 * read per statement.
 */
export async function buildSitemaps({
  db,
  appUrl,
  fileUrls = SITEMAP_FILE_URLS,
  readRows = SITEMAP_READ_ROWS,
}: {
  db: Db;
  appUrl: string;
  fileUrls?: number;
  readRows?: number;
}): Promise<Sitemaps> {
  const files = new Map<string, string>();
  const index: SitemapEntry[] = [];
  let chunk: SitemapEntry[] = [];
  const closeListingsFile = () => {
    const name = listingsFile(index.length + 1);
    files.set(name, urlsetXml(appUrl, chunk));
    index.push({ path: sitemapFilePath(name), lastmod: newestOf(chunk) });
    chunk = [];
  };

  // The newest change among the listings each vertical's and each location's page shows.
  const newestByVertical = new Map<string, string>();
  const newestByGeo = new Map<string, string>();
  let newestNational: string | undefined;

  let lastId: string | undefined;
  for (;;) {
    const rows = await selectRows(
      db,
      visibleListingRow,
      sql`select l.id,
            to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod,
            l.vertical, l.geos
          from ${LISTING_FROM}
          where ${visibleTo(null)}${lastId === undefined ? sql`` : sql` and l.id > ${lastId}`}
          order by l.id limit ${sqlLimit(readRows)}`,
    );
    for (const row of rows) {
      chunk.push({ path: listingPagePath(row.id), lastmod: row.lastmod });
      if (chunk.length === fileUrls) closeListingsFile();
      newestByVertical.set(row.vertical, newer(newestByVertical.get(row.vertical), row.lastmod)!);
      // As the directory's location filter reads geos: no geos at all is US National, and a US National
      // listing shows on every location's page.
      if (row.geos.length === 0 || row.geos.includes(US_NATIONAL)) {
        newestNational = newer(newestNational, row.lastmod);
      }
      for (const geo of row.geos) newestByGeo.set(geo, newer(newestByGeo.get(geo), row.lastmod)!);
    }
    if (rows.length < readRows) break;
    lastId = rows.at(-1)!.id;
  }
  if (chunk.length > 0) closeListingsFile();

  // Only the known verticals and locations: the browse page refuses any other value in its address.
  const pages: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...VERTICALS.flatMap((vertical) => {
      const lastmod = newestByVertical.get(vertical);
      return lastmod ? [{ path: browsePagePath({ vertical }), lastmod }] : [];
    }),
    ...GEOGRAPHIES.flatMap((geo) => {
      const lastmod = geo === US_NATIONAL ? newestNational : newer(newestByGeo.get(geo), newestNational);
      return lastmod ? [{ path: browsePagePath({ geo }), lastmod }] : [];
    }),
  ];
  files.set(PAGES_FILE, urlsetXml(appUrl, pages));
  // The public pages carry no date of their own, so an empty directory leaves pages.xml undated.
  index.unshift({ path: sitemapFilePath(PAGES_FILE), lastmod: newestOf(pages) });

  const indexXml = [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...index.map((entry) => entryXml("sitemap", appUrl, entry)),
    "</sitemapindex>",
    "",
  ].join("\n");
  return { index: indexXml, files };
}
