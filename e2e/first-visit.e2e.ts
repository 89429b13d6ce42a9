import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";
import { waitForSignInLink } from "./support/outbox";

// What stood between a newcomer and the product: signing in at the address the server
// printed, finding saved listings again, filtering the whole directory and coming back to a filtered list.

const POLL = { timeout: 30_000 };
const cards = (page: Page) => page.getByRole("article");
const cardTitles = async (page: Page) =>
  (await cards(page).getByRole("heading").allTextContents()).map((t) => t.trim()).sort();

describe("a newcomer's first visit", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  for (const host of ["127.0.0.1", "localhost"]) {
    it(`signs in by email link with the app opened at ${host}`, async () => {
      const origin = harness.baseURL.replace("localhost", host);
      const page = await harness.newPage();
      const email = `e2e-${host.replace(/\W/g, "")}-${Date.now()}@example.test`;
      await page.goto(`${origin}/login`);
      await page.getByLabel("Work email").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await page.getByText("Check your email").waitFor();

      const link = await waitForSignInLink(origin, email);
      // The link opens where the person is, so the session cookie lands on that address.
      expect(link?.startsWith(`${origin}/auth/magic?token=`), link).toBe(true);
      await page.goto(link!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/");
      const me = await page.request.get(`${origin}/api/auth/user`);
      expect(me.status()).toBe(200);
      expect((await me.json()).email).toBe(email);
    });
  }

  it("saves a listing from a card, finds it under Saved, and removes it there", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [{ title: "Solar Battery Calls" }, { title: "Roofing Calls" }],
    });
    const user = await fixtures.createUser({ role: "publisher" });
    const page = await harness.newPage();
    await fixtures.signIn(page, user);

    await page.goto("/saved");
    await page.getByRole("heading", { name: "Saved Listings", level: 1 }).waitFor();
    await page.getByText("You have not saved any listings yet.").waitFor(POLL);
    await expectAccessible(page);

    await openPage(page, `/browse?search=${buyer.token}`, { signedIn: true });
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
    const solar = `Solar Battery Calls ${buyer.token}`;
    const save = page.getByRole("button", { name: `Save: ${solar}` });
    expect(await save.getAttribute("aria-pressed")).toBe("false");
    await save.click();
    const saved = page.getByRole("button", { name: `Saved: ${solar}` });
    await saved.waitFor(POLL);
    expect(await saved.getAttribute("aria-pressed")).toBe("true");

    // The user menu leads to the list.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Account menu for / })
      .click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Saved Listings" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/saved");
    await expect.poll(() => cardTitles(page), POLL).toEqual([solar]);
    await page.getByText("1 saved listing").waitFor();
    await expectAccessible(page);

    // A reload reads it from the server, not from the page's memory.
    await page.reload();
    await expect.poll(() => cardTitles(page), POLL).toEqual([solar]);
    await page.getByRole("button", { name: `Saved: ${solar}` }).click();
    await page.getByText("You have not saved any listings yet.").waitFor(POLL);
    await page.reload();
    await page.getByText("You have not saved any listings yet.").waitFor(POLL);
  });

  it("filters by a vertical beyond the five listed first and a state beyond the first four", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [
        { title: "VoIP Calls", vertical: "Technology", geos: ["Ohio"] },
        { title: "Senior Living Calls", vertical: "Healthcare", geos: ["Ohio"] },
        { title: "Business Phone Calls", vertical: "Technology", geos: ["Georgia"] },
      ],
    });
    const page = await harness.newPage();
    await openPage(page, `/browse?search=${buyer.token}`);
    await expect.poll(() => cards(page).count(), POLL).toBe(3);
    await page.getByLabel("Vertical").selectOption("Technology");
    await expect
      .poll(() => cardTitles(page), POLL)
      .toEqual([`Business Phone Calls ${buyer.token}`, `VoIP Calls ${buyer.token}`]);
    await page.getByLabel("Location").selectOption("Ohio");
    await expect.poll(() => cardTitles(page), POLL).toEqual([`VoIP Calls ${buyer.token}`]);
    expect(new URL(page.url()).searchParams.get("geo")).toBe("Ohio");
    // The masked-contacts banner stays when a filter finds nothing.
    await page.getByLabel("Vertical").selectOption("Solar");
    await page.getByText("No buyers found matching your criteria.").waitFor(POLL);
    await page.getByText("Buyer contact details are masked.").waitFor();
  });

  it("comes back from a listing to the filtered list at the same scroll position", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: Array.from({ length: 12 }, (_, i) => ({
        title: `Auto Warranty Calls ${String(i).padStart(2, "0")}`,
        vertical: "Automotive" as const,
      })),
    });
    const page = await harness.newPage({ viewport: { width: 1280, height: 600 } });
    await page.goto(`/browse?search=${buyer.token}&vertical=Automotive`);
    await expect.poll(() => cards(page).count(), POLL).toBe(12);
    const last = cards(page).last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    const title = (await last.getByRole("heading").textContent())!.trim();
    await last.getByRole("link", { name: `View details: ${title}` }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(POLL);
    // A link opens its page at the top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("link", { name: "Back to Browse" }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(12);
    const url = new URL(page.url());
    expect(url.searchParams.get("vertical")).toBe("Automotive");
    expect(url.searchParams.get("search")).toBe(buyer.token);
    expect(await page.getByLabel("Vertical").inputValue()).toBe("Automotive");
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(scrolled);
  });

  it("puts a listing's Save button on a phone's first screen", async () => {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ title: "Dental Implant Calls" }] });
    const page = await harness.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`/browse?search=${buyer.token}`);
    const title = `Dental Implant Calls ${buyer.token}`;
    await cards(page)
      .first()
      .getByRole("link", { name: `View details: ${title}` })
      .click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(POLL);
    const box = await page.getByRole("button", { name: `Save: ${title}` }).boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(740);
    // The subtitle names the buyer, not the vertical again (the vertical is the first badge).
    expect(await page.getByText(/ · Insurance$/).count()).toBe(0);
  });
});
