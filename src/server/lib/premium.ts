import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { subscriptions } from "../db/schema";

// The Premium rule, owned here and read by the current-user query (viewer.ts): a Premium
// subscription row that is active or trialing and whose period has not ended. A complimentary grant
// has no period end. The SMS Alerts add-on is a subscription row too (product "sms"), running by the
// same rule, and never Premium. It sits in lib/, below the session plugin and the features, so all of
// them may read it.

const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

/** Whether a Stripe status grants Premium (the period end is checked by the SQL condition). */
export function isPremiumStatus(status: string): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/**
 * SQL condition on `subscriptions`: this row gives its user Premium now (admin figures count them). "Now"
 * is the database's `now()`, read when the query runs: queries keep this fragment in module constants,
 * where a time taken in JavaScript would stay the time the module was loaded.
 */
export const activeSubscriptionNow = () => and(eq(subscriptions.product, "premium"), runningNow());

/** SQL condition on `subscriptions`: this row is a paid SMS Alerts add-on running now. */
export const activeSmsAddonNow = () => and(eq(subscriptions.product, "sms"), runningNow());

/** SQL condition on `subscriptions`: this row, of either product, is running now. */
export const runningNow = () =>
  and(
    inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
    or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, sql`now()`)),
  );

/** SQL condition on `subscriptions`: this row gives `userId` Premium now. */
export const activeSubscriptionCondition = (userId: string) =>
  and(eq(subscriptions.userId, userId), activeSubscriptionNow());
