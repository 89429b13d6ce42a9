import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackDns, startLoopbackDns } from "../src/server/test/loopback-dns";
import { BUYER_VERIFICATION_MESSAGES } from "../src/shared/schemas/buyer-verification";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";
import { waitForMail, waitForSignInLink } from "./support/outbox";
import { type RunningServer, startServer } from "./support/server";

// The "Verified buyer" badge in Chromium, for real from sign-up to revocation. The journey's server asks
// a DNS server this test runs (VERIFY_DNS_SERVERS) for a made-up domain, which points at a homepage this
// test serves on 127.0.0.1 (VERIFY_ALLOW_PRIVATE=1), so the TXT record and the meta tag are proven
// through the same DNS client and guarded fetch as a real website's; the work-email code is read from
// the development outbox.

const SMALL = { width: 320, height: 740 };
const MOBILE = { width: 375, height: 740 };
const REASON = "The company's registry entry was struck off last month.";
const POLL = { timeout: 30_000 };

let site: Server;
let siteOrigin = "";
/** The homepage the loopback site serves (the journey adds the meta tag to it). */
let homepage = "<!doctype html><html><head><title>Acme</title></head><body>Acme</body></html>";

const toast = (page: Page) => page.locator("li[data-state='open']");

/** Polled: an open badge panel moves back on screen once the resize has been handled. */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/** At 320 px, 375 px and 1280 px: no sideways scroll and no axe violation. */
async function expectAccessibleAtEveryWidth(page: Page) {
  for (const viewport of [SMALL, MOBILE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  }
}

describe("buyer verification", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(homepage);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it("on the real server: a buyer without a website is told to add one; the review screen and its filter", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const page = await harness.newPage();
    await fixtures.signIn(page, buyer);
    await page.goto("/buyer/dashboard?tab=verification");
    const panel = page.getByRole("tabpanel", { name: "Verification" });
    await panel.getByRole("heading", { name: "Not verified yet" }).waitFor();
    await panel.getByText(BUYER_VERIFICATION_MESSAGES.websiteRequired).waitFor();
    expect(await panel.getByRole("button", { name: "Start verification" }).isDisabled()).toBe(true);
    // The server's own refusals, in the same words the panel shows.
    const checked = await page.request.post("/api/buyer-verification/domain", {
      data: { method: "meta", domain: new URL(siteOrigin).hostname },
      headers: { origin: harness.baseURL },
    });
    expect(checked.status()).toBe(400);
    expect(((await checked.json()) as { message: string }).message).toBe(
      BUYER_VERIFICATION_MESSAGES.websiteRequired,
    );
    await expectAccessibleAtEveryWidth(page);

    const admin = await fixtures.createUser({ role: "admin" });
    const adminPage = await harness.newPage();
    await fixtures.signIn(adminPage, admin);
    await adminPage.goto("/admin/dashboard");
    await adminPage
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Verifications" })
      .click();
    await adminPage.getByRole("heading", { name: "Buyer Verifications", level: 1 }).waitFor();
    expect(await adminPage.title()).toBe("Buyer Verifications · PayPerCall Hub");
    // The database may hold other buyers' attempts (the demo data is approved the same way): this test
    // reads the screen, not their number.
    await adminPage.getByRole("heading", { name: /^Waiting for review/ }).waitFor();
    await adminPage.getByLabel("Status").selectOption("approved");
    await adminPage.getByRole("heading", { name: /^Approved/ }).waitFor();
    await adminPage
      .getByRole("article")
      .first()
      .or(adminPage.getByText("No buyer holds the badge."))
      .waitFor();
    expect(new URL(adminPage.url()).search).toBe("?status=approved");
    await expectAccessibleAtEveryWidth(adminPage);
  });

  it("on the real server: 'Verified buyers only' is kept in the URL and asked of the API", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const title = buyer.listings[0]!.title;
    const page = await harness.newPage();
    await page.goto(`/browse?search=${encodeURIComponent(title)}`);
    await page.getByRole("article", { name: title }).waitFor();
    const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get("verified") === "1");
    await page.getByRole("checkbox", { name: "Verified buyers only" }).check();
    await asked;
    expect(new URL(page.url()).searchParams.get("verified")).toBe("1");
    // The fixture's buyer holds no badge: the server leaves its listing out.
    await page.getByText("No buyers found matching your criteria.").waitFor();
    await page.reload();
    expect(await page.getByRole("checkbox", { name: "Verified buyers only" }).isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: "Verified buyers only" }).uncheck();
    await page.getByRole("article", { name: title }).waitFor();
    expect(new URL(page.url()).searchParams.has("verified")).toBe(false);
  });
});

