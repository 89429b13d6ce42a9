import { z } from "zod";

/**
 * POST /api/get-or-create-subscription: the Payment Element's client secret for the open subscription,
 * or `{status: "active"}` when the user already has Premium (nothing to pay).
 */
export const subscriptionIntentSchema = z.union([
  z.object({ subscriptionId: z.string(), clientSecret: z.string() }),
  z.object({ status: z.literal("active") }),
]);
export type SubscriptionIntent = z.infer<typeof subscriptionIntentSchema>;

/** GET /api/subscription and POST /api/subscription/refresh: what the settings section shows. */
export const subscriptionSummarySchema = z.object({
  hasActiveSubscription: z.boolean(),
  /** Stripe's status of the subscription that matters most (the active one, else the newest); null: never subscribed. */
  status: z.string().nullable(),
  /** ISO date the paid period ends (renewal or, when cancelling, the end of access); null: complimentary or none. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Granted by support (`npm run user:premium`): no Stripe objects, no renewal. */
  isComplimentary: z.boolean(),
  /** A Stripe customer exists, so the billing portal can open. */
  canManageBilling: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const billingPortalSessionSchema = z.object({ url: z.string() });
export type BillingPortalSession = z.infer<typeof billingPortalSessionSchema>;
