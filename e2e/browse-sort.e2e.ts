import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// The directory's sort control: three buyers with different reliability scores and review counts, ten
// listings each, searched for by their tokens, so the page shows exactly these 30 and "Load More" is
// needed (24 a page). Within one buyer the order is the listing id's, so the test reads the order of
// buyers, card by card.

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };
const PER_BUYER = 10;

const cardTitles = async (page: Page) =>
  (await page.getByRole("article").getByRole("heading").allTextContents()).map((t) => t.trim());

describe("browse sort order", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("sorts by each order across Load More, keeps it in the URL and restores it on reload", async () => {
    // Payouts differ across all 30 (the reviewed buyer pays least), so highest payout has one answer.
    const buyerWith = (
      name: string,
      base: number,
      figures: { reliabilityScore?: number; reviewCount: number },
    ) =>
      fixtures.createBuyerWithListings({
        ...figures,
        listings: Array.from({ length: PER_BUYER }, (_, i) => ({
          title: `${name} ${i}`,
          payout: `${base + i}.00`,
        })),
      });
    const reliable = await buyerWith("Reliable", 100, { reliabilityScore: 90, reviewCount: 2 });
    const unscored = await buyerWith("Unscored", 10, { reviewCount: 12 });
    const fair = await buyerWith("Fair", 50, { reliabilityScore: 40, reviewCount: 5 });
    const buyers: [string, FixtureUser][] = [
      ["Reliable", reliable],
      ["Unscored", unscored],
      ["Fair", fair],
    ];
    const buyerOf = (title: string) => buyers.find(([, b]) => title.endsWith(b.token))![0];
    const search = encodeURIComponent(buyers.map(([, b]) => b.token).join(" or "));

    const page = await harness.newPage();
    await page.goto(`/browse?search=${search}`);
    const sort = page.getByLabel("Sort by");
    await expect.poll(() => page.getByRole("article").count(), POLL).toBe(24);
    expect(await sort.inputValue()).toBe("");
    expect(await sort.locator("option").allTextContents()).toEqual([
      "Featured",
      "Highest payout",
      "Newest",
      "Most reliable",
      "Most reviewed",
    ]);
    await expectAccessible(page);

    /** Every card once "Load More" has shown the rest: the 30 listings, no duplicates. */
    const allTitles = async () => {
      await expect.poll(() => page.getByRole("article").count(), POLL).toBe(24);
      await page.getByRole("button", { name: "Load More" }).click();
      await expect.poll(() => page.getByRole("article").count(), POLL).toBe(3 * PER_BUYER);
      const titles = await cardTitles(page);
      expect(new Set(titles).size).toBe(titles.length);
      return titles;
    };
    const runOf = (order: string[]) => order.flatMap((name) => Array(PER_BUYER).fill(name));

    await sort.selectOption({ label: "Most reliable" });
    await expect.poll(() => new URL(page.url()).searchParams.get("sort"), POLL).toBe("reliability");
    await expect.poll(async () => buyerOf((await cardTitles(page))[0] ?? ""), POLL).toBe("Reliable");
    expect((await allTitles()).map(buyerOf)).toEqual(runOf(["Reliable", "Fair", "Unscored"]));

    await sort.selectOption({ label: "Most reviewed" });
    await expect.poll(() => new URL(page.url()).searchParams.get("sort"), POLL).toBe("reviews");
    await expect.poll(async () => buyerOf((await cardTitles(page))[0] ?? ""), POLL).toBe("Unscored");
    expect((await allTitles()).map(buyerOf)).toEqual(runOf(["Unscored", "Fair", "Reliable"]));

    await sort.selectOption({ label: "Highest payout" });
    await expect.poll(() => new URL(page.url()).searchParams.get("sort"), POLL).toBe("payout");
    const byPayout = [...Array(PER_BUYER).keys()].map((i) => `Reliable ${PER_BUYER - 1 - i}`);
    await expect.poll(async () => (await cardTitles(page))[0], POLL).toBe(`${byPayout[0]} ${reliable.token}`);
    const payoutTitles = await allTitles();
    expect(payoutTitles.slice(0, PER_BUYER)).toEqual(byPayout.map((t) => `${t} ${reliable.token}`));
    expect(payoutTitles.map(buyerOf)).toEqual(runOf(["Reliable", "Fair", "Unscored"]));

    // Newest: the last listing of the buyer created last comes first.
    await sort.selectOption({ label: "Newest" });
    await expect.poll(() => new URL(page.url()).searchParams.get("sort"), POLL).toBe("newest");
    await expect
      .poll(async () => (await cardTitles(page))[0], POLL)
      .toBe(`Fair ${PER_BUYER - 1} ${fair.token}`);
    await allTitles();

    // The order is in the URL: a reload shows the same order with the control still on it.
    await page.reload();
    await expect.poll(() => page.getByRole("article").count(), POLL).toBe(24);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("newest");
    expect((await cardTitles(page))[0]).toBe(`Fair ${PER_BUYER - 1} ${fair.token}`);

    // Keyboard: the control is reached and changed without a pointer; Featured drops sort from the URL.
    await page.getByLabel("Sort by").focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => new URL(page.url()).searchParams.get("sort"), POLL).toBe("reliability");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("listing-sort");
    await page.keyboard.press("Home");
    await expect
      .poll(() => new URL(page.url()).search, POLL)
      .toBe(`?search=${search.replaceAll("%20", "+")}`);
    await expect.poll(() => page.getByRole("article").count(), POLL).toBe(24);
    await expectAccessible(page);
  });
});
