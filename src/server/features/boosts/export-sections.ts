import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { boostPurchases, buyerListings, buyerProfiles } from "../../db/schema";
import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";

// Boosts in the data export (features/account/account-export.ts).

export const boostPurchasesSection: AccountExportSection = {
  key: "boostPurchases",
  read: ({ db, viewer }) => readBoostPurchases(db, viewer.id),
};

/**
 * The boosts the user paid for and those of their own listings (an admin's complimentary days
 * included, without the admin's notes), newest first.
 */
function readBoostPurchases(db: Db, userId: string) {
  return db
    .select({
      id: boostPurchases.id,
      listingId: boostPurchases.listingId,
      listingTitle: buyerListings.title,
      source: boostPurchases.source,
      status: boostPurchases.status,
      paymentIntentId: boostPurchases.stripePaymentIntentId,
      amountCents: boostPurchases.amountCents,
      days: boostPurchases.days,
      startsAt: boostPurchases.startsAt,
      endsAt: boostPurchases.endsAt,
      createdAt: boostPurchases.createdAt,
      refundedAt: boostPurchases.refundedAt,
      endedAt: boostPurchases.endedAt,
    })
    .from(boostPurchases)
    .leftJoin(buyerListings, eq(buyerListings.id, boostPurchases.listingId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.id, buyerListings.buyerId))
    .where(
      or(
        eq(buyerProfiles.userId, userId),
        and(eq(boostPurchases.userId, userId), eq(boostPurchases.source, "stripe")),
      ),
    )
    .orderBy(desc(boostPurchases.createdAt), desc(boostPurchases.id))
    .limit(EXPORT_SECTION_LIMIT);
}
