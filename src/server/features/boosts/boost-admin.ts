import { eq } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import type { AdminBoostHistory, EndBoostInput, GrantBoostInput } from "../../../shared/schemas/boosts";
import type { Db } from "../../db/client";
import { buyerListings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../../lib/viewer";
import { NOT_ACTIVE_MESSAGE } from "./boost-checkout";
import {
  type BoostListing,
  currentBoostEnd,
  databaseNow,
  endBoostNow,
  grantBoostDays,
  listBoostPurchases,
  lockListingBoost,
} from "./boost-periods";

// The operators' side of Boost (/admin/buyers): a complimentary boost of N days, ending a boost early,
// and a listing's boost history. Each change says why and is audit-logged. Needs no Stripe, so a
// server without payment keys (the demo) can still show boosted listings being made.

const NOT_BOOSTED_MESSAGE = "This listing is not boosted.";

/** GET /api/admin/buyer-listings/{id}/boosts. */
export async function getBoostHistory(db: Db, listingId: string): Promise<AdminBoostHistory> {
  const [listing] = isUuid(listingId)
    ? await db
        .select({ id: buyerListings.id, boostedUntil: buyerListings.boostedUntil })
        .from(buyerListings)
        .where(eq(buyerListings.id, listingId))
    : [];
  if (!listing) throw new AppError("not_found", MESSAGES.listingNotFound);
  const now = await databaseNow(db);
  return {
    listingId: listing.id,
    boostedUntil: currentBoostEnd(listing.boostedUntil, now)?.toISOString() ?? null,
    purchases: await listBoostPurchases(db, listing.id),
  };
}

interface BoostChange<Input> {
  db: Db;
  admin: Viewer;
  listingId: string;
  input: Input;
}

/**
 * An admin's change to a listing's boost: under the listing's lock, `change` does it and says what the
 * audit entry records; the answer is the history after it.
 */
async function changeBoost(
  { db, admin, listingId }: BoostChange<unknown>,
  change: (
    tx: Db,
    listing: BoostListing,
  ) => Promise<Pick<Parameters<typeof writeAuditEntry>[1], "action" | "after" | "extra">>,
): Promise<AdminBoostHistory> {
  await db.transaction(async (tx) => {
    const listing = isUuid(listingId) ? await lockListingBoost(tx, listingId) : undefined;
    if (!listing) throw new AppError("not_found", MESSAGES.listingNotFound);
    const entry = await change(tx, listing);
    await writeAuditEntry(tx, {
      actorId: admin.id,
      targetId: listing.id,
      before: { boostedUntil: listing.boostedUntil?.toISOString() ?? null },
      ...entry,
    });
  });
  return getBoostHistory(db, listingId);
}

/** POST /api/admin/buyer-listings/{id}/boosts: N complimentary days, from now or the current end. */
export function grantComplimentaryBoost(request: BoostChange<GrantBoostInput>): Promise<AdminBoostHistory> {
  const { admin, input } = request;
  return changeBoost(request, async (tx, listing) => {
    if (listing.status !== "active") throw new AppError("conflict", NOT_ACTIVE_MESSAGE);
    const purchase = await grantBoostDays(tx, {
      listing,
      days: input.days,
      source: "complimentary",
      userId: admin.id,
      reason: input.reason,
    });
    return {
      action: "boost.granted",
      after: { boostedUntil: purchase.endsAt.toISOString() },
      extra: { purchaseId: purchase.id, days: input.days, reason: input.reason },
    };
  });
}

/** POST /api/admin/buyer-listings/{id}/boosts/end: the boost ends now (409 when there is none). */
export function endBoost(request: BoostChange<EndBoostInput>): Promise<AdminBoostHistory> {
  const { input } = request;
  return changeBoost(request, async (tx, listing) => {
    const endedAt = await endBoostNow(tx, listing.id, input.reason);
    if (!endedAt) throw new AppError("conflict", NOT_BOOSTED_MESSAGE);
    return {
      action: "boost.ended",
      after: { boostedUntil: endedAt.toISOString() },
      extra: { reason: input.reason },
    };
  });
}
