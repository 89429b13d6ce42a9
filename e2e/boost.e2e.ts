import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BOOST_DAYS } from "../src/shared/constants";
import { formatPriceCents } from "../src/shared/format";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";
import { type ConfirmRequest, onConfirmPayment, sendStripeEvent, useStripeServer } from "./support/stripe";

// Boost in Chromium: a buyer pays for featured placement of a listing with the Stripe.js double and the
// Stripe simulator (e2e/support/stripe.ts). The days come only from the webhook event, which the test
// sends itself, signed, built from the simulator's PaymentIntent, as Stripe would after the payment. Without
// Stripe keys (the shared server) the screen says so, and an admin grants and ends a complimentary boost.

// Not the default price: a page that printed a literal $99 instead of the configured figure would fail.
const BOOST_PRICE_CENTS = 12900;
const DECLINED = "Your card was declined.";

const cards = (page: Page) => page.getByRole("article");
const toast = (page: Page) => page.locator("li[data-state='open']");

describe("Boost", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();
  const stripe = useStripeServer(harness, { env: { BOOST_PRICE_CENTS: String(BOOST_PRICE_CENTS) } });
  const stripeFixtures = stripe.fixtures;
  const stripePage = stripe.pageAs;

  /** The listing's boost end as its owner's API answers it (null: not boosted). */
  async function boostedUntil(page: Page, listingId: string): Promise<string | null> {
    const res = await page.request.get(`/api/buyer-listings/${listingId}/boost`);
    return ((await res.json()) as { boostedUntil: string | null }).boostedUntil;
  }

  it("a buyer pays, the screen waits for Stripe's confirmation, the listing leads the directory with its badge and the analytics mark the boost", async () => {
    stripe.simulator.reset();
    const buyer = await stripeFixtures.createBuyerWithListings({
      listings: [{ title: "Older Solar Calls" }, { title: "Newer Solar Calls" }],
    });
    const [older, newer] = buyer.listings;
    if (!older || !newer) throw new Error("the fixture has two listings");
    const page = await stripePage(buyer);
    const confirmations: ConfirmRequest[] = [];
    await onConfirmPayment(page, (request) => {
      confirmations.push(request);
      return { paymentIntent: stripe.simulator.confirmPaymentIntent(request.clientSecret) };
    });

    // Before: newest first, no badge.
    await page.goto(`/browse?search=${buyer.token}`);
    await expect.poll(() => cards(page).first().getByRole("heading").textContent()).toBe(newer.title);

    // The pricing page's Boost card, with the configured price, leads a buyer to My Listings.
    const price = formatPriceCents(BOOST_PRICE_CENTS);
    await page.goto("/pricing");
    await expect
      .poll(() => page.getByTestId("boost-price").textContent())
      .toBe(`${price} for ${BOOST_DAYS} days`);
    await page.getByRole("link", { name: "Boost a listing" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/buyer/dashboard");

    // From My Listings, the older listing's Boost.
    await page.getByRole("link", { name: `Boost ${older.title}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/buyer/listings/${older.id}/boost`);
    await page.getByRole("heading", { name: `Boost “${older.title}”`, level: 1 }).waitFor();
    await expect
      .poll(() => page.getByTestId("boost-price").textContent())
      .toBe(`${price} for ${BOOST_DAYS} days`);
    await expect.poll(() => page.getByTestId("boost-period").textContent()).toMatch(/^Not boosted now; /);
    const pay = page.getByRole("button", { name: `Boost for ${price}` });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await expectAccessible(page);

    await pay.click();
    await page.getByText("Payment received, waiting for Stripe's confirmation…").waitFor();
    // The browser's word is not enough: nothing is granted until Stripe's webhook says so.
    expect(await boostedUntil(page, older.id)).toBeNull();
    expect(confirmations).toEqual([
      {
        clientSecret: expect.stringMatching(/_secret_/),
        returnUrl: stripe.server.url,
        redirect: "if_required",
        sameElements: true,
      },
    ]);
    const [intentId] = stripe.simulator.paymentIntentIds();
    if (!intentId) throw new Error("the server created no PaymentIntent");
    const intent = stripe.simulator.paymentIntentObject(intentId);
    expect(intent).toMatchObject({ amount: BOOST_PRICE_CENTS, status: "succeeded" });

    const delivered = await sendStripeEvent(stripe.server.url, "payment_intent.succeeded", intent);
    expect(delivered.status).toBe(200);
    await page.getByText("Boost active").waitFor();
    await expect.poll(() => page.getByTestId("boost-period").textContent()).toMatch(/^Boosted until /);
    const history = page.getByRole("list", { name: "Boost history" });
    await history.getByText(price, { exact: true }).waitFor();
    await history.getByText("Running", { exact: true }).waitFor();
    expect(await boostedUntil(page, older.id)).not.toBeNull();

    // My Listings says until when; the directory puts it first, with its badge.
    await page.getByRole("link", { name: "Back to My Listings" }).first().click();
    await page
      .getByRole("listitem", { name: older.title })
      .getByText(/^Boosted until /)
      .waitFor();
    await page.goto(`/browse?search=${buyer.token}`);
    await expect.poll(() => cards(page).first().getByRole("heading").textContent()).toBe(older.title);
    await cards(page).first().getByText("Boosted", { exact: true }).waitFor();
    expect(await cards(page).nth(1).getByText("Boosted", { exact: true }).count()).toBe(0);

    // The Analytics tab marks the period on the chart and states its lift (too early to tell, minutes in).
    await page.goto("/buyer/dashboard?tab=analytics");
    const today = new Date().toISOString().slice(0, 10);
    const chart = page.getByTestId("analytics-chart");
    await expect
      .poll(() => chart.getAttribute("aria-label"))
      .toContain(`Shaded: days boosted, ${older.title} ${today}`);
    const lift = page.getByRole("region", { name: "Boost lift" });
    await lift.getByRole("article", { name: older.title }).getByText("Too early to tell:").waitFor();
    await expectAccessible(page);
  });

  it("a declined card shows 'Payment Failed' with Stripe's message; the last failure is kept and the next card pays", async () => {
    stripe.simulator.reset();
    const buyer = await stripeFixtures.createBuyerWithListings({ n: 1 });
    const [listing] = buyer.listings;
    if (!listing) throw new Error("the fixture has a listing");
    const page = await stripePage(buyer);
    let decline = true;
    await onConfirmPayment(page, ({ clientSecret }) => {
      if (!decline) return { paymentIntent: stripe.simulator.confirmPaymentIntent(clientSecret) };
      stripe.simulator.confirmPaymentIntent(clientSecret, { declineMessage: DECLINED });
      return { error: DECLINED };
    });

    await page.goto(`/buyer/listings/${listing.id}/boost`);
    const pay = page.getByRole("button", { name: /^Boost for / });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    const failure = page.locator("form").getByRole("alert");
    await failure.getByText("Payment Failed", { exact: true }).waitFor();
    await failure.getByText(DECLINED).waitFor();
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(await boostedUntil(page, listing.id)).toBeNull();

    // Stripe reports the failed attempt; the screen shows it on the next visit.
    const [intentId] = stripe.simulator.paymentIntentIds();
    if (!intentId) throw new Error("the server created no PaymentIntent");
    const failed = stripe.simulator.paymentIntentObject(intentId);
    const delivered = await sendStripeEvent(stripe.server.url, "payment_intent.payment_failed", failed);
    expect(delivered.status).toBe(200);
    await page.reload();
    await page.getByText(`Your last payment attempt did not go through. Stripe said: ${DECLINED}`).waitFor();
    await expectAccessible(page);

    // Another card: the same PaymentIntent is confirmed, and the screen waits for the webhook.
    decline = false;
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.getByText("Payment received, waiting for Stripe's confirmation…").waitFor();
    expect(stripe.simulator.paymentIntentIds()).toEqual([intentId]);
  });

  it("a paused listing must be made active before it can be boosted", async () => {
    stripe.simulator.reset();
    const buyer = await stripeFixtures.createBuyerWithListings({ listings: [{ status: "paused" }] });
    const [listing] = buyer.listings;
    if (!listing) throw new Error("the fixture has a listing");
    const page = await stripePage(buyer);
    await page.goto(`/buyer/listings/${listing.id}/boost`);
    await page.getByRole("heading", { name: "Only an active listing can be boosted" }).waitFor();
    expect(await page.getByRole("button", { name: /^Boost for / }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Go to My Listings" }).getAttribute("href")).toBe(
      "/buyer/dashboard",
    );
    expect(stripe.simulator.requestsTo("POST", "/v1/payment_intents")).toEqual([]);
  });

  it("says 'Listing Not Found' for another buyer's listing", async () => {
    const owner = await stripeFixtures.createBuyerWithListings({ n: 1 });
    const page = await stripePage(await stripeFixtures.createBuyerWithListings({ n: 1 }));
    harness.allowConsoleErrors(/status of 404/);
    await page.goto(`/buyer/listings/${owner.listings[0]?.id}/boost`);
    await page.getByRole("heading", { name: "Listing Not Found" }).waitFor();
  });

  it("without Stripe keys says 'Payment System Setup Required', while an admin grants a complimentary boost and ends it", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const [listing] = buyer.listings;
    if (!listing) throw new Error("the fixture has a listing");
    const buyerPage = await harness.newPage();
    await fixtures.signIn(buyerPage, buyer);
    await buyerPage.goto("/buyer/dashboard");
    await buyerPage.getByRole("link", { name: `Boost ${listing.title}` }).click();
    await buyerPage.getByRole("heading", { name: "Payment System Setup Required" }).waitFor();
    await buyerPage.getByRole("button", { name: "Go Back" }).waitFor();
    await expectAccessible(buyerPage);

    const admin = await fixtures.createUser({ role: "admin" });
    const page = await harness.newPage();
    await fixtures.signIn(page, admin);
    await page.goto(`/admin/buyers?search=${buyer.token}`);
    const card = page.getByRole("article", { name: listing.title });
    expect(await card.getByRole("button", { name: `End boost of ${listing.title}` }).count()).toBe(0);
    await card.getByRole("button", { name: `Grant boost to ${listing.title}` }).click();
    const grant = page.getByRole("dialog", { name: "Grant boost" });
    const days = grant.getByRole("spinbutton", { name: "Days" });
    await days.fill("0");
    await grant.getByRole("button", { name: "Grant boost" }).click();
    await grant.getByText("Days must be at least 1 day").waitFor();
    await grant.getByText("Reason must say why (at least 3 characters)").waitFor();
    await expectAccessible(page);
    await days.fill("7");
    await grant.getByRole("textbox", { name: "Reason" }).fill("Launch week promotion");
    await grant.getByRole("button", { name: "Grant boost" }).click();
    await expect.poll(() => toast(page).innerText()).toMatch(/Boost granted[\s\S]*boosted until/);
    await card.getByText("Boosted", { exact: true }).waitFor();

    await card.getByRole("button", { name: `View ${listing.title}` }).click();
    const details = page.getByRole("dialog", { name: listing.title });
    const granted = details.getByRole("list", { name: "Boost history" }).getByRole("listitem");
    await expect.poll(() => granted.count()).toBe(1);
    const text = await granted.innerText();
    for (const part of ["Complimentary", "No charge", "7 days", "Running", "Reason: Launch week promotion"]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(`Granted by ${admin.user.email}`);
    await page.keyboard.press("Escape");

    // The buyer sees the boost too, though nothing can be bought here.
    await buyerPage.goto("/buyer/dashboard");
    await buyerPage
      .getByRole("listitem", { name: listing.title })
      .getByText(/^Boosted until /)
      .waitFor();

    await card.getByRole("button", { name: `End boost of ${listing.title}` }).click();
    const end = page.getByRole("alertdialog", { name: "End boost?" });
    await end.getByRole("button", { name: "End boost" }).click();
    await end.getByText("Reason must say why (at least 3 characters)").waitFor();
    await expectAccessible(page);
    await end.getByRole("textbox", { name: "Reason" }).fill("Listing copy under review");
    await end.getByRole("button", { name: "End boost" }).click();
    await expect.poll(() => toast(page).innerText()).toMatch(/Boost ended/);
    await expect.poll(() => card.getByText("Boosted", { exact: true }).count()).toBe(0);
    expect(await card.getByRole("button", { name: `End boost of ${listing.title}` }).count()).toBe(0);

    await card.getByRole("button", { name: `View ${listing.title}` }).click();
    const ended = details.getByRole("list", { name: "Boost history" }).getByRole("listitem");
    await ended.getByText("Ended early", { exact: true }).waitFor();
    await ended.getByText(/: Listing copy under review$/).waitFor();
  });
});
