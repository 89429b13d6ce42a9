import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

const WELCOME_FLAG = "welcome-dialog-dismissed";

/** Signed-in pages open the one-time welcome dialog on /; these tests are about the bar, not the dialog. */
async function skipWelcome(page: Page) {
  await page.addInitScript((key) => localStorage.setItem(key, "true"), WELCOME_FLAG);
}

// Chromium logs a page answered with 404 as a failed load: expected where a test opens a missing page.
const NOT_FOUND_LOAD = /Failed to load resource: the server responded with a status of 404/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const path = (page: Page) => new URL(page.url()).pathname;
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const barLink = (page: Page, name: string) => mainNav(page).getByRole("link", { name, exact: true });

/**
 * Texts of toasts as they appear, kept across full navigations: the 401 toast is on screen for only
 * 500 ms before the browser leaves for the login page, so polling the page afterwards would miss it.
 */
async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding("__recordToast", (_source, text: string) => {
    seen.push(text);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __recordToast: (t: string) => void }).__recordToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>("li[data-state='open']")) {
        if (toast.dataset.recorded) continue;
        toast.dataset.recorded = "1";
        // innerText (not textContent) keeps the title and the description apart.
        report(toast.innerText.replace(/\s+/g, " ").trim());
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

describe("navigation bar", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  /** A page signed in as `user`, with the one-time welcome dialog already dismissed. */
  async function signedInPage(user: FixtureUser, viewport?: { width: number; height: number }) {
    const page = await harness.newPage({ viewport });
    await fixtures.signIn(page, user);
    await skipWelcome(page);
    return page;
  }

  it("offers a visitor browsing, pricing and sign-in, and highlights the page they are on", async () => {
    const page = await harness.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    expect(await mainNav(page).getByRole("link").allInnerTexts()).toEqual([
      "PayPerCall Hub",
      "Browse Buyers",
      "Pricing",
      "Sign In",
      "Get Started Free",
    ]);
    expect(await barLink(page, "Sign In").getAttribute("href")).toBe("/api/login");
    expect(await barLink(page, "Get Started Free").getAttribute("href")).toBe("/signup");
    expect(
      await mainNav(page)
        .getByRole("button", { name: /Account menu/ })
        .count(),
    ).toBe(0);
    expect(await barLink(page, "Pricing").getAttribute("aria-current")).toBeNull();

    await barLink(page, "Pricing").click();
    await page.getByRole("heading", { name: "Simple, Transparent Pricing" }).waitFor();
    expect(await barLink(page, "Pricing").getAttribute("aria-current")).toBe("page");
    expect(await barLink(page, "Browse Buyers").getAttribute("aria-current")).toBeNull();

    await barLink(page, "PayPerCall Hub").click();
    await expect.poll(() => path(page)).toBe("/");
  });

  it("shows a guest their name, a grey Guest badge and the menu with Pricing & Settings and Log out", async () => {
    const guest = await fixtures.createUser();
    const page = await signedInPage(guest);
    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome to PayPerCall Hub" }).waitFor();
    expect(await mainNav(page).getByRole("link").allInnerTexts()).toEqual([
      "PayPerCall Hub",
      "Browse Buyers",
      "Pricing",
    ]);
    expect(await page.getByTestId("plan-badge").count()).toBe(0);
    const { email } = guest.user;
    const account = mainNav(page).getByRole("button", { name: `Account menu for ${email}` });
    // The avatar falls back to the first letter of the email: no name, no picture.
    expect(await account.textContent()).toMatch(
      new RegExp(`^${email[0]!.toUpperCase()}.*${escapeRegExp(email)}.*Guest`),
    );
    expect(await account.getByTestId("role-badge").getAttribute("class")).toContain("bg-slate-100");

    await account.click();
    const menu = page.getByRole("menu");
    expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Account",
      "Log out",
    ]);
    expect(await menu.getByRole("menuitem", { name: "Log out" }).getAttribute("href")).toBe("/api/logout");
    await expectAccessible(page);
  });

  it("gives a free publisher Dashboard, Profile and a Free badge", async () => {
    const publisher = await fixtures.createUser({
      role: "publisher",
      firstName: "Pat",
      lastName: "Publisher",
    });
    const page = await signedInPage(publisher);
    await page.goto("/publisher/profile");
    await page.getByRole("heading", { name: "Publisher Profile" }).waitFor();
    expect(await mainNav(page).getByRole("link").allInnerTexts()).toEqual([
      "PayPerCall Hub",
      "Browse Buyers",
      "Pricing",
      "Dashboard",
      "Profile",
    ]);
    expect(await mainNav(page).getByTestId("plan-badge").textContent()).toBe("Free");
    expect(await barLink(page, "Profile").getAttribute("aria-current")).toBe("page");
    expect(await barLink(page, "Dashboard").getAttribute("aria-current")).toBeNull();

    // Prefix rule: anything under /publisher that is not the profile belongs to the dashboard.
    // (Onboarding would send this onboarded publisher on to the dashboard: an unknown page shows the rule.)
    harness.allowConsoleErrors(NOT_FOUND_LOAD);
    expect((await page.goto("/publisher/no-such-page"))?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expect(await barLink(page, "Dashboard").getAttribute("aria-current")).toBe("page");

    const account = mainNav(page).getByRole("button", { name: "Account menu for Pat Publisher" });
    expect(await account.getByTestId("role-badge").getAttribute("class")).toContain("bg-green-100");
    await account.click();
    expect(await page.getByRole("menu").getByRole("menuitem").allInnerTexts()).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Publisher Dashboard",
      "Profile",
      "Account",
      "Log out",
    ]);
    await expectAccessible(page);
  });

  it("marks a premium publisher with the Premium badge", async () => {
    const premium = await fixtures.createUser({
      role: "publisher",
      premium: true,
      firstName: "Priya",
      lastName: "Premium",
    });
    const page = await signedInPage(premium);
    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome to PayPerCall Hub" }).waitFor();
    expect(await mainNav(page).getByTestId("plan-badge").textContent()).toBe("Premium");
    // Initials when both names exist.
    expect(
      await mainNav(page)
        .getByRole("button", { name: /Account menu/ })
        .textContent(),
    ).toMatch(/^PP/);
  });

  it("gives a buyer one Dashboard link, highlighted across /buyer/dashboard, and a blue badge", async () => {
    const page = await signedInPage(await fixtures.createUser({ role: "buyer" }));
    await page.goto("/buyer/dashboard");
    await page.getByRole("heading", { name: "Buyer Dashboard" }).waitFor();
    expect(await mainNav(page).getByRole("link").allInnerTexts()).toEqual([
      "PayPerCall Hub",
      "Browse Buyers",
      "Pricing",
      "Dashboard",
    ]);
    expect(await barLink(page, "Dashboard").getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("plan-badge").count()).toBe(0);
    const account = mainNav(page).getByRole("button", { name: /Account menu/ });
    expect(await account.getByTestId("role-badge").textContent()).toBe("Buyer");
    expect(await account.getByTestId("role-badge").getAttribute("class")).toContain("bg-blue-100");
    await account.click();
    expect(await page.getByRole("menu").getByRole("menuitem").allInnerTexts()).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Buyer Dashboard",
      "Account",
      "Log out",
    ]);
    await expectAccessible(page);
  });

  it("gives an admin the Admin link, highlighted on every /admin page, and the admin menu", async () => {
    const admin = await fixtures.createUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
    const page = await signedInPage(admin);
    await page.goto("/admin/dashboard");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await mainNav(page).getByRole("link").allInnerTexts()).toEqual([
      "PayPerCall Hub",
      "Browse Buyers",
      "Pricing",
      "Admin",
    ]);
    expect(await barLink(page, "Admin").getAttribute("aria-current")).toBe("page");
    await expectAccessible(page);

    const account = mainNav(page).getByRole("button", { name: "Account menu for Ada Admin" });
    expect(await account.getByTestId("role-badge").getAttribute("class")).toContain("bg-red-100");
    await account.click();
    const menu = page.getByRole("menu");
    expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Admin Dashboard",
      "Manage Publishers",
      "Manage Buyers",
      "Buyer Verifications",
      "Users",
      "Audit Log",
      "Failed Mail",
      "Account",
      "Log out",
    ]);
    await menu.getByRole("menuitem", { name: "Manage Publishers" }).click();
    await page.getByRole("heading", { name: "Manage Publishers" }).waitFor();
    expect(path(page)).toBe("/admin/publishers");
    expect(await barLink(page, "Admin").getAttribute("aria-current")).toBe("page");
    await page.goto("/admin/buyers");
    await page.getByRole("heading", { name: "Manage Buyers" }).waitFor();
    expect(await barLink(page, "Admin").getAttribute("aria-current")).toBe("page");
  });

  it("sends every Get Started Free to the signup page: bar, mobile menu, hero and plans", async () => {
    const page = await harness.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    const everyGetStarted = () =>
      page
        .getByRole("link", { name: "Get Started Free", exact: true })
        .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    // The bar, the hero and the landing page's Free plan.
    expect(await everyGetStarted()).toEqual(["/signup", "/signup", "/signup"]);
    await barLink(page, "Get Started Free").click();
    await page.getByRole("heading", { level: 1, name: "Create your free account" }).waitFor();
    expect(path(page)).toBe("/signup");
    await expectAccessible(page);

    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Simple, Transparent Pricing" }).waitFor();
    expect(new Set(await everyGetStarted())).toEqual(new Set(["/signup"]));

    const phone = await harness.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto("/");
    await phone.getByRole("button", { name: "Open menu" }).click();
    const mobile = phone.getByRole("navigation", { name: "Mobile" });
    await mobile.getByRole("link", { name: "Get Started Free" }).click();
    await phone.getByRole("heading", { level: 1, name: "Create your free account" }).waitFor();
    expect(path(phone)).toBe("/signup");
    // The menu closed on the way.
    expect(await phone.getByRole("navigation", { name: "Mobile" }).count()).toBe(0);
  });

  it("folds the links into a menu button at 375 px", async () => {
    const viewport = { width: 375, height: 740 };
    const visitor = await harness.newPage({ viewport });
    await visitor.goto("/");
    await visitor.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    expect(await barLink(visitor, "Browse Buyers").isVisible()).toBe(false);
    const toggle = visitor.getByRole("button", { name: "Open menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    const mobile = visitor.getByRole("navigation", { name: "Mobile" });
    expect(await mobile.getByRole("link").allInnerTexts()).toEqual([
      "Browse Buyers",
      "Pricing",
      "Sign In",
      "Get Started Free",
    ]);
    expect(await visitor.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    await expectAccessible(visitor);

    const publisher = await signedInPage(
      await fixtures.createUser({ role: "publisher", firstName: "Pat", lastName: "Publisher" }),
      viewport,
    );
    await publisher.goto("/");
    await publisher.getByRole("heading", { name: "Welcome to PayPerCall Hub" }).waitFor();
    await publisher.getByRole("button", { name: "Open menu" }).click();
    const menu = publisher.getByRole("navigation", { name: "Mobile" });
    expect(await menu.getByRole("link").allInnerTexts()).toEqual([
      "Browse Buyers",
      "Pricing & Settings",
      "Saved Listings",
      "Publisher Dashboard",
      "Profile",
      "Account",
      "Log out",
    ]);
    expect(await menu.getByTestId("plan-badge").textContent()).toBe("Free");
    expect(await menu.getByTestId("role-badge").textContent()).toBe("Publisher");
    await menu.getByRole("link", { name: "Profile" }).click();
    await publisher.getByRole("heading", { name: "Publisher Profile" }).waitFor();
    // Following a link closes the menu.
    expect(await publisher.getByRole("navigation", { name: "Mobile" }).count()).toBe(0);
    await publisher.getByRole("button", { name: "Open menu" }).click();
    expect(
      await publisher
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("link", { name: "Profile" })
        .getAttribute("aria-current"),
    ).toBe("page");
    await expectAccessible(publisher);
  });
});

describe("route guards and errors", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("answers an unknown path with HTTP 404 and the 404 page", async () => {
    const page = await harness.newPage();
    harness.allowConsoleErrors(NOT_FOUND_LOAD);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page
      .getByText("We could not find this page. The link may be old, or the address mistyped.")
      .waitFor();
    expect(await page.getByText(/router/i).count()).toBe(0);
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Browse the directory" }).getAttribute("href")).toBe(
      "/browse",
    );
    expect(await main.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    await expect.poll(() => page.title()).toBe("Page Not Found · PayPerCall Hub");
    await expectAccessible(page);
    // A listing nobody may see is a 404 too, with the title the page then shows.
    const listing = await page.goto("/listings/no-such-listing");
    expect(listing?.status()).toBe(404);
    await page.getByRole("heading", { name: "Listing Not Found" }).waitFor();
    expect(await page.title()).toBe("Listing Not Found · PayPerCall Hub");
  });

  it("sends a non-admin away from /admin/dashboard with the Access Denied toast", async () => {
    const page = await harness.newPage();
    await fixtures.signIn(page, await fixtures.createUser({ role: "publisher", firstName: "Pat" }));
    await skipWelcome(page);
    const toasts = await recordToasts(page);
    await page.goto("/admin/dashboard");
    await expect.poll(() => path(page)).toBe("/");
    await page.getByRole("heading", { name: "Welcome to PayPerCall Hub" }).waitFor();
    expect(toasts).toEqual([expect.stringContaining("Access Denied Administrator access required.")]);
    await expectAccessible(page);
  });

  it("sends a signed-out visitor on a signed-in route to log in with the Unauthorized toast", async () => {
    const page = await harness.newPage();
    const toasts = await recordToasts(page);
    await page.goto("/publisher/dashboard");
    await expect.poll(() => path(page)).toBe("/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/publisher/dashboard");
    expect(toasts).toEqual([expect.stringContaining("Unauthorized You are logged out. Logging in again...")]);
  });

  it("treats a signed-out visitor on an admin route the same way", async () => {
    const page = await harness.newPage();
    const toasts = await recordToasts(page);
    await page.goto("/admin/publishers");
    await expect.poll(() => path(page)).toBe("/login");
    expect(toasts).toEqual([expect.stringContaining("Unauthorized")]);
  });
});

