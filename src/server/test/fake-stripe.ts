import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A loopback HTTP server speaking the slice of the Stripe API the app calls, so tests run the real
// `stripe` SDK end to end (third parties are real libraries talking to loopback servers, never mocked
// modules, so a test exercises the code that runs in production). It records every request the SDK sends and honours idempotency keys
// the way Stripe does: the same key replays the first answer, the same key with other parameters fails.

interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  stripeVersion: string | undefined;
}

export interface FakePrice {
  id: string;
  unitAmount: number;
  currency: string;
  interval: "year" | "month";
}

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  created: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string;
}

interface FakeInvoice {
  id: string;
  subscription: string;
  customer: string;
  status: "open" | "paid";
  amountDue: number;
  clientSecret: string;
}

interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  clientSecret: string;
  metadata: Record<string, string>;
  created: number;
  lastPaymentError: { type: string; code: string; message: string } | null;
  /** The charge a successful confirmation made, and how much of it was refunded. */
  charge: { id: string; amountRefunded: number } | null;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  /** Requests matching a method and a path prefix, e.g. ("POST", "/v1/subscriptions"). */
  requestsTo(method: string, path: string): RecordedRequest[];
  customerCount(): number;
  subscriptionIds(): string[];
  /** The subscription as the API would return it (items, period end, latest invoice id). */
  subscriptionObject(id: string): Record<string, unknown>;
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
  /** Refunds a succeeded intent's charge (in full by default); returns the charge as `charge.refunded` carries it. */
  refundPaymentIntent(id: string, amount?: number): Record<string, unknown>;
  /** Makes the next N requests answer 500 (tests of error paths). */
  failNext(count: number): void;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake_0123456789";
export const FAKE_STRIPE_PRICE_ID = "price_premium_yearly";
const YEAR_SECONDS = 365 * 24 * 3600;

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
  ) {
    super(message);
  }
}