describe("a buyer earns the Verified buyer badge", () => {
  let server: RunningServer;
  let dns: LoopbackDns;
  let journeySite: Server;
  let sitePort = 0;
  const harness = useBrowser();
  const fixtures = useFixtures(() => server.url);

  beforeAll(async () => {
    dns = await startLoopbackDns();
    journeySite = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(homepage);
    });
    await new Promise<void>((resolve) => journeySite.listen(0, "127.0.0.1", resolve));
    sitePort = (journeySite.address() as AddressInfo).port;
    server = await startServer({ VERIFY_ALLOW_PRIVATE: "1", VERIFY_DNS_SERVERS: dns.server });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => journeySite.close(() => resolve()));
    await dns.close();
  });

  it("signs up as a buyer, onboards across a reload, lists, proves the domain and a work email, is approved, shown, and revoked", async () => {
    const token = `vb${Date.now().toString(36)}`;
    const domain = `acme-${token}.test`;
    const website = `http://${domain}:${sitePort}/`;
    const email = `owner@${domain}`;
    dns.setRecords(domain, { a: ["127.0.0.1"] });
    // The refusals along the way are 400 answers, which Chromium logs.
    harness.allowConsoleErrors(/status of 400/);
    const page = await harness.newPage({ baseURL: server.url });
    await page.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));

    // Sign-up as a buyer: the choice travels through the sign-in link.
    await page.goto("/signup");
    await page.getByRole("radio", { name: "I buy calls (buyer)" }).check();
    await page.getByLabel("Work email").fill(email);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).click();
    await page.getByRole("button", { name: "Create Free Account" }).click();
    await page.getByText("Check your inbox").waitFor();
    await page.goto(await waitForSignInLink(server.url, email));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/buyer/onboarding", POLL);

    // Onboarding, with a reload in the middle: the draft is on the server.
    await page.getByRole("heading", { name: "Step 1 of 4: Company" }).waitFor(POLL);
    await page.getByLabel("Company name").fill(`Acme ${token}`);
    await page.getByLabel("Company website").fill(website);
    await page.getByLabel("Contact email").fill(`deals@${domain}`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Step 2 of 4: What You Buy" }).waitFor();
    await page
      .getByRole("group", { name: "Verticals you buy" })
      .getByRole("checkbox", { name: "Solar" })
      .click();
    await page.getByLabel("Minimum payout ($)").fill("30");
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === "PUT" &&
        r.url().endsWith("/api/onboarding/buyer/draft") &&
        (r.request().postData() ?? "").includes('"payoutMax":"90"'),
      POLL,
    );
    await page.getByLabel("Maximum payout ($)").fill("90");
    await saved;
    await page.reload();
    await page.getByRole("heading", { name: "Step 2 of 4: What You Buy" }).waitFor(POLL);
    expect(await page.getByLabel("Maximum payout ($)").inputValue()).toBe("90");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Step 3 of 4: Call Hours" }).waitFor();
    await page.getByLabel("Hours you take calls").fill("Mon-Fri 8am-8pm");
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Create Buyer Profile" }).click();

    // The first listing, from the form the profile filled in.
    await page.getByRole("heading", { name: "Post your first listing" }).waitFor(POLL);
    const title = `Solar homeowner calls ${token}`;
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Post Listing" }).click();
    await page.waitForURL("**/buyer/dashboard", POLL);

    // The domain: a DNS check before the record exists and a meta tag check before the tag is on the
    // homepage are each refused in place; the tag, once served, proves it.
    await page.goto("/buyer/dashboard?tab=verification");
    const panel = page.getByRole("tabpanel", { name: "Verification" });
    await panel.getByRole("button", { name: "Start verification" }).click();
    await panel.getByRole("heading", { name: `Step 1: prove that ${domain} is yours` }).waitFor();
    const metaTag = await panel.getByTestId("verification-meta-tag").innerText();
    const txtRecord = await panel.getByTestId("verification-txt-record").innerText();
    await panel.getByRole("button", { name: "Check DNS record" }).click();
    await panel.getByRole("alert").first().waitFor();
    await panel.getByRole("button", { name: "Check meta tag" }).click();
    await panel.getByRole("alert").filter({ hasText: "No <meta name" }).waitFor();
    homepage = `<!doctype html><html><head>${metaTag}<title>Acme</title></head><body>Acme</body></html>`;
    await panel.getByRole("button", { name: "Check meta tag" }).click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.domainVerified }).waitFor();

    // The work email: free mail refused, then the code from the outbox (a wrong one first).
    const workEmail = panel.getByLabel("Work email");
    await workEmail.fill(`${token}@gmail.com`);
    await panel.getByRole("button", { name: "Send code" }).click();
    await panel.getByRole("alert").filter({ hasText: BUYER_VERIFICATION_MESSAGES.freeMail }).waitFor();
    await workEmail.fill(email);
    await panel.getByRole("button", { name: "Send code" }).click();
    const [codeMail] = await waitForMail(
      server.url,
      (m) => m.to === email && /verification code/.test(m.subject),
    );
    const code = codeMail!.subject.match(/(\d{6})$/)![1]!;
    await panel.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
    await panel.getByRole("button", { name: "Confirm code" }).click();
    await panel.getByRole("alert").filter({ hasText: BUYER_VERIFICATION_MESSAGES.codeWrong }).waitFor();
    await panel.getByLabel("6-digit code").fill(code);
    await panel.getByRole("button", { name: "Confirm code" }).click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.emailVerified }).waitFor();
    await panel.getByRole("button", { name: "Send for review" }).click();
    await panel.getByRole("heading", { name: "Waiting for review" }).waitFor();
    await expectAccessibleAtEveryWidth(page);

    // Nothing shows a badge before an administrator approves.
    const listings = async () =>
      (await (await fetch(`${server.url}/api/buyer-listings?search=${token}`)).json()) as {
        id: string;
        isVerified: boolean;
      }[];
    expect((await listings())[0]?.isVerified).toBe(false);

    // The administrator's review: the evidence, and Approve only once the checklist is ticked.
    const admin = await fixtures.createUser({ role: "admin" });
    const adminPage = await harness.newPage({ baseURL: server.url });
    await fixtures.signIn(adminPage, admin);
    await adminPage.goto("/admin/verifications");
    const card = adminPage.getByRole("article", { name: `Acme ${token}` });
    await card.getByText(email, { exact: false }).first().waitFor(POLL);
    await card.getByText("meta tag", { exact: false }).first().waitFor();
    await card.getByRole("button", { name: `Approve Acme ${token}` }).click();
    const approve = adminPage.getByRole("dialog", { name: "Approve Buyer Verification" });
    const approveButton = approve.getByRole("button", { name: "Approve", exact: true });
    expect(await approveButton.isDisabled()).toBe(true);
    for (const box of await approve.getByRole("checkbox").all()) await box.click();
    await approveButton.click();
    await toast(adminPage).filter({ hasText: BUYER_VERIFICATION_MESSAGES.approved }).waitFor();
    await waitForMail(server.url, (m) => m.to === email && /verified/i.test(m.subject));

    // A visitor sees the badge and what it means, on the card and on the listing's page.
    const visitor = await harness.newPage({ baseURL: server.url });
    await visitor.goto(`/browse?search=${token}&verified=1`);
    const listingCard = visitor.getByRole("article", { name: title });
    const cardBadge = listingCard.getByRole("button", { name: "Verified buyer" });
    await cardBadge.click();
    expect(await listingCard.getByTestId("verified-buyer-explanation").innerText()).toMatch(
      /^Verified since .+: domain, work email and an administrator's review checked\.$/,
    );
    await expectAccessibleAtEveryWidth(visitor);
    const [listing] = await listings();
    await visitor.goto(`/listings/${listing!.id}`);
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    await visitor.getByRole("button", { name: "Verified buyer" }).click();
    const explained = await visitor.getByTestId("verified-buyer-explanation").innerText();
    for (const line of [
      "Domain proven by a meta tag on its homepage on",
      "Work email confirmed on",
      "Approved by an administrator on",
      "Good until",
    ]) {
      expect(explained).toContain(line);
    }

    // Revoked with a reason: the badge is gone everywhere at once, and the buyer reads why.
    await adminPage.getByLabel("Status").selectOption("approved");
    const approved = adminPage.getByRole("article", { name: `Acme ${token}` });
    await approved.getByRole("button", { name: `Revoke Acme ${token}` }).click();
    const revoke = adminPage.getByRole("alertdialog", { name: "Revoke Verified Buyer Badge" });
    await revoke.getByLabel("Reason for revoking").fill(REASON);
    await revoke.getByRole("button", { name: "Revoke badge" }).click();
    await toast(adminPage).filter({ hasText: BUYER_VERIFICATION_MESSAGES.revoked }).waitFor();
    await visitor.reload();
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await visitor.getByRole("button", { name: "Verified buyer" }).count()).toBe(0);
    await visitor.goto(`/browse?search=${token}&verified=1`);
    await visitor.getByText("No buyers found matching your criteria.").waitFor();
    await page.reload();
    await panel.getByRole("heading", { name: "Badge revoked" }).waitFor();
    await panel.getByText(REASON).waitFor();

    // Starting again, the domain is proven the other way: the TXT record, through DNS.
    await panel.getByRole("button", { name: "Start again" }).click();
    await panel.getByRole("heading", { name: `Step 1: prove that ${domain} is yours` }).waitFor();
    dns.setRecords(domain, { a: ["127.0.0.1"], txt: ["v=spf1 -all", txtRecord] });
    await panel.getByRole("button", { name: "Check DNS record" }).click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.domainVerified }).waitFor();
    await panel.getByRole("heading", { name: `Step 2: confirm a work email at ${domain}` }).waitFor();
  });
});
