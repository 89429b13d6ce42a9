import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SIMULATOR_PRICE_ID } from "../src/server/features/payment-simulation/stripe-simulator";
import { fakeTwilioEnv, signTwilioRequest, startFakeTwilio } from "../src/server/test/fake-twilio";
import { SMS_CONSENT_TEXTS, SMS_CONSENT_VERSION, SMS_LIMITS } from "../src/shared/constants";
import { formatPriceCents } from "../src/shared/format";
import { SMS_MESSAGES, smsStoppedMessage } from "../src/shared/schemas/sms";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import type { FixtureUser } from "./support/fixtures";
import { onConfirmPayment, sendStripeEvent, useStripeServer } from "./support/stripe";

// SMS alerts in Chromium: a Premium publisher buys the add-on in the Alerts tab with the Stripe.js double
// and the Stripe simulator (e2e/support/stripe.ts), enters a US number with the consent, reads the
// texted code from the loopback fake Twilio the server's Twilio SDK talks to, verifies it, and gets a
// text when a matching listing is posted. Then texts are turned off, the number replies STOP (a webhook
// signed as Twilio signs it) and the section says how to get texts back; an admin reads the history.

// Not the default price: a page that printed a literal $49 instead of the configured figure would fail.
const SMS_PRICE_CENTS = 3900;
const SMS_PRICE_ID = "price_sms_monthly";
const PHONE = "+12015550123";
const PHONE_SHOWN = "(201) 555-0123";
const POLL = { timeout: 30_000 };
/** Our number: fakeTwilioEnv's TWILIO_FROM. */
const OUR_NUMBER = "+12015550100";
const twilio = await startFakeTwilio();

/**
 * An IANA zone where it is now the middle of the day (10 am to 6 pm), so the alert text is not held for
 * quiet hours (9 pm to 8 am) whatever time the suite runs at.
 */
function daytimeZone(): string {
  const now = new Date();
  const zone = Intl.supportedValuesOf("timeZone").find((candidate) => {
    const hour = Number(
      new Intl.DateTimeFormat("en-US", { timeZone: candidate, hour: "numeric", hourCycle: "h23" }).format(
        now,
      ),
    );
    return hour >= 10 && hour < 18;
  });
  if (!zone) throw new Error("no time zone has daytime now");
  return zone;
}

