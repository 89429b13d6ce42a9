import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import { MESSAGES, PAYMENT_MESSAGES, type SubscriptionProduct } from "../../../shared/constants";
import { SMS_MESSAGES } from "../../../shared/schemas/sms";
import type { SubscriptionIntent } from "../../../shared/schemas/subscriptions";
import type { Db } from "../../db/client";
import { auditLogs, subscriptions, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { activeSmsAddonNow, activeSubscriptionNow, isPremiumStatus } from "../../lib/premium";
import { requireStripe, type StripeClient, withStripeErrors } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { lockUser, saveSubscription } from "./stripe-sync";

// Buying Premium and the SMS Alerts add-on (docs/stripe.md, ADR 005): the Payment Element's
// subscription, and Stripe's billing portal. Both are subscriptions of the same customer, told apart by
// the product the row (and the Stripe subscription's metadata) carries.

/** The expansion that carries the Payment Element's client secret (Stripe API 2025-03-31 and later). */
const EXPAND_CLIENT_SECRET = ["latest_invoice.confirmation_secret"];

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

async function hasActive(db: Db, userId: string, product: SubscriptionProduct): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        product === "premium" ? activeSubscriptionNow() : activeSmsAddonNow(),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Who may buy what: the add-on is for publishers who have Premium (SMS alerts are instant alerts). */
function checkEligible(viewer: Viewer, product: SubscriptionProduct): void {
  if (product !== "sms") return;
  if (viewer.role !== "publisher") throw new AppError("forbidden", SMS_MESSAGES.publisherOnly);
  if (!viewer.hasActiveSubscription) throw new AppError("premium_required", SMS_MESSAGES.needsPremium);
}

/**
 * POST /api/get-or-create-subscription (Premium) and POST /api/sms/subscription (the add-on). Under a
 * lock on the user row (two clicks, two tabs: one subscription), reuses the Stripe customer and the open
 * incomplete subscription of that product; otherwise creates one with an idempotency key per user,
 * product and attempt, so a retried request never makes a second one.
 */
export async function getOrCreateSubscription({
  db,
  stripe,
  priceId,
  viewer,
  product = "premium",
}: {
  db: Db;
  stripe: StripeClient | undefined;
  priceId: string | undefined;
  viewer: Viewer;
  product?: SubscriptionProduct;
}): Promise<SubscriptionIntent> {
  checkEligible(viewer, product);
  if (product === "premium" && viewer.hasActiveSubscription) return { status: "active" };
  const client = requireStripe(stripe);
  if (!priceId) throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);

  return withStripeErrors(() =>
    db.transaction(async (tx) => {
      const user = await lockUser(tx, viewer.id);
      if (!user) throw new AppError("unauthorized", MESSAGES.unauthorized);
      // Re-checked under the lock: a request queued behind a successful refresh must not start a second plan.
      if (await hasActive(tx, user.id, product)) return { status: "active" as const };

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
            eq(subscriptions.product, product),
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
        .where(
          and(
            eq(subscriptions.userId, user.id),
            eq(subscriptions.product, product),
            isNotNull(subscriptions.stripeSubscriptionId),
          ),
        );
      const attempt = (attempts?.n ?? 0) + 1;
      // Premium's key kept its first form, so keys of subscriptions started before the add-on still match.
      const keyPrefix = product === "premium" ? "ppc-subscription" : `ppc-${product}-subscription`;
      const created = await client.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: EXPAND_CLIENT_SECRET,
          // The product tells the webhook which row this is (stripe-sync.ts productOf).
          metadata: { userId: user.id, product },
        },
        { idempotencyKey: `${keyPrefix}-${user.id}-${attempt}` },
      );
      await saveSubscription(tx, user.id, created);
      await tx.insert(auditLogs).values({
        userId: user.id,
        action: "stripe.subscription_started",
        metaJson: { subscriptionId: created.id, status: created.status, attempt, product },
      });
      if (isPremiumStatus(created.status)) return { status: "active" as const };
      const secret = clientSecretOf(created);
      if (!secret) throw new AppError("bad_gateway", "Stripe returned no payment to confirm");
      return { subscriptionId: created.id, clientSecret: secret };
    }),
  );
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
  const customer = user?.stripeCustomerId;
  if (!customer) throw new AppError("conflict", PAYMENT_MESSAGES.noBillingAccount);
  const session = await withStripeErrors(() =>
    client.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  await db.insert(auditLogs).values({
    userId: viewer.id,
    action: "stripe.billing_portal_opened",
    metaJson: { sessionId: session.id },
  });
  return { url: session.url };
}
