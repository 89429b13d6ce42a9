import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPriceCents } from "../src/shared/format";
import {
  SIMULATED_PAYMENT_LABEL,
  type SimulatedWebhookDelivery,
} from "../src/shared/schemas/payment-simulation";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";
import { type RunningServer, startServer } from "./support/server";

// Payments without Stripe keys, as a newcomer finds them after `npm start`: the server in development
// with no Stripe setting at all runs the simulated provider. Everything below is the app's own code with
// Stripe's protocol: the pages confirm through the simulated Stripe.js (no request leaves for Stripe),
// the server's SDK talks to the simulator, and the simulator's signed events reach /api/stripe/webhook,
// which alone grants the boost, turns the add-on on and takes a refunded boost's days back.

const POLL = { timeout: 30_000 };
const CARD = { pays: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", poor: "4000 0000 0000 9995" };

describe("simulated payments (development without Stripe keys)", () => {
  const harness = useBrowser();
  let server: RunningServer | undefined;
  const url = () => {
    if (!server) throw new Error("the server starts in beforeAll");
    return server.url;
  };
  const fixtures = useFixtures(url);
  beforeAll(async () => {
    // Not even PAYMENTS: the development default without keys is what is under test.
    server = await startServer({ PAYMENTS: "" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A page signed in as `user` that records every request it makes to a Stripe host. */
  async function pageAs(user: FixtureUser, toStripe: string[]): Promise<Page> {
    const page = await harness.newPage({ baseURL: url() });
    await fixtures.signIn(page, user);
    page.on("request", (request) => {
      if (new URL(request.url()).hostname.endsWith("stripe.com")) toStripe.push(request.url());
    });
    return page;
  }

  /** Types a card into the simulated payment form inside `scope` and pays with `button`. */
  async function payWith(scope: Page | ReturnType<Page["getByRole"]>, card: string, button: RegExp) {
    const form = scope.getByRole("group", { name: SIMULATED_PAYMENT_LABEL });
    await form.getByLabel("Card number").fill(card);
    await form.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await form.getByLabel("CVC").fill("123");
    const pay = scope.getByRole("button", { name: button });
    await expect.poll(() => pay.isEnabled(), POLL).toBe(true);
    await pay.click();
  }

  it("buys Premium, a Boost and the SMS add-on with test cards, shows the declines, and an admin's refunds take the boost and Premium away, all through the signed webhook", async () => {
    const config = (await (await fetch(`${url()}/api/config`)).json()) as { payments: string };
    expect(config.payments).toBe("simulated");
    expect(server?.output()).not.toContain("Payment System Setup Required");

    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const [listing] = buyer.listings;
    if (!listing) throw new Error("the fixture has a listing");
    const publisher = await fixtures.createUser({ role: "publisher" });
    const toStripe: string[] = [];

    // --- Premium: a declined card first, then the one that pays; contacts unmask. ---
    const page = await pageAs(publisher, toStripe);
    await page.goto(`/browse?search=${buyer.token}`);
    const banner = page.getByRole("complementary", { name: "Simulated payments" });
    await expect.poll(() => banner.textContent(), POLL).toContain("Payments are simulated: no money moves.");
    await page
      .getByRole("button", { name: /Upgrade to see contact/ })
      .first()
      .waitFor();

    await page.goto("/subscribe");
    await page.getByRole("group", { name: SIMULATED_PAYMENT_LABEL }).waitFor(POLL);
    await banner.waitFor();
    await expectAccessible(page);
    await payWith(page, CARD.declined, /^Subscribe for /);
    const failure = page.locator("form").getByRole("alert");
    await failure.getByText("Payment Failed", { exact: true }).waitFor(POLL);
    await failure.getByText("Your card was declined.").waitFor();
    await payWith(page, CARD.pays, /^Subscribe for /);
    await page.getByText("Payment Successful", { exact: true }).waitFor(POLL);
    await page.goto(`/browse?search=${buyer.token}`);
    await page.getByRole("link", { name: buyer.buyer!.contactEmail }).waitFor(POLL);
    expect(await page.getByRole("button", { name: /Upgrade to see contact/ }).count()).toBe(0);

    // --- Boost: insufficient funds, then paid; the simulator's event grants it. ---
    const buyerPage = await pageAs(buyer, toStripe);
    await buyerPage.goto(`/buyer/listings/${listing.id}/boost`);
    await payWith(buyerPage, CARD.poor, /^Boost for /);
    await buyerPage
      .locator("form")
      .getByRole("alert")
      .getByText("Your card has insufficient funds.")
      .waitFor(POLL);
    await payWith(buyerPage, CARD.pays, /^Boost for /);
    await buyerPage.getByText("Boost active").waitFor(POLL);
    await expect
      .poll(() => buyerPage.getByTestId("boost-period").textContent(), POLL)
      .toMatch(/^Boosted until /);
    await buyerPage.goto(`/browse?search=${buyer.token}`);
    await buyerPage.getByRole("article").first().getByText("Boosted", { exact: true }).waitFor(POLL);

    // --- The SMS add-on, bought by the publisher who now has Premium. ---
    await page.goto("/publisher/dashboard?tab=alerts#sms-alerts");
    const sms = page.getByRole("region", { name: "SMS alerts" });
    await sms.getByRole("button", { name: "Subscribe" }).click(POLL);
    await payWith(sms, CARD.pays, /^Subscribe for /);
    await sms.getByRole("form", { name: "Add your mobile number" }).waitFor(POLL);
    await expect.poll(() => sms.getByTestId("sms-addon-status").textContent(), POLL).toMatch(/renews on/);

    // --- Billing: our portal cancels the add-on at the period's end. ---
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Manage billing" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/billing\/portal\/bps_/);
    const addon = page.getByRole("region", { name: "SMS Alerts" });
    await addon.getByRole("button", { name: "Cancel plan" }).click(POLL);
    await expect
      .poll(() => addon.getByTestId("portal-subscription-status").textContent(), POLL)
      .toMatch(/^Cancelled: ends on /);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Return to Pricing & Settings" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/pricing");

    // --- An admin refunds the boost: the payment goes back and the badge goes. ---
    const admin = await fixtures.createUser({ role: "admin" });
    const adminPage = await pageAs(admin, toStripe);
    await adminPage.goto(`/admin/buyers?search=${buyer.token}`);
    const card = adminPage.getByRole("article", { name: listing.title });
    await card.getByText("Boosted", { exact: true }).waitFor(POLL);
    await card.getByRole("button", { name: `View ${listing.title}` }).click();
    const details = adminPage.getByRole("dialog", { name: listing.title });
    const history = details.getByRole("list", { name: "Boost history" });
    await history.getByText(formatPriceCents(9900), { exact: true }).waitFor(POLL);
    await history.getByRole("button", { name: "Refund payment" }).click();
    const confirm = adminPage.getByRole("alertdialog", { name: "Refund boost?" });
    await confirm.getByRole("textbox", { name: "Reason" }).fill("Bought by mistake");
    await expectAccessible(adminPage);
    await confirm.getByRole("button", { name: "Refund" }).click();
    await history.getByText(/^Refunded /).waitFor(POLL);
    await adminPage.keyboard.press("Escape");
    await expect.poll(() => card.getByText("Boosted", { exact: true }).count(), POLL).toBe(0);
    await buyerPage.goto(`/browse?search=${buyer.token}`);
    await buyerPage.getByRole("article").first().waitFor(POLL);
    expect(await buyerPage.getByRole("article").first().getByText("Boosted", { exact: true }).count()).toBe(
      0,
    );

    // --- And refunds the publisher's Premium (the money-back guarantee): it ends now. ---
    await adminPage.goto(`/admin/users?search=${publisher.token}`);
    const userCard = adminPage.getByRole("article", { name: publisher.user.email });
    await userCard.getByRole("button", { name: "Refund Premium" }).click(POLL);
    const refundPremium = adminPage.getByRole("alertdialog", { name: "Refund Premium?" });
    await refundPremium.getByRole("textbox", { name: "Reason" }).fill("Within the 7-day guarantee");
    await refundPremium.getByRole("button", { name: "Refund and end" }).click();
    // The dialog closes once the refund is done (an error would stay in it, and be read here).
    await expect.poll(async () => (await refundPremium.count()) && refundPremium.innerText(), POLL).toBe(0);
    await expect.poll(() => userCard.getByRole("button", { name: "Refund Premium" }).count(), POLL).toBe(0);
    await page.goto("/pricing");
    await expect
      .poll(
        () => page.getByRole("navigation", { name: "Main" }).getByTestId("plan-badge").textContent(),
        POLL,
      )
      .toBe("Free");

    // --- What came through the webhook: every event signed, accepted and recorded. ---
    const res = await fixtures.fetchAs(admin, "GET", "/api/admin/simulated-payments/webhook-deliveries");
    expect(res.status).toBe(200);
    const deliveries = (await res.json()) as SimulatedWebhookDelivery[];
    for (const type of [
      "customer.subscription.created",
      "invoice.payment_failed",
      "invoice.paid",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
      "customer.subscription.updated",
      "charge.refunded",
      "customer.subscription.deleted",
    ]) {
      expect(
        deliveries.map((d) => d.type),
        type,
      ).toContain(type);
    }
    for (const delivery of deliveries) {
      expect(delivery, delivery.type).toMatchObject({ state: "delivered", status: 200, recorded: true });
    }
    // The route checks signatures in this mode too: a forged event is refused.
    const forged = await fetch(`${url()}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      body: JSON.stringify({ id: "evt_forged", type: "charge.refunded", data: { object: {} } }),
    });
    expect(forged.status).toBe(400);

    // Nothing was asked of Stripe's own hosts, and the pages' policy names none of them.
    expect(toStripe).toEqual([]);
    const policy = (await fetch(`${url()}/pricing`)).headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("stripe.com");
  });
});
