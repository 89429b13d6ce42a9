import type { Demand, WithContext } from "schema-dts";
import { US_NATIONAL } from "../../../shared/constants";
import {
  browsePageFilter,
  browsePageHead,
  type ListingHeadFields,
  listingNotFoundPageHead,
  listingPageHead,
  type PageHead,
  routePageHead,
} from "../../../shared/page-head";
import { browsePagePath, listingPagePath, matchClientRoute } from "../../../shared/routes";
import type { Db } from "../../db/client";
import { findVisibleListing } from "../../lib/listing-read";
import type { Viewer } from "../../lib/viewer";

// What the head of the HTML sent for a page path says: the shared texts of its route (the directory's
// filtered title, a listing's own), its status, its canonical address and its structured data. The
// listing page is the only one that reads the database: one query, the listing as this viewer may see it.

/** The brand card every page shares as its preview image (src/client/public, copied to the build's root). */
export const SHARE_IMAGE = { path: "/og-card.png", width: 1200, height: 630 } as const;
/** The square logo search engines show beside the site's name. */
export const LOGO_IMAGE_PATH = "/logo.png";

export interface ResolvedPage {
  status: 200 | 404 | 503;
  head: PageHead;
  /** The page's one address, path and canonical query: only for pages search engines may index. */
  canonicalPath: string | null;
  /** schema.org objects, each written as its own JSON-LD block. */
  structuredData: object[];
  /** The answer depends on who asked (a hidden listing its owner may see): never for a shared cache. */
  isPersonal: boolean;
  /**
   * Same URL, same page for every visitor: the shell may render it once and keep it (every page but a
   * listing's). The value names the rendered page; null for a page rendered per request.
   */
  cacheKey: string | null;
}

/** What a listing's head and structured data are made of: never its contact. */
interface ListingForHead extends ListingHeadFields {
  id: string;
  status: string;
  /** ISO time. */
  createdAt: string;
}

interface ResolvePageOptions {
  db: Db;
  /** The request's URL: path and query. */
  url: string;
  /** Who asks; null for a visitor. */
  viewer: Viewer | null;
  appName: string;
  appUrl: string;
  /**
   * A listing's page: the listing this viewer may see, already read (null: none), so the head needs no
   * query of its own. Read here when not given.
   */
  listing?: ListingForHead | null;
}

/** The head, status and address of the page a URL opens. */
export async function resolvePage({
  db,
  url,
  viewer,
  appName,
  appUrl,
  listing: read,
}: ResolvePageOptions): Promise<ResolvedPage> {
  const route = matchClientRoute(url);
  if (route?.path === "/listings/:id") {
    const id = url.split(/[?#]/, 1)[0]?.split("/")[2] ?? "";
    const listing = read === undefined ? await findVisibleListing(db, viewer, id) : read;
    return listing ? listingPage(listing, viewer, appName, appUrl) : listingNotFoundPage(appName);
  }
  if (route?.path === "/browse") {
    const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
    const params = new URLSearchParams(query);
    const filter = browsePageFilter({ vertical: params.get("vertical"), geo: params.get("geo") });
    const canonicalPath = browsePagePath(filter);
    return {
      status: 200,
      head: browsePageHead(filter, appName),
      canonicalPath,
      structuredData: [],
      isPersonal: false,
      cacheKey: canonicalPath,
    };
  }
  const head = routePageHead(route, appName);
  return {
    status: route ? 200 : 404,
    head,
    canonicalPath: route && head.indexable ? route.path : null,
    structuredData: route?.path === "/" ? siteStructuredData(appName, appUrl) : [],
    isPersonal: false,
    cacheKey: route ? route.path : "(not found)",
  };
}

/**
 * A listing's page while the database is out of reach: the route's own head ("Buyer Listing"), not
 * indexed, and 503 so crawlers come back; the app in the browser shows the outage when its API call fails.
 */
export function unavailableListingPage(appName: string): ResolvedPage {
  const head = routePageHead(matchClientRoute(listingPagePath("id")), appName);
  return {
    status: 503,
    head: { ...head, indexable: false },
    canonicalPath: null,
    structuredData: [],
    isPersonal: false,
    cacheKey: "(listing unavailable)",
  };
}

function listingPage(
  listing: ListingForHead,
  viewer: Viewer | null,
  appName: string,
  appUrl: string,
): ResolvedPage {
  const head = listingPageHead(listing, appName);
  const canonicalPath = listingPagePath(listing.id);
  // Only an active listing is the public's; its owner or an admin may open a paused one, never indexed.
  const isPublic = listing.status === "active";
  return {
    status: 200,
    head: isPublic ? head : { ...head, indexable: false },
    canonicalPath: isPublic ? canonicalPath : null,
    structuredData: isPublic ? [listingDemand(listing, head, new URL(canonicalPath, appUrl).href)] : [],
    isPersonal: viewer !== null,
    cacheKey: null,
  };
}

function listingNotFoundPage(appName: string): ResolvedPage {
  return {
    status: 404,
    head: listingNotFoundPageHead(appName),
    canonicalPath: null,
    structuredData: [],
    isPersonal: false,
    cacheKey: "(listing not found)",
  };
}

/** GoodRelations' "buy": a Demand's business function, as schema.org reads it (the default is "sell"). */
const BUYS = "http://purl.org/goodrelations/v1#Buy";

/**
 * A listing as schema.org's Demand: an announcement that someone seeks something, here pay-per-call calls
 * in a vertical at a price per call. Only properties the vocabulary gives Demand (the type's schema-dts
 * definition is the check, at compile time): what is sought is `itemOffered`, a Service whose category is
 * the vertical; `businessFunction` says the announcer buys. The buyer is not named: Demand has no
 * property for the one who seeks, and the masked name a visitor sees ("Buyer 1a2b3c4d") would tell a
 * search engine nothing. Contact never reaches a page's HTML.
 */
function listingDemand(listing: ListingForHead, head: PageHead, url: string): WithContext<Demand> {
  const national = listing.geos.length === 0 || listing.geos.includes(US_NATIONAL);
  return {
    "@context": "https://schema.org",
    "@type": "Demand",
    name: listing.title,
    description: head.description,
    url,
    businessFunction: { "@id": BUYS },
    itemOffered: {
      "@type": "Service",
      serviceType: "Pay-per-call phone calls",
      category: listing.vertical,
    },
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price: listing.payout,
      priceCurrency: "USD",
      unitText: "call",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText: "call" },
    },
    eligibleRegion: national
      ? [{ "@type": "Country", name: "US" }]
      : listing.geos.map((name) => ({ "@type": "State" as const, name })),
    // Listings have no end date: validThrough is left out rather than made up.
    validFrom: listing.createdAt,
  };
}

/** The landing page's: who we are, and the directory's search as a search box for search engines. */
function siteStructuredData(appName: string, appUrl: string): object[] {
  const home = new URL("/", appUrl).href;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: appName,
      url: home,
      logo: new URL(LOGO_IMAGE_PATH, appUrl).href,
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: appName,
      url: home,
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${new URL("/browse", appUrl).href}?search={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}
