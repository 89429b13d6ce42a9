import { z } from "zod";
import { plainText } from "./common";

// Simulated payments (PAYMENTS=simulated, development only): the card form that stands in for Stripe's
// Payment Element, the billing portal that stands in for Stripe's, and the simulated provider's log of
// webhook deliveries. None of these routes exists when payments go to Stripe.

/** What the simulated payment form says on itself, so nobody mistakes it for a real one. */
export const SIMULATED_PAYMENT_LABEL = "Test payment - no money moves";

/**
 * Stripe's documented test cards, which the simulated provider answers as Stripe does: the form lists
 * them. Any expiry date in the future and any CVC go with each.
 */
export const SIMULATED_TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
  { number: "4000 0000 0000 9995", outcome: "is declined for insufficient funds" },
] as const;

/** POST /api/simulated-payments/confirm: what Stripe.js sends to confirm a payment, a card typed in. */
export const simulatedConfirmSchema = z.object({
  clientSecret: plainText().min(1).max(200),
  cardNumber: plainText().min(1).max(32),
});

/** Its answer, as Stripe.js's confirmPayment resolves: the intent, or the error the payer reads. */
export const simulatedConfirmationSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
  z.object({
    error: z.object({
      type: z.string(),
      code: z.string(),
      decline_code: z.string().optional(),
      message: z.string(),
    }),
  }),
]);

const simulatedPortalSubscriptionSchema = z.object({
  id: z.string(),
  product: z.enum(["premium", "sms"]),
  status: z.string(),
  amountCents: z.number().int(),
  interval: z.enum(["year", "month"]),
  /** ISO date the current period ends: the renewal, or the end when it is set to cancel. */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SimulatedPortalSubscription = z.infer<typeof simulatedPortalSubscriptionSchema>;

/** GET /api/simulated-payments/portal/{session}: the signed-in customer's subscriptions at the provider. */
export const simulatedPortalSchema = z.object({
  /** Where "Return" goes (the session's return URL). */
  returnUrl: z.string().nullable(),
  subscriptions: z.array(simulatedPortalSubscriptionSchema),
});
export type SimulatedPortal = z.infer<typeof simulatedPortalSchema>;

/**
 * What the portal can do to a subscription: cancel at the end of the period or take that back, as
 * Stripe's portal does; and, for the simulation only, reach the end of the period now (renew, or end a
 * plan set to cancel), with the saved card paying or, to see a failed renewal, declined.
 */
const SIMULATED_PORTAL_ACTIONS = ["cancel", "resume", "renew", "renew-declined"] as const;
export const simulatedPortalActionSchema = z.object({ action: z.enum(SIMULATED_PORTAL_ACTIONS) });
export type SimulatedPortalAction = z.infer<typeof simulatedPortalActionSchema>["action"];

/** GET /api/admin/simulated-payments/webhook-deliveries: the provider's events and how each arrived. */
export const simulatedWebhookDeliverySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  state: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  /** Our endpoint's HTTP answer to the last attempt (400: the signature was refused); null: unreachable. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The event id is in stripe_events: the webhook verified it and acted on it. */
  recorded: z.boolean(),
  createdAt: z.string(),
});
export type SimulatedWebhookDelivery = z.infer<typeof simulatedWebhookDeliverySchema>;
