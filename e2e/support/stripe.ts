import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { signStripePayload, stripeEvent } from "../../src/server/features/payment-simulation/stripe-events";
import {
  SIMULATOR_PRICE_ID,
  SIMULATOR_SECRET_KEY,
  type SimulatorPrice,
  type StripeSimulator,
  startStripeSimulator,
} from "../../src/server/features/payment-simulation/stripe-simulator";
import type { BrowserHarness } from "./browser";
import { type FixtureUser, useFixtures } from "./fixtures";
import { type RunningServer, startServer } from "./server";

// Stripe in the browser tests. Stripe.js is replaced, through Playwright's request routing, by a small
// test double of the bits the payment pages use (elements, the Payment Element, confirmPayment), whose
// confirmPayment calls back into the test; the server's real SDK talks to the Stripe simulator
// (src/server/features/payment-simulation/stripe-simulator.ts), through which the test pays as Stripe
// would. Webhook events are built from the simulator's objects and signed with the server's secret, as
// Stripe's servers send them.

/** Served instead of https://js.stripe.com/<train>/stripe.js. Calls back into the test for confirmPayment. */
const STRIPE_JS_DOUBLE = `
(function () {
  function Stripe(publishableKey) {
    var clientSecret = null;
    var listeners = {};
    var host = null;
    var emit = function (name, payload) {
      (listeners[name] || []).forEach(function (cb) { cb(payload); });
    };
    var element = {
      mount: function (node) {
        host = typeof node === "string" ? document.querySelector(node) : node;
        host.innerHTML = '<div data-testid="payment-element-double"><label>Card number ' +
          '<input name="card" value="4242 4242 4242 4242" readonly></label></div>';
        setTimeout(function () { emit("ready", { elementType: "payment" }); }, 0);
      },
      on: function (name, cb) { (listeners[name] = listeners[name] || []).push(cb); return element; },
      off: function (name, cb) {
        listeners[name] = (listeners[name] || []).filter(function (f) { return f !== cb; });
        return element;
      },
      update: function () {},
      focus: function () {},
      blur: function () {},
      collapse: function () {},
      unmount: function () { if (host) host.innerHTML = ""; },
      destroy: function () { if (host) host.innerHTML = ""; },
    };
    var elements = {
      create: function (type) { window.__stripeDouble.created.push(type); return element; },
      getElement: function () { return element; },
      update: function () {},
      submit: function () { return Promise.resolve({}); },
    };
    var unsupported = function () { return Promise.reject(new Error("not in the test double")); };
    window.__stripeDouble = { publishableKey: publishableKey, created: [] };
    return {
      elements: function (options) { clientSecret = options && options.clientSecret; return elements; },
      confirmPayment: function (params) {
        return window.__confirmWithFakeStripe({
          clientSecret: clientSecret,
          returnUrl: params.confirmParams && params.confirmParams.return_url,
          redirect: params.redirect,
          sameElements: params.elements === elements,
        }).then(function (outcome) {
          return outcome.error
            ? { error: { type: "card_error", code: "card_declined", message: outcome.error } }
            : { paymentIntent: { id: outcome.paymentIntent, status: "succeeded" } };
        });
      },
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
`;

/** Serves the double for every Stripe.js request of the page (call before the first navigation). */
export async function serveStripeJsDouble(page: Page): Promise<void> {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS_DOUBLE }),
  );
}

/** What the page's confirmPayment asked for, as the double reports it. */
export interface ConfirmRequest {
  clientSecret: string;
  returnUrl: string;
  redirect: string;
  /** The page passed the same Elements instance it mounted the Payment Element in. */
  sameElements: boolean;
}

/** The intent's id (confirmed), or the provider's message (declined). */
export type ConfirmOutcome = { paymentIntent: string } | { error: string };

/** Answers the double's confirmPayment: the test pays (or declines) at the simulator here. */
export async function onConfirmPayment(
  page: Page,
  confirm: (request: ConfirmRequest) => Promise<ConfirmOutcome> | ConfirmOutcome,
): Promise<void> {
  await page.exposeFunction("__confirmWithFakeStripe", confirm);
}

/** The Stripe keys of the test servers' payments (the simulator's secret key is in stripe-simulator.ts). */
export const E2E_PUBLISHABLE_KEY = "pk_test_e2e_double";
const E2E_WEBHOOK_SECRET = "whsec_e2e_0123456789";

/**
 * A test file's own server with payments configured against a Stripe simulator of its own (the shared
 * server has no keys: the "setup required" case), started before the file's tests and stopped after:
 * `prices` are the simulator's (Premium's yearly one by default), `env` adds to the server's settings (a
 * price, say). `fixtures` make users on that server; `pageAs` opens a page there signed in as one, with
 * Stripe.js replaced by the double. `simulator` and `server` are set once the file's tests run.
 */
export function useStripeServer(
  harness: BrowserHarness,
  { prices, env = {} }: { prices?: SimulatorPrice[]; env?: Record<string, string> } = {},
) {
  let simulator: StripeSimulator | undefined;
  let server: RunningServer | undefined;
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error("the Stripe server starts in beforeAll: use it inside a test");
    return value;
  };
  const fixtures = useFixtures(() => started(server).url);
  beforeAll(async () => {
    simulator = await startStripeSimulator({ prices });
    server = await startStripeServer(simulator, env);
  });
  afterAll(async () => {
    await server?.stop();
    await simulator?.close();
  });
  return {
    get simulator() {
      return started(simulator);
    },
    get server() {
      return started(server);
    },
    fixtures,
    async pageAs(user: FixtureUser, viewport?: { width: number; height: number }): Promise<Page> {
      const page = await harness.newPage({ baseURL: started(server).url, viewport });
      await fixtures.signIn(page, user);
      await serveStripeJsDouble(page);
      return page;
    },
  };
}

function startStripeServer(
  simulator: StripeSimulator,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer({
    STRIPE_SECRET_KEY: SIMULATOR_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: E2E_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: SIMULATOR_PRICE_ID,
    STRIPE_API_URL: simulator.url,
    ...env,
  });
}

/** Posts a webhook event of `type` carrying `object` to such a server, signed as Stripe would sign it. */
export async function sendStripeEvent(
  serverUrl: string,
  type: string,
  object: Record<string, unknown>,
): Promise<Response> {
  const payload = JSON.stringify(stripeEvent(type, object));
  return fetch(`${serverUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signStripePayload(payload, E2E_WEBHOOK_SECRET),
    },
    body: payload,
  });
}