describe("SMS alerts", () => {
  const harness = useBrowser();
  const stripe = useStripeServer(harness, {
    prices: [
      { id: SIMULATOR_PRICE_ID, unitAmount: 49900, currency: "usd", interval: "year" },
      { id: SMS_PRICE_ID, unitAmount: SMS_PRICE_CENTS, currency: "usd", interval: "month" },
    ],
    env: {
      STRIPE_SMS_PRICE_ID: SMS_PRICE_ID,
      SMS_PRICE_CENTS: String(SMS_PRICE_CENTS),
      ...fakeTwilioEnv(twilio),
    },
  });
  afterAll(() => twilio.close());
  const fixtures = stripe.fixtures;
  const pageAs = stripe.pageAs;

  /** A call to the API as a fixture user (their session cookie; our Origin, as the browser sends it). */
  async function callAs(user: FixtureUser, method: string, path: string, body?: unknown) {
    const res = await fixtures.fetchAs(user, method, path, body);
    expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
    return res;
  }

  /** The text to `to` at the fake Twilio that `match` picks, once there is one. */
  async function waitForText(to: string, match: (body: string) => boolean): Promise<string> {
    let found: string | undefined;
    await expect
      .poll(() => {
        found = twilio.messages.find((text) => text.to === to && match(text.body))?.body;
        return found !== undefined;
      }, POLL)
      .toBe(true);
    return found ?? "";
  }

  /** A reply texted to our number, posted and signed as Twilio's servers do. */
  function textUs(from: string, body: string) {
    const url = `${stripe.server.url}/api/sms/inbound`;
    const fields = { From: from, To: OUR_NUMBER, Body: body, MessageSid: `SM${Date.now()}` };
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signTwilioRequest(url, fields),
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  const smsSection = (page: Page): Locator => page.getByRole("region", { name: "SMS alerts" });

  it("a Premium publisher buys the add-on, verifies a number with the texted code, gets a text for a matching listing, turns texts off, and is told to text START after replying STOP; an admin reads the history", async () => {
    stripe.simulator.reset();
    const publisher = await fixtures.createUser({ role: "publisher", premium: true });
    const zone = daytimeZone();
    await callAs(publisher, "PUT", "/api/notification-preferences", {
      frequency: "instant",
      verticals: ["Solar"],
      timeZone: zone,
    });
    const page = await pageAs(publisher);
    await onConfirmPayment(page, (request) => ({
      paymentIntent: stripe.simulator.payByClientSecret(request.clientSecret),
    }));
    const price = `${formatPriceCents(SMS_PRICE_CENTS)}/month`;

    // The pricing page's card: the configured price, and the way to the Alerts tab's SMS section.
    await openPage(page, "/pricing", { signedIn: true });
    await expect.poll(() => page.getByTestId("sms-price").textContent(), POLL).toBe(price);
    await page.getByRole("link", { name: "Set up SMS alerts" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/publisher/dashboard");
    expect(new URL(page.url()).searchParams.get("tab")).toBe("alerts");
    expect(new URL(page.url()).hash).toBe("#sms-alerts");

    // No add-on yet: its price and Subscribe, which opens the Payment Element.
    const section = smsSection(page);
    await expect.poll(() => section.getByTestId("sms-price").textContent(), POLL).toBe(price);
    await expectAccessible(page);
    await section.getByRole("button", { name: "Subscribe" }).click();
    const pay = section.getByRole("button", { name: `Subscribe for ${price}` });
    await expect.poll(() => pay.isEnabled(), POLL).toBe(true);
    await expectAccessible(page);
    await pay.click();

    // The server made the add-on's subscription itself, marked as the SMS product; Stripe's webhook says
    // it is paid (the page's refresh may have read it first: either way the number form comes next).
    const [subscriptionId] = stripe.simulator.subscriptionIds();
    if (!subscriptionId) throw new Error("the server created no subscription");
    await expect.poll(() => stripe.simulator.subscriptionObject(subscriptionId).status, POLL).toBe("active");
    const subscription = stripe.simulator.subscriptionObject(subscriptionId);
    expect(subscription).toMatchObject({ metadata: { product: "sms" } });
    const delivered = await sendStripeEvent(stripe.server.url, "customer.subscription.updated", subscription);
    expect(delivered.status).toBe(200);
    const phoneForm = section.getByRole("form", { name: "Add your mobile number" });
    await phoneForm.waitFor(POLL);
    await expect.poll(() => section.getByTestId("sms-addon-status").textContent()).toMatch(/renews on/);
    expect(await section.getByTestId("sms-consent-text").textContent()).toBe(
      SMS_CONSENT_TEXTS[SMS_CONSENT_VERSION],
    );
    await expectAccessible(page);

    // The consent is required before anything is texted; then the code goes out.
    await phoneForm.getByLabel("Mobile number (US)").fill(PHONE_SHOWN);
    await phoneForm.getByRole("button", { name: "Send code" }).click();
    await phoneForm.getByRole("alert").filter({ hasText: SMS_MESSAGES.consentRequired }).waitFor();
    await phoneForm.getByLabel(SMS_CONSENT_TEXTS[SMS_CONSENT_VERSION]).click();
    await phoneForm.getByRole("button", { name: "Send code" }).click();
    const codeForm = section.getByRole("form", { name: "Enter the code we texted you" });
    await codeForm.waitFor(POLL);
    const codeInput = codeForm.getByLabel(`${SMS_LIMITS.codeLength}-digit code`);
    expect(await codeInput.getAttribute("inputmode")).toBe("numeric");
    expect(await codeInput.getAttribute("autocomplete")).toBe("one-time-code");
    // A code was just sent: another waits its minute.
    expect(await codeForm.getByRole("button", { name: "Resend code" }).isDisabled()).toBe(true);
    await expectAccessible(page);

    const verification = await waitForText(PHONE, (body) => /\b\d{6}\b/.test(body));
    const code = verification.match(/\b(\d{6})\b/)?.[1] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    harness.allowConsoleErrors(/status of 400/);
    await codeInput.fill(wrong);
    await codeForm.getByRole("button", { name: "Verify" }).click();
    await codeForm.getByRole("alert").filter({ hasText: SMS_MESSAGES.wrongCode }).waitFor(POLL);
    await codeInput.fill(code);
    await codeForm.getByRole("button", { name: "Verify" }).click();

    // Verified: where texts go and when they are quiet.
    await section.getByRole("heading", { name: "SMS alerts are on" }).waitFor(POLL);
    await expect
      .poll(() => section.getByTestId("sms-destination").textContent())
      .toMatch(`Texts go to ${PHONE_SHOWN}`);
    await section.getByText(`(${zone})`, { exact: false }).waitFor();
    // The Verify button is gone: focus moved to the new state's heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("SMS alerts are on");
    await expectAccessible(page);

    // A buyer posts a matching listing: the server's workers text the alert.
    const buyer = await fixtures.createBuyerWithListings({ n: 0 });
    const title = `Solar ${buyer.token}`;
    await callAs(buyer, "POST", "/api/buyer-listings", { title, vertical: "Solar", payout: "85" });
    const alert = await waitForText(PHONE, (body) => body.includes(buyer.token));
    expect(alert.length).toBeLessThanOrEqual(SMS_LIMITS.maxLength);

    // Turned off here, with a confirmation; the section says when and how, and offers them back.
    await section.getByRole("button", { name: "Turn off SMS alerts" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Turn off SMS alerts?" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Turn off" }).click();
    await section.getByRole("heading", { name: "SMS alerts are off" }).waitFor(POLL);
    await expect
      .poll(() => section.getByTestId("sms-opt-out").textContent())
      .toMatch(/^You turned SMS alerts off on .+, so no texts go to \(201\) 555-0123\.$/);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("SMS alerts are off");
    await section.getByRole("button", { name: "Turn SMS alerts back on" }).click();
    const again = section.getByRole("form", { name: "Enter your mobile number" });
    await again.waitFor();
    expect(await again.getByLabel("Mobile number (US)").inputValue()).toBe(PHONE_SHOWN);
    expect(await again.getByLabel(SMS_CONSENT_TEXTS[SMS_CONSENT_VERSION]).getAttribute("aria-checked")).toBe(
      "false",
    );

    // The same section on a phone-sized screen.
    const phone = await pageAs(publisher, { width: 375, height: 740 });
    await phone.goto("/publisher/dashboard?tab=alerts");
    await smsSection(phone).getByRole("heading", { name: "SMS alerts are off" }).waitFor(POLL);
    await expectAccessible(phone);

    // The number replies STOP: now only its own START brings texts back, and the section says so.
    expect((await textUs(PHONE, "STOP")).status).toBe(200);
    await page.reload();
    const textStart = section.getByTestId("sms-text-start");
    await expect.poll(() => textStart.textContent(), POLL).toBe(smsStoppedMessage(OUR_NUMBER));
    expect(await textStart.textContent()).toContain("text START to (201) 555-0100");
    await expect
      .poll(() => section.getByTestId("sms-opt-out").textContent())
      .toMatch(/^You replied STOP on .+, so no texts go to \(201\) 555-0123\.$/);
    expect(await section.getByRole("button", { name: "Turn SMS alerts back on" }).count()).toBe(0);
    await expectAccessible(page);
    // Entered again anyway, the number is refused in the same words, and nothing is texted to it.
    const textsBefore = twilio.messages.length;
    await section.getByRole("button", { name: "Use a different number" }).click();
    const retry = section.getByRole("form", { name: "Enter your mobile number" });
    await retry.getByLabel("Mobile number (US)").fill(PHONE_SHOWN);
    await retry.getByLabel(SMS_CONSENT_TEXTS[SMS_CONSENT_VERSION]).click();
    harness.allowConsoleErrors(/status of 409/);
    await retry.getByRole("button", { name: "Send code" }).click();
    await retry
      .getByRole("alert")
      .filter({ hasText: smsStoppedMessage(OUR_NUMBER) })
      .waitFor(POLL);
    expect(twilio.messages.length).toBe(textsBefore);

    // The admin's SMS history: the number, the consent with its origin, the texts (the code masked).
    const admin = await fixtures.createUser({ role: "admin" });
    const adminPage = await pageAs(admin);
    await adminPage.goto(`/admin/users?search=${publisher.token}`);
    const card = adminPage.getByRole("article", { name: publisher.user.email });
    await card.getByRole("button", { name: "SMS history" }).click(POLL);
    const history = adminPage.getByRole("dialog", { name: "SMS history" });
    const consents = history.getByRole("list", { name: "Consent records" });
    await consents.getByText("Consented", { exact: true }).waitFor(POLL);
    await consents.getByText("Opted out", { exact: true }).waitFor();
    await consents.getByText(`consent text ${SMS_CONSENT_VERSION}`).first().waitFor();
    const texts = history.getByRole("list", { name: "Texts" });
    await texts.getByText("Verification code", { exact: true }).waitFor();
    await texts.getByText("Alert", { exact: true }).waitFor();
    expect(await texts.getByText(code).count()).toBe(0);
    await expectAccessible(adminPage);
  });

  it("explains that SMS alerts need Premium to a free publisher, and where to get it", async () => {
    const page = await pageAs(await fixtures.createUser({ role: "publisher" }));
    await page.goto("/publisher/dashboard?tab=alerts");
    const section = smsSection(page);
    await section.getByText(SMS_MESSAGES.needsPremium).waitFor(POLL);
    expect(await section.getByRole("link", { name: "See Premium" }).getAttribute("href")).toBe("/pricing");
    expect(await section.getByRole("button", { name: "Subscribe" }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("tells a buyer on the pricing page that SMS alerts are for publishers", async () => {
    const page = await pageAs(await fixtures.createUser({ role: "buyer" }));
    await openPage(page, "/pricing", { signedIn: true });
    await expect
      .poll(() => page.getByTestId("sms-price").textContent(), POLL)
      .toBe(`${formatPriceCents(SMS_PRICE_CENTS)}/month`);
    await page.getByText(/^For publishers with Premium/).waitFor();
    expect(await page.getByRole("link", { name: "Set up SMS alerts" }).count()).toBe(0);
  });
});
