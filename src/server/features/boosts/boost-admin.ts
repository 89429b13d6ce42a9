import { eq } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import type { AdminBoostHistory, EndBoostInput, GrantBoostInput } from "../../../shared/schemas/boosts";
import type { Db } from "../../db/client";
import { auditLogs, buyerListings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../../lib/viewer";
import { NOT_ACTIVE_MESSAGE } from "./boost-checkout";
import {
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

async function lockedListing(tx: Db, listingId: string) {
  const listing = isUuid(listingId) ? await lockListingBoost(tx, listingId) : undefined;
  if (!listing) throw new AppError("not_found", MESSAGES.listingNotFound);
  return listing;
}

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
    boostedUntil:
      listing.boostedUntil && listing.boostedUntil > now ? listing.boostedUntil.toISOString() : null,
    purchases: await listBoostPurchases(db, listing.id),
  };
}

/** POST /api/admin/buyer-listings/{id}/boosts: N complimentary days, from now or the current end. */
export async function grantComplimentaryBoost({
  db,
  admin,
  listingId,
  input,
}: {
  db: Db;
  admin: Viewer;
  listingId: string;
  input: GrantBoostInput;
}): Promise<AdminBoostHistory> {
  await db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    if (listing.status !== "active") throw new AppError("conflict", NOT_ACTIVE_MESSAGE);
    const purchase = await grantBoostDays(tx, {
      listing,
      days: input.days,
      source: "complimentary",
      userId: admin.id,
      reason: input.reason,
    });
    await tx.insert(auditLogs).values({
      userId: admin.id,
      action: "boost.granted",
      targetId: listing.id,
      metaJson: {
        purchaseId: purchase.id,
        days: input.days,
        reason: input.reason,
        before: { boostedUntil: listing.boostedUntil?.toISOString() ?? null },
        after: { boostedUntil: purchase.endsAt.toISOString() },
      },
    });
  });
  return getBoostHistory(db, listingId);
}

/** POST /api/admin/buyer-listings/{id}/boosts/end: the boost ends now (409 when there is none). */
export async function endBoost({
  db,
  admin,
  listingId,
  input,
}: {
  db: Db;
  admin: Viewer;
  listingId: string;
  input: EndBoostInput;
}): Promise<AdminBoostHistory> {
  await db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    if (!(await endBoostNow(tx, listing.id, input.reason))) {
      throw new AppError("conflict", NOT_BOOSTED_MESSAGE);
    }
    await tx.insert(auditLogs).values({
      userId: admin.id,
      action: "boost.ended",
      targetId: listing.id,
      metaJson: {
        reason: input.reason,
        before: { boostedUntil: listing.boostedUntil?.toISOString() ?? null },
      },
    });
  });
  return getBoostHistory(db, listingId);
}
