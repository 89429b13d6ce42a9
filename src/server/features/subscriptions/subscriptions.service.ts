import { and, count, desc, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { MESSAGES, PAYMENT_MESSAGES } from "../../../shared/constants";
import type { SubscriptionIntent, SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import type { Db } from "../../db/client";
import { auditLogs, stripeEvents, subscriptions, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import { type StripeClient, withStripeErrors } from "../../lib/stripe";
import { normalizeEmail } from "../auth/accounts";
import type { Viewer } from "../auth/viewer";
import { activeSubscriptionCondition, isPremiumStatus } from "./premium";

// Premium through Stripe (DESIGN.md §3, issue #5). Stripe is the source of truth: every change we
// learn about (webhook, refresh after payment, a reused open subscription) re-reads the subscription
// from Stripe and upserts it, so events arriving late, twice or out of order all converge.

/** Statuses after which a Stripe subscription never becomes active again. */
const FINAL_STATUSES = ["canceled", "incomplete_expired"];

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

/** The expansion that carries the Payment Element's client secret (Stripe API 2025-03-31 and later). */
const EXPAND_CLIENT_SECRET = ["latest_invoice.confirmation_secret"];

function requireStripe(stripe: StripeClient | undefined): StripeClient {
  if (!stripe) throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);
  return stripe;
}

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

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** Stores Stripe's view of one subscription for `userId` (insert or update by Stripe id). */
async function saveSubscription(db: Db, userId: string, subscription: Stripe.Subscription) {
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
    .values({ userId, stripeSubscriptionId: subscription.id, ...values })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values });
  // users.stripeSubscriptionId (SPEC §3) names the paid subscription; a late event about an abandoned
  // or expired attempt must not overwrite it.
  if (isPremiumStatus(subscription.status)) {
    await db
      .update(users)
      .set({ stripeSubscriptionId: subscription.id, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
  return values;
}

async function hasActivePremium(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(activeSubscriptionCondition(userId))
    .limit(1);
  return rows.length > 0;
}

/** Locks the user row: one payment set-up or subscription write per user at a time. */
async function lockUser(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return user;
}

/**
 * POST /api/get-or-create-subscription. Under a lock on the user row (two clicks, two tabs: one
 * subscription), reuses the Stripe customer and the open incomplete subscription; otherwise creates one
 * with an idempotency key per user and attempt, so a retried request never makes a second one.
 */
export async function getOrCreateSubscription({
  db,
  stripe,
  priceId,
  viewer,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  priceId: string | undefined;
  viewer: Viewer;
}): Promise<SubscriptionIntent> {
  if (viewer.hasActiveSubscription) return { status: "active" };
  const client = requireStripe(stripe);
  if (!priceId) throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);

  return withStripeErrors(() =>
    db.transaction(async (tx) => {
      const user = await lockUser(tx, viewer.id);
      if (!user) throw new AppError("unauthorized", MESSAGES.unauthorized);
      // Re-checked under the lock: a request queued behind a successful refresh must not start a second plan.
      if (await hasActivePremium(tx, user.id)) return { status: "active" as const };

      let customerId = user.stripeCustomerId;
      if (!customerId) {
        const customer = await client.customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: `ppc-customer-${user.id}` },
        );
        customerId = customer.id;
        await tx
          .update(users)
          .set({ stripeCustomerId: customerId, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await tx
          .insert(auditLogs)
          .values({ userId: user.id, action: "stripe.customer_created", metaJson: { customerId } });
      }

      const [open] = await tx
        .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, user.id),
            eq(subscriptions.status, "incomplete"),
            isNotNull(subscriptions.stripeSubscriptionId),
          ),
        )
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      if (open?.stripeSubscriptionId) {
        const existing = await client.subscriptions.retrieve(open.stripeSubscriptionId, {
          expand: EXPAND_CLIENT_SECRET,
        });
        await saveSubscription(tx, user.id, existing);
        if (isPremiumStatus(existing.status)) return { status: "active" as const };
        const secret = clientSecretOf(existing);
        if (existing.status === "incomplete" && secret) {
          return { subscriptionId: existing.id, clientSecret: secret };
        }
        // Expired or otherwise unusable: a new attempt below.
      }

      // Every Stripe subscription this user ever had counts as one attempt, so the key changes only
      // when a new subscription is really wanted (e.g. the previous one expired unpaid).
      const [attempts] = await tx
        .select({ n: count() })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), isNotNull(subscriptions.stripeSubscriptionId)));
      const attempt = (attempts?.n ?? 0) + 1;
      const created = await client.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: EXPAND_CLIENT_SECRET,
          metadata: { userId: user.id },
        },
        { idempotencyKey: `ppc-subscription-${user.id}-${attempt}` },
      );
      await saveSubscription(tx, user.id, created);
      await tx.insert(auditLogs).values({
        userId: user.id,
        action: "stripe.subscription_started",
        metaJson: { subscriptionId: created.id, status: created.status, attempt },
      });
      if (isPremiumStatus(created.status)) return { status: "active" as const };
      const secret = clientSecretOf(created);
      if (!secret) throw new AppError("bad_gateway", "Stripe returned no payment to confirm");
      return { subscriptionId: created.id, clientSecret: secret };
    }),
  );
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
 * Re-reads a subscription from Stripe and stores it. The read happens under the owner's row lock, so
 * two concurrent syncs cannot write an older read over a newer one. Null when no user of ours owns it.
 */
