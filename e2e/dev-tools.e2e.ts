import { describe, expect, it } from "vitest";
import type { CreatedWebhook } from "../src/shared/schemas/webhooks";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// The development tools in Chromium: a Premium publisher's webhook pointed at the server's own inbox gets
// a test event whose signature the inbox page shows as valid; and a STOP sent from the SMS page reaches
// the real inbound route, signed as Twilio signs, and the page shows our number's answer.

const POLL = { timeout: 20_000 };

describe("development tools", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("lists a delivery to the webhook inbox with its signature checked", async () => {
    const publisher = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage({ viewport: { width: 320, height: 740 } });
    await page.goto("/dev/webhooks");
    await page.getByRole("heading", { level: 1, name: "Webhook Inbox" }).waitFor();
    await page.getByText("No deliveries yet.").waitFor();
    const inboxUrl = (await page.getByTestId("inbox-url").textContent()) ?? "";
    expect(inboxUrl).toBe(`${new URL(harness.baseURL).origin}/api/dev/webhook-inbox`);
    await expectAccessible(page);

    const created = await fixtures.fetchAs(publisher, "POST", "/api/webhooks", {
      url: inboxUrl,
      events: ["listing.matched"],
    });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as CreatedWebhook;
    const test = await fixtures.fetchAs(publisher, "POST", `/api/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);

    // The job workers deliver it; the page reads the inbox again by itself.
    const delivery = page.getByTestId("inbox-delivery").first();
    await delivery.waitFor(POLL);
    await delivery.getByText("Signature valid").waitFor();
    await delivery.getByRole("heading", { name: "ping" }).waitFor();
    expect(await delivery.locator("pre").textContent()).toContain('"type": "ping"');
    await delivery.getByText("Headers").click();
    await delivery.getByText("x-webhook-delivery").waitFor();
    await expectAccessible(page);

    await page.getByRole("link", { name: "SMS outbox" }).click();
    await page.getByRole("heading", { level: 1, name: "SMS Outbox" }).waitFor();
  });

  it("sends STOP from the SMS page to the real inbound route and shows the answer", async () => {
    const phone = `+1201555${String(1000 + Math.floor(Math.random() * 9000))}`;
    await fixtures.createUser({ role: "publisher", premium: true, smsPhone: phone });
    const page = await harness.newPage({ viewport: { width: 320, height: 740 } });
    await page.goto("/dev/sms");
    await page.getByRole("heading", { level: 1, name: "SMS Outbox" }).waitFor();

    await page.getByLabel("From (the phone that replies)").fill(phone);
    await page.getByLabel("Text", { exact: true }).fill("STOP");
    await page.getByRole("button", { name: "Send reply" }).click();
    const result = page.getByTestId("sms-reply-result");
    await expect.poll(() => result.textContent(), POLL).toContain("you are unsubscribed");

    // The answer goes out as a text of its own, through the job queue, into the outbox the page lists.
    await page.getByRole("listitem").filter({ hasText: "you are unsubscribed" }).first().waitFor(POLL);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Webhook inbox" }).click();
    await page.getByRole("heading", { level: 1, name: "Webhook Inbox" }).waitFor();
  });
});
