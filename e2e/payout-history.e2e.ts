import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

describe("payout history on the listing page", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  /** Changes a listing's payout as its buyer does (the edit form's request). */
  async function changePayout(buyer: FixtureUser, listingId: string, payout: string) {
    const res = await fixtures.fetchAs(buyer, "PUT", `/api/buyer-listings/${listingId}`, { payout });
    expect(res.status, await res.text()).toBe(200);
  }

  it("draws the changes as a chart and lists them, newest first", async () => {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ payout: "50.00" }] });
    const id = buyer.listings[0]!.id;
    await changePayout(buyer, id, "75.00");
    await changePayout(buyer, id, "60.00");
    const page = await harness.newPage();
    await page.goto(`/listings/${id}`);
    await page.getByRole("heading", { name: "Payout history" }).waitFor(POLL);
    const chart = page.getByRole("img", {
      name: /^Payout chart: \$50\.00 before the first change, \$60\.00 now/,
    });
    await chart.waitFor(POLL);
    const changes = page.getByRole("list", { name: "Payout changes, newest first" }).getByRole("listitem");
    expect(await changes.count()).toBe(2);
    expect(await changes.first().textContent()).toMatch(/Lowered from\$75\.00 →\s*to \$60\.00/);
    expect(await changes.last().textContent()).toMatch(/Raised from\$50\.00 →\s*to \$75\.00/);
    await expectAccessible(page);
  });

  it("says so when the payout never changed", async () => {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ payout: "42.00" }] });
    const page = await harness.newPage();
    await page.goto(`/listings/${buyer.listings[0]!.id}`);
    await page
      .getByText("The payout has not changed since the listing was posted: $42.00 per call.")
      .waitFor(POLL);
    expect(await page.getByRole("img", { name: /^Payout chart/ }).count()).toBe(0);
  });
});
