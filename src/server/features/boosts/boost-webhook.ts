import { and, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { BOOST_CURRENCY, BOOST_DAYS } from "../../../shared/constants";
import type { Db } from "../../db/client";
import {
  auditLogs,
  boostPayments,
  boostPurchases,
  buyerListings,
  buyerProfiles,
  users,
} from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { isUuid } from "../../lib/ids";
import type { StripeClient } from "../../lib/stripe";
import { type BoostMailContext, boostReceiptMail } from "./boost-mail";
import { grantBoostDays, lockListingBoost, recomputeBoost } from "./boost-periods";

// Stripe's word on a Boost payment (the webhook, in the transaction that records the event id):
//   payment_intent.succeeded  ── for an intent we created, at the amount and currency we asked: a purchase
//                                (unique per intent) + the days + audit + receipt mail; otherwise nothing
//   payment_intent.payment_failed / canceled / processing ── the attempt's status and message, nothing granted
//   charge.refunded (in full) ── the purchase marked refunded, the listing's boost recomputed without it
// Events arrive late, twice or out of order: the unique intent id makes a grant happen once, and a
// refund that overtakes its success records the purchase as refunded, so the late success grants nothing.

export interface BoostWebhookDeps extends BoostMailContext {
  mailQueue: MailQueue;
}

const isBoostIntent = (intent: Stripe.PaymentIntent) => intent.metadata?.kind === "boost";

/** Handles the event if it is about a Boost payment; true when it was. */
export async function handleBoostEvent(
  tx: Db,
  stripe: StripeClient,
  event: Stripe.Event,
  deps: BoostWebhookDeps,
): Promise<boolean> {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      if (!isBoostIntent(intent)) return false;
      const payment = await paymentAskedFor(tx, intent, event.id);
      if (!payment) return true;
      await recordAttempt(tx, intent);
      await grantPaidBoost(tx, intent, payment, event.id, deps);
      return true;
    }
    case "payment_intent.payment_failed":
    case "payment_intent.canceled":
    case "payment_intent.processing": {
      const intent = event.data.object;
      if (!isBoostIntent(intent)) return false;
      await recordAttempt(tx, intent);
      if (event.type === "payment_intent.payment_failed") {
        await tx.insert(auditLogs).values({
          userId: userIdOf(intent),
          action: "boost.payment_failed",
          targetId: intent.metadata.listingId ?? null,
          metaJson: {
            eventId: event.id,
            paymentIntentId: intent.id,
            message: intent.last_payment_error?.message ?? null,
          },
        });
      }
      return true;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId =
        typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return false;
      return applyBoostRefund(tx, stripe, charge, intentId, event.id);
    }
    default:
      return false;
  }
}

const userIdOf = (intent: Stripe.PaymentIntent) => {
  const id = intent.metadata?.userId;
  return id && isUuid(id) ? id : null;
};

/** The attempt's status as Stripe reports it; a succeeded attempt never goes back. */
async function recordAttempt(tx: Db, intent: Stripe.PaymentIntent) {
  await tx
    .update(boostPayments)
    .set({
      status: intent.status,
      lastError: intent.status === "succeeded" ? null : (intent.last_payment_error?.message ?? null),
      updatedAt: new Date(),
    })
    .where(and(eq(boostPayments.id, intent.id), ne(boostPayments.status, "succeeded")));
}

type AskedPayment = Pick<typeof boostPayments.$inferSelect, "listingId" | "userId" | "amountCents">;

/**
 * The Boost payment this success pays for: an intent the app created (boost_payments), received in full
 * in the currency it asked for. Anything else (an intent made in the Dashboard or by another integration
 * on the same account, a different amount or currency) grants nothing: it is recorded in the audit log
 * for support, and the event is still answered 2xx, as any event we do not act on, so Stripe does not
 * resend it for days.
 */
async function paymentAskedFor(
  tx: Db,
  intent: Stripe.PaymentIntent,
  eventId: string,
): Promise<AskedPayment | null> {
  const [payment] = await tx
    .select({
      listingId: boostPayments.listingId,
      userId: boostPayments.userId,
      amountCents: boostPayments.amountCents,
    })
    .from(boostPayments)
    .where(eq(boostPayments.id, intent.id));
  if (
    payment &&
    intent.currency === BOOST_CURRENCY &&
    intent.amount === payment.amountCents &&
    intent.amount_received === payment.amountCents
  ) {
    return payment;
  }
  const listingId = payment?.listingId ?? intent.metadata?.listingId;
  await tx.insert(auditLogs).values({
    userId: payment?.userId ?? userIdOf(intent),
    action: "boost.payment_mismatch",
    targetId: listingId && isUuid(listingId) ? listingId : null,
    metaJson: {
      eventId,
      paymentIntentId: intent.id,
      known: Boolean(payment),
      expected: payment ? { amount: payment.amountCents, currency: BOOST_CURRENCY } : null,
      received: { amount: intent.amount_received, currency: intent.currency },
    },
  });
  return null;
}

