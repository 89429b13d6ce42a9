import { and, count, desc, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { BOOST_CURRENCY, BOOST_DAYS, MESSAGES } from "../../../shared/constants";
import type { BoostIntent, BoostStatus } from "../../../shared/schemas/boosts";
import type { Db } from "../../db/client";
import { auditLogs, boostPayments, buyerListings, buyerProfiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import { requireStripe, type StripeClient, withStripeErrors } from "../../lib/stripe";
import { assertBuyerRole, type Viewer } from "../../lib/viewer";
import { BOOST_LISTING_COLUMNS, currentBoostEnd, databaseNow, listBoostPurchases } from "./boost-periods";

// Buying a Boost (docs/buyers.md, ADR 024): the owner of an active listing gets a PaymentIntent for the
// Payment Element. Nothing here grants a day: the webhook does, when Stripe says the payment succeeded.

const DAY_MS = 24 * 3600 * 1000;

export const NOT_ACTIVE_MESSAGE = "Only an active listing can be boosted: make it active first.";

/** Intents the Payment Element can still confirm: a second click, or a retry after a decline, reuses one. */
const OPEN_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];
/** Stripe remembers an idempotency key for 24 hours; an open intent older than this gets a new attempt. */
const REUSE_WITHIN_MS = 23 * 3600 * 1000;

/**
 * The viewer's own listing, locked when `lock` (the payment set-up): 403 without a buyer profile (a
 * publisher, a guest, an admin), 404 for another buyer's listing or an unknown id, exactly as for a
 * listing that does not exist.
 */
async function ownListing(db: Db, viewer: Viewer, listingId: string, lock: boolean) {
  const [profile] = await db
    .select({ id: buyerProfiles.id })
    .from(buyerProfiles)
    .where(eq(buyerProfiles.userId, viewer.id));
  if (!profile) throw new AppError("forbidden", MESSAGES.buyerProfileRequired);
  assertBuyerRole(viewer);
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  const query = db
    .select(BOOST_LISTING_COLUMNS)
    .from(buyerListings)
    .where(and(eq(buyerListings.id, listingId), eq(buyerListings.buyerId, profile.id)));
  const [listing] = lock ? await query.for("update") : await query;
  if (!listing) throw new AppError("not_found", MESSAGES.listingNotFound);
  return listing;
}

/** GET /api/buyer-listings/{id}/boost: what the boost screen shows the listing's owner. */
export async function getBoostStatus({
  db,
  viewer,
  listingId,
  priceCents,
  publishableKey,
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
  priceCents: number;
  publishableKey: string | null;
}): Promise<BoostStatus> {
  const listing = await ownListing(db, viewer, listingId, false);
  const now = await databaseNow(db);
  const boosted = currentBoostEnd(listing.boostedUntil, now);
  const [lastPayment] = await db
    .select()
    .from(boostPayments)
    .where(eq(boostPayments.listingId, listing.id))
    .orderBy(desc(boostPayments.createdAt))
    .limit(1);
  // Who granted a complimentary boost is the admins' business: the owner sees the boosts, not the admin.
  const purchases = (await listBoostPurchases(db, listing.id)).map(
    ({ actorEmail: _, ...purchase }) => purchase,
  );
  return {
    listingId: listing.id,
    title: listing.title,
    listingStatus: listing.status,
    boostedUntil: boosted?.toISOString() ?? null,
    extendsTo: new Date((boosted ?? now).getTime() + BOOST_DAYS * DAY_MS).toISOString(),
    priceCents,
    days: BOOST_DAYS,
    publishableKey,
    lastPayment: lastPayment
      ? {
          id: lastPayment.id,
          status: lastPayment.status,
          amountCents: lastPayment.amountCents,
          lastError: lastPayment.lastError,
          createdAt: lastPayment.createdAt.toISOString(),
        }
      : null,
    purchases,
  };
}

function answerOf(intent: Stripe.PaymentIntent): BoostIntent {
  if (!intent.client_secret) throw new AppError("bad_gateway", "Stripe returned no payment to confirm");
  return { paymentIntentId: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount };
}

/**
 * POST /api/buyer-listings/{id}/boost. Under a lock on the listing (two clicks, two tabs: one intent),
 * reuses the listing's open intent at today's price; otherwise creates one with an idempotency key per
 * listing and attempt, so a retried request never makes a second one.
 */
export async function createBoostPayment({
  db,
  stripe,
  viewer,
  listingId,
  priceCents,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  viewer: Viewer;
  listingId: string;
  priceCents: number;
}): Promise<BoostIntent> {
  return withStripeErrors(() =>
    db.transaction(async (tx) => {
      const listing = await ownListing(tx, viewer, listingId, true);
      if (listing.status !== "active") throw new AppError("conflict", NOT_ACTIVE_MESSAGE);
      const client = requireStripe(stripe);

      const [open] = await tx
        .select()
        .from(boostPayments)
        .where(
          and(
            eq(boostPayments.listingId, listing.id),
            eq(boostPayments.userId, viewer.id),
            eq(boostPayments.amountCents, priceCents),
            inArray(boostPayments.status, OPEN_STATUSES),
          ),
        )
        .orderBy(desc(boostPayments.createdAt))
        .limit(1);
      if (open && Date.now() - open.createdAt.getTime() < REUSE_WITHIN_MS) {
        const intent = await client.paymentIntents.retrieve(open.id);
        await tx
          .update(boostPayments)
          .set({ status: intent.status, updatedAt: new Date() })
          .where(eq(boostPayments.id, intent.id));
        if (OPEN_STATUSES.includes(intent.status)) return answerOf(intent);
        // Paid, processing or cancelled meanwhile: a new attempt below.
      }

      const [attempts] = await tx
        .select({ n: count() })
        .from(boostPayments)
        .where(eq(boostPayments.listingId, listing.id));
      const attempt = (attempts?.n ?? 0) + 1;
      const intent = await client.paymentIntents.create(
        {
          amount: priceCents,
          currency: BOOST_CURRENCY,
          automatic_payment_methods: { enabled: true },
          description: `Boost: ${BOOST_DAYS} days of featured placement for "${listing.title}"`,
          metadata: { kind: "boost", listingId: listing.id, userId: viewer.id },
        },
        { idempotencyKey: `ppc-boost-${listing.id}-${attempt}-${priceCents}` },
      );
      await tx
        .insert(boostPayments)
        .values({
          id: intent.id,
          listingId: listing.id,
          userId: viewer.id,
          amountCents: intent.amount,
          status: intent.status,
          attempt,
        })
        .onConflictDoNothing({ target: boostPayments.id });
      await tx.insert(auditLogs).values({
        userId: viewer.id,
        action: "boost.payment_started",
        targetId: listing.id,
        metaJson: { paymentIntentId: intent.id, amountCents: intent.amount, attempt },
      });
      return answerOf(intent);
    }),
  );
}
