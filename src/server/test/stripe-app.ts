import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { signStripePayload } from "../features/payment-simulation/stripe-events";
import {
  SIMULATOR_PRICE_ID,
  SIMULATOR_SECRET_KEY,
  type SimulatorPrice,
  type StripeSimulator,
  startStripeSimulator,
} from "../features/payment-simulation/stripe-simulator";
import { type TestContext, useTestApp } from "./context";

// A test file's app with payments configured against the Stripe simulator (reset before each test),
// and a webhook poster that signs each event as Stripe's servers would.

export const TEST_WEBHOOK_SECRET = "whsec_test_0123456789abcdef";

export interface StripeTestApp {
  ctx: TestContext;
  /** The simulated Stripe API (set in beforeAll, like ctx.app). */
  stripe: { simulator: StripeSimulator };
  /** POST /api/stripe/webhook with `event` signed by `secret` (default: the app's) at `timestamp`. */
  postWebhook(
    event: unknown,
    options?: { secret?: string; timestamp?: number; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/**
 * `env` adds to (or overrides) the Stripe settings, e.g. a price; `prices` are the simulator's (Premium's
 * yearly price by default); `now` is the app's clock (test/context.ts).
 */
export function useStripeTestApp(
  env: Record<string, string> = {},
  { prices, now }: { prices?: SimulatorPrice[]; now?: () => Date } = {},
): StripeTestApp {
  const appEnv: Record<string, string> = {};
  const stripe = {} as { simulator: StripeSimulator };
  // The simulator must listen before the app is built: its URL goes into the app's config.
  beforeAll(async () => {
    stripe.simulator = await startStripeSimulator({ prices });
    Object.assign(appEnv, {
      STRIPE_SECRET_KEY: SIMULATOR_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_simulator",
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: SIMULATOR_PRICE_ID,
      STRIPE_API_URL: stripe.simulator.url,
      ...env,
    });
  });
  const ctx = useTestApp({ env: appEnv, now });
  afterAll(async () => {
    await stripe.simulator?.close();
  });
  beforeEach(() => {
    stripe.simulator.reset();
  });

  return {
    ctx,
    stripe,
    postWebhook(event, { secret = TEST_WEBHOOK_SECRET, timestamp, headers = {} } = {}) {
      const payload = JSON.stringify(event);
      return ctx.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: {
          "content-type": "application/json",
          "stripe-signature": signStripePayload(payload, secret, timestamp),
          ...headers,
        },
        payload,
      });
    },
  };
}
