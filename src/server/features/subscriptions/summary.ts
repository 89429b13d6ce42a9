import { and, desc, eq, sql } from "drizzle-orm";
import type { SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import type { Db } from "../../db/client";
import { subscriptions, users } from "../../db/schema";
import { activeSmsAddonNow, activeSubscriptionCondition } from "../../lib/premium";
import type { StripeClient } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";

/**
 * GET /api/subscription: the Premium subscription that matters most (an active one, paid before
 * complimentary). The SMS add-on's is in GET /api/sms.
 */
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
  const [main] = await db
    .select({
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      isActive,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, viewer.id), eq(subscriptions.product, "premium")))
    .orderBy(
      desc(isActive),
      sql`${subscriptions.stripeSubscriptionId} is null`,
      desc(subscriptions.updatedAt),
    )
    .limit(1);
  const [user] = await db
    .select({ stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, viewer.id));
  return {
    hasActiveSubscription: Boolean(main?.isActive),
    status: main?.status ?? null,
    currentPeriodEnd: main?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: main?.cancelAtPeriodEnd ?? false,
    isComplimentary: Boolean(main) && main?.stripeSubscriptionId === null,
    canManageBilling: Boolean(stripe && user?.stripeCustomerId),
  };
}

/** Whether the user's SMS Alerts add-on runs now (the Premium rule's SMS half). */
export async function hasSmsAddon(db: Db, userId: string): Promise<boolean> {
  const [addon] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), activeSmsAddonNow()))
    .limit(1);
  return addon !== undefined;
}
