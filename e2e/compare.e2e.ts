import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

const cards = (page: Page) => page.getByRole("article");
const tick = (page: Page, title: string) => page.getByRole("checkbox", { name: `Compare ${title}` });
const region = (page: Page) => page.getByRole("region", { name: "Compared listings (scrolls sideways)" });
const columns = (page: Page) => region(page).getByRole("columnheader");
const row = (page: Page, label: string) =>
  region(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });

/** Five listings with payouts to tell apart; the fifth is the one too many. */
const PAYOUTS = ["40.00", "90.00", "60.00", "55.00", "70.00"];
const titleOf = (buyer: FixtureUser, i: number) => `Compared Calls ${i + 1} ${buyer.token}`;

describe("compare listings", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  const fiveListings = () =>
    fixtures.createBuyerWithListings({
      listings: PAYOUTS.map((payout, i) => ({ title: `Compared Calls ${i + 1}`, payout })),
    });

  it("lets a free publisher tick four listings on browse, refuses a fifth, and compares them masked", async () => {
    const buyer = await fiveListings();
    const publisher = await fixtures.createUser({ role: "publisher" });
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await openPage(page, `/browse?search=${buyer.token}`, { signedIn: true });
    await expect.poll(() => cards(page).count(), POLL).toBe(5);

    for (let i = 0; i < 4; i++) await tick(page, titleOf(buyer, i)).click();
    const open = page.getByRole("link", { name: "Compare (4)" });
    await open.waitFor(POLL);
    await tick(page, titleOf(buyer, 4)).click();
    await page.getByText("You can compare up to 4 listings", { exact: true }).waitFor(POLL);
    expect(await tick(page, titleOf(buyer, 4)).getAttribute("aria-checked")).toBe("false");
    await expectAccessible(page);

    await open.click();
    await page.getByRole("heading", { level: 1, name: "Compare Listings" }).waitFor(POLL);
    await expect.poll(() => columns(page).count(), POLL).toBe(4);
    // The address holds the set, in the order ticked: it can be shared and reloaded.
    const ids = new URL(page.url()).searchParams.get("ids")!.split(",");
    expect(ids).toHaveLength(4);
    expect(await columns(page).getByRole("link").allTextContents()).toEqual(
      [0, 1, 2, 3].map((i) => titleOf(buyer, i)),
    );

    // The highest payout, $90.00, is the row's one "Best", in words.
    const payouts = row(page, "Payout per call").getByRole("cell");
    expect(await payouts.allTextContents()).toEqual(["$40.00", "$90.00Best", "$60.00", "$55.00"]);

    // Masked on the server: the placeholder in every column, no contact value in the page.
    expect(await page.getByText("Contact details are masked", { exact: true }).count()).toBe(4);
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
    const html = await page.content();
    for (const secret of [buyer.buyer!.company, buyer.buyer!.contactEmail, buyer.buyer!.contactPhone]) {
      expect(html).not.toContain(secret);
    }
    await expectAccessible(page);

    await page.reload();
    await expect.poll(() => columns(page).count(), POLL).toBe(4);

    // Removing a column changes the address and unticks the listing on browse.
    await page.getByRole("button", { name: `Remove ${titleOf(buyer, 0)} from the comparison` }).click();
    await expect.poll(() => columns(page).count(), POLL).toBe(3);
    await page.goto(`/browse?search=${buyer.token}`);
    await page.getByRole("link", { name: "Compare (3)" }).waitFor(POLL);
    await page.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => page.getByRole("link", { name: /^Compare \(/ }).count(), POLL).toBe(0);
  });

  it("shows Premium the contacts, names unknown listings, and explains empty and broken links", async () => {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ title: "Premium Compare" }] });
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage();
    await fixtures.signIn(page, premium);
    await page.goto(`/compare?ids=${buyer.listings[0]!.id},${randomUUID()}`);
    await page.getByRole("link", { name: buyer.buyer!.contactEmail }).waitFor(POLL);
    await page.getByText("One listing in this link could not be found", { exact: false }).waitFor();
    await expectAccessible(page);

    await page.goto(`/compare?ids=${randomUUID()}`);
    await page.getByText("One listing in this link could not be found", { exact: false }).waitFor(POLL);
    await page.getByRole("link", { name: "Browse Buyers" }).last().waitFor();

    await page.goto("/compare?ids=not-a-listing");
    await page.getByRole("alert").filter({ hasText: "This compare link is not valid" }).waitFor(POLL);
    await page.goto("/compare");
    await page.getByText("Nothing to compare yet.", { exact: false }).waitFor(POLL);
    await expectAccessible(page);
  });

  it("fits a phone: columns scroll sideways in their own region, and nothing overflows the page", async () => {
    const buyer = await fiveListings();
    const ids = buyer.listings.slice(0, 4).map((l) => l.id);
    const page = await harness.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`/compare?ids=${ids.join(",")}`);
    await expect.poll(() => columns(page).count(), POLL).toBe(4);
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    expect(await region(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectAccessible(page);

    // The region takes the focus, so the arrow keys reach the last column: each press moves on to the next
    // column's snap point, scrolling smoothly, so the next press waits for the scroll to end.
    await region(page).focus();
    let left = 0;
    for (let i = 0; i < 3; i++) {
      const ended = region(page).evaluate(
        (el) =>
          new Promise<number>((resolve) =>
            el.addEventListener("scrollend", () => resolve(el.scrollLeft), { once: true }),
          ),
      );
      await page.keyboard.press("ArrowRight");
      const next = await ended;
      expect(next).toBeGreaterThan(left);
      left = next;
    }
    const last = columns(page).last().getByRole("link");
    await expect
      .poll(() => last.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth), POLL)
      .toBe(true);

    await page.setViewportSize({ width: 320, height: 700 });
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
