import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// The publisher journey in Chromium: a guest onboards in five steps (with a real domain
// check of a page this test serves on 127.0.0.1; the e2e server runs with VERIFY_ALLOW_PRIVATE=1),
// survives a reload mid-wizard, lands on a pending dashboard with the score explained, then edits the
// profile. The draft is kept on the server. axe runs on the three pages; each is also checked for sideways scrolling at 375 px.

const WELCOME_FLAG = "welcome-dialog-dismissed";

/** The publisher's homepage: the tag is set once the fixture user (and so the token) exists. */
let homepageHead = "";
let site: Server;
let siteOrigin = "";

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const toastText = (page: Page) => page.locator("li[data-state='open']");

describe("publisher journey", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><html><head><title>Calls</title>${homepageHead}</head><body>Hi</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it("asks a signed-out visitor to log in", async () => {
    const page = await harness.newPage();
    await page.goto("/publisher/onboarding");
    await page.getByRole("heading", { name: "Please log in to continue" }).waitFor();
    expect(await page.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe(
      "/api/login?returnTo=%2Fpublisher%2Fonboarding",
    );
  });

  it("tells a publisher whose profile is pending that it awaits review, on the home and listing pages", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const pending = await fixtures.createUser({ role: "publisher", publisherStatus: "pending" });
    const page = await harness.newPage();
    await fixtures.signIn(page, pending);
    await page.addInitScript((key) => localStorage.setItem(key, "true"), WELCOME_FLAG);

    await page.goto("/");
    await page.getByText("Your publisher profile is awaiting review.", { exact: false }).waitFor();
    await expectAccessible(page);

    await page.goto(`/listings/${buyer.listings[0]?.id}`);
    await page
      .getByText("Your publisher profile is awaiting review. You can request deals once it is approved.")
      .waitFor();
    expect(await page.getByText(/complete your publisher profile/i).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Request Deal" }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("takes a guest through the five steps to a pending dashboard, then edits the profile", async () => {
    const guest = await fixtures.createUser({ role: "guest", firstName: "Gina" });
    const token = `ppc-verify-${guest.user.id.slice(0, 16)}`;
    // Attributes in another order and quoting than the one shown: the server parses the tag.
    homepageHead = `<META content='${token}' name="ppc-site-verification" />`;
    const page = await harness.newPage();
    await fixtures.signIn(page, guest);
    await page.addInitScript((key) => localStorage.setItem(key, "true"), WELCOME_FLAG);

    await openPage(page, "/", { signedIn: true });
    await page.getByRole("link", { name: /Get Started/ }).click();
    await page.getByRole("heading", { name: "Step 1 of 5: Business Info" }).waitFor();
    const steps = page.getByRole("navigation", { name: "Onboarding progress" }).getByRole("listitem");
    expect(await steps.count()).toBe(5);
    expect(await steps.nth(0).getAttribute("aria-current")).toBe("step");

    // Step 1: the defaults (10 calls a day, 1 year), and the message tied to the field.
    expect(await page.getByLabel("Average daily calls").inputValue()).toBe("10");
    expect(await page.getByLabel("Years in business").inputValue()).toBe("1");
    await page.getByRole("button", { name: "Continue" }).click();
    const website = page.getByLabel("Website URL");
    await page.getByText("Please enter a valid website URL").waitFor();
    expect(await website.getAttribute("aria-invalid")).toBe("true");
    expect(await website.getAttribute("aria-describedby")).toBe("onboarding-website-error");
    await website.fill(`${siteOrigin}/`);
    await page.getByLabel("Years in business").fill("2");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 2, then a reload: the draft (step, values, ticks), kept on the server, survives.
    await page.getByRole("heading", { name: "Step 2 of 5: Traffic & Verticals" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Select at least one traffic source").waitFor();
    await page
      .getByRole("group", { name: "Traffic sources" })
      .getByRole("checkbox", { name: "Radio" })
      .click();
    await page
      .getByRole("group", { name: "Focus verticals" })
      .getByRole("checkbox", { name: "Legal" })
      .click();
    // Ticks are saved once they pause: the save that carries the last one.
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === "PUT" &&
        r.url().endsWith("/api/onboarding/publisher/draft") &&
        (r.request().postData() ?? "").includes("Ohio"),
    );
    await page
      .getByRole("group", { name: "Geographic coverage" })
      .getByRole("checkbox", { name: "Ohio" })
      .click();
    await saved;
    await page.reload();
    await page.getByRole("heading", { name: "Step 2 of 5: Traffic & Verticals" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Radio" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("checkbox", { name: "Ohio" }).getAttribute("aria-checked")).toBe("true");
    expect(await steps.nth(0).innerText()).toContain("Business Info");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Website URL").inputValue()).toBe(`${siteOrigin}/`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 3: the real check reads the page served above.
    await page.getByRole("heading", { name: "Step 3 of 5: Domain Verification" }).waitFor();
    expect(await page.getByTestId("verification-tag").innerText()).toBe(
      `<meta name="ppc-site-verification" content="${token}">`,
    );
    expect(await page.getByRole("button", { name: "Continue" }).count()).toBe(0);
    await page.getByRole("button", { name: "Verify Domain" }).click();
    await toastText(page).filter({ hasText: "Domain Verified!" }).waitFor();
    expect(await toastText(page).innerText()).toContain("Your domain ownership has been confirmed.");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 4: one line to start, Add up to three.
    await page.getByRole("heading", { name: "Step 4 of 5: References" }).waitFor();
    await page.getByLabel("Reference 1").fill("Jane Doe, Acme Leads, jane@acme.example, (555) 010-0000");
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByRole("button", { name: "Add" }).click();
    expect(await page.getByRole("button", { name: "Add" }).count()).toBe(0);
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 5: compliance, then the profile and the record are posted.
    await page.getByRole("heading", { name: "Step 5 of 5: Compliance" }).waitFor();
    await page.getByRole("button", { name: "Complete Onboarding" }).click();
    await page.getByText("TCPA compliance acknowledgment is required").waitFor();
    await page.getByText("Please describe your DNC process in detail").waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByLabel("Describe your DNC (Do Not Call) process").fill("Numbers are scrubbed daily.");
    await page.getByRole("checkbox", { name: /I acknowledge/ }).click();
    await page.getByRole("button", { name: "Complete Onboarding" }).click();
    await page.waitForURL("**/publisher/dashboard");
    await toastText(page).filter({ hasText: "Onboarding Complete!" }).waitFor();
    expect(await toastText(page).innerText()).toContain(
      "Your profile is now under review. You'll be notified once approved.",
    );

    // The dashboard: pending, the score (complete 12 + compliance 15 + domain 25 + 2 years 4) explained.
    await page.getByRole("heading", { name: "Welcome, Gina" }).waitFor();
    await page.getByText("Pending Review", { exact: true }).waitFor();
    await page.getByText("Your profile is under review", { exact: true }).waitFor();
    expect(await page.getByTestId("quality-score").innerText()).toBe("56");
    await page.getByRole("button", { name: "How is this computed?" }).click();
    const factors = page.getByRole("list", { name: "Score factors" });
    expect(await factors.getByRole("listitem").count()).toBe(5);
    expect(await factors.innerText()).toContain("Domain verified");
    await page.getByText("Domain verified on").waitFor();
    await page.getByText("Compliance completed", { exact: true }).waitFor();
    // The draft went with the profile's creation.
    expect(await (await page.request.get("/api/onboarding/publisher/draft")).json()).toMatchObject({
      step: 1,
      data: {},
    });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    // The profile: Cancel resets an edit; Save Changes sends the change.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Profile", exact: true })
      .click();
    await page.getByRole("heading", { name: "Publisher Profile" }).waitFor();
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Average daily calls").fill("75");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Edit Profile" }).click();
    expect(await page.getByLabel("Average daily calls").inputValue()).toBe("10");
    await page.getByLabel("Average daily calls").fill("40");
    const [update] = await Promise.all([
      page.waitForRequest((request) => request.method() === "PUT"),
      page.getByRole("button", { name: "Save Changes" }).click(),
    ]);
    expect(update.postDataJSON()).toEqual({ avgDailyCalls: 40 });
    await toastText(page).filter({ hasText: "Profile Updated" }).waitFor();
    await page.getByRole("button", { name: "Edit Profile" }).waitFor();
    const dailyCalls = page
      .locator("dt", { hasText: "Average daily calls" })
      .locator("xpath=following-sibling::dd");
    expect(await dailyCalls.innerText()).toBe("40");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole("tab", { name: "Activity Log" }).click();
    const log = page.getByRole("tabpanel", { name: "Activity Log" });
    await log.getByText("Profile updated", { exact: true }).waitFor();
    await log.getByText("Changed: daily calls", { exact: true }).waitFor();

    // Onboarding is done: the wizard sends the publisher to the dashboard.
    await page.goto("/publisher/onboarding");
    await page.waitForURL("**/publisher/dashboard");
  });
  it("marks a domain step left for later as skipped, refuses a reference nobody could reach, and says what the low score stands on", async () => {
    const guest = await fixtures.createUser({ role: "guest", firstName: "Vera" });
    const page = await harness.newPage();
    await fixtures.signIn(page, guest);
    await page.addInitScript((key) => localStorage.setItem(key, "true"), WELCOME_FLAG);
    await page.goto("/publisher/onboarding");
    await page.getByRole("heading", { name: "Step 1 of 5: Business Info" }).waitFor();
    await page.getByLabel("Website URL").fill(`https://${guest.token}.example`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Step 2 of 5: Traffic & Verticals" }).waitFor();
    await page.getByRole("checkbox", { name: "Radio" }).click();
    await page.getByRole("checkbox", { name: "Legal" }).click();
    await page.getByRole("checkbox", { name: "Ohio" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 3 left for later: the indicator says skipped, to the eye and to a screen reader.
    await page.getByRole("heading", { name: "Step 3 of 5: Domain Verification" }).waitFor();
    await page.getByRole("button", { name: "Verify later" }).click();
    await page.getByRole("heading", { name: "Step 4 of 5: References" }).waitFor();
    const steps = page.getByRole("navigation", { name: "Onboarding progress" }).getByRole("listitem");
    const domainStep = steps.nth(2);
    expect(await domainStep.textContent()).toContain("Step 3: Domain Verification (skipped)");
    expect(await domainStep.textContent()).not.toContain("(completed)");
    expect(await domainStep.innerText()).toContain("Skipped");
    expect(await steps.nth(1).textContent()).toContain("(completed)");

    // A reference with no way to reach anyone is refused on its line; what was typed stays.
    const reference = page.getByLabel("Reference 1");
    await reference.fill("Bob from the conference");
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByText("Give a name and a valid email or phone number, written as Name, Company, Email, Phone")
      .waitFor();
    expect(await reference.inputValue()).toBe("Bob from the conference");
    expect(await reference.getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
    await reference.fill("Bob Stone, Stone Media, +1 555 010 0199");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Step 5 of 5: Compliance" }).waitFor();
    expect(await steps.nth(2).textContent()).toContain("(skipped)");
    await page.getByLabel("Describe your DNC (Do Not Call) process").fill("Numbers are scrubbed daily.");
    await page.getByRole("checkbox", { name: /I acknowledge/ }).click();
    await page.getByRole("button", { name: "Complete Onboarding" }).click();
    await page.waitForURL("**/publisher/dashboard");

    // Unverified and unreviewed: complete 12 + compliance 15 + 1 year 2, in the lowest band, explained.
    await page.getByRole("heading", { name: "Welcome, Vera" }).waitFor();
    expect(await page.getByTestId("quality-score").innerText()).toBe("29");
    await page.getByText("/ 100 · Needs work").waitFor();
    expect(await page.getByTestId("quality-basis").innerText()).toBe(
      "Based on: Profile completeness 12/12, TCPA compliance on file 15/15, Years in business 2/8.\nNot yet: Domain verified, Approved by review.",
    );
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });
});
