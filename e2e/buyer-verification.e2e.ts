import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminBuyerVerification,
  BuyerVerificationAttempt,
  BuyerVerificationState,
  VerifiedBadge,
} from "../src/shared/schemas/buyer-verification";
import { BUYER_VERIFICATION_MESSAGES } from "../src/shared/schemas/buyer-verification";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// The "Verified buyer" screens in Chromium. What the test server can run for real runs for real: the
// state of a buyer without a website, the review queue, the directory's verified=1 filter, and the
// server's real fetch of a homepage this test serves on 127.0.0.1 (the e2e server runs with
// VERIFY_ALLOW_PRIVATE=1), refused because that buyer has no website to prove.
// The proofs themselves cannot pass against the spawned server: a work address must be at the proved
// domain, and the only hosts that reach this test's loopback site (127.0.0.1, localhost) are not domains
// an email address can be at; nor can a test give a buyer fixture a website. So the journey through the
// proofs, the review and the badge drives the real client against answers shaped by the shared schemas
// (page.route), and the server's own route tests cover the proofs (DNS through an injected resolver,
// the meta tag through a loopback site, the mailed code) and the decisions.

const SMALL = { width: 320, height: 740 };
const MOBILE = { width: 375, height: 740 };
const REASON = "The company's registry entry was struck off last month.";
const DOMAIN = "acme-leads.example";
const CODE = "482913";

let site: Server;
let siteOrigin = "";

const toast = (page: Page) => page.locator("li[data-state='open']");
const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

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

/** The buyer's side of the verification API, as a small state machine behind page.route. */
function fakeVerificationApi(page: Page) {
  const now = () => new Date().toISOString();
  let attempt: BuyerVerificationAttempt | null = null;
  let badge: VerifiedBadge | null = null;
  const state = (): BuyerVerificationState => ({
    website: `https://${DOMAIN}/`,
    domain: DOMAIN,
    txtRecord: "ppc-verify=ppc-verify-0123456789abcdef",
    metaTag: "ppc-verify-0123456789abcdef",
    badge,
    isRenewalDue: false,
    current: attempt,
  });
  let metaChecks = 0;
  const refuse = (route: Route, message: string) => json(route, { message, code: "validation" }, 400);
  const ready = page.route("**/api/buyer-verification**", async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const body = (request.postDataJSON() ?? {}) as Record<string, string>;
    if (request.method() === "GET") return json(route, state());
    if (path === "/api/buyer-verification") {
      attempt = {
        id: "7a1f0c2e-1b2c-4d3e-8f90-a1b2c3d4e5f6",
        status: "in_progress",
        domain: DOMAIN,
        domainMethod: null,
        domainEvidence: null,
        domainVerifiedAt: null,
        workEmail: null,
        emailVerifiedAt: null,
        codeExpiresAt: null,
        codeAttemptsLeft: 5,
        submittedAt: null,
        decidedAt: null,
        decisionReason: null,
        expiresAt: null,
        revokedAt: null,
        revokeReason: null,
        createdAt: now(),
      };
      return json(route, state());
    }
    if (!attempt) return refuse(route, BUYER_VERIFICATION_MESSAGES.startFirst);
    if (path.endsWith("/domain")) {
      if (body.method === "meta" && metaChecks++ === 0) {
        return refuse(route, `No <meta name="ppc-site-verification"> tag was found on https://${DOMAIN}/.`);
      }
      attempt = {
        ...attempt,
        domainMethod: "meta",
        domainEvidence: `https://${DOMAIN}/`,
        domainVerifiedAt: now(),
      };
      return json(route, state());
    }
    if (path.endsWith("/email")) {
      if (body.email?.endsWith("@gmail.com")) return refuse(route, BUYER_VERIFICATION_MESSAGES.freeMail);
      const expires = new Date(Date.now() + 30 * 60_000).toISOString();
      attempt = { ...attempt, workEmail: body.email ?? null, codeExpiresAt: expires, codeAttemptsLeft: 5 };
      return json(route, state());
    }
    if (path.endsWith("/email/confirm")) {
      if (body.code !== CODE) {
        attempt = { ...attempt, codeAttemptsLeft: attempt.codeAttemptsLeft - 1 };
        return refuse(route, BUYER_VERIFICATION_MESSAGES.codeWrong);
      }
      attempt = { ...attempt, emailVerifiedAt: now(), codeExpiresAt: null };
      return json(route, state());
    }
    if (path.endsWith("/submit")) {
      attempt = { ...attempt, status: "submitted", submittedAt: now() };
      return json(route, state());
    }
    return route.fallback();
  });
  return {
    ready,
    approve() {
      if (!attempt) throw new Error("nothing to approve");
      const at = now();
      const until = new Date(Date.now() + 365 * 86_400_000).toISOString();
      attempt = { ...attempt, status: "approved", decidedAt: at, expiresAt: until };
      badge = {
        since: at,
        until,
        domainMethod: "meta",
        domainVerifiedAt: attempt.domainVerifiedAt ?? at,
        emailVerifiedAt: attempt.emailVerifiedAt ?? at,
        reviewedAt: at,
      };
      return badge;
    },
    revoke(reason: string) {
      if (!attempt) throw new Error("nothing to revoke");
      attempt = { ...attempt, status: "revoked", revokedAt: now(), revokeReason: reason };
      badge = null;
    },
  };
}

