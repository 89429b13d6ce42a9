import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCountAtLeast, formatPriceCents, formatWholeDollarsDown } from "../src/shared/format";
import type { MarketFigures } from "../src/shared/schemas/market-figures";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { type UserOptions, useFixtures } from "./support/fixtures";
import { waitForSignInLink } from "./support/outbox";

interface PublicConfig {
  appName: string;
  premiumPriceCents: number;
  boostPriceCents: number;
  boostDays: number;
  smsPriceCents: number;
  legalEmail: string;
  legalAddress: string;
}

const path = (page: Page) => new URL(page.url()).pathname;
const content = (page: Page) => page.locator("#content");

async function readConfig(page: Page): Promise<PublicConfig> {
  return (await (await page.request.get("/api/config")).json()) as PublicConfig;
}

/**
 * The figures the page must show: the ones the server drew the landing page from, which the page carries
 * for the browser (so a cache turning over between two reads cannot tell them apart), rounded down as a
 * public page claims them.
 */
async function drawnFigures(page: Page): Promise<Record<string, string | null>> {
  const figures = await page.evaluate(() => {
    const state = JSON.parse(document.getElementById("page-state")?.textContent ?? "null") as {
      queries: { queryKey: unknown[]; state: { data: unknown } }[];
    } | null;
    return state?.queries.find((query) => query.queryKey[0] === "/api/stats/public")?.state.data;
  });
  if (!figures) throw new Error("the page was not drawn from the market figures");
  const { activeBuyers, activeListings, verticals, averagePayout } = figures as MarketFigures;
  return {
    buyers: formatCountAtLeast(activeBuyers),
    listings: formatCountAtLeast(activeListings),
    verticals: formatCountAtLeast(verticals),
    payout: formatWholeDollarsDown(averagePayout),
  };
}

/**
 * The landing page as the browser draws it: reached from another page (the server draws the landing
 * page with its figures when it is opened first), so the figures are read by the browser, as the
 * route set up for them answers.
 */
async function landFromPricing(page: Page): Promise<void> {
  await openPage(page, "/pricing");
  await page.locator('header a[href="/"]').click();
}

/** What a page shows as the marketplace's figures, by kind. */
async function shownFigures(page: Page): Promise<Record<string, string | null>> {
  const shown: Record<string, string | null> = {};
  for (const key of ["buyers", "listings", "verticals", "payout"]) {
    const figure = page.getByTestId(`market-figure-${key}`);
    shown[key] = (await figure.count()) ? await figure.textContent() : null;
  }
  return shown;
}

// The claims the product once made in copy and cannot back: they must not come back.
const INVENTED = ["500+", "$2M+", "15+", "98%", "Monthly Volume", "Satisfaction"];

