import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES_BY_ROLE,
} from "../src/shared/schemas/api-keys";
import { WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from "../src/shared/schemas/webhooks";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// The public API from the Account page, in Chromium: a buyer's key is shown once, calls the API with
// a Bearer header and is refused once revoked; a publisher's webhook endpoint (a receiver this test
// serves on 127.0.0.1: the e2e server runs with VERIFY_ALLOW_PRIVATE=1, and its job workers send the
// deliveries) gets a signed test event that the delivery log shows; a guest is offered only what the
// role may give, and the reference the section links to renders.

const MOBILE = { width: 375, height: 740 };
/** The text of the toast on screen (the app shows one toast at a time). */
const toast = (page: Page) => page.locator("li[data-state='open']");

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe("the public API on the Account page", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  let receiver: Server;
  let receiverUrl = "";
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ method: req.method ?? "", headers: req.headers, body });
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/payper`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  async function openAccount(user: FixtureUser, viewport?: { width: number; height: number }) {
    const page = await harness.newPage({ viewport });
    await fixtures.signIn(page, user);
    await page.goto("/account");
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    return page;
  }

  /** A call from a script: no cookie, only the key. */
  const callWithKey = (key: string) =>
    fetch(`${harness.baseURL}/api/buyer-listings?mine=1`, { headers: { authorization: `Bearer ${key}` } });

  it("shows a buyer's new key once, lets it call the API, and refuses it once revoked", async () => {
    const buyer = await fixtures.createUser({ role: "buyer" });
    const page = await openAccount(buyer);
    const section = page.getByRole("region", { name: "API keys" });
    await section.getByText("You have no API keys yet.").waitFor();

    await section.getByRole("button", { name: "Create key" }).click();
    const form = page.getByRole("dialog", { name: "Create an API key" });
    // The scopes a buyer may give, each in words; nothing sent until the shared schema is satisfied.
    expect(await form.getByRole("checkbox").count()).toBe(API_KEY_SCOPES_BY_ROLE.buyer.length);
    await form.getByRole("button", { name: "Create key" }).click();
    await form.getByText(API_KEY_MESSAGES.nameRequired).waitFor();
    await form.getByText(API_KEY_MESSAGES.scopesRequired).waitFor();
    await form.getByLabel("Name").fill("Production sync");
    await form.getByRole("checkbox", { name: API_KEY_SCOPE_LABELS["listings:read"] }).click();
    await form.getByRole("checkbox", { name: API_KEY_SCOPE_LABELS["listings:write"] }).click();
    await form.getByRole("button", { name: "Create key" }).click();

    const created = page.getByRole("dialog", { name: "Key “Production sync” created" });
    const field = created.getByLabel("Your new API key");
    await field.waitFor();
    const key = await field.inputValue();
    expect(key).toMatch(/^ppc_[\w-]{20,}$/);
    await created.getByText(API_KEY_MESSAGES.shownOnce).waitFor();
    await expectAccessible(page);
    await created.getByRole("button", { name: "Done" }).click();

    // Closed, the key is nowhere in the page: the list shows its prefix only.
    const row = section
      .getByRole("table", { name: /Your API keys/ })
      .getByRole("row", { name: /Production sync/ });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(`${key.slice(0, 12)}…`);
    expect(rowText).toContain("listings:read");
    expect(rowText).toContain("listings:write");
    expect(rowText).toContain("Never used");
    expect(await page.evaluate((secret) => document.documentElement.outerHTML.includes(secret), key)).toBe(
      false,
    );
    expect(
      await page.evaluate(
        (secret) => [...document.querySelectorAll("input")].some((i) => i.value === secret),
        key,
      ),
    ).toBe(false);
    await expectAccessible(page);

    // The key works from a script, and the list then says when it was last used.
    expect((await callWithKey(key)).status).toBe(200);
    await expect
      .poll(async () => {
        await page.reload();
        return row.innerText();
      })
      .not.toContain("Never used");

    await row.getByRole("button", { name: "Revoke key Production sync" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke key Production sync?" });
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await section.getByRole("status").filter({ hasText: "Revoked key Production sync." }).waitFor();
    await section.getByText("You have no API keys yet.").waitFor();
    // Focus did not fall to the page body with the row that held it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("api-keys-heading");
    expect((await callWithKey(key)).status).toBe(401);
  });

  it("sends a publisher's endpoint a signed test event and logs it, at 375 px", async () => {
    const publisher = await fixtures.createUser({ role: "publisher" });
    const page = await openAccount(publisher, MOBILE);
    const section = page.getByRole("region", { name: "Webhooks" });
    await section.getByText("You have no webhook endpoints yet.").waitFor();

    await section.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText(WEBHOOK_MESSAGES.urlInvalid).waitFor();
    await form.getByText(WEBHOOK_MESSAGES.eventsRequired).waitFor();
    await form.getByLabel("Endpoint URL").fill(receiverUrl);
    await form.getByRole("checkbox", { name: /listing\.matched/ }).click();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const added = page.getByRole("dialog", { name: "Endpoint added" });
    const field = added.getByLabel("Signing secret");
    await field.waitFor();
    const secret = await field.inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await added.getByText(WEBHOOK_MESSAGES.shownOnce).waitFor();
    await added.getByRole("button", { name: "Done" }).click();

    const card = section.getByRole("listitem", { name: receiverUrl });
    await card.getByText("Active", { exact: true }).waitFor();
    expect(await page.evaluate((s) => document.documentElement.outerHTML.includes(s), secret)).toBe(false);

    // The server's own sentence in the toast; the server's job workers make the delivery.
    await card.getByRole("button", { name: `Send test event to ${receiverUrl}` }).click();
    await expect.poll(() => toast(page).innerText()).toContain(WEBHOOK_MESSAGES.testQueued);
    await expect.poll(() => received.length).toBe(1);
    const [delivery] = received;
    expect(delivery?.method).toBe("POST");
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({ type: "ping" });
    // t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with the secret shown once.
    const signature = String(delivery?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? "");
    const [, t, v1] = signature.match(/^t=(\d+),v1=([0-9a-f]{64})$/) ?? [];
    expect(v1, signature).toBe(createHmac("sha256", secret).update(`${t}.${delivery?.body}`).digest("hex"));

    // The log (cards at this width) shows it delivered; Refresh reads it again until the server has
    // recorded the answer.
    await card.getByRole("button", { name: `Deliveries to ${receiverUrl}` }).click();
    const log = card.getByRole("list", { name: `Deliveries to ${receiverUrl}, newest first` });
    await expect
      .poll(async () => {
        const text = (await log.isVisible()) ? await log.innerText() : "";
        if (!text.includes("Succeeded")) {
          await card.getByRole("button", { name: `Refresh deliveries to ${receiverUrl}` }).click();
        }
        return text;
      })
      .toMatch(/ping[\s\S]*Succeeded[\s\S]*HTTP 200/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectAccessible(page);
  });

  it("offers a guest only the scopes of the role, no webhooks, and links the API reference", async () => {
    const guest = await fixtures.createUser({ role: "guest" });
    const page = await openAccount(guest);
    const keys = page.getByRole("region", { name: "API keys" });
    await keys.getByRole("button", { name: "Create key" }).click();
    const form = page.getByRole("dialog", { name: "Create an API key" });
    expect(await form.getByRole("checkbox").count()).toBe(API_KEY_SCOPES_BY_ROLE.guest.length);
    await form.getByRole("button", { name: "Cancel" }).click();
    await page
      .getByRole("region", { name: "Webhooks" })
      .getByText(/^Webhooks are for publishers and buyers/)
      .waitFor();

    await keys.getByRole("link", { name: "API reference" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/api/docs/");
    await page.getByText("PayPerCall Hub API").first().waitFor();
    await page.locator('.opblock-get [data-path="/api/buyer-listings"]').first().waitFor();
  });
});