describe("buyer verification", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><html><head><title>Acme</title></head><body>Acme</body></html>");
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

  it("walks the proofs, the review and the badge, each refusal said in place", async () => {
    const buyer = await fixtures.createBuyerWithListings({ company: "Acme Verified Leads", n: 1 });
    const listing = buyer.listings[0]!;
    // The refusals below are 400 answers, which Chromium logs.
    harness.allowConsoleErrors(/status of 400/);
    const page = await harness.newPage();
    await fixtures.signIn(page, buyer);
    const api = fakeVerificationApi(page);
    await api.ready;

    await page.goto("/buyer/dashboard?tab=verification");
    const panel = page.getByRole("tabpanel", { name: "Verification" });
    await panel.getByRole("heading", { name: "Not verified yet" }).waitFor();
    await panel.getByRole("button", { name: "Start verification" }).click();

    // Step 1: both ways to prove the domain, each copyable; a failed check says why beside its button.
    await panel.getByRole("heading", { name: `Step 1: prove that ${DOMAIN} is yours` }).waitFor();
    expect(await panel.getByTestId("verification-meta-tag").innerText()).toBe(
      '<meta name="ppc-site-verification" content="ppc-verify-0123456789abcdef">',
    );
    expect(await panel.getByTestId("verification-txt-record").innerText()).toBe(
      "ppc-verify=ppc-verify-0123456789abcdef",
    );
    await panel.getByRole("button", { name: "Copy meta tag" }).waitFor();
    await panel.getByRole("button", { name: "Check meta tag" }).click();
    await panel.getByRole("alert").filter({ hasText: "No <meta name" }).waitFor();
    await expectAccessibleAtEveryWidth(page);
    await panel.getByRole("button", { name: "Check meta tag" }).click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.domainVerified }).waitFor();

    // Step 2: the heading takes the focus; free mail is refused and the address kept.
    const heading = panel.getByRole("heading", { name: `Step 2: confirm a work email at ${DOMAIN}` });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    const email = panel.getByLabel("Work email");
    await email.fill("jo@gmail.com");
    await panel.getByRole("button", { name: "Send code" }).click();
    await panel.getByRole("alert").filter({ hasText: BUYER_VERIFICATION_MESSAGES.freeMail }).waitFor();
    expect(await email.inputValue()).toBe("jo@gmail.com");
    await email.fill(`jo@${DOMAIN}`);
    await panel.getByRole("button", { name: "Send code" }).click();

    // The code: the tries left, a wrong code refused and kept, then the right one.
    const code = panel.getByLabel("6-digit code");
    await code.waitFor();
    expect(await panel.getByTestId("code-tries-left").innerText()).toBe("5 tries left");
    await expectAccessibleAtEveryWidth(page);
    await code.fill("000000");
    await panel.getByRole("button", { name: "Confirm code" }).click();
    await panel.getByRole("alert").filter({ hasText: BUYER_VERIFICATION_MESSAGES.codeWrong }).waitFor();
    await expect.poll(() => panel.getByTestId("code-tries-left").innerText()).toBe("4 tries left");
    expect(await code.inputValue()).toBe("000000");
    await code.fill(CODE);
    await panel.getByRole("button", { name: "Confirm code" }).click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.emailVerified }).waitFor();

    // Step 3, then the wait.
    await panel.getByRole("button", { name: "Send for review" }).click();
    await panel.getByRole("heading", { name: "Waiting for review" }).waitFor();
    const steps = panel.getByRole("list", { name: "Verification steps" }).getByRole("listitem");
    expect(await steps.nth(2).getAttribute("aria-current")).toBe("step");
    await expectAccessibleAtEveryWidth(page);

    // Approved: since when, until when, and what was checked.
    const badge = api.approve();
    await page.reload();
    await panel.getByText(/^Verified buyer since .+, until .+$/).waitFor();
    await panel.getByText(/^Domain proven by meta tag on the homepage on /).waitFor();

    // A visitor sees the badge and what it means, on the card and on the listing's page.
    const visitor = await harness.newPage();
    await visitor.route(`**/api/buyer-listings**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as unknown;
      // Cards carry since when; the listing's page also each check's date.
      const verified = { isVerified: true, verifiedSince: badge.since };
      type Item = Record<string, unknown>;
      const marked = Array.isArray(body)
        ? (body as Item[]).map((item) => (item.id === listing.id ? { ...item, ...verified } : item))
        : (body as Item).id === listing.id
          ? { ...(body as Item), ...verified, verification: badge }
          : body;
      await route.fulfill({ response, json: marked });
    });
    await visitor.goto(`/browse?search=${encodeURIComponent(listing.title)}`);
    const card = visitor.getByRole("article", { name: listing.title });
    const cardBadge = card.getByRole("button", { name: "Verified buyer" });
    await cardBadge.focus();
    await visitor.keyboard.press("Enter");
    expect(await cardBadge.getAttribute("aria-expanded")).toBe("true");
    expect(await card.getByTestId("verified-buyer-explanation").innerText()).toMatch(
      /^Verified since .+: domain, work email and an administrator's review checked\.$/,
    );
    await expectAccessibleAtEveryWidth(visitor);
    await visitor.keyboard.press("Escape");
    expect(await cardBadge.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => cardBadge.evaluate((b) => b === document.activeElement)).toBe(true);

    await visitor.goto(`/buyer/${listing.id}`);
    await visitor.getByRole("heading", { level: 1, name: listing.title }).waitFor();
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
    await expectAccessibleAtEveryWidth(visitor);

    // Revoked: the buyer reads why, and can start again.
    api.revoke(REASON);
    await page.reload();
    await panel.getByRole("heading", { name: "Badge revoked" }).waitFor();
    await panel.getByText(REASON).waitFor();
    await panel.getByRole("button", { name: "Start again" }).waitFor();
  });

  it("reviews a submitted verification: the evidence, the checklist, a reason to reject or revoke", async () => {
    const admin = await fixtures.createUser({ role: "admin" });
    const page = await harness.newPage();
    await fixtures.signIn(page, admin);
    const at = new Date().toISOString();
    const row: AdminBuyerVerification = {
      id: "0b6e7f1a-2c3d-4e5f-8a9b-c0d1e2f3a4b5",
      status: "submitted",
      buyerId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      company: "Acme Verified Leads",
      website: `https://${DOMAIN}/`,
      accountEmail: "owner@acme-leads.example",
      paymentTerms: "Net 15",
      payoutMin: "25.00",
      payoutMax: "80.00",
      activeListings: 3,
      domain: DOMAIN,
      domainMethod: "dns",
      domainEvidence: "ppc-verify=ppc-verify-0123456789abcdef",
      domainVerifiedAt: at,
      workEmail: `jo@${DOMAIN}`,
      emailVerifiedAt: at,
      submittedAt: at,
      checklist: null,
      decidedAt: null,
      decisionReason: null,
      expiresAt: null,
      revokedAt: null,
      revokeReason: null,
      createdAt: at,
    };
    let rows = [row];
    const decisions: { path: string; body: unknown }[] = [];
    await page.route("**/api/admin/buyer-verifications**", async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.method() === "GET") {
        const status = url.searchParams.get("status") ?? "submitted";
        return json(
          route,
          rows.filter((r) => r.status === status),
        );
      }
      decisions.push({ path: url.pathname, body: request.postDataJSON() });
      const decided = url.pathname.endsWith("/approve")
        ? { ...row, status: "approved" as const, decidedAt: at, expiresAt: at }
        : { ...row, status: "revoked" as const, revokedAt: at, revokeReason: REASON };
      rows = [decided];
      return json(route, decided);
    });

    await page.goto("/admin/verifications");
    const card = page.getByRole("article", { name: "Acme Verified Leads" });
    await card.waitFor();
    for (const text of [
      "owner@acme-leads.example",
      "$25.00 – $80.00",
      "DNS TXT record,",
      "ppc-verify=ppc-verify-0123456789abcdef",
      `jo@${DOMAIN}, confirmed`,
    ]) {
      await card.getByText(text, { exact: false }).first().waitFor();
    }
    await expectAccessibleAtEveryWidth(page);

    // Reject asks for a reason; Cancel keeps the attempt waiting.
    await card.getByRole("button", { name: "Reject Acme Verified Leads" }).click();
    const reject = page.getByRole("dialog", { name: "Reject Buyer Verification" });
    await reject.getByRole("button", { name: "Reject", exact: true }).click();
    await reject.getByRole("alert").filter({ hasText: "Reason" }).waitFor();
    await expectAccessible(page);
    await reject.getByRole("button", { name: "Cancel" }).click();

    // Approve waits for every item of the checklist.
    await card.getByRole("button", { name: "Approve Acme Verified Leads" }).click();
    const approve = page.getByRole("dialog", { name: "Approve Buyer Verification" });
    const approveButton = approve.getByRole("button", { name: "Approve", exact: true });
    expect(await approveButton.isDisabled()).toBe(true);
    await approve.getByText(BUYER_VERIFICATION_MESSAGES.checklistIncomplete).waitFor();
    await expectAccessibleAtEveryWidth(page);
    for (const box of await approve.getByRole("checkbox").all()) await box.click();
    await approveButton.click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.approved }).waitFor();
    expect(decisions[0]).toEqual({
      path: `/api/admin/buyer-verifications/${row.id}/approve`,
      body: { checklist: { businessExists: true, paymentTermsCredible: true, references: true } },
    });
    await page.getByText("No buyer is waiting for review.").waitFor();

    // Revoke from the approved list: the reason is required, then it leaves the list.
    await page.getByLabel("Status").selectOption("approved");
    const approved = page.getByRole("article", { name: "Acme Verified Leads" });
    await approved.getByRole("button", { name: "Revoke Acme Verified Leads" }).click();
    const revoke = page.getByRole("alertdialog", { name: "Revoke Verified Buyer Badge" });
    await revoke.getByRole("button", { name: "Revoke badge" }).click();
    await revoke.getByRole("alert").filter({ hasText: "Reason" }).waitFor();
    await expectAccessibleAtEveryWidth(page);
    await revoke.getByLabel("Reason for revoking").fill(REASON);
    await revoke.getByRole("button", { name: "Revoke badge" }).click();
    await toast(page).filter({ hasText: BUYER_VERIFICATION_MESSAGES.revoked }).waitFor();
    expect(decisions[1]).toEqual({
      path: `/api/admin/buyer-verifications/${row.id}/revoke`,
      body: { reason: REASON },
    });
    await page.getByText("No buyer holds the badge.").waitFor();
  });
});