describe("document titles", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("gives each page its own title, the listing's on a detail page, with the configured app name", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const [listing, other] = [buyer.listings[0]!, buyer.listings[1]!];
    const page = await harness.newPage();
    const title = () => page.title();

    await page.goto("/");
    await page.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    await expect.poll(title).toBe("PayPerCall Hub");
    await openPage(page, "/browse");
    await page.getByRole("heading", { name: "Browse Buyers", level: 1 }).waitFor();
    await expect.poll(title).toBe("Browse Buyers · PayPerCall Hub");
    // Client-side navigation changes it too.
    await barLink(page, "Pricing").click();
    await page.getByRole("heading", { name: "Simple, Transparent Pricing" }).waitFor();
    await expect.poll(title).toBe("Pricing · PayPerCall Hub");
    await page.goto("/terms-of-service");
    await expect.poll(title).toBe("Terms of Service · PayPerCall Hub");
    await openPage(page, `/listings/${listing.id}`);
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor();
    await expect.poll(title).toBe(`${listing.title} · PayPerCall Hub`);
    // Straight on to another listing inside the app: the route's title while it loads, never the last
    // listing's, then its own.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/buyer-listings/${other.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((path) => window.history.pushState(null, "", path), `/listings/${other.id}`);
    await expect.poll(title).toBe("Buyer Listing · PayPerCall Hub");
    release();
    await page.getByRole("heading", { level: 1, name: other.title }).waitFor();
    await expect.poll(title).toBe(`${other.title} · PayPerCall Hub`);
    harness.allowConsoleErrors(/status of 404/);
    await page.goto("/listings/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { level: 1, name: "Listing Not Found" }).waitFor();
    await expect.poll(title).toBe("Listing Not Found · PayPerCall Hub");

    // The name comes from the configuration (APP_NAME), not from the code.
    const renamed = await harness.newPage();
    await renamed.route("**/api/config", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), appName: "Call Market" } });
    });
    // A page the browser draws (a drawn page carries the configuration it was drawn with).
    await renamed.goto("/login");
    // A fresh page loads the whole app first: on a busy machine that outlasts expect.poll's 1 s default.
    await renamed.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => renamed.title()).toBe("Sign In · Call Market");
  });
});