async function syncSubscription(
  db: Db,
  stripe: StripeClient,
  subscriptionId: string,
): Promise<{ userId: string; status: string } | null> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  let userId = row?.userId ?? null;
  if (!userId) {
    userId = await findOwnerOfNewSubscription(db, await stripe.subscriptions.retrieve(subscriptionId));
    if (!userId) return null;
  }
  await lockUser(db, userId);
  const fresh = await stripe.subscriptions.retrieve(subscriptionId);
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
}: {
  db: Db;
  stripe: StripeClient | undefined;
  webhookSecret: string | undefined;
  payload: Buffer;
  signature: string | undefined;
}): Promise<{ received: true; duplicate: boolean }> {
  const client = requireStripe(stripe);
  if (!webhookSecret) throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);
  let event: Stripe.Event;
  try {
    // Default tolerance (300 s) rejects stale timestamps: a captured request cannot be replayed later.
    event = client.webhooks.constructEvent(payload, signature ?? "", webhookSecret);
  } catch {
    throw new AppError("validation", "Invalid Stripe signature");
  }

  return withStripeErrors(() =>
    db.transaction(async (tx) => {
      const stored = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      if (stored.length === 0) return { received: true as const, duplicate: true };

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
    for (const row of open) {
      await withStripeErrors(() =>
        db.transaction(async (tx) => {
          const synced = await syncSubscription(tx, stripe, row.stripeSubscriptionId!);
          if (synced) {
            await tx.insert(auditLogs).values({
              userId: viewer.id,
              action: "stripe.subscription_refreshed",
              metaJson: { subscriptionId: row.stripeSubscriptionId, status: synced.status },
            });
          }
        }),
      );
    }
  }
  return getSubscriptionSummary({ db, stripe, viewer });
}

/** GET /api/subscription: the subscription that matters most (an active one, paid before complimentary). */
export async function getSubscriptionSummary({
  db,
  stripe,
  viewer,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  viewer: Viewer;
}): Promise<SubscriptionSummary> {
  const isActive = sql<boolean>`(${activeSubscriptionCondition(viewer.id)})`;
  const rows = await db
    .select({
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      isActive,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, viewer.id))
    .orderBy(
      desc(isActive),
      sql`${subscriptions.stripeSubscriptionId} is null`,
      desc(subscriptions.updatedAt),
    );
  const [user] = await db
    .select({ stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, viewer.id));
  const main = rows[0];
  return {
    hasActiveSubscription: Boolean(main?.isActive),
    status: main?.status ?? null,
    currentPeriodEnd: main?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: main?.cancelAtPeriodEnd ?? false,
    isComplimentary: Boolean(main) && main?.stripeSubscriptionId === null,
    canManageBilling: Boolean(stripe && user?.stripeCustomerId),
  };
}

/** POST /api/billing-portal: Stripe's customer portal (card, invoices, cancel) for the user's customer. */
export async function createBillingPortalSession({
  db,
  stripe,
  viewer,
  returnUrl,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  viewer: Viewer;
  returnUrl: string;
}): Promise<{ url: string }> {
  const client = requireStripe(stripe);
  const [user] = await db
    .select({ stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!user?.stripeCustomerId) throw new AppError("conflict", PAYMENT_MESSAGES.noBillingAccount);
  const session = await withStripeErrors(() =>
    client.billingPortal.sessions.create({ customer: user.stripeCustomerId!, return_url: returnUrl }),
  );
  await db.insert(auditLogs).values({
    userId: viewer.id,
    action: "stripe.billing_portal_opened",
    metaJson: { sessionId: session.id },
  });
  return { url: session.url };
}

/**
 * Support and demos (`npm run user:premium -- EMAIL on|off`): a complimentary Premium has no Stripe
 * objects and no period end. Turning it off removes only complimentary rows; a paid plan is Stripe's.
 */
export async function setComplimentaryPremium({
  db,
  email,
  enabled,
}: {
  db: Db;
  email: string;
  enabled: boolean;
}): Promise<{ userId: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .for("update");
    if (!user) throw new AppError("not_found", `No user with email ${email}`);
    const complimentary = and(eq(subscriptions.userId, user.id), isNull(subscriptions.stripeSubscriptionId));
    if (enabled) {
      const [existing] = await tx
        .select({ id: subscriptions.id, status: subscriptions.status })
        .from(subscriptions)
        .where(complimentary);
      if (existing?.status === "active") return { userId: user.id, changed: false };
      if (existing) {
        await tx
          .update(subscriptions)
          .set({ status: "active", currentPeriodEnd: null, updatedAt: new Date() })
          .where(eq(subscriptions.id, existing.id));
      } else {
        await tx.insert(subscriptions).values({ userId: user.id, status: "active" });
      }
    } else {
      const removed = await tx.delete(subscriptions).where(complimentary).returning({ id: subscriptions.id });
      if (removed.length === 0) return { userId: user.id, changed: false };
    }
    await tx.insert(auditLogs).values({
      userId: user.id,
      action: enabled ? "subscription.complimentary_granted" : "subscription.complimentary_revoked",
      metaJson: { email: normalizeEmail(email) },
    });
    return { userId: user.id, changed: true };
  });
}
