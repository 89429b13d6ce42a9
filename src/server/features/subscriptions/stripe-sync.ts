import { and, eq, isNotNull, notInArray } from "drizzle-orm";
import type Stripe from "stripe";
import { PAYMENT_MESSAGES, type SubscriptionProduct } from "../../../shared/constants";
import type { SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import type { Db } from "../../db/client";
import { auditLogs, stripeEvents, subscriptions, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { AppMetrics, WebhookMetricOutcome } from "../../lib/metrics";
import { isPremiumStatus } from "../../lib/premium";
import { requireStripe, type StripeClient, withStripeErrors } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { fallBackFromInstantAlerts } from "../alerts/alert-preferences";
import { type BoostWebhookDeps, handleBoostEvent } from "../boosts/boost-webhook";
import { getSubscriptionSummary } from "./summary";

// Premium through Stripe (ADR 005). Stripe is the source of truth: every change we
// learn about (webhook, refresh after payment, a reused open subscription) re-reads the subscription
// from Stripe and upserts it, so events arriving late, twice or out of order all converge.

/** Statuses after which a Stripe subscription never becomes active again. */
export const FINAL_STATUSES = ["canceled", "incomplete_expired"];

/** Events whose subscription is re-read and stored; every other event is recorded and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Since API 2025-03-31 the billing period lives on the items; access lasts until the latest one ends. */
function periodEndOf(subscription: Stripe.Subscription): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  // A Stripe subscription always has items; without one there is no paid period to grant.
  const end = ends.length > 0 ? Math.max(...ends) : (subscription.ended_at ?? subscription.created);
  return new Date(end * 1000);
}

/**
 * What a Stripe subscription sells: the add-on's carry `metadata.product = "sms"` (checkout.ts sets it);
 * anything else is Premium, as every subscription was before the add-on.
 */
function productOf(subscription: Stripe.Subscription): SubscriptionProduct {
  return subscription.metadata?.product === "sms" ? "sms" : "premium";
}

/** Stores Stripe's view of one subscription for `userId` (insert or update by Stripe id). */
export async function saveSubscription(db: Db, userId: string, subscription: Stripe.Subscription) {
  const product = productOf(subscription);
  const values = {
    stripeCustomerId: idOf(subscription.customer),
    status: subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    // The portal may schedule the end with cancel_at instead of the flag; both mean "ends, no renewal".
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    updatedAt: new Date(),
  };
  await db
    .insert(subscriptions)
    .values({ userId, stripeSubscriptionId: subscription.id, product, ...values })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values });
  // users.stripeSubscriptionId names the paid subscription; a late event about an abandoned
  // or expired attempt must not overwrite it.
  if (product === "premium" && isPremiumStatus(subscription.status)) {
    await db
      .update(users)
      .set({ stripeSubscriptionId: subscription.id, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
  // Instant alerts are a Premium benefit: when Premium ends (canceled, unpaid, past its period...), they
  // fall back to daily. A no-op while any subscription of the user still grants Premium.
  await fallBackFromInstantAlerts(db, userId);
  return values;
}

/** Locks the user row: one payment set-up or subscription write per user at a time. */
export async function lockUser(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return user;
}

/** Whose subscription this is, when we have no row yet: the customer id we stored, else our metadata. */
async function findOwnerOfNewSubscription(db: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const customerId = idOf(subscription.customer);
  if (customerId) {
    const [byCustomer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customerId));
    if (byCustomer) return byCustomer.id;
  }
  const metaUserId = subscription.metadata?.userId;
  if (metaUserId && isUuid(metaUserId)) {
    const [byMeta] = await db.select({ id: users.id }).from(users).where(eq(users.id, metaUserId));
    if (byMeta) return byMeta.id;
  }
  return null;
}

/**
 * Re-reads a subscription from Stripe and stores it, under the owner's row lock, so two concurrent syncs
 * cannot write an older read over a newer one. One read from Stripe: for a subscription we already
 * store, the owner is known and the read happens under the lock; for a new one, the read that names its
 * owner is kept, unless another sync stored the subscription while we waited for the lock (then it is
 * read again, under the lock). Null when no user of ours owns it.
 */
async function syncSubscription(
  db: Db,
  stripe: StripeClient,
  subscriptionId: string,
): Promise<{ userId: string; status: string } | null> {
  const storedOwner = async () => {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    return row?.userId ?? null;
  };
  let userId = await storedOwner();
  let fresh: Stripe.Subscription | null = null;
  if (!userId) {
    fresh = await stripe.subscriptions.retrieve(subscriptionId);
    userId = await findOwnerOfNewSubscription(db, fresh);
    if (!userId) return null;
    await lockUser(db, userId);
    // Every write happens under this lock: a row now means another sync got there first.
    if (await storedOwner()) fresh = null;
  } else {
    await lockUser(db, userId);
  }
  fresh ??= await stripe.subscriptions.retrieve(subscriptionId);
  const saved = await saveSubscription(db, userId, fresh);
  return { userId, status: saved.status };
}

function subscriptionIdOfEvent(event: Stripe.Event): string | null {
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return null;
  const object = event.data.object as { object?: string; id?: string };
  if (object.object === "subscription") return object.id ?? null;
  if (object.object === "invoice") {
    const invoice = object as Stripe.Invoice;
    return idOf(invoice.parent?.subscription_details?.subscription);
  }
  return null;
}

const INVALID_SIGNATURE_MESSAGE = "Invalid Stripe signature";
/** The type label of a webhook request whose signature was not (or could not be) verified. */
const UNVERIFIED_TYPE = "unverified";

/** The `t=` of a Stripe-Signature header, read as the SDK reads it (the last one counts), in seconds. */
function signatureTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value ?? "", 10);
  }
  return timestamp !== null && Number.isFinite(timestamp) ? timestamp : null;
}

