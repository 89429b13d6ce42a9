import { z } from "zod";
import type { PageRead, PageReadResult } from "../../../shared/page-render";
import type { PublicConfig } from "../../../shared/schemas/config";
import {
  type Listing,
  type ListingDetail,
  listingDetailSchema,
  listingQuerySchema,
  listingSchema,
} from "../../../shared/schemas/listings";
import type { MarketFigures } from "../../../shared/schemas/market-figures";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { nextPageUrl } from "../../lib/paging";
import { compiledSerializer } from "../../lib/serializer";
import { listListings } from "../listings/directory-query";
import { getListing } from "../listings/listing-detail";

// The answers a server-drawn page starts from (src/shared/page-render.ts): what the API answers a
// signed-out visitor, read through the same services, with no viewer, so no contact can be among them.
// Each answer is written by the route's own serializer and read back, so the page holds exactly the
// fields the API would send, and nothing a service returns beside them.

/** A read the page cannot start from (an invalid filter, an unknown listing): the browser asks for it. */
const NOT_READ = null;

const asSentBy = <T>(schema: z.ZodType<T>) => {
  const write = compiledSerializer({ validate: false })({ schema, method: "GET", url: "page" });
  return (value: T): T => JSON.parse(write(value)) as T;
};

export function createPageReader({
  db,
  publicConfig,
  marketFigures,
}: {
  db: Db;
  /** The configuration GET /api/config answers: one object, the same for every page. */
  publicConfig: PublicConfig;
  /** The figures GET /api/stats/public answers, from the same cache. */
  marketFigures: () => Promise<MarketFigures>;
}) {
  const directoryAsSent = asSentBy(z.array(listingSchema));
  const listingAsSent = asSentBy(listingDetailSchema);

  async function readDirectory(url: string): Promise<PageReadResult | null> {
    const params = new URL(url, "http://page").searchParams;
    const query = listingQuerySchema.safeParse(Object.fromEntries(params));
    if (!query.success) return NOT_READ;
    const page = await listListings({ db, viewer: null, query: query.data });
    const listings: Listing[] = directoryAsSent(page.listings);
    assertNoContact(listings);
    const next = page.nextCursor === null ? null : nextPageUrl(url, page.nextCursor);
    return { kind: "directory", url, data: listings, next };
  }

  async function readListing(id: string): Promise<PageReadResult | null> {
    // Not a view (so no viewer key to make from an address): the browser counts the visitor's, or reads
    // the listing again as the signed-in viewer, which counts theirs; a crawler or a link preview that
    // runs no script counts as none, as before.
    const listing = await getListing({
      db,
      viewer: null,
      listingId: id,
      ip: "",
      keySecret: "",
      recordView: false,
    })
      .then(listingAsSent)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") return NOT_READ;
        throw error;
      });
    if (listing) assertNoContact([listing]);
    return listing && { kind: "listing", id, data: listing };
  }

  /** The answer to one read; null when there is none to start from. Database errors are thrown. */
  return async function readPageData(read: PageRead): Promise<PageReadResult | null> {
    switch (read.kind) {
      case "config":
        return { kind: "config", data: publicConfig };
      case "market-figures":
        return { kind: "market-figures", data: await marketFigures() };
      case "directory":
        return readDirectory(read.url);
      case "listing":
        return readListing(read.id);
    }
  };
}

/**
 * The reads are a visitor's, who sees no contact; a page's HTML is cached and revalidated as the same for
 * everyone, so a contact in it would reach every visitor. Checked, not assumed.
 */
function assertNoContact(listings: readonly (Listing | ListingDetail)[]): void {
  if (listings.some((listing) => listing.contact !== null)) {
    throw new Error("A page's data must not carry a listing's contact");
  }
}