describe("landing, pricing and legal pages", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("landing: hero links, the live figures, the configured price, three testimonials and the footer", async () => {
    // At least one buyer and listing in the directory, so every figure has something to count.
    await fixtures.createBuyerWithListings({ n: 2 });
    const page = await harness.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Connect with Premium Call Buyers" }).waitFor();
    const config = await readConfig(page);
    const price = formatPriceCents(config.premiumPriceCents);
    const hero = page.locator("section").first();
    expect(await hero.getByRole("link", { name: "Browse Buyers" }).getAttribute("href")).toBe("/browse");
    expect(await hero.getByRole("link", { name: "Get Started Free" }).getAttribute("href")).toBe("/signup");
    const premium = hero.getByRole("link", { name: `Go Premium: ${price}/year` });
    expect(await premium.getAttribute("href")).toBe("/subscribe");

    await page.getByTestId("market-figure-buyers").waitFor();
    const expected = await drawnFigures(page);
    expect(Object.values(expected).every(Boolean)).toBe(true);
    expect(await shownFigures(page)).toEqual(expected);
    for (const claim of INVENTED)
      expect(await content(page).getByText(claim, { exact: true }).count()).toBe(0);
    // Only what the product does: it reviews publishers' compliance; it holds no SOC 2 report.
    expect(await content(page).getByText(/SOC 2/).count()).toBe(0);
    await content(page)
      .getByText("Publishers are reviewed for TCPA compliance before they request deals")
      .waitFor();
    await content(page).getByTestId("premium-price").getByText(price).waitFor();
    await content(page).getByText("$0", { exact: true }).waitFor();
    expect(await page.locator("blockquote").count()).toBe(3);

    const footer = page.getByRole("contentinfo");
    const footerLinks = await footer
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(footerLinks).toEqual(["/browse", "/pricing", "/privacy-policy", "/terms-of-service"]);
    await expectAccessible(page);
  });

  it("landing: figures rounded down from the server's, none while loading, a sentence when they fail", async () => {
    const page = await harness.newPage();
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/stats/public", async (route) => {
      await answered;
      await route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ activeBuyers: 47, activeListings: 5, verticals: 12, averagePayout: "87.99" }),
      });
    });
    await landFromPricing(page);
    const figures = page.getByRole("region", { name: "The marketplace in numbers" });
    await figures.getByRole("status").filter({ hasText: "Loading marketplace figures" }).waitFor();
    // While loading: placeholders, no number.
    expect(await figures.innerText()).not.toMatch(/\d/);
    await expectAccessible(page);
    release();
    await page.getByTestId("market-figure-buyers").waitFor();
    expect(await shownFigures(page)).toEqual({
      buyers: "45+",
      listings: "5",
      verticals: "12",
      payout: "$87",
    });
    expect(await figures.getByRole("term").allTextContents()).toEqual([
      "Active buyers",
      "Listings",
      "Verticals",
      "Average payout per call",
    ]);
    await expectAccessible(page);

    // A figure with nothing to count is left out; an empty directory shows none at all.
    const empty = await harness.newPage();
    await empty.route("**/api/stats/public", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ activeBuyers: 0, activeListings: 0, verticals: 0, averagePayout: null }),
      }),
    );
    // While the figures load nothing is shown either, so wait for the answer before judging the page.
    const emptyFigures = empty.waitForResponse("**/api/stats/public");
    await landFromPricing(empty);
    await emptyFigures;
    await empty.getByRole("heading", { level: 2, name: "Simple, transparent pricing" }).waitFor();
    await expect
      .poll(() => empty.getByRole("region", { name: "The marketplace in numbers" }).count())
      .toBe(0);
    expect(await shownFigures(empty)).toEqual({
      buyers: null,
      listings: null,
      verticals: null,
      payout: null,
    });

    // Unavailable: said so, with no number in its place.
    const failing = await harness.newPage();
    harness.allowConsoleErrors(/status of 503/);
    await failing.route("**/api/stats/public", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"message":"Database unavailable","code":"unavailable"}',
      }),
    );
    await landFromPricing(failing);
    const region = failing.getByRole("region", { name: "The marketplace in numbers" });
    await region.getByText("Live marketplace figures are not available right now.").waitFor();
    expect(await region.innerText()).not.toMatch(/\d/);
    await expectAccessible(failing);
  });

  it("pricing: free and premium tiers, add-ons, FAQ", async () => {
    const page = await harness.newPage();
    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Simple, Transparent Pricing" }).waitFor();
    const { premiumPriceCents, boostPriceCents, boostDays, smsPriceCents } = await readConfig(page);
    await content(page).getByTestId("premium-price").getByText(formatPriceCents(premiumPriceCents)).waitFor();
    await content(page).getByText("forever", { exact: true }).waitFor();
    expect(await content(page).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/subscribe",
    );
    expect(await content(page).getByRole("link", { name: "Get Started Free" }).getAttribute("href")).toBe(
      "/signup",
    );
    // SMS Alerts at the server's monthly price; signed out, the way in is to sign in.
    await expect
      .poll(() => content(page).getByTestId("sms-price").textContent())
      .toBe(`${formatPriceCents(smsPriceCents)}/month`);
    expect(
      await content(page).getByRole("link", { name: "Sign in to set up SMS alerts" }).getAttribute("href"),
    ).toBe("/api/login?returnTo=%2Fpricing");
    await expect
      .poll(() => content(page).getByTestId("boost-price").textContent())
      .toBe(`${formatPriceCents(boostPriceCents)} for ${boostDays} days`);
    // Signed out: how Boost works and who buys it, no button.
    await content(page)
      .getByText(/For buyers, on their own active listings/)
      .waitFor();
    expect(await content(page).getByRole("link", { name: "Boost a listing" }).count()).toBe(0);
    await content(page)
      .getByText(/7-day money-back guarantee: ask within 7 days/)
      .waitFor();
    await content(page)
      .getByText(/continues until the end of the billing period/)
      .waitFor();
    await content(page)
      .getByText(/at least 30 days notice/)
      .waitFor();
    await expectAccessible(page);
  });

  it("pricing for a premium member marks Premium as the current plan", async () => {
    const page = await harness.newPage();
    await fixtures.signIn(page, await fixtures.createUser({ role: "publisher", premium: true }));
    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Simple, Transparent Pricing" }).waitFor();
    await content(page).getByRole("button", { name: "Current Plan" }).waitFor();
    expect(await content(page).getByRole("link", { name: "Upgrade to Premium" }).count()).toBe(0);
  });

  it("privacy policy: eight sections, last updated date, link home", async () => {
    const page = await harness.newPage();
    await page.goto("/privacy-policy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(await content(page).getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      "1. Information We Collect",
      "2. How We Use Your Information",
      "3. Information Sharing",
      "4. Data Security",
      "5. TCPA Compliance",
      "6. Your Rights",
      "7. Changes to This Policy",
      "8. Contact Us",
    ]);
    await content(page).getByText("Last updated: January 11, 2025").waitFor();
    expect(await content(page).getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await expectAccessible(page);
  });

  it("terms of service: sections 1 to 13 and the legal contact from configuration", async () => {
    const page = await harness.newPage();
    await page.goto("/terms-of-service");
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    const headings = await content(page).getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.map((h) => Number.parseInt(h, 10))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const config = await readConfig(page);
    const contact = content(page).getByTestId("legal-contact");
    await contact.getByRole("link", { name: config.legalEmail }).waitFor();
    expect(await contact.textContent()).toContain(config.legalAddress);
    for (const clause of [
      /Do Not Call/,
      /pay publishers according to the terms agreed/,
      /malicious code/,
      /billed in advance/,
      /30 days notice/,
      /terminate or suspend your account without notice/,
      /notice of changes by email or in the service/,
    ]) {
      await content(page).getByText(clause).first().waitFor();
    }
    await content(page).getByText("Last updated: January 11, 2025").waitFor();
    expect(await content(page).getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await expectAccessible(page);
  });
});

