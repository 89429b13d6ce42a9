import { and, asc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { GEOGRAPHIES, US_NATIONAL, VERTICALS } from "../../../shared/constants";
import { browsePagePath, listingPagePath } from "../../../shared/routes";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles } from "../../db/schema";
import { visibleTo } from "../../lib/listing-read";

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
  // A listing's boost page (its owner's, signed in). /buyer/<id> stays open: a crawler follows its 301
  // to the listing's page, /listings/<id>.
  "/buyer/listings/",
  "/subscribe",
  // The simulated billing portal (development): one per signed-in person.
  "/billing/",
  "/saved",
  "/login",
  "/auth/",
  // Alert mails' unsubscribe pages: one per person, nothing for a search engine.
  "/unsubscribe/",
];

/** The most URLs one sitemap file may hold (sitemaps.org's limit, which search engines enforce). */
const SITEMAP_FILE_URLS = 50_000;

/**
 * Listings read per statement: a keyset walk by id, so each statement is one short index range however
 * far along the walk is (an OFFSET would re-read every row before it), and no statement holds the whole
 * directory in one answer.
 */
const SITEMAP_READ_ROWS = 10_000;

/** Where the index and the files it names are served, under APP_URL. */
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
  /** When the page last changed, in whole seconds since 1970; absent where nothing dates it. */
  updated?: number;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A lastmod: W3C datetime in UTC, to the second ("2026-11-26T23:53:22Z"). */
const lastmodOf = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;

/** `<tag><loc>…</loc><lastmod>…</lastmod></tag>`, one line, for an absolute URL. */
function entryXml(tag: "url" | "sitemap", url: string, updated: number | undefined): string {
  const lastmod = updated === undefined ? "" : `<lastmod>${lastmodOf(updated)}</lastmod>`;
  return `  <${tag}><loc>${xmlEscape(url)}</loc>${lastmod}</${tag}>`;
}

const urlsetXml = (lines: string[]) =>
  [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...lines, "</urlset>", ""].join("\n");

/** The later of two times, either of which may be unknown. */
const newer = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/** A listing and its buyer profile, under the names visibleTo's condition uses. */
const listing = alias(buyerListings, "l");
const buyer = alias(buyerProfiles, "bp");

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
  const siteUrl = (path: string) => new URL(path, appUrl).href;
  // Every listing's address is this prefix and its id (a uuid needs no escaping): no URL parse per row.
  const listingUrlPrefix = xmlEscape(siteUrl(listingPagePath("")));
  const files = new Map<string, string>();
  const index: SitemapEntry[] = [];
  let lines: string[] = [];
  let newestInFile: number | undefined;
  const closeListingsFile = () => {
    const name = listingsFile(index.length + 1);
    files.set(name, urlsetXml(lines));
    index.push({ path: sitemapFilePath(name), updated: newestInFile });
    lines = [];
    newestInFile = undefined;
  };

  // The newest change among the listings each vertical's and each location's page shows.
  const newestByVertical = new Map<string, number>();
  const newestByGeo = new Map<string, number>();
  let newestNational: number | undefined;

  let lastId: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: listing.id,
        updated: sql<number>`floor(extract(epoch from ${listing.updatedAt}))::int8`.mapWith(Number),
        vertical: listing.vertical,
        geos: listing.geos,
      })
      .from(listing)
      .innerJoin(buyer, eq(buyer.id, listing.buyerId))
      .where(and(visibleTo(null), lastId === undefined ? undefined : gt(listing.id, lastId)))
      .orderBy(asc(listing.id))
      .limit(readRows);
    for (const row of rows) {
      lines.push(
        `  <url><loc>${listingUrlPrefix}${row.id}</loc><lastmod>${lastmodOf(row.updated)}</lastmod></url>`,
      );
      newestInFile = newer(newestInFile, row.updated);
      if (lines.length === fileUrls) closeListingsFile();
      newestByVertical.set(row.vertical, newer(newestByVertical.get(row.vertical), row.updated)!);
      // As the directory's location filter reads geos: no geos at all is US National, and a US National
      // listing shows on every location's page.
      if (row.geos.length === 0 || row.geos.includes(US_NATIONAL)) {
        newestNational = newer(newestNational, row.updated);
      }
      for (const geo of row.geos) newestByGeo.set(geo, newer(newestByGeo.get(geo), row.updated)!);
    }
    if (rows.length < readRows) break;
    lastId = rows.at(-1)!.id;
  }
  if (lines.length > 0) closeListingsFile();

  // Only the known verticals and locations: the browse page refuses any other value in its address.
  const pages: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...VERTICALS.flatMap((vertical) => {
      const updated = newestByVertical.get(vertical);
      return updated === undefined ? [] : [{ path: browsePagePath({ vertical }), updated }];
    }),
    ...GEOGRAPHIES.flatMap((geo) => {
      const updated = geo === US_NATIONAL ? newestNational : newer(newestByGeo.get(geo), newestNational);
      return updated === undefined ? [] : [{ path: browsePagePath({ geo }), updated }];
    }),
  ];
  files.set(PAGES_FILE, urlsetXml(pages.map((p) => entryXml("url", siteUrl(p.path), p.updated))));
  // The public pages carry no date of their own, so an empty directory leaves pages.xml undated.
  const pagesUpdated = pages.reduce<number | undefined>((newest, p) => newer(newest, p.updated), undefined);
  index.unshift({ path: sitemapFilePath(PAGES_FILE), updated: pagesUpdated });

  const indexXml = [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...index.map((entry) => entryXml("sitemap", siteUrl(entry.path), entry.updated)),
    "</sitemapindex>",
    "",
  ].join("\n");
  return { index: indexXml, files };
}