export async function startFakeStripe(
  options: { prices?: FakePrice[]; secretKey?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const prices = new Map(
    (
      options.prices ?? [{ id: FAKE_STRIPE_PRICE_ID, unitAmount: 49900, currency: "usd", interval: "year" }]
    ).map((p) => [p.id, p] as const),
  );
  const requests: RecordedRequest[] = [];
  let customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  let subscriptions = new Map<string, FakeSubscription>();
  let invoices = new Map<string, FakeInvoice>();
  let paymentIntents = new Map<string, FakePaymentIntent>();
  let idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let failures = 0;

  const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);

  const priceObject = (p: FakePrice) => ({
    id: p.id,
    object: "price",
    active: true,
    currency: p.currency,
    unit_amount: p.unitAmount,
    recurring: { interval: p.interval, interval_count: 1 },
    type: "recurring",
  });

  const invoiceObject = (inv: FakeInvoice, expand: string[]) => ({
    id: inv.id,
    object: "invoice",
    customer: inv.customer,
    status: inv.status,
    amount_due: inv.amountDue,
    currency: "usd",
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: {}, subscription: inv.subscription },
    },
    // Stripe only includes the confirmation secret when it is expanded.
    ...(expand.includes("confirmation_secret")
      ? { confirmation_secret: { client_secret: inv.clientSecret, type: "payment_intent" } }
      : {}),
  });

  const subscriptionObject = (sub: FakeSubscription, expand: string[]) => {
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
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
      canceled_at: sub.canceledAt,
      ended_at: sub.status === "canceled" ? sub.canceledAt : null,
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

  const paymentIntentObject = (pi: FakePaymentIntent) => ({
    id: pi.id,
    object: "payment_intent",
    amount: pi.amount,
    amount_received: pi.status === "succeeded" ? pi.amount : 0,
    currency: pi.currency,
    status: pi.status,
    client_secret: pi.clientSecret,
    metadata: pi.metadata,
    created: pi.created,
    livemode: false,
    last_payment_error: pi.lastPaymentError,
    latest_charge: pi.charge?.id ?? null,
  });

  const chargeObject = (pi: FakePaymentIntent) => {
    const charge = pi.charge;
    if (!charge) throw new Error(`payment intent ${pi.id} has no charge`);
    return {
      id: charge.id,
      object: "charge",
      amount: pi.amount,
      amount_captured: pi.amount,
      amount_refunded: charge.amountRefunded,
      refunded: charge.amountRefunded >= pi.amount,
      currency: pi.currency,
      payment_intent: pi.id,
      metadata: {},
      status: "succeeded",
    };
  };

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

  const expandOf = (params: Record<string, unknown>): string[] =>
    Array.isArray(params.expand) ? (params.expand as string[]) : [];

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    const segments = path.split("/").filter(Boolean); // ["v1", resource, id?, action?]
    const [, resource, id, action] = segments;

    if (resource === "customers" && method === "POST" && !id) {
      const customer = {
        id: newId("cus"),
        email: (params.email as string | undefined) ?? null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      };
      customers.set(customer.id, customer);
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
      const sub: FakeSubscription = {
        id: newId("sub"),
        customer,
        // default_incomplete: the first invoice waits for the Payment Element to confirm it.
        status: params.payment_behavior === "default_incomplete" ? "incomplete" : "active",
        priceId: price.id,
        created,
        currentPeriodStart: created,
        currentPeriodEnd: created + YEAR_SECONDS,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        latestInvoice: newId("in"),
      };
      const paymentIntent = newId("pi");
      invoices.set(sub.latestInvoice, {
        id: sub.latestInvoice,
        subscription: sub.id,
        customer,
        status: sub.status === "active" ? "paid" : "open",
        amountDue: price.unitAmount,
        clientSecret: `${paymentIntent}_secret_${randomBytes(8).toString("hex")}`,
      });
      subscriptions.set(sub.id, sub);
      return subscriptionObject(sub, expandOf(params));
    }
    if (resource === "subscriptions" && method === "GET" && id) {
      return subscriptionObject(getSubscription(id), expandOf(params));
    }
    if (resource === "subscriptions" && method === "POST" && id) {
      const sub = getSubscription(id);
      if (params.cancel_at_period_end !== undefined) {
        sub.cancelAtPeriodEnd = params.cancel_at_period_end === "true";
      }
      return subscriptionObject(sub, expandOf(params));
    }
    if (resource === "subscriptions" && method === "DELETE" && id) {
      const sub = getSubscription(id);
      sub.status = "canceled";
      sub.canceledAt = now();
      return subscriptionObject(sub, expandOf(params));
    }
    if (resource === "payment_intents" && method === "POST" && !id) {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        throw new StripeApiError(400, "invalid_request_error", "Amount must be at least 50 cents");
      }
      const pi: FakePaymentIntent = {
        id: newId("pi"),
        amount,
        currency: (params.currency as string | undefined) ?? "usd",
        status: "requires_payment_method",
        clientSecret: "",
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        created: now(),
        lastPaymentError: null,
        charge: null,
      };
      pi.clientSecret = `${pi.id}_secret_${randomBytes(8).toString("hex")}`;
      paymentIntents.set(pi.id, pi);
      return paymentIntentObject(pi);
    }
    if (resource === "payment_intents" && method === "GET" && id) {
      return paymentIntentObject(getPaymentIntent(id));
    }
    if (resource === "invoices" && method === "GET" && id) {
      const invoice = invoices.get(id);
      if (!invoice) throw new StripeApiError(404, "invalid_request_error", `No such invoice: '${id}'`);
      return invoiceObject(invoice, expandOf(params));
    }
    if (resource === "billing_portal" && id === "sessions" && method === "POST" && !action) {
      const customer = params.customer as string | undefined;
      if (!customer || !customers.has(customer)) {
        throw new StripeApiError(404, "invalid_request_error", `No such customer: '${customer}'`);
      }
      const session = newId("bps");
      return {
        id: session,
        object: "billing_portal.session",
        customer,
        return_url: params.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${session}`,
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
    const url = new URL(req.url ?? "/", "http://fake-stripe");
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

    if (recorded.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    if (failures > 0) {
      failures--;
      return send(res, 500, { error: { type: "api_error", message: "Fake Stripe was told to fail" } });
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
      body = { error: { type: err.type, message: err.message } };
    }
    if (key && recorded.method === "POST") idempotent.set(key, { fingerprint, status, body });
    send(res, status, body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path.startsWith(path)),
    customerCount: () => customers.size,
    subscriptionIds: () => [...subscriptions.keys()],
    subscriptionObject: (id) => subscriptionObject(getSubscription(id), []),
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
    },
    payByClientSecret: (clientSecret) => {
      const invoice = [...invoices.values()].find((i) => i.clientSecret === clientSecret);
      if (!invoice) throw new Error(`no invoice for client secret ${clientSecret}`);
      invoice.status = "paid";
      getSubscription(invoice.subscription).status = "active";
      return invoice.subscription;
    },
    paymentIntentIds: () => [...paymentIntents.keys()],
    paymentIntentObject: (id) => paymentIntentObject(getPaymentIntent(id)),
    confirmPaymentIntent: (clientSecret, options = {}) => {
      const pi = [...paymentIntents.values()].find((p) => p.clientSecret === clientSecret);
      if (!pi) throw new Error(`no payment intent for client secret ${clientSecret}`);
      if (pi.status === "succeeded") throw new Error(`payment intent ${pi.id} already succeeded`);
      if (options.declineMessage) {
        pi.status = "requires_payment_method";
        pi.lastPaymentError = { type: "card_error", code: "card_declined", message: options.declineMessage };
      } else {
        pi.status = "succeeded";
        pi.lastPaymentError = null;
        pi.charge = { id: newId("ch"), amountRefunded: 0 };
      }
      return pi.id;
    },
    refundPaymentIntent: (id, amount) => {
      const pi = getPaymentIntent(id);
      if (!pi.charge) throw new Error(`payment intent ${id} has no charge to refund`);
      pi.charge.amountRefunded = Math.min(pi.amount, pi.charge.amountRefunded + (amount ?? pi.amount));
      return chargeObject(pi);
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
      idempotent = new Map();
      failures = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
