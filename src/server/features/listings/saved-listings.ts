import { and, desc, eq } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles, savedListings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../auth/viewer";
import {
  findVisibleListing,
  type ListingPage,
  listingColumns,
  ownedByProfile,
  toListingPage,
  visibleTo,
} from "./listing-row";

// Saved listings: a signed-in user's bookmark list, newest first.

/** A generous cap keeps the answer bounded (the list has no pages). */
const MAX_SAVED_LISTINGS = 200;

/** PUT /api/saved-listings/{id}: idempotent; a listing the viewer cannot see is not found. */
export async function saveListing({ db, viewer, listingId }: { db: Db; viewer: Viewer; listingId: string }) {
  const row = await findVisibleListing(db, viewer, listingId);
  if (!row) throw new AppError("not_found", MESSAGES.listingNotFound);
  await db.insert(savedListings).values({ userId: viewer.id, listingId: row.id }).onConflictDoNothing();
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

/** GET /api/saved-listings: the viewer's saved listings that they may still see. */
export async function listSavedListings({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<ListingPage> {
  const rows = await db
    .select(listingColumns)
    .from(savedListings)
    .innerJoin(buyerListings, eq(buyerListings.id, savedListings.listingId))
    .innerJoin(buyerProfiles, ownedByProfile)
    .where(and(eq(savedListings.userId, viewer.id), visibleTo(viewer)))
    .orderBy(desc(savedListings.createdAt), desc(buyerListings.id))
    .limit(MAX_SAVED_LISTINGS);
  return toListingPage(rows, viewer, now);
}
