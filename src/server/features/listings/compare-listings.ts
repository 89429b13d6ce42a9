import { sql } from "drizzle-orm";
import type { CompareResponse } from "../../../shared/schemas/compare";
import { type Db, selectTypedRows } from "../../db/client";
import {
  LISTING_FROM,
  type ListingRow,
  listingColumnsFor,
  toListing,
  visibleTo,
} from "../../lib/listing-read";
import type { Viewer } from "../../lib/viewer";

// GET /api/compare-listings (the compare page): a few listings side by side. The rows are the
// directory's, read under the same visibility rule and masked by the same toListing, so comparing never
// shows a contact the listing's own page would hide. Unlike the listing page it records no view: putting
// a listing in a table of four is not opening it.

type CompareRow = ListingRow & { reviewCount: number; reviewAverage: string | null };

export async function compareListings({
  db,
  viewer,
  ids,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer | null;
  /** Valid uuids, at most MAX_COMPARED_LISTINGS (the route's schema checks both). */
  ids: string[];
  now?: Date;
}): Promise<CompareResponse & { hasContacts: boolean }> {
  const rows = await selectTypedRows<CompareRow>(
    db,
    sql`select ${listingColumnsFor(viewer)}, bp.review_count as "reviewCount",
          bp.review_average::text as "reviewAverage"
        from ${LISTING_FROM}
        where l.id = any(${sql.param(ids)}::uuid[]) and ${visibleTo(viewer)}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listings = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...toListing(row, viewer, now),
        reviews: {
          average: row.reviewAverage === null ? null : Number(row.reviewAverage),
          count: row.reviewCount,
        },
      },
    ];
  });
  return {
    listings,
    missing: ids.filter((id) => !byId.has(id)),
    hasContacts: listings.some((l) => l.contact !== null),
  };
}
