import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import type { CreateBuyerListing, UpdateBuyerListing } from "../../../shared/schemas/listing-input";
import type { Listing } from "../../../shared/schemas/listings";
import type { Db } from "../../db/client";
import { auditLogs, buyerListings } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import { requireVisibleListing, toListing } from "../../lib/listing-read";
import { assertBuyerRole, type Viewer } from "../../lib/viewer";
import { announceListingsActivated } from "../alerts/alert-jobs";
import { requireBuyerProfile } from "./buyer-profile";

// A buyer's own listings (the buyer dashboard, docs/buyers.md): create, change any subset of the
// fields (pausing included), delete. Ownership is a query condition: another buyer's listing id finds
// nothing (404). Admins manage every listing through the admin API instead. Payout changes are recorded
// by the database itself (trigger buyer_listings_record_payout_change, drizzle/0003). A listing that
// becomes active (created active, or resumed) is announced to the listing alerts in the same transaction.

export type BuyerListingRow = typeof buyerListings.$inferSelect;

/** A buyer may not change the status of a listing an administrator deactivated. */
const ADMIN_DEACTIVATED_MESSAGE =
  "An administrator deactivated this listing; contact support to make it active again.";

/** The listing as the owner sees it now (the directory's shape, contact and externalId included). */
export async function readOwnListing(db: Db, viewer: Viewer, listingId: string): Promise<Listing> {
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
    const [row] = await insertOwnListings(tx, { viewer, buyerId: profile.id, inputs: [input] });
    if (!row) throw new AppError("internal", "The listing could not be created");
    if (row.status === "active") {
      await announceListingsActivated({ jobs, listingIds: [row.id], within: transactionClient(tx) });
    }
    return row;
  });
  return readOwnListing(db, viewer, id);
}

type NewListing = CreateBuyerListing & { externalId?: string };

/**
 * The write behind every new buyer listing (the form, one at a time; the sync, many in one statement):
 * the rows and their audit entries. Answers the rows in the order of `inputs`. The caller announces the
 * active ones, in the same transaction.
 */
export async function insertOwnListings(
  tx: Db,
  { viewer, buyerId, inputs }: { viewer: Viewer; buyerId: string; inputs: NewListing[] },
): Promise<Pick<BuyerListingRow, "id" | "status" | "externalId">[]> {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(buyerListings)
    .values(inputs.map((input) => ({ ...input, buyerId })))
    .returning({ id: buyerListings.id, status: buyerListings.status, externalId: buyerListings.externalId });
  // PostgreSQL answers a multi-row insert's rows in the order of its values; the audit entries rely on it.
  const inOrder = rows.every((row, i) => row.externalId === (inputs[i]?.externalId ?? null));
  if (rows.length !== inputs.length || !inOrder) {
    throw new AppError("internal", "The listing could not be created");
  }
  await tx.insert(auditLogs).values(
    rows.map((row, i) => ({
      userId: viewer.id,
      action: "listing.created",
      targetId: row.id,
      metaJson: { after: inputs[i] },
    })),
  );
  return rows;
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
  assertBuyerRole(viewer);
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
      throw new AppError("conflict", ADMIN_DEACTIVATED_MESSAGE);
    }
    const activated = await writeListingChanges(tx, { viewer, changes: [{ current, input }] });
    await announceListingsActivated({ jobs, listingIds: activated, within: transactionClient(tx) });
  });
  return readOwnListing(db, viewer, listingId);
}

/**
 * The write behind every change of a buyer's own listings (the form, one at a time; the sync, many):
 * the fields given, updated_at, activated_at when a listing becomes active, and the audit entries with
 * the values before (one statement for all). The caller has locked each `current` and announces the
 * answered ids, the listings that became active, in the same transaction.
 */
export async function writeListingChanges(
  tx: Db,
  { viewer, changes }: { viewer: Viewer; changes: { current: BuyerListingRow; input: UpdateBuyerListing }[] },
): Promise<string[]> {
  if (changes.length === 0) return [];
  const activated: string[] = [];
  for (const { current, input } of changes) {
    const activating = input.status === "active" && current.status !== "active";
    await tx
      .update(buyerListings)
      .set({ ...input, updatedAt: sql`now()`, ...(activating ? { activatedAt: sql`now()` } : {}) })
      .where(eq(buyerListings.id, current.id));
    if (activating) activated.push(current.id);
  }
  await tx.insert(auditLogs).values(
    changes.map(({ current, input }) => {
      const fields = Object.keys(input) as (keyof UpdateBuyerListing)[];
      return {
        userId: viewer.id,
        action: "listing.updated",
        targetId: current.id,
        metaJson: { fields, before: Object.fromEntries(fields.map((k) => [k, current[k]])), after: input },
      };
    }),
  );
  return activated;
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
