import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signStripePayload, stripeEvent } from "./stripe-events";

// A payment provider on a loopback port that speaks the slice of Stripe's API the app calls, so the
// real `stripe` SDK runs end to end against it: the route tests and browser tests use it as their
// Stripe, and the development server starts it for PAYMENTS=simulated (simulation.ts). It keeps
// customers, subscriptions, invoices, PaymentIntents and refunds; honours idempotency keys the way Stripe
// does (the same key replays the first answer, the same key with other parameters fails); takes Stripe's
// documented test cards; and, given a webhook secret, sends Stripe-signed events for what happens in it,
// one after another with retries, to the endpoint it is told. It records every request it is sent.

interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  stripeVersion: string | undefined;
}

export interface SimulatorPrice {
  id: string;
  unitAmount: number;
  currency: string;
  interval: "year" | "month";
}

interface Customer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface Subscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  created: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string;
  /** The card of the first paid invoice, which renewals charge (save_default_payment_method). */
  defaultPaymentMethod: string | null;
}

interface Invoice {
  id: string;
  subscription: string;
  customer: string;
  status: "open" | "paid";
  amountDue: number;
  /** The PaymentIntent that pays it: the Payment Element confirms it by its client secret. */
  paymentIntent: string;
  billingReason: "subscription_create" | "subscription_cycle";
  periodStart: number;
  periodEnd: number;
  created: number;
  paidAt: number | null;
}

interface PaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  clientSecret: string;
  metadata: Record<string, string>;
  description: string | null;
  customer: string | null;
  created: number;
  lastPaymentError: PaymentError | null;
  paymentMethod: string | null;
  /** The invoice it pays, for a subscription's payment; null for a one-off payment. */
  invoice: string | null;
  /** The charge a successful confirmation made, and how much of it was refunded. */
  charge: { id: string; amountRefunded: number; created: number } | null;
}

interface PaymentError {
  type: "card_error";
  code: string;
  decline_code?: string;
  message: string;
}

interface PortalSession {
  id: string;
  customer: string;
  returnUrl: string | null;
  created: number;
}

/** One webhook event and how its delivery to the app's endpoint went. */
interface WebhookDelivery {
  eventId: string;
  type: string;
  state: "pending" | "delivered" | "failed";
  attempts: number;
  /** The endpoint's last answer (its HTTP status), or null when it could not be reached. */
  status: number | null;
  error: string | null;
  createdAt: string;
}

/** What Stripe.js answers for a confirmation: the intent, or the error it shows the payer. */
type CardConfirmation =
  | { paymentIntent: { id: string; status: string } }
  | { error: { type: string; code: string; decline_code?: string; message: string } };

/** Where the simulator keeps its objects between starts (the app's database, in development). */
export interface SimulatorStore {
  load(): Promise<unknown>;
  save(state: unknown): Promise<void>;
}

export interface StripeSimulator {
  url: string;
  requests: RecordedRequest[];
  /** Requests matching a method and a path prefix, e.g. ("POST", "/v1/subscriptions"). */
  requestsTo(method: string, path: string): RecordedRequest[];
  customerCount(): number;
  subscriptionIds(): string[];
  /** The subscription as the API would return it (items, period end, latest invoice id). */
  subscriptionObject(id: string): Record<string, unknown>;
  /** A customer's subscriptions as the API returns them, newest first (the simulated billing portal). */
  customerSubscriptions(customerId: string): Record<string, unknown>[];
  /** Changes a subscription the way Stripe would after a payment, a cancellation or a renewal. */
  updateSubscription(
    id: string,
    patch: { status?: string; currentPeriodEnd?: number; cancelAtPeriodEnd?: boolean },
  ): void;
  /** What confirming the Payment Element does at Stripe: pays the invoice, activates the subscription. */
  payByClientSecret(clientSecret: string): string;
  /** The invoice object of a subscription's latest invoice. */
  invoiceObject(subscriptionId: string): Record<string, unknown>;
  paymentIntentIds(): string[];
  /** The PaymentIntent as the API (and its webhook events) would carry it. */
  paymentIntentObject(id: string): Record<string, unknown>;
  /**
   * What confirming the Payment Element does at Stripe for a one-off payment: the intent succeeds and
   * gets a charge, or, given `declineMessage`, the attempt fails and the intent waits for another card.
   * Returns the intent's id.
   */
  confirmPaymentIntent(clientSecret: string, options?: { declineMessage?: string }): string;
  /**
   * Stripe.js's confirmPayment with a card typed in: Stripe's test cards succeed or are declined as
   * Stripe documents them; any other number is refused as Stripe's test mode refuses a real card.
   */
  confirmWithCard(clientSecret: string, cardNumber: string): CardConfirmation;
  /**
   * The end of a subscription's period, now: a plan set to cancel ends; otherwise the next period is
   * billed to the saved card (declined when `decline`, leaving the plan past due), or a past-due invoice
   * is paid.
   */
  reachPeriodEnd(subscriptionId: string, options?: { decline?: boolean }): Record<string, unknown>;
  /** Refunds a succeeded intent's charge (in full by default); returns the charge as `charge.refunded` carries it. */
  refundPaymentIntent(id: string, amount?: number): Record<string, unknown>;
  /** A billing portal session the API made: its customer and where it returns. */
  portalSession(id: string): { customer: string; returnUrl: string | null } | null;
  /** Starts sending the events to the app's webhook endpoint at `url` (those made meanwhile too). */
  connectWebhook(url: string): void;
  /** The latest webhook deliveries, newest first. */
  deliveries(): WebhookDelivery[];
  /** Settles when every event made so far has been delivered or given up on. */
  idle(): Promise<void>;
  /** Makes the next N requests answer 500 (tests of error paths). */
  failNext(count: number): void;
  reset(): void;
  close(): Promise<void>;
}

