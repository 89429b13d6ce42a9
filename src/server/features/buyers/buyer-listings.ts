import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import type { CreateBuyerListing, UpdateBuyerListing } from "../../../shared/schemas/listing-input";
import type { Listing } from "../../../shared/schemas/listings";
import type { Db } from "../../db/client";
import { auditLogs, buyerListings } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../../lib/viewer";
import { announceListingsActivated } from "../alerts/alert-jobs";
import { requireVisibleListing, toListing } from "../listings/listing-row";
import { requireBuyerProfile } from "./buyer-profile";

// A buyer's own listings (the buyer dashboard, docs/buyers.md): create, change any subset of the
// fields (pausing included), delete. Ownership is a query condition: another buyer's listing id finds
// nothing (404). Admins manage every listing through the admin API instead. Payout changes are recorded
// by the database itself (trigger buyer_listings_record_payout_change, drizzle/0003). A listing that
// becomes active (created active, or resumed) is announced to the listing alerts in the same transaction.

/** The listing as the owner sees it now (the directory's shape, contact included). */
async function readOwnListing(db: Db, viewer: Viewer, listingId: string): Promise<Listing> {
  const row = await requireVisibleListing(db, viewer, listingId);
  return toListing(row, viewer, new Date());
}

/** POST /api/buyer-listings: only a user with a buyer profile (403 otherwise: publishers, guests). */
export async function createBuyerListing({
  db,
  jobs,
  viewer,
  input,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  input: CreateBuyerListing;
}): Promise<Listing> {
  const profile = await requireBuyerProfile(db, viewer);
  const { id } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buyerListings)
      .values({ ...input, buyerId: profile.id })
      .returning({ id: buyerListings.id, status: buyerListings.status });
    if (!row) throw new AppError("internal", "The listing could not be created");
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "listing.created",
      targetId: row.id,
      metaJson: { after: input },
    });
    if (row.status === "active") {
      await announceListingsActivated({ jobs, listingIds: [row.id], within: transactionClient(tx) });
    }
    return row;
  });
  return readOwnListing(db, viewer, id);
}

/** The viewer's own listing row, locked for the change; anyone else's is not found. */
async function lockOwnListing(tx: Db, viewer: Viewer, listingId: string) {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  const [row] = await tx
    .select()
    .from(buyerListings)
    .where(
      and(
        eq(buyerListings.id, listingId),
        sql`${buyerListings.buyerId} in (select id from buyer_profiles where user_id = ${viewer.id})`,
      ),
    )
    .for("update");
  if (!row) throw new AppError("not_found", MESSAGES.listingNotFound);
  return row;
}

/**
 * PUT /api/buyer-listings/{id}: the fields sent, nothing else. A buyer moves their listing between
 * active and paused; one an administrator made inactive stays so until an administrator changes it.
 * Pausing takes the listing out of the directory at once (the directory reads status on every request).
 */
export async function updateBuyerListing({
  db,
  jobs,
  viewer,
  listingId,
  input,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  listingId: string;
  input: UpdateBuyerListing;
}): Promise<Listing> {
  await db.transaction(async (tx) => {
    const current = await lockOwnListing(tx, viewer, listingId);
    if (input.status !== undefined && current.status === "inactive") {
      throw new AppError(
        "conflict",
        "An administrator deactivated this listing; contact support to make it active again.",
      );
    }
    const activating = input.status === "active" && current.status !== "active";
    await tx
      .update(buyerListings)
      .set({ ...input, updatedAt: sql`now()`, ...(activating ? { activatedAt: sql`now()` } : {}) })
      .where(eq(buyerListings.id, current.id));
    const changed = Object.keys(input) as (keyof UpdateBuyerListing)[];
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "listing.updated",
      targetId: current.id,
      metaJson: {
        fields: changed,
        before: Object.fromEntries(changed.map((k) => [k, current[k]])),
        after: input,
      },
    });
    if (activating) {
      await announceListingsActivated({ jobs, listingIds: [current.id], within: transactionClient(tx) });
    }
  });
  return readOwnListing(db, viewer, listingId);
}

/**
 * DELETE /api/buyer-listings/{id}: removes the listing with its events and payout history (cascade);
 * deal intents about it stay, without the listing (reviews and disputes hang off them).
 */
export async function deleteBuyerListing({
  db,
  viewer,
  listingId,
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockOwnListing(tx, viewer, listingId);
    await tx.delete(buyerListings).where(eq(buyerListings.id, current.id));
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "listing.deleted",
      targetId: current.id,
      metaJson: { before: { title: current.title, payout: current.payout, status: current.status } },
    });
  });
}
