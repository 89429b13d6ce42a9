import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { paymentSimulatorState } from "../../db/schema";
import { type SimulatorStore, type StripeSimulator, startStripeSimulator } from "./stripe-simulator";

// PAYMENTS=simulated (development only; the config refuses it in production, and the production entry
// does not carry this module): the development server starts the Stripe simulator beside itself and
// points its own Stripe settings at it, so the app's real payment code runs: the official SDK calls the
// simulator's API, and the simulator's signed events arrive at /api/stripe/webhook like Stripe's. Only
// the card form in the browser differs (features/payments in the client), since no Stripe.js is loaded.

/** The simulator's Prices: what Premium and the SMS add-on charge, at the figures the pages show. */
const SIMULATED_PRICE_IDS = {
  premium: "price_simulated_premium_yearly",
  sms: "price_simulated_sms_monthly",
} as const;
/** What the browser is told: a test-mode key, so every page that needs one offers the payment. */
const SIMULATED_PUBLISHABLE_KEY = "pk_test_simulated";
const STATE_ROW = "stripe";

export interface PaymentSimulation {
  simulator: StripeSimulator;
  /** The configuration with the Stripe settings of the simulator in place of any set. */
  config: AppConfig;
  /** Starts the events' deliveries to the server listening at `address`. */
  connect(address: { address: string; port: number; family: string }): void;
  close(): Promise<void>;
}

/** The simulator's objects in the app's database (payment_simulator_state), so they outlive a restart. */
function databaseStore(db: Db): SimulatorStore {
  return {
    async load() {
      const [row] = await db
        .select({ state: paymentSimulatorState.state })
        .from(paymentSimulatorState)
        .where(eq(paymentSimulatorState.id, STATE_ROW));
      return row?.state ?? null;
    },
    async save(state) {
      await db
        .insert(paymentSimulatorState)
        .values({ id: STATE_ROW, state })
        .onConflictDoUpdate({
          target: paymentSimulatorState.id,
          set: { state, updatedAt: new Date() },
        });
    },
  };
}

/**
 * Starts the simulator on a loopback port with keys of this run (nothing outside this process knows
 * them) and returns the configuration that uses it. Its webhook events wait until connectWebhook names
 * the listening server's endpoint.
 */
export async function startPaymentSimulation({
  config,
  db,
  warn,
}: {
  config: AppConfig;
  db: Db;
  warn: (message: string, err?: unknown) => void;
}): Promise<PaymentSimulation> {
  if (config.isProduction) throw new Error("the payment simulator never runs in production");
  const secretKey = `sk_test_simulated_${randomBytes(16).toString("hex")}`;
  const webhookSecret = `whsec_simulated_${randomBytes(16).toString("hex")}`;
  const simulator = await startStripeSimulator({
    secretKey,
    webhookSecret,
    prices: [
      {
        id: SIMULATED_PRICE_IDS.premium,
        unitAmount: config.premiumPriceCents,
        currency: "usd",
        interval: "year",
      },
      { id: SIMULATED_PRICE_IDS.sms, unitAmount: config.sms.priceCents, currency: "usd", interval: "month" },
    ],
    // The billing portal is a page of ours in simulation (features/payment-simulation in the client).
    portalUrl: (sessionId) => new URL(`/billing/portal/${sessionId}`, config.appUrl).toString(),
    store: databaseStore(db),
    onProblem: warn,
  });
  return {
    simulator,
    config: {
      ...config,
      stripe: {
        secretKey,
        publishableKey: SIMULATED_PUBLISHABLE_KEY,
        webhookSecret,
        priceId: SIMULATED_PRICE_IDS.premium,
        apiUrl: simulator.url,
      },
      sms: { ...config.sms, priceId: SIMULATED_PRICE_IDS.sms },
    },
    connect: (address) => simulator.connectWebhook(webhookUrlOf(address)),
    close: () => simulator.close(),
  };
}

/**
 * Where the simulator sends its events: the listening server's own webhook route, over loopback
 * whatever interface it listens on.
 */
function webhookUrlOf(address: { address: string; port: number; family: string }): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/api/stripe/webhook`;
}