async function grantPaidBoost(
  tx: Db,
  intent: Stripe.PaymentIntent,
  payment: AskedPayment,
  eventId: string,
  deps: BoostWebhookDeps,
) {
  // Our own record says what was bought and by whom; the intent's metadata is only what we wrote there.
  const { listingId, userId } = payment;
  const audit = (action: string, meta: Record<string, unknown>) =>
    tx.insert(auditLogs).values({
      userId,
      action,
      targetId: listingId ?? null,
      metaJson: { eventId, paymentIntentId: intent.id, amountCents: intent.amount_received, ...meta },
    });
  // Locked first: a duplicate delivery of the same success waits here, then finds the purchase.
  const listing = listingId ? await lockListingBoost(tx, listingId) : undefined;
  const [granted] = await tx
    .select({ id: boostPurchases.id })
    .from(boostPurchases)
    .where(eq(boostPurchases.stripePaymentIntentId, intent.id));
  if (granted) return;
  if (!listing) {
    // Paid for a listing deleted meanwhile: nothing to boost. The audit entry is what support refunds from.
    await audit("boost.paid_for_missing_listing", { listingId });
    return;
  }
  const purchase = await grantBoostDays(tx, {
    listing,
    days: BOOST_DAYS,
    source: "stripe",
    userId,
    amountCents: intent.amount_received,
    paymentIntentId: intent.id,
  });
  await audit("boost.purchased", {
    purchaseId: purchase.id,
    days: purchase.days,
    startsAt: purchase.startsAt.toISOString(),
    endsAt: purchase.endsAt.toISOString(),
  });
  const to = await receiptAddress(tx, userId, listing.id);
  if (to) {
    await deps.mailQueue.enqueue(tx, [
      boostReceiptMail(deps, {
        purchaseId: purchase.id,
        to,
        listingId: listing.id,
        title: listing.title,
        startsAt: purchase.startsAt,
        endsAt: purchase.endsAt,
        amountCents: purchase.amountCents,
        days: purchase.days,
        paymentIntentId: intent.id,
      }),
    ]);
  }
}

/** The payer's sign-in address, else the listing owner's (the payer's account may be gone). */
async function receiptAddress(tx: Db, userId: string | null, listingId: string): Promise<string | null> {
  if (userId) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user) return user.email;
  }
  const [owner] = await tx
    .select({ email: users.email })
    .from(buyerListings)
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerListings.buyerId))
    .innerJoin(users, eq(users.id, buyerProfiles.userId))
    .where(eq(buyerListings.id, listingId));
  return owner?.email ?? null;
}

/**
 * A full refund takes the purchase's days back. A refund of a charge that is not a Boost's is not ours
 * (false); a partial refund is recorded and changes nothing (the days cannot be split fairly: support
 * ends the boost by hand if they agreed to). `eventId` is the webhook event's, null when an admin's
 * refund (boost-refund.ts) applies the charge Stripe answered; whichever comes second finds the
 * purchase refunded and changes nothing.
 */
export async function applyBoostRefund(
  tx: Db,
  stripe: StripeClient,
  charge: Stripe.Charge,
  intentId: string,
  eventId: string | null,
): Promise<boolean> {
  let [purchase] = await tx
    .select()
    .from(boostPurchases)
    .where(eq(boostPurchases.stripePaymentIntentId, intentId));
  let intent: Stripe.PaymentIntent | null = null;
  if (!purchase) {
    // Not granted yet (the success event is late) or not a Boost: Stripe says which.
    intent = await stripe.paymentIntents.retrieve(intentId);
    if (!isBoostIntent(intent)) return false;
  }
  const listingId = purchase?.listingId ?? intent?.metadata.listingId;
  const audit = (action: string, meta: Record<string, unknown> = {}) =>
    tx.insert(auditLogs).values({
      userId: null,
      action,
      targetId: listingId ?? null,
      metaJson: {
        eventId,
        paymentIntentId: intentId,
        chargeId: charge.id,
        amountRefunded: charge.amount_refunded,
        ...meta,
      },
    });
  if (!charge.refunded) {
    await audit("boost.partially_refunded");
    return true;
  }
  if (purchase?.status === "refunded") return true;
  const listing = listingId && isUuid(listingId) ? await lockListingBoost(tx, listingId) : undefined;
  if (!listing) {
    // The listing is gone (and with it the boost): the purchase is still marked, a record of the money.
    if (purchase) {
      await tx
        .update(boostPurchases)
        .set({ status: "refunded", refundedAt: new Date() })
        .where(eq(boostPurchases.id, purchase.id));
    }
    await audit("boost.refunded", { purchaseId: purchase?.id ?? null, listingMissing: true });
    return true;
  }
  if (!purchase && intent) {
    // The refund overtook the success: the purchase is recorded as refunded, so the success grants nothing.
    const now = new Date();
    [purchase] = await tx
      .insert(boostPurchases)
      .values({
        listingId: listing.id,
        userId: userIdOf(intent),
        source: "stripe",
        stripePaymentIntentId: intent.id,
        amountCents: intent.amount_received || intent.amount,
        days: BOOST_DAYS,
        status: "refunded",
        startsAt: now,
        endsAt: now,
        refundedAt: now,
      })
      .returning();
  } else if (purchase) {
    await tx
      .update(boostPurchases)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(boostPurchases.id, purchase.id));
  }
  const boostedUntil = await recomputeBoost(tx, listing.id);
  await audit("boost.refunded", {
    purchaseId: purchase?.id ?? null,
    boostedUntil: boostedUntil?.toISOString() ?? null,
  });
  return true;
}