export const SIMULATOR_SECRET_KEY = "sk_test_simulator_0123456789";
export const SIMULATOR_PRICE_ID = "price_premium_yearly";

/**
 * Stripe's documented test cards (docs.stripe.com/testing): what each does when confirmed, with the
 * error Stripe.js would show. The payment method is the test token Stripe gives the same card.
 */
const TEST_CARDS: Record<string, { paymentMethod: string; decline?: Omit<PaymentError, "type"> }> = {
  "4242424242424242": { paymentMethod: "pm_card_visa" },
  "4000000000000002": {
    paymentMethod: "pm_card_visa_chargeDeclined",
    decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  },
  "4000000000009995": {
    paymentMethod: "pm_card_visa_chargeDeclinedInsufficientFunds",
    decline: {
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    },
  },
  // The card that asks for 3-D Secure: there is no bank page to show here, so it is declined as Stripe
  // declines a payment whose authentication did not happen.
  "4000002500003155": {
    paymentMethod: "pm_card_authenticationRequired",
    decline: {
      code: "card_declined",
      decline_code: "authentication_required",
      message: "Your card was declined. This transaction requires authentication.",
    },
  },
};
const INCORRECT_NUMBER: Omit<PaymentError, "type"> = {
  code: "incorrect_number",
  message: "Your card number is incorrect.",
};
const NOT_A_TEST_CARD: Omit<PaymentError, "type"> = {
  code: "card_declined",
  decline_code: "test_mode_live_card",
  message:
    "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
};