/**
 * POST /api/stripe/webhook. The signature is checked on the raw bytes; the event id is stored in the
 * same transaction as its effect, so a replay or a concurrent duplicate writes nothing more and a
 * failure leaves nothing behind for Stripe's retry to trip over.
 */
export async function handleStripeWebhook({
  db,
  stripe,
  webhookSecret,
  payload,
  signature,
  metrics,
  boosts,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  webhookSecret: string | undefined;
  payload: Buffer;
  signature: string | undefined;
  metrics: AppMetrics;
  /** Boost payments are one-off PaymentIntents: their events go to features/boosts. */
  boosts: BoostWebhookDeps;
}): Promise<{ received: true; duplicate: boolean }> {
  // The event's type is only known, and only believed, once the signature is verified.
  const count = (type: string, outcome: WebhookMetricOutcome) =>
    metrics.stripeWebhooks.inc({ type, outcome });
  if (!stripe || !webhookSecret) count(UNVERIFIED_TYPE, "not_configured");
  const client = requireStripe(stripe);
  if (!webhookSecret) throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);
  let event: Stripe.Event;
  try {
    // Default tolerance (300 s) rejects stale timestamps: a captured request cannot be replayed later.
    event = client.webhooks.constructEvent(payload, signature ?? "", webhookSecret);
  } catch {
    count(UNVERIFIED_TYPE, "invalid_signature");
    throw new AppError("validation", INVALID_SIGNATURE_MESSAGE);
  }
  // The SDK only checks the past: a timestamp beyond the tolerance in the future is refused too, so
  // no signed request stays replayable for longer than the tolerance.
  const signedAt = signatureTimestamp(signature ?? "");
  if (signedAt === null || signedAt - Date.now() / 1000 > client.webhooks.DEFAULT_TOLERANCE) {
    count(UNVERIFIED_TYPE, "invalid_signature");
    throw new AppError("validation", INVALID_SIGNATURE_MESSAGE);
  }

  let result: { received: true; duplicate: boolean };
  try {
    result = await withStripeErrors(() =>
      db.transaction(async (tx) => {
        const stored = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing({ target: stripeEvents.id })
          .returning({ id: stripeEvents.id });
        if (stored.length === 0) return { received: true as const, duplicate: true };

        if (await handleBoostEvent(tx, client, event, boosts)) {
          return { received: true as const, duplicate: false };
        }
        const subscriptionId = subscriptionIdOfEvent(event);
        if (subscriptionId) {
          const synced = await syncSubscription(tx, client, subscriptionId);
          await tx.insert(auditLogs).values({
            userId: synced?.userId ?? null,
            action: `stripe.${event.type}`,
            metaJson: {
              eventId: event.id,
              subscriptionId,
              status: synced?.status ?? null,
              matchedUser: Boolean(synced),
            },
          });
        }
        return { received: true as const, duplicate: false };
      }),
    );
  } catch (err) {
    count(event.type, "failed");
    throw err;
  }
  count(event.type, result.duplicate ? "duplicate" : "processed");
  return result;
}

/**
 * POST /api/subscription/refresh: after the Payment Element confirms, the client asks us to re-read
 * the user's open subscriptions from Stripe, so Premium starts at once even if the webhook is late.
 */
export async function refreshSubscription({
  db,
  stripe,
  viewer,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  viewer: Viewer;
}): Promise<SubscriptionSummary> {
  if (stripe) {
    const open = await db
      .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, viewer.id),
          isNotNull(subscriptions.stripeSubscriptionId),
          notInArray(subscriptions.status, FINAL_STATUSES),
        ),
      );
    for (const { stripeSubscriptionId: subscriptionId } of open) {
      if (!subscriptionId) continue;
      await withStripeErrors(() =>
        db.transaction(async (tx) => {
          const synced = await syncSubscription(tx, stripe, subscriptionId);
          if (synced) {
            await tx.insert(auditLogs).values({
              userId: viewer.id,
              action: "stripe.subscription_refreshed",
              metaJson: { subscriptionId, status: synced.status },
            });
          }
        }),
      );
    }
  }
  return getSubscriptionSummary({ db, stripe, viewer });
}