describe("signup", () => {
  const harness = useBrowser();

  it("enables Create only with an email and the terms ticked, then emails the sign-in link in one step", async () => {
    const page = await harness.newPage();
    await page.goto("/signup");
    const create = page.getByRole("button", { name: "Create Free Account" });
    const terms = page.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel("Work email").fill("new.publisher@example.test");
    expect(await create.isDisabled()).toBe(true);
    await terms.click();
    expect(await create.isEnabled()).toBe(true);
    await terms.click();
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel("Work email").fill("");
    await terms.click();
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: "Sign In", exact: true }).last().getAttribute("href")).toBe(
      "/api/login",
    );
    const email = `signup-${Date.now()}@example.test`;
    await page.getByLabel("Work email").fill(email);
    await expectAccessible(page);

    await create.click();
    const sent = page.getByRole("status").filter({ hasText: "Check your inbox" });
    await sent.getByText(/a sign-in link is on its way/).waitFor();
    await sent.getByText(email).waitFor();
    expect(path(page)).toBe("/signup");
    expect(await page.evaluate(() => localStorage.getItem("signup-email-preference"))).toBe(email);
    await expectAccessible(page);

    // The mail is in the outbox, and its link signs the new account in.
    const link = await waitForSignInLink(harness.baseURL, email);
    await page.goto(link!);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The side chosen (the publisher's, unless "I buy calls" is picked) leads to its onboarding.
    await expect.poll(() => path(page)).toBe("/publisher/onboarding");
    const me = await page.request.get("/api/auth/user");
    expect(((await me.json()) as { email: string }).email).toBe(email);
  });

  it("goes back to the form with 'Use a different email', and shows a refusal as a sentence", async () => {
    const page = await harness.newPage();
    await page.route("**/api/auth/magic-link", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Too many requests. Please wait and try again.",
          code: "rate_limited",
        }),
      }),
    );
    harness.allowConsoleErrors(/status of 429/);
    await page.goto("/signup");
    await page.getByLabel("Work email").fill("first@example.test");
    await page.getByRole("checkbox").click();
    await page.getByRole("button", { name: "Create Free Account" }).click();
    // The server's sentence, never "429: {...}"; the form keeps what was typed.
    await page.getByRole("alert").getByText("Too many requests. Please wait and try again.").waitFor();
    expect(await page.getByRole("alert").textContent()).not.toContain("{");
    expect(await page.getByLabel("Work email").inputValue()).toBe("first@example.test");

    await page.unroute("**/api/auth/magic-link");
    await page.getByRole("button", { name: "Create Free Account" }).click();
    await page.getByText("Check your inbox").waitFor();
    await page.getByRole("button", { name: "Use a different email" }).click();
    const field = page.getByLabel("Work email");
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe("first@example.test");
    await field.fill("second@example.test");
    await page.getByRole("button", { name: "Create Free Account" }).click();
    await page.getByRole("status").getByText("second@example.test").waitFor();
  });

  it("hands over to /api/login when sign-in goes through an OIDC provider", async () => {
    const page = await harness.newPage();
    // This server signs in by email; the answer of /api/config is what the page decides by.
    let finished = false;
    await page.route("**/api/config", async (route) => {
      try {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), signInMethod: "oidc" } });
      } catch (error) {
        // Once the test is over, unrouteAll below may have answered this request already.
        if (!finished) throw error;
      }
    });
    let linkRequested = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/magic-link")) linkRequested = true;
    });
    await page.goto("/signup");
    await page.getByLabel("Work email").fill("oidc.user@example.test");
    await page.getByRole("checkbox").click();
    await page.getByRole("button", { name: "Create Free Account" }).click();
    // /api/login: here it leads on to the email sign-in page, which the stored email pre-fills.
    await expect.poll(() => path(page)).toBe("/login");
    expect(linkRequested).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("signup-email-preference"))).toBe(
      "oidc.user@example.test",
    );
    // The sign-in page may still be reading /api/config when the test's context closes: a route.fetch
    // then rejects after the test, unhandled.
    finished = true;
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  it("keeps the visitor on the page with a message when the email is not an address", async () => {
    const page = await harness.newPage();
    await page.goto("/signup");
    await page.getByLabel("Work email").fill("not-an-email");
    await page.getByRole("checkbox").click();
    await page.getByRole("button", { name: "Create Free Account" }).click();
    await page.getByRole("alert").getByText("Enter a valid email address").waitFor();
    expect(path(page)).toBe("/signup");
    expect(await page.evaluate(() => localStorage.getItem("signup-email-preference"))).toBeNull();
    expect(await page.getByLabel("Work email").inputValue()).toBe("not-an-email");
  });
});