/** The card number check every card network uses (a mistyped digit fails it). */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Parses Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects and arrays. */
function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node = root as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  const toArrays = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => [k, toArrays(v)] as const,
    );
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return toArrays(root) as Record<string, unknown>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The period after one that ends at `from`: a calendar month or year later, as Stripe bills. */
function periodEndAfter(from: number, interval: "year" | "month"): number {
  const date = new Date(from * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** What the store keeps: the objects and the idempotency keys of the last day. */
interface Snapshot {
  version: 1;
  customers: Customer[];
  subscriptions: Subscription[];
  invoices: Invoice[];
  paymentIntents: PaymentIntent[];
  portalSessions: PortalSession[];
  idempotent: [string, StoredAnswer][];
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  at: number;
}

/** Stripe keeps an idempotency key for 24 hours. */
const IDEMPOTENCY_SECONDS = 24 * 3600;
/** How many recorded requests, events and deliveries are kept (a development server runs for days). */
const KEPT = 500;
/** Waits between delivery attempts of one event, as Stripe retries a failing endpoint (sooner here). */
const RETRY_DELAYS_MS = [500, 2000, 5000, 10_000];

export interface StripeSimulatorOptions {
  prices?: SimulatorPrice[];
  secretKey?: string;
  /**
   * Given a secret, every event is signed with it and sent to the endpoint connectWebhook names; without
   * one (most tests, which post their own events) events are only made.
   */
  webhookSecret?: string;
  /** The page a billing portal session opens: a Stripe address by default, a page of the app's in simulation. */
  portalUrl?: (sessionId: string) => string;
  store?: SimulatorStore;
  /** Told about a failed save or a webhook given up on; nothing is thrown at the caller. */
  onProblem?: (message: string, err?: unknown) => void;
}

export async function startStripeSimulator(options: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const secretKey = options.secretKey ?? SIMULATOR_SECRET_KEY;
  const portalUrl = options.portalUrl ?? ((id: string) => `https://billing.stripe.test/p/session/${id}`);
  const onProblem = options.onProblem ?? (() => {});
  const prices = new Map(
    (
      options.prices ?? [{ id: SIMULATOR_PRICE_ID, unitAmount: 49900, currency: "usd", interval: "year" }]
    ).map((p) => [p.id, p] as const),
  );
  const requests: RecordedRequest[] = [];
  let customers = new Map<string, Customer>();
  let subscriptions = new Map<string, Subscription>();
  let invoices = new Map<string, Invoice>();
  let paymentIntents = new Map<string, PaymentIntent>();
  let portalSessions = new Map<string, PortalSession>();
  let idempotent = new Map<string, StoredAnswer>();
  let failures = 0;

  const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const keepLast = <T>(list: T[]) => {
    if (list.length > KEPT) list.splice(0, list.length - KEPT);
  };

  // --- The objects as the API shows them -----------------------------------------------------------

  const priceObject = (p: SimulatorPrice) => ({
    id: p.id,
    object: "price",
    active: true,
    currency: p.currency,
    unit_amount: p.unitAmount,
    recurring: { interval: p.interval, interval_count: 1 },
    type: "recurring",
  });

  const invoiceObject = (inv: Invoice, expand: string[]) => {
    const sub = subscriptions.get(inv.subscription);
    const pi = paymentIntents.get(inv.paymentIntent);
    return {
      id: inv.id,
      object: "invoice",
      customer: inv.customer,
      status: inv.status,
      amount_due: inv.amountDue,
      amount_paid: inv.status === "paid" ? inv.amountDue : 0,
      amount_remaining: inv.status === "paid" ? 0 : inv.amountDue,
      currency: "usd",
      billing_reason: inv.billingReason,
      created: inv.created,
      period_start: inv.periodStart,
      period_end: inv.periodEnd,
      livemode: false,
      status_transitions: { paid_at: inv.paidAt },
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: sub?.metadata ?? {}, subscription: inv.subscription },
      },
      // Stripe only includes the confirmation secret and the payments when they are expanded.
      ...(expand.includes("confirmation_secret") && pi
        ? { confirmation_secret: { client_secret: pi.clientSecret, type: "payment_intent" } }
        : {}),
      ...(expand.includes("payments")
        ? {
            payments: {
              object: "list",
              data: pi
                ? [
                    {
                      id: `inpay_${inv.id.slice(3)}`,
                      object: "invoice_payment",
                      invoice: inv.id,
                      is_default: true,
                      status: inv.status === "paid" ? "paid" : "open",
                      amount_paid: inv.status === "paid" ? inv.amountDue : null,
                      amount_requested: inv.amountDue,
                      currency: "usd",
                      payment: { type: "payment_intent", payment_intent: pi.id },
                    },
                  ]
                : [],
              has_more: false,
            },
          }
        : {}),
    };
  };

  const subscriptionObject = (sub: Subscription, expand: string[]) => {
    const price = prices.get(sub.priceId);
    const invoice = invoices.get(sub.latestInvoice);
    const invoiceExpand = expand
      .filter((e) => e.startsWith("latest_invoice."))
      .map((e) => e.slice("latest_invoice.".length));
    return {
      id: sub.id,
      object: "subscription",
      customer: sub.customer,
      status: sub.status,
      created: sub.created,
      livemode: false,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
      canceled_at: sub.canceledAt,
      ended_at: sub.endedAt,
      default_payment_method: sub.defaultPaymentMethod,
      metadata: sub.metadata,
      items: {
        object: "list",
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: "subscription_item",
            price: price ? priceObject(price) : null,
            quantity: 1,
            current_period_start: sub.currentPeriodStart,
            current_period_end: sub.currentPeriodEnd,
          },
        ],
        has_more: false,
      },
      latest_invoice:
        invoice && (expand.includes("latest_invoice") || invoiceExpand.length > 0)
          ? invoiceObject(invoice, invoiceExpand)
          : sub.latestInvoice,
    };
  };

  const paymentIntentObject = (pi: PaymentIntent) => ({
    id: pi.id,
    object: "payment_intent",
    amount: pi.amount,
    amount_received: pi.status === "succeeded" ? pi.amount : 0,
    currency: pi.currency,
    status: pi.status,
    client_secret: pi.clientSecret,
    customer: pi.customer,
    description: pi.description,
    metadata: pi.metadata,
    created: pi.created,
    livemode: false,
    payment_method: pi.paymentMethod,
    last_payment_error: pi.lastPaymentError,
    latest_charge: pi.charge?.id ?? null,
  });

  const chargeObject = (pi: PaymentIntent) => {
    const charge = pi.charge;
    if (!charge) throw new Error(`payment intent ${pi.id} has no charge`);
    return {
      id: charge.id,
      object: "charge",
      amount: pi.amount,
      amount_captured: pi.amount,
      amount_refunded: charge.amountRefunded,
      refunded: charge.amountRefunded >= pi.amount,
      captured: true,
      created: charge.created,
      currency: pi.currency,
      customer: pi.customer,
      livemode: false,
      payment_intent: pi.id,
      payment_method: pi.paymentMethod,
      metadata: {},
      status: "succeeded",
    };
  };

  // --- Webhook events --------------------------------------------------------------------------------

  const deliveryLog: WebhookDelivery[] = [];
  const outbox: { payload: string; delivery: WebhookDelivery }[] = [];
  let webhookUrl: string | null = null;
  let pumping: Promise<void> | null = null;
  let closed = false;
  /** Ends the wait before a retry at once (close). */
  let stopWaiting: (() => void) | null = null;

  /** An event about `object` (its state now), sent to the endpoint when there is one. */
  function emit(type: string, object: Record<string, unknown>) {
    if (!options.webhookSecret || closed) return;
    const event = stripeEvent(type, object);
    const delivery: WebhookDelivery = {
      eventId: event.id,
      type,
      state: "pending",
      attempts: 0,
      status: null,
      error: null,
      createdAt: new Date().toISOString(),
    };
    deliveryLog.push(delivery);
    keepLast(deliveryLog);
    outbox.push({ payload: JSON.stringify(event), delivery });
    pump();
  }

  async function deliverOnce(item: (typeof outbox)[number], url: string, secret: string): Promise<boolean> {
    item.delivery.attempts++;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          // Signed at each attempt, as Stripe does, so a retry is never stale.
          "stripe-signature": signStripePayload(item.payload, secret),
        },
        body: item.payload,
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      item.delivery.status = res.status;
      item.delivery.error = null;
      return res.ok;
    } catch (err) {
      item.delivery.status = null;
      item.delivery.error = (err as Error).message;
      return false;
    }
  }

  /** Sends the outbox in order, one event at a time; a failing one is retried before the next goes. */
  function pump() {
    const secret = options.webhookSecret;
    if (pumping || !webhookUrl || !secret || closed) return;
    const url = webhookUrl;
    pumping = (async () => {
      while (outbox.length > 0 && !closed) {
        const item = outbox[0]!;
        if (await deliverOnce(item, url, secret)) {
          item.delivery.state = "delivered";
        } else if (item.delivery.attempts > RETRY_DELAYS_MS.length) {
          item.delivery.state = "failed";
          onProblem(
            `simulated Stripe gave up on ${item.delivery.type} (${item.delivery.eventId}) after ${item.delivery.attempts} attempts: ${item.delivery.error ?? `HTTP ${item.delivery.status}`}`,
          );
        } else {
          const wait = RETRY_DELAYS_MS[item.delivery.attempts - 1]!;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            stopWaiting = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          stopWaiting = null;
          continue;
        }
        outbox.shift();
      }
    })().finally(() => {
      pumping = null;
      // An event made while the loop was ending.
      if (outbox.length > 0) pump();
    });
  }

  // --- Persistence -----------------------------------------------------------------------------------

  const snapshot = (): Snapshot => {
    const oldest = now() - IDEMPOTENCY_SECONDS;
    return {
      version: 1,
      customers: [...customers.values()],
      subscriptions: [...subscriptions.values()],
      invoices: [...invoices.values()],
      paymentIntents: [...paymentIntents.values()],
      portalSessions: [...portalSessions.values()],
      idempotent: [...idempotent.entries()].filter(([, answer]) => answer.at >= oldest),
    };
  };

  const restore = (state: unknown) => {
    const saved = state as Partial<Snapshot> | null;
    if (saved?.version !== 1) return;
    const byId = <T extends { id: string }>(list: T[] | undefined) =>
      new Map((list ?? []).map((item) => [item.id, item] as const));
    customers = byId(saved.customers);
    subscriptions = byId(saved.subscriptions);
    invoices = byId(saved.invoices);
    paymentIntents = byId(saved.paymentIntents);
    portalSessions = byId(saved.portalSessions);
    idempotent = new Map(saved.idempotent ?? []);
  };

  let saving: Promise<void> | null = null;
  let dirty = false;
  /**
   * Saves after a change, never awaited by the request that made it: the app may be holding a database
   * transaction around its call to us (a lock on the user), and on the embedded database a save would
   * wait for that transaction, which waits for our answer.
   */
  function persist() {
    const store = options.store;
    if (!store) return;
    dirty = true;
    if (saving) return;
    saving = (async () => {
      while (dirty) {
        dirty = false;
        try {
          await store.save(snapshot());
        } catch (err) {
          onProblem("simulated Stripe could not save its state", err);
        }
      }
    })().finally(() => {
      saving = null;
    });
  }

  if (options.store) restore(await options.store.load());

  // --- What happens at the provider ----------------------------------------------------------------

  const getPaymentIntent = (id: string) => {
    const pi = paymentIntents.get(id);
    if (!pi) throw new StripeApiError(404, "invalid_request_error", `No such payment_intent: '${id}'`);
    return pi;
  };

  const getSubscription = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new StripeApiError(404, "invalid_request_error", `No such subscription: '${id}'`);
    return sub;
  };

  const intentBySecret = (clientSecret: string) =>
    [...paymentIntents.values()].find((p) => p.clientSecret === clientSecret);

  const newPaymentIntent = (fields: Partial<PaymentIntent> & { amount: number }): PaymentIntent => {
    const id = newId("pi");
    const pi: PaymentIntent = {
      id,
      currency: "usd",
      status: "requires_payment_method",
      clientSecret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      metadata: {},
      description: null,
      customer: null,
      created: now(),
      lastPaymentError: null,
      paymentMethod: null,
      invoice: null,
      charge: null,
      ...fields,
    };
    paymentIntents.set(pi.id, pi);
    return pi;
  };

  /** A subscription's invoice for [start, end], with the PaymentIntent that pays it. */
  const newInvoice = (sub: Subscription, reason: Invoice["billingReason"], start: number, end: number) => {
    const price = prices.get(sub.priceId);
    const amount = price?.unitAmount ?? 0;
    const invoice: Invoice = {
      id: newId("in"),
      subscription: sub.id,
      customer: sub.customer,
      status: "open",
      amountDue: amount,
      paymentIntent: "",
      billingReason: reason,
      periodStart: start,
      periodEnd: end,
      created: now(),
      paidAt: null,
    };
    invoice.paymentIntent = newPaymentIntent({
      amount,
      customer: sub.customer,
      invoice: invoice.id,
      description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
    }).id;
    invoices.set(invoice.id, invoice);
    sub.latestInvoice = invoice.id;
    return invoice;
  };

  /** A confirmation's outcome: the intent paid with `paymentMethod`, or declined with `error`. */
  function settle(pi: PaymentIntent, paymentMethod: string, error: PaymentError | null) {
    pi.paymentMethod = paymentMethod;
    const invoice = pi.invoice ? invoices.get(pi.invoice) : undefined;
    const sub = invoice ? subscriptions.get(invoice.subscription) : undefined;
    if (error) {
      pi.status = "requires_payment_method";
      pi.lastPaymentError = error;
      emit("payment_intent.payment_failed", paymentIntentObject(pi));
      if (invoice) emit("invoice.payment_failed", invoiceObject(invoice, []));
    } else {
      pi.status = "succeeded";
      pi.lastPaymentError = null;
      pi.charge = { id: newId("ch"), amountRefunded: 0, created: now() };
      emit("payment_intent.succeeded", paymentIntentObject(pi));
      if (invoice && sub) {
        invoice.status = "paid";
        invoice.paidAt = now();
        sub.status = "active";
        sub.defaultPaymentMethod ??= paymentMethod;
        emit("invoice.paid", invoiceObject(invoice, []));
        emit("customer.subscription.updated", subscriptionObject(sub, []));
      }
    }
    persist();
  }

  const checkConfirmable = (pi: PaymentIntent) => {
    if (pi.status === "succeeded" || pi.status === "canceled") {
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `This PaymentIntent's status is ${pi.status}, so it cannot be confirmed.`,
        "payment_intent_unexpected_state",
      );
    }
  };

  function refund(pi: PaymentIntent, amount: number | undefined) {
    const charge = pi.charge;
    if (!charge) {
      throw new StripeApiError(
        400,
        "invalid_request_error",
        "This PaymentIntent does not have a successful charge to refund.",
      );
    }
    const left = pi.amount - charge.amountRefunded;
    if (left <= 0) {
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `Charge ${charge.id} has already been refunded.`,
        "charge_already_refunded",
      );
    }
    const refunded = Math.min(left, amount ?? left);
    charge.amountRefunded += refunded;
    const chargeNow = chargeObject(pi);
    emit("charge.refunded", chargeNow);
    persist();
    return { refunded, charge: chargeNow };
  }

  function endSubscription(sub: Subscription) {
    sub.status = "canceled";
    sub.canceledAt ??= now();
    sub.endedAt = now();
    emit("customer.subscription.deleted", subscriptionObject(sub, []));
    persist();
  }

  // --- The API -----------------------------------------------------------------------------------

  const expandOf = (params: Record<string, unknown>): string[] =>
    Array.isArray(params.expand) ? (params.expand as string[]) : [];

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    const segments = path.split("/").filter(Boolean); // ["v1", resource, id?, action?]
    const [, resource, id, action] = segments;

    if (resource === "customers" && method === "POST" && !id) {
      const customer: Customer = {
        id: newId("cus"),
        email: (params.email as string | undefined) ?? null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      persist();
      return { object: "customer", ...customer };
    }
    if (resource === "customers" && method === "GET" && id) {
      const customer = customers.get(id);
      if (!customer) throw new StripeApiError(404, "invalid_request_error", `No such customer: '${id}'`);
      return { object: "customer", ...customer };
    }
    if (resource === "prices" && method === "GET" && id) {
      const price = prices.get(id);
      if (!price) throw new StripeApiError(404, "invalid_request_error", `No such price: '${id}'`);
      return priceObject(price);
    }
    if (resource === "subscriptions" && method === "POST" && !id) {
      const customer = params.customer as string | undefined;
      if (!customer || !customers.has(customer)) {
        throw new StripeApiError(404, "invalid_request_error", `No such customer: '${customer}'`);
      }
      const items = params.items as { price?: string }[] | undefined;
      const priceId = items?.[0]?.price;
      const price = priceId ? prices.get(priceId) : undefined;
      if (!price) throw new StripeApiError(404, "invalid_request_error", `No such price: '${priceId}'`);
      const created = now();
      const sub: Subscription = {
        id: newId("sub"),
        customer,
        status: "incomplete",
        priceId: price.id,
        created,
        currentPeriodStart: created,
        currentPeriodEnd: periodEndAfter(created, price.interval),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endedAt: null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        latestInvoice: "",
        defaultPaymentMethod: null,
      };
      const invoice = newInvoice(sub, "subscription_create", created, sub.currentPeriodEnd);
      // default_incomplete: the first invoice waits for the Payment Element to confirm it.
      if (params.payment_behavior !== "default_incomplete") {
        sub.status = "active";
        invoice.status = "paid";
        invoice.paidAt = created;
        const pi = getPaymentIntent(invoice.paymentIntent);
        pi.status = "succeeded";
        pi.charge = { id: newId("ch"), amountRefunded: 0, created };
      }
      subscriptions.set(sub.id, sub);
      emit("customer.subscription.created", subscriptionObject(sub, []));
      persist();
      return subscriptionObject(sub, expandOf(params));
    }
    if (resource === "subscriptions" && method === "GET" && id) {
      return subscriptionObject(getSubscription(id), expandOf(params));
    }
    if (resource === "subscriptions" && method === "POST" && id) {
      const sub = getSubscription(id);
      if (params.cancel_at_period_end !== undefined) {
        const cancel = params.cancel_at_period_end === "true";
        if (cancel !== sub.cancelAtPeriodEnd) {
          sub.cancelAtPeriodEnd = cancel;
          sub.canceledAt = cancel ? now() : null;
          emit("customer.subscription.updated", subscriptionObject(sub, []));
          persist();
        }
      }
      return subscriptionObject(sub, expandOf(params));
    }
    if (resource === "subscriptions" && method === "DELETE" && id) {
      const sub = getSubscription(id);
      if (sub.status !== "canceled") endSubscription(sub);
      return subscriptionObject(sub, expandOf(params));
    }
    if (resource === "payment_intents" && method === "POST" && !id) {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        throw new StripeApiError(400, "invalid_request_error", "Amount must be at least 50 cents");
      }
      const pi = newPaymentIntent({
        amount,
        currency: (params.currency as string | undefined) ?? "usd",
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        description: (params.description as string | undefined) ?? null,
        customer: (params.customer as string | undefined) ?? null,
      });
      persist();
      return paymentIntentObject(pi);
    }
    if (resource === "payment_intents" && method === "GET" && id) {
      return paymentIntentObject(getPaymentIntent(id));
    }
    if (resource === "charges" && method === "GET" && id) {
      const pi = [...paymentIntents.values()].find((p) => p.charge?.id === id);
      if (!pi) throw new StripeApiError(404, "invalid_request_error", `No such charge: '${id}'`);
      return chargeObject(pi);
    }
    if (resource === "invoices" && method === "GET" && id) {
      const invoice = invoices.get(id);
      if (!invoice) throw new StripeApiError(404, "invalid_request_error", `No such invoice: '${id}'`);
      return invoiceObject(invoice, expandOf(params));
    }
    if (resource === "refunds" && method === "POST" && !id) {
      const intentId = params.payment_intent as string | undefined;
      const chargeId = params.charge as string | undefined;
      const pi = intentId
        ? getPaymentIntent(intentId)
        : [...paymentIntents.values()].find((p) => chargeId && p.charge?.id === chargeId);
      if (!pi) throw new StripeApiError(404, "invalid_request_error", `No such charge: '${chargeId}'`);
      const amount = params.amount === undefined ? undefined : Number(params.amount);
      const { refunded, charge } = refund(pi, amount);
      return {
        id: newId("re"),
        object: "refund",
        amount: refunded,
        charge: charge.id,
        payment_intent: pi.id,
        currency: pi.currency,
        reason: (params.reason as string | undefined) ?? null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        created: now(),
        status: "succeeded",
      };
    }
    if (resource === "billing_portal" && id === "sessions" && method === "POST" && !action) {
      const customer = params.customer as string | undefined;
      if (!customer || !customers.has(customer)) {
        throw new StripeApiError(404, "invalid_request_error", `No such customer: '${customer}'`);
      }
      const session: PortalSession = {
        id: newId("bps"),
        customer,
        returnUrl: (params.return_url as string | undefined) ?? null,
        created: now(),
      };
      portalSessions.set(session.id, session);
      persist();
      return {
        id: session.id,
        object: "billing_portal.session",
        customer,
        return_url: session.returnUrl,
        url: portalUrl(session.id),
      };
    }
    throw new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path})`);
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stripe-simulator");
    const bodyText = Buffer.concat(chunks).toString("utf8");
    const params = parseStripeForm(
      req.method === "GET" || req.method === "DELETE" ? url.search.slice(1) : bodyText,
    );
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      params,
      idempotencyKey: header("idempotency-key"),
      authorization: header("authorization"),
      stripeVersion: header("stripe-version"),
    };
    requests.push(recorded);
    keepLast(requests);

    if (recorded.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    if (failures > 0) {
      failures--;
      return send(res, 500, { error: { type: "api_error", message: "The simulator was told to fail" } });
    }
    const key = recorded.idempotencyKey;
    const fingerprint = createHash("sha256")
      .update(`${recorded.method} ${recorded.path} ${bodyText}`)
      .digest("hex");
    if (key && recorded.method === "POST") {
      const previous = idempotent.get(key);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          return send(res, 400, {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          });
        }
        res.setHeader("idempotent-replayed", "true");
        return send(res, previous.status, previous.body);
      }
    }
    let status = 200;
    let body: unknown;
    try {
      body = route(recorded.method, recorded.path, params);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      status = err.status;
      body = { error: { type: err.type, message: err.message, ...(err.code ? { code: err.code } : {}) } };
    }
    if (key && recorded.method === "POST") {
      idempotent.set(key, { fingerprint, status, body, at: now() });
      persist();
    }
    send(res, status, body);
  });

  // Loopback only: the simulator answers to the server beside it and to nothing on the network.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path.startsWith(path)),
    customerCount: () => customers.size,
    subscriptionIds: () => [...subscriptions.keys()],
    subscriptionObject: (id) => subscriptionObject(getSubscription(id), []),
    customerSubscriptions: (customerId) =>
      [...subscriptions.values()]
        .filter((sub) => sub.customer === customerId)
        .sort((a, b) => b.created - a.created)
        .map((sub) => subscriptionObject(sub, [])),
    invoiceObject: (subscriptionId) => {
      const invoice = invoices.get(getSubscription(subscriptionId).latestInvoice)!;
      return invoiceObject(invoice, []);
    },
    updateSubscription: (id, patch) => {
      const sub = getSubscription(id);
      if (patch.status !== undefined) {
        sub.status = patch.status;
        if (patch.status === "canceled") sub.canceledAt = now();
      }
      if (patch.currentPeriodEnd !== undefined) sub.currentPeriodEnd = patch.currentPeriodEnd;
      if (patch.cancelAtPeriodEnd !== undefined) sub.cancelAtPeriodEnd = patch.cancelAtPeriodEnd;
      persist();
    },
    payByClientSecret: (clientSecret) => {
      const pi = intentBySecret(clientSecret);
      const invoice = pi?.invoice ? invoices.get(pi.invoice) : undefined;
      if (!pi || !invoice) throw new Error(`no invoice for client secret ${clientSecret}`);
      settle(pi, "pm_card_visa", null);
      return invoice.subscription;
    },
    paymentIntentIds: () => [...paymentIntents.values()].filter((pi) => !pi.invoice).map((pi) => pi.id),
    paymentIntentObject: (id) => paymentIntentObject(getPaymentIntent(id)),
    confirmPaymentIntent: (clientSecret, { declineMessage } = {}) => {
      const pi = intentBySecret(clientSecret);
      if (!pi) throw new Error(`no payment intent for client secret ${clientSecret}`);
      if (pi.status === "succeeded") throw new Error(`payment intent ${pi.id} already succeeded`);
      settle(
        pi,
        declineMessage ? "pm_card_visa_chargeDeclined" : "pm_card_visa",
        declineMessage ? { type: "card_error", code: "card_declined", message: declineMessage } : null,
      );
      return pi.id;
    },
    confirmWithCard: (clientSecret, cardNumber) => {
      const pi = intentBySecret(clientSecret);
      if (!pi) {
        return {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such payment_intent: the payment could not be found.",
          },
        };
      }
      try {
        checkConfirmable(pi);
      } catch (err) {
        const { type, message, code } = err as StripeApiError;
        return { error: { type, code: code ?? "payment_intent_unexpected_state", message } };
      }
      const digits = cardNumber.replace(/\D/g, "");
      const card = TEST_CARDS[digits];
      if (!card && !passesLuhn(digits)) {
        // Stripe.js refuses a mistyped number before anything reaches the intent.
        return { error: { type: "card_error", ...INCORRECT_NUMBER } };
      }
      const decline = card ? card.decline : NOT_A_TEST_CARD;
      const error: PaymentError | null = decline ? { type: "card_error", ...decline } : null;
      settle(pi, card?.paymentMethod ?? "pm_card_live", error);
      return error ? { error } : { paymentIntent: { id: pi.id, status: pi.status } };
    },
    reachPeriodEnd: (subscriptionId, { decline = false } = {}) => {
      const sub = getSubscription(subscriptionId);
      if (!["active", "trialing", "past_due"].includes(sub.status)) {
        throw new Error(`subscription ${sub.id} is ${sub.status}: it has no period to end`);
      }
      if (sub.cancelAtPeriodEnd) {
        endSubscription(sub);
        return subscriptionObject(sub, []);
      }
      const open = invoices.get(sub.latestInvoice);
      const invoice =
        sub.status === "past_due" && open?.status === "open"
          ? open
          : (() => {
              const price = prices.get(sub.priceId);
              const start = sub.currentPeriodEnd;
              const end = periodEndAfter(start, price?.interval ?? "year");
              sub.currentPeriodStart = start;
              sub.currentPeriodEnd = end;
              return newInvoice(sub, "subscription_cycle", start, end);
            })();
      const pi = getPaymentIntent(invoice.paymentIntent);
      if (decline) {
        sub.status = "past_due";
        settle(pi, sub.defaultPaymentMethod ?? "pm_card_visa", {
          type: "card_error",
          ...TEST_CARDS["4000000000000002"]!.decline!,
        });
        emit("customer.subscription.updated", subscriptionObject(sub, []));
      } else {
        settle(pi, sub.defaultPaymentMethod ?? "pm_card_visa", null);
      }
      return subscriptionObject(sub, []);
    },
    refundPaymentIntent: (id, amount) => refund(getPaymentIntent(id), amount).charge,
    portalSession: (id) => {
      const session = portalSessions.get(id);
      return session ? { customer: session.customer, returnUrl: session.returnUrl } : null;
    },
    connectWebhook: (url) => {
      webhookUrl = url;
      pump();
    },
    deliveries: () => [...deliveryLog].reverse(),
    idle: async () => {
      while (pumping || (outbox.length > 0 && webhookUrl && !closed)) await (pumping ?? Promise.resolve());
    },
    failNext: (count) => {
      failures = count;
    },
    reset: () => {
      requests.length = 0;
      customers = new Map();
      subscriptions = new Map();
      invoices = new Map();
      paymentIntents = new Map();
      portalSessions = new Map();
      idempotent = new Map();
      outbox.length = 0;
      deliveryLog.length = 0;
      failures = 0;
      persist();
    },
    close: async () => {
      closed = true;
      stopWaiting?.();
      await pumping;
      while (saving) await saving;
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      });
    },
  };
}
