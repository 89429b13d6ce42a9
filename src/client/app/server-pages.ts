import type { QueryClient } from "@tanstack/react-query";
import type { PageRead, PageReadResult } from "../../shared/page-render";
import { type ClientRoutePath, matchClientRoute } from "../../shared/routes";
import { seedPublicConfig } from "../features/config/use-public-config";
import { seedMarketFigures } from "../features/listings/market-figures";
import {
  directoryFirstPageUrl,
  filtersFromSearch,
  seedDirectoryPage,
  seedListing,
} from "../features/listings/use-listings";

// The public pages the server draws, and the API reads each starts from: the pages a visitor, a crawler
// or a link preview opens first (the ones the sitemap lists, and a listing's). Every other page is drawn
// in the browser alone, as before. Whatever a page draws from a query that is not read here (a
// signed-in viewer's own data, a second page of reviews) the server draws in its loading state, and
// so does the browser until that query answers.

const CONFIG: PageRead = { kind: "config" };

/** The query of a URL (without "?"), as wouter's useSearch gives it to the page. */
const searchOf = (url: string) => (url.includes("?") ? url.slice(url.indexOf("?") + 1) : "");

/** A path segment as wouter gives it to the page as a parameter: decoded as decodeURI does. */
function pathSegment(url: string, index: number): string {
  const segment = url.split(/[?#]/, 1)[0]?.split("/").filter(Boolean)[index] ?? "";
  try {
    return decodeURI(segment);
  } catch {
    return segment;
  }
}

/**
 * Each drawn route: the module of the page a visitor sees there (the one app.tsx loads for it, as the
 * build's manifest names it: a browser test finds its chunk named in the page) and its reads.
 */
const SERVER_DRAWN: Partial<Record<ClientRoutePath, { module: string; reads: (url: string) => PageRead[] }>> =
  {
    "/": { module: "pages/landing-page.tsx", reads: () => [CONFIG, { kind: "market-figures" }] },
    "/browse": {
      module: "pages/browse-page.tsx",
      reads: (url) => [
        CONFIG,
        { kind: "directory", url: directoryFirstPageUrl(filtersFromSearch(searchOf(url))) },
      ],
    },
    "/listings/:id": {
      module: "pages/listing-page.tsx",
      reads: (url) => [CONFIG, { kind: "listing", id: pathSegment(url, 1) }],
    },
    "/pricing": { module: "pages/pricing-page.tsx", reads: () => [CONFIG] },
    "/privacy-policy": { module: "pages/privacy-policy-page.tsx", reads: () => [CONFIG] },
    "/terms-of-service": { module: "pages/terms-of-service-page.tsx", reads: () => [CONFIG] },
  };

const serverDrawn = (url: string) => {
  const route = matchClientRoute(url);
  return route ? SERVER_DRAWN[route.path as ClientRoutePath] : undefined;
};

/** The reads of the page at `url` if the server draws it, else null. */
export function pageReadsFor(url: string): PageRead[] | null {
  return serverDrawn(url)?.reads(url) ?? null;
}

/** The module of the page the server draws at `url` (see SERVER_DRAWN). */
export function pageModuleFor(url: string): string {
  const drawn = serverDrawn(url);
  if (!drawn) throw new Error(`The server draws no page at ${url}`);
  return drawn.module;
}

/** Puts the answers where the pages' query hooks look for them, as if the browser had fetched them. */
export function seedPageData(queryClient: QueryClient, results: readonly PageReadResult[]): void {
  for (const result of results) {
    switch (result.kind) {
      case "config":
        seedPublicConfig(queryClient, result.data);
        break;
      case "market-figures":
        seedMarketFigures(queryClient, result.data);
        break;
      case "directory":
        seedDirectoryPage(queryClient, { url: result.url, listings: result.data, next: result.next });
        break;
      case "listing":
        seedListing(queryClient, result.id, result.data);
        break;
    }
  }
}