describe("signed-in home", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("shows the welcome dialog once, and not again after it is dismissed", async () => {
    const guest = await fixtures.createUser();
    const page = await harness.newPage();
    await fixtures.signIn(page, guest);
    await page.goto("/");
    // No first name: the part of the email before the @.
    const dialog = page.getByRole("dialog", { name: `Welcome, ${guest.user.email.split("@")[0]}!` });
    await dialog.waitFor();
    await dialog.getByText("Browse all buyer listings").waitFor();
    await dialog.getByText(/unlock buyer contact information/).waitFor();
    expect(await dialog.getByRole("link", { name: "View Plans" }).getAttribute("href")).toBe("/pricing");
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Start Browsing Buyers" }).click();
    await expect.poll(() => path(page)).toBe("/browse");
    expect(await page.evaluate(() => localStorage.getItem("welcome-dialog-dismissed"))).toBe("true");

    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome to PayPerCall Hub" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("words the welcome dialog for its reader: free publisher, Premium, buyer and admin", async () => {
    const FREE_TEXT = [
      "Your free account gives you access to:",
      "Browse all buyer listings",
      "Payout ranges and verticals",
      "Basic search filters",
      "Upgrade to Premium to unlock buyer contact information",
    ];
    const readers: {
      options: UserOptions;
      says: string[];
      never: RegExp;
      buttons: string[];
      links: [string, string][];
    }[] = [
      {
        options: { role: "publisher" },
        says: FREE_TEXT,
        never: /Premium membership|administrator/,
        buttons: ["Start Browsing Buyers"],
        links: [["View Plans", "/pricing"]],
      },
      {
        options: { role: "publisher", premium: true },
        says: [
          "Your Premium membership gives you:",
          "Buyer contact details on every listing",
          "Instant email alerts when a new listing matches your alerts",
          "your saved listings in one place",
        ],
        never: /free account|Upgrade|View Plans/i,
        buttons: ["Start Browsing Buyers"],
        links: [["Saved Listings", "/saved"]],
      },
      {
        options: { role: "buyer" },
        says: ["Your buyer account lets you:", "Post listings", "in the buyer dashboard"],
        never: /free account|Upgrade|View Plans/,
        buttons: ["Open Buyer Dashboard"],
        links: [["Browse Buyers", "/browse"]],
      },
      {
        options: { role: "admin" },
        says: [
          "As an administrator you can:",
          "Vet publisher applications",
          "Curate buyer listings",
          "admin dashboard",
        ],
        never: /free account|Upgrade|View Plans/,
        buttons: ["Open Admin Dashboard"],
        links: [["Browse Buyers", "/browse"]],
      },
    ];
    for (const reader of readers) {
      const label = JSON.stringify(reader.options);
      const page = await harness.newPage();
      await fixtures.signIn(page, await fixtures.createUser({ firstName: "Robin", ...reader.options }));
      await page.goto("/");
      const dialog = page.getByRole("dialog", { name: "Welcome, Robin!" });
      await dialog.waitFor();
      const text = (await dialog.innerText()).replace(/\s+/g, " ");
      for (const words of reader.says) expect(text, label).toContain(words);
      expect(text, label).not.toMatch(reader.never);
      // Besides the dialog's close icon, whose name is for screen readers only.
      const buttons = (await dialog.getByRole("button").allInnerTexts()).filter(Boolean);
      expect(buttons, label).toEqual(reader.buttons);
      const links = await dialog
        .getByRole("link")
        .evaluateAll((ls) => ls.map((l) => [l.textContent, l.getAttribute("href")]));
      expect(links, label).toEqual(reader.links);
      await expectAccessible(page);
      await page.context().close();
    }
  });

  it("greets a guest without a name, with Browse, both onboardings and Saved Listings shortcuts in one row", async () => {
    const guest = await fixtures.createUser();
    const page = await harness.newPage();
    await fixtures.signIn(page, guest);
    await page.goto("/");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByRole("heading", { level: 1, name: "Welcome to PayPerCall Hub" }).waitFor();
    expect(await page.getByTestId("signed-in-as").textContent()).toBe(guest.user.email);
    const shortcuts = page.getByRole("region", { name: "Shortcuts" }).getByRole("link");
    expect(await shortcuts.evaluateAll((ls) => ls.map((l) => l.getAttribute("href")))).toEqual([
      "/browse",
      "/publisher/onboarding",
      "/buyer/onboarding",
      "/saved",
    ]);
    // No empty column beside them: four shortcuts fill one row of four at 1280 px.
    const tops = await shortcuts.evaluateAll((ls) =>
      ls.map((l) => Math.round(l.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    expect(await page.getByRole("heading", { name: "Subscription" }).count()).toBe(0);
    // The directory's live figures, as the landing page shows them; none of the old invented ones.
    await page.getByTestId("market-figure-buyers").waitFor();
    expect(await shownFigures(page)).toEqual(await drawnFigures(page));
    for (const claim of INVENTED)
      expect(await content(page).getByText(claim, { exact: true }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("welcomes a free publisher, back only once they return, by name, with the upgrade card and their dashboard", async () => {
    const page = await harness.newPage();
    const pat = await fixtures.createUser({ role: "publisher", firstName: "Pat", lastName: "Publisher" });
    await fixtures.signIn(page, pat);
    await page.goto("/");
    await page.getByRole("dialog", { name: "Welcome, Pat!" }).getByRole("button", { name: "Close" }).click();
    // A name is no sign of a return: never signed in before, Pat is welcomed, not welcomed back.
    await page.getByRole("heading", { level: 1, name: "Welcome to PayPerCall Hub" }).waitFor();
    await page.goto("/publisher/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome, Pat" }).waitFor();
    // Pat signs in, and later again: that second sign-in is a return.
    for (let n = 0; n < 2; n++) {
      const signedIn = await page.request.post("/api/dev/login", {
        data: { email: pat.user.email },
        headers: { origin: harness.baseURL },
      });
      expect(signedIn.status()).toBe(200);
    }
    await page.goto("/publisher/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome back, Pat" }).waitFor();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Welcome back to PayPerCall Hub" }).waitFor();
    expect(await page.getByTestId("signed-in-as").textContent()).toBe("Pat Publisher");
    expect(await content(page).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/pricing",
    );
    const shortcuts = page.getByRole("region", { name: "Shortcuts" }).getByRole("link");
    expect(await shortcuts.evaluateAll((ls) => ls.map((l) => l.getAttribute("href")))).toEqual([
      "/browse",
      "/publisher/dashboard",
      "/saved",
    ]);
    await expectAccessible(page);
  });

  it("shows a premium publisher the Premium badge instead of the upgrade link", async () => {
    const page = await harness.newPage();
    await fixtures.signIn(page, await fixtures.createUser({ role: "publisher", premium: true }));
    await page.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));
    await page.goto("/");
    const card = content(page).locator("div", { has: page.getByRole("heading", { name: "Subscription" }) });
    await card.getByText("Premium", { exact: true }).first().waitFor();
    expect(await content(page).getByRole("link", { name: "Upgrade to Premium" }).count()).toBe(0);
  });

  it("gives a buyer a My Dashboard shortcut to the buyer dashboard", async () => {
    const page = await harness.newPage();
    await fixtures.signIn(page, await fixtures.createUser({ role: "buyer" }));
    await page.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const shortcut = page
      .getByRole("region", { name: "Shortcuts" })
      .getByRole("link", { name: /My Dashboard/ });
    expect(await shortcut.getAttribute("href")).toBe("/buyer/dashboard");
  });
});
