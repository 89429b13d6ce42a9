import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SIMULATOR_PRICE_ID } from "../src/server/features/payment-simulation/stripe-simulator";
import { formatPriceCents } from "../src/shared/format";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";
import {
  type ConfirmRequest,
  E2E_PUBLISHABLE_KEY,
  onConfirmPayment,
  useStripeServer,
} from "./support/stripe";

// Premium through Stripe in Chromium, with the Stripe.js double and the Stripe simulator
// (e2e/support/stripe.ts): the double's confirmPayment pays through the simulator, as Stripe would.

const PRICE_CENTS = 39900;

describe("Premium subscription with Stripe", () => {
  const harness = useBrowser();
  // Users on the shared server (no Stripe keys) and on this file's Stripe-enabled server.
  const fixtures = useFixtures();
  // Not the default price: a page that printed a literal $499 instead of the configured figure would fail.
  const stripe = useStripeServer(harness, {
    prices: [{ id: SIMULATOR_PRICE_ID, unitAmount: PRICE_CENTS, currency: "usd", interval: "year" }],
    env: { PREMIUM_PRICE_CENTS: String(PRICE_CENTS) },
  });
  const stripeFixtures = stripe.fixtures;
  const stripePage = stripe.pageAs;

  async function priceLabel(page: Page): Promise<string> {
    const config = (await (await page.request.get("/api/config")).json()) as { premiumPriceCents: number };
    return formatPriceCents(config.premiumPriceCents);
  }

  it("shows 'Payment System Setup Required' with Go Back when no publishable key is set", async () => {
    const page = await harness.newPage();
    await fixtures.signIn(page, await fixtures.createUser({ role: "publisher" }));
    await page.goto("/pricing");
    await page.goto("/subscribe");
    await page.getByRole("heading", { name: "Payment System Setup Required" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/pricing");
  });

  it("tells a Premium member they already have Premium, even where payments are not set up", async () => {
    const page = await harness.newPage();
    await fixtures.signIn(page, await fixtures.createUser({ role: "publisher", premium: true }));
    await page.goto("/subscribe");
    await page.getByRole("heading", { name: "You already have Premium" }).waitFor();
    expect(await page.getByText("Payment System Setup Required").count()).toBe(0);
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Browse buyers" }).getAttribute("href")).toBe("/browse");
    expect(await main.getByRole("link", { name: "Manage subscription" }).getAttribute("href")).toBe(
      "/pricing",
    );
    await expectAccessible(page);
  });

  it("asks a signed-out visitor to log in, then goes to the sign-in page", async () => {
    const page = await harness.newPage();
    // The page shows the message for half a second and then leaves with a full navigation: on a busy
    // machine a locator's polling can miss that window. The page itself notes the message the moment it
    // appears, in the tab's sessionStorage, which outlives the navigation.
    await page.addInitScript((text) => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(text)) sessionStorage.setItem("loginMessageShown", "yes");
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, "Please log in to subscribe to Premium.");
    await page.goto("/subscribe");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    expect(await page.evaluate(() => sessionStorage.getItem("loginMessageShown"))).toBe("yes");
  });

  it("says payment is unavailable when Stripe.js cannot load", async () => {
    const page = await stripePage(await stripeFixtures.createUser());
    await page.route("https://js.stripe.com/**", (route) => route.abort("failed"));
    harness.allowConsoleErrors(/Failed to load resource/);
    await page.goto("/subscribe");
    await page
      .getByRole("alert")
      .filter({ hasText: "Payment processing is temporarily unavailable. Please try again later." })
      .waitFor();
    await expect.poll(() => page.getByRole("button", { name: /Subscribe for/ }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("pays with the Payment Element: 'Processing...', success toast, Premium badge, contacts on browse", async () => {
    stripe.simulator.reset();
    const buyer = await stripeFixtures.createBuyerWithListings({ n: 1 });
    const page = await stripePage(await stripeFixtures.createUser({ role: "publisher" }));
    await page.route("https://billing.stripe.test/**", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<title>Stripe billing portal</title><h1>Billing</h1>",
      }),
    );
    // confirmPayment waits on this gate, so the test sees the button while the payment is in flight.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const confirmations: ConfirmRequest[] = [];
    await onConfirmPayment(page, async (request) => {
      confirmations.push(request);
      await gate;
      return { paymentIntent: stripe.simulator.payByClientSecret(request.clientSecret) };
    });

    // Free before paying: masked contacts and a Free badge.
    await page.goto(`/browse?search=${buyer.token}`);
    await page
      .getByRole("button", { name: /Upgrade to see contact/ })
      .first()
      .waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect.poll(() => nav.getByTestId("plan-badge").textContent()).toBe("Free");

    // One price everywhere: the pricing page's Premium card shows the same figure as /subscribe below.
    await page.goto("/pricing");
    await expect
      .poll(() => page.getByTestId("premium-price").first().textContent())
      .toBe(`${formatPriceCents(PRICE_CENTS)}/year`);

    await page.goto("/subscribe");
    const price = await priceLabel(page);
    expect(price).toBe(formatPriceCents(PRICE_CENTS));
    // The Stripe price equals the configured one, so the startup check stayed quiet.
    expect(stripe.server.output()).not.toMatch(/differs from what the pages show/);
    await expect.poll(() => page.getByTestId("premium-price").textContent()).toBe(`${price}/year`);
    const pay = page.getByRole("button", { name: `Subscribe for ${price}/year` });
    await pay.waitFor();
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await expectAccessible(page);
    expect(
      await page.evaluate(() => (window as unknown as { __stripeDouble: unknown }).__stripeDouble),
    ).toEqual({
      publishableKey: E2E_PUBLISHABLE_KEY,
      created: ["payment"],
    });

    await pay.click();
    const processing = page.getByRole("button", { name: "Processing..." });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    release();

    await page.getByText("Payment Successful", { exact: true }).waitFor();
    await page.getByText("Welcome to Premium!").first().waitFor();
    await expect.poll(() => nav.getByTestId("plan-badge").textContent()).toBe("Premium");

    // What the page sent Stripe: the secret of the one subscription, returning to the site origin.
    expect(confirmations).toEqual([
      {
        clientSecret: expect.stringMatching(/_secret_/),
        returnUrl: stripe.server.url,
        redirect: "if_required",
        sameElements: true,
      },
    ]);
    expect(stripe.simulator.subscriptionIds()).toHaveLength(1);
    expect(stripe.simulator.requestsTo("POST", "/v1/subscriptions")).toHaveLength(1);

    await page.getByRole("main").getByRole("link", { name: "Browse buyers", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/browse");
    await page.goto(`/browse?search=${buyer.token}`);
    await page.getByRole("link", { name: buyer.buyer!.contactEmail }).waitFor();
    expect(await page.getByRole("button", { name: /Upgrade to see contact/ }).count()).toBe(0);

    // Pricing & Settings: the renewal date and Stripe's billing portal.
    await page.goto("/pricing");
    const status = page.getByTestId("subscription-status");
    await expect.poll(() => status.textContent()).toMatch(/^Renews on /);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Manage billing" }).click();
    await expect.poll(() => new URL(page.url()).host).toBe("billing.stripe.test");
    expect(stripe.simulator.requestsTo("POST", "/v1/billing_portal/sessions")[0]?.params).toMatchObject({
      return_url: `${stripe.server.url}/pricing`,
    });
  });

  it("shows 'Payment Failed' with Stripe's message and keeps the form", async () => {
    stripe.simulator.reset();
    const page = await stripePage(await stripeFixtures.createUser({ role: "buyer" }));
    await onConfirmPayment(page, () => ({ error: "Your card was declined." }));
    await page.goto("/subscribe");
    const pay = page.getByRole("button", { name: /^Subscribe for / });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    // The toast and the form both say so; the form keeps saying it once the toast has gone.
    await page.locator("form").getByText("Payment Failed", { exact: true }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).first().waitFor();
    await expect.poll(() => pay.isEnabled()).toBe(true);
    const me = (await (await page.request.get("/api/auth/user")).json()) as {
      hasActiveSubscription: boolean;
    };
    expect(me.hasActiveSubscription).toBe(false);
  });

  it("says so when the user already has Premium", async () => {
    const page = await stripePage(await stripeFixtures.createUser({ role: "publisher", premium: true }));
    await page.goto("/subscribe");
    await page.getByRole("heading", { name: "You already have Premium" }).waitFor();
    await page.goto("/pricing");
    await expect
      .poll(() => page.getByTestId("subscription-status").textContent())
      .toBe("Complimentary Premium: no charge and no renewal date.");
  });

  it("tells the user when the subscription cannot be started", async () => {
    stripe.simulator.reset();
    stripe.simulator.failNext(100);
    const page = await stripePage(await stripeFixtures.createUser({ role: "admin" }));
    harness.allowConsoleErrors(/status of 502/);
    await page.goto("/subscribe");
    await page
      .getByRole("alert")
      .filter({ hasText: "Failed to initialize payment. Please try again." })
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Try again" }).waitFor();
    stripe.simulator.reset();
  });
});
