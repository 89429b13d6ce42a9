import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatPriceCents } from "../src/shared/format";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// Every test makes its own buyer and listings and searches for the fixture's token, so what the page
// shows is exactly what the test created (the demo seed's rows never enter the counts).

const cards = (page: Page) => page.getByRole("article");
const cardTitles = async (page: Page) =>
  (await cards(page).getByRole("heading").allTextContents()).map((t) => t.trim()).sort();

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

describe("browse buyers", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("lets a visitor search, filter, reload, load more and open a masked listing", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [
        ...Array.from({ length: 26 }, () => ({})),
        { title: "Mass Tort Inbound Calls", vertical: "Legal", payout: "120.00", geos: ["California"] },
        // US National matches every state: a national buyer takes calls from anywhere.
        { title: "Personal Injury Inbound Calls", vertical: "Legal", payout: "150.00", geos: [] },
        { title: "DUI Defense Inbound Calls", vertical: "Legal", payout: "80.00", geos: ["California"] },
        { title: "Workers Compensation Inbound Calls", vertical: "Legal", payout: "130.00", geos: ["Texas"] },
      ],
    });
    const { token } = buyer;
    const page = await harness.newPage();
    await page.goto(`/browse?search=${token}`);
    await page.getByRole("heading", { name: "Browse Buyers", level: 1 }).waitFor();
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
    await page.getByText("Buyer contact details are masked.").waitFor();
    await expectAccessible(page);

    // Nothing is sent to the server for the contacts: every card shows the drawn placeholder.
    expect(await page.getByText("Contact details are masked", { exact: true }).count()).toBe(24);
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);

    await page.getByRole("button", { name: "Load More" }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(30);
    await expect.poll(() => page.getByRole("button", { name: "Load More" }).count(), POLL).toBe(0);

    // A choice applies as it changes: no Filter press needed.
    await page.getByLabel("Vertical").selectOption("Legal");
    await expect.poll(() => new URL(page.url()).search, POLL).toBe(`?search=${token}&vertical=Legal`);
    await page.getByLabel("Payout").selectOption("100+");
    // The control in use keeps the focus: the form is not rebuilt under the keyboard.
    await page.getByLabel("Location").focus();
    await page.getByLabel("Location").selectOption("California");
    await expect.poll(() => new URL(page.url()).searchParams.get("geo"), POLL).toBe("California");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("filter-geo");
    await expect
      .poll(() => new URL(page.url()).search, POLL)
      .toBe(`?search=${token}&vertical=Legal&payout=100%2B&geo=California`);
    const expected = [`Mass Tort Inbound Calls ${token}`, `Personal Injury Inbound Calls ${token}`];
    await expect.poll(() => cardTitles(page), POLL).toEqual(expected);

    // The search is in the URL, so it survives a reload (and can be shared).
    await page.reload();
    await expect.poll(() => page.getByLabel("Vertical").inputValue(), POLL).toBe("Legal");
    expect(await page.getByLabel("Search").inputValue()).toBe(token);
    expect(await page.getByLabel("Payout").inputValue()).toBe("100+");
    await expect.poll(() => cardTitles(page), POLL).toEqual(expected);

    await page.getByLabel("Search").fill(`${token} nothing sells this`);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No buyers found matching your criteria.").waitFor();

    await page.goto(`/browse?search=${token}&vertical=Legal`);
    const first = cards(page).first();
    const title = (await first.getByRole("heading").textContent())!;
    await first.getByRole("link", { name: `View details: ${title}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/listings\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await page.getByText("Contact details are masked").waitFor();
    await expectAccessible(page);

    // A signed-out visitor asking for the contact is sent to sign in.
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toMatch(/^\/listings\//);
  });

  it("applies the keyword as it is typed, clears it with the box, and keeps one history entry per search", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [
        { title: "Mass Tort Inbound Calls", vertical: "Legal" },
        { title: "Personal Injury Inbound Calls", vertical: "Legal" },
        { title: "Roofing Estimates", vertical: "Home Services" },
      ],
    });
    const { token } = buyer;
    const page = await harness.newPage();
    await openPage(page, `/browse?search=${token}`);
    await expect.poll(() => cards(page).count(), POLL).toBe(3);
    await page.getByLabel("Vertical").selectOption("Legal");
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
    const entries = await page.evaluate(() => history.length);

    // Typing narrows the list without Enter or Filter, one request per pause rather than per keystroke.
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/buyer-listings" && url.searchParams.has("search")) searches.push(url.search);
    });
    const box = page.getByLabel("Search");
    await box.click();
    await box.press("End");
    await box.pressSequentially(" mass tort", { delay: 40 });
    await expect.poll(() => cardTitles(page), POLL).toEqual([`Mass Tort Inbound Calls ${token}`]);
    expect(new URL(page.url()).searchParams.get("search")).toBe(`${token} mass tort`);
    expect(new URL(page.url()).searchParams.get("vertical")).toBe("Legal");
    expect(searches.length).toBeLessThan(" mass tort".length);
    // One history entry for the whole search, and the box kept the focus and every typed character.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    expect(await box.inputValue()).toBe(`${token} mass tort`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("filter-search");
    await expectAccessible(page);

    // A cleared box clears the keyword (the vertical stays), replacing the entry rather than adding one.
    await box.fill("");
    await expect.poll(() => new URL(page.url()).search, POLL).toBe("?vertical=Legal");
    await page.getByRole("heading", { name: `Personal Injury Inbound Calls ${token}` }).waitFor(POLL);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);

    // Enter applies at once; the settled search is the shareable address.
    await box.fill(`${token} personal`);
    await box.press("Enter");
    await expect
      .poll(() => new URL(page.url()).searchParams.get("search"), { timeout: 250 })
      .toBe(`${token} personal`);
    await expect.poll(() => cardTitles(page), POLL).toEqual([`Personal Injury Inbound Calls ${token}`]);
    const shared = await harness.newPage();
    await shared.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await expect.poll(() => cardTitles(shared), POLL).toEqual([`Personal Injury Inbound Calls ${token}`]);
    expect(await shared.getByLabel("Search").inputValue()).toBe(`${token} personal`);

    // Back returns to the search before, filters and box included.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search, POLL).toBe(`?search=${token}&vertical=Legal`);
    await expect.poll(() => box.inputValue(), POLL).toBe(token);
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
  });

  it("shows a free user the upgrade dialog instead of the contact", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const publisher = await fixtures.createUser({ role: "publisher" });
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await openPage(page, `/browse?search=${buyer.token}`, { signedIn: true });
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
    await cards(page)
      .first()
      .getByRole("button", { name: /Upgrade to see contact/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Premium" });
    await dialog.waitFor();
    // The price comes from /api/config, never a literal in the page.
    const config = (await (await page.request.get("/api/config")).json()) as { premiumPriceCents: number };
    await expect
      .poll(() => dialog.textContent(), POLL)
      .toContain(`${formatPriceCents(config.premiumPriceCents)}/year`);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Maybe Later" }).click();
    await dialog.waitFor({ state: "hidden" });

    await cards(page)
      .first()
      .getByRole("button", { name: /Upgrade to see contact/ })
      .click();
    await page.getByRole("dialog").getByRole("link", { name: "Upgrade Now" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/subscribe");
  });

  it("shows the premium user plain contacts and no banner", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage();
    await fixtures.signIn(page, premium);
    await page.goto(`/browse?search=${buyer.token}`);
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
    // The page may come drawn for a visitor first (pages read no session); the app then reads the
    // listings again with the session, contacts included.
    const firstCard = cards(page).first();
    await firstCard.getByRole("link", { name: buyer.buyer!.contactEmail }).waitFor(POLL);
    await firstCard.getByRole("button", { name: /Contact Buyer/ }).waitFor();
    expect(await page.getByText("Buyer contact details are masked.").count()).toBe(0);
    expect(await page.getByText("Contact details are masked", { exact: true }).count()).toBe(0);
  });

  it("opens the upgrade dialog when the server says Premium has ended since the page loaded", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage();
    await fixtures.signIn(page, premium);
    await page.goto(`/browse?search=${buyer.token}`);
    const contact = cards(page)
      .first()
      .getByRole("button", { name: /Contact Buyer/ });
    await contact.waitFor();

    await fixtures.setPremium(premium, false);
    harness.allowConsoleErrors(/status of 403/);
    const refusal = page.waitForResponse((res) => res.url().includes("/api/reveal-contact/"));
    await contact.click();
    // The client acts on the answer's code (premium_required), not on its wording.
    expect(await (await refusal).json()).toMatchObject({ code: "premium_required" });
    await page.getByRole("dialog", { name: "Upgrade to Premium" }).waitFor();
  });

  it("fits a 360px screen", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 3 });
    const page = await harness.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`/browse?search=${buyer.token}`);
    await expect.poll(() => cards(page).count(), POLL).toBe(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  it("says what failed when the listings cannot be fetched", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [{ vertical: "Legal" }, { vertical: "Legal" }],
    });
    const page = await harness.newPage();
    // The first page comes with the HTML; the next filter is the browser's own request.
    await openPage(page, `/browse?search=${buyer.token}`);
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
    harness.allowConsoleErrors(/status of 503/);
    await page.route("**/api/buyer-listings**", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"message":"Database unavailable","code":"unavailable"}',
      }),
    );
    await page.getByLabel("Vertical").selectOption("Legal");
    await page.getByText("Failed to fetch buyer listings: Service Unavailable").waitFor();
    await page.unroute("**/api/buyer-listings**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
  });
});
