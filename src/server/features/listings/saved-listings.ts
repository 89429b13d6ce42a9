import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import { type Db, selectTypedRows } from "../../db/client";
import { listingEvents, savedListings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import {
  eventDay,
  LISTING_FROM,
  type ListingPage,
  type ListingRow,
  listingColumnsFor,
  requireVisibleListing,
  toListingPage,
  visibleTo,
} from "../../lib/listing-read";
import { sqlLimit } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";

// Saved listings: a signed-in user's bookmark list, newest first.

/** A generous cap keeps the answer bounded (the list has no pages). */
const MAX_SAVED_LISTINGS = 200;

/**
 * PUT /api/saved-listings/{id}: idempotent; a listing the viewer cannot see is not found. The first save
 * of a listing by a user is also a listing event (kind "save") for the buyer's analytics: it stays when
 * the bookmark is removed, and saving again later is not counted twice (listing_events_save_once_key).
 * The owner saving their own listing is not counted.
 */
export async function saveListing({
  db,
  viewer,
  listingId,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
  now?: Date;
}) {
  const row = await requireVisibleListing(db, viewer, listingId);
  await db.transaction(async (tx) => {
    await tx.insert(savedListings).values({ userId: viewer.id, listingId: row.id }).onConflictDoNothing();
    if (viewer.id !== row.ownerUserId) {
      await tx
        .insert(listingEvents)
        .values({
          listingId: row.id,
          userId: viewer.id,
          kind: "save",
          viewerKey: viewer.id,
          day: eventDay(now),
        })
        .onConflictDoNothing();
    }
  });
}

/** DELETE /api/saved-listings/{id}: idempotent, removing one that is not saved (or gone) is already done. */
export async function unsaveListing({
  db,
  viewer,
  listingId,
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
}) {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, viewer.id), eq(savedListings.listingId, listingId)));
}

/**
 * GET /api/saved-listings: the viewer's saved listings that they may still see. `limit`: the data export
 * reads more than the list shows.
 */
export async function listSavedListings({
  db,
  viewer,
  now = new Date(),
  limit = MAX_SAVED_LISTINGS,
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
  limit?: number;
}): Promise<ListingPage> {
  const rows = await selectTypedRows<ListingRow>(
    db,
    sql`select ${listingColumnsFor(viewer)} from saved_listings s join ${LISTING_FROM} on l.id = s.listing_id
        where s.user_id = ${viewer.id} and ${visibleTo(viewer)}
        order by s.created_at desc, l.id desc limit ${sqlLimit(limit)}`,
  );
  return toListingPage(rows, viewer, now);
}
