import { randomBytes } from "node:crypto";
import Stripe from "stripe";

// Webhook events as Stripe's servers send them: an event envelope around an API object, signed with
// the endpoint's secret. Used by route tests (app.inject) and browser tests (fetch to a real server).

// Only used to sign, exactly as Stripe would; it never calls the API.
const signer = new Stripe("sk_test_signer_only");

/** An event of `type` carrying `object` (a payment intent, a charge, a subscription...). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString("hex")}`,
) {
  return {
    id,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The Stripe-Signature header for `payload` signed with `secret` (at `timestamp`, default now). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
