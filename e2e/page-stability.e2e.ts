import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// What Lighthouse measures (npm run lighthouse, docs/performance.md), checked on every run: pages that
// hold still while their data arrives, and a signed-out visit that leaves the console clean (the harness
// fails a test on any console error; the CSP listener below turns a policy violation into one).

const POLL = { timeout: 30_000 };
// Lighthouse's desktop screen.
const DESKTOP = { width: 1350, height: 940 };

/** Records layout shifts and Content-Security-Policy violations from the first byte of every page. */
async function watchPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    );
  });
  // The listings answer late, so the placeholders are on screen first and have to give way.
  await page.route("**/api/buyer-listings**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

describe("pages hold still while they load", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("keeps landing, browse and a listing detail still for a signed-out visitor, with a clean console", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 7 });
    const page = await harness.newPage({ viewport: DESKTOP });
    await watchPage(page);

    await page.goto("/");
    await page.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await layoutShift(page)).toBeLessThan(0.01);

    await page.goto(`/browse?search=${buyer.token}`);
    await expect.poll(() => page.getByRole("article").count(), POLL).toBe(7);
    await page.waitForLoadState("networkidle");
    expect(await layoutShift(page)).toBeLessThan(0.01);

    await page.goto(`/listings/${buyer.listings[0]!.id}`);
    await page.getByRole("heading", { name: "About this buyer" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  it("shows the masked-contacts banner to viewers without Premium on empty results too", async () => {
    const nothing = "no listing is titled like this";
    const page = await harness.newPage({ viewport: DESKTOP });
    await watchPage(page);
    await page.goto(`/browse?search=${encodeURIComponent(nothing)}`);
    await page.getByText("No buyers found matching your criteria.").waitFor();
    await page.getByText("Buyer contact details are masked.").waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.01);

    const publisher = await fixtures.createUser({ role: "publisher" });
    const free = await harness.newPage({ viewport: DESKTOP });
    await fixtures.signIn(free, publisher);
    await openPage(free, `/browse?search=${encodeURIComponent(nothing)}`, { signedIn: true });
    await free.getByText("No buyers found matching your criteria.").waitFor();
    await free.getByText("Buyer contact details are masked.").waitFor();

    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const paid = await harness.newPage({ viewport: DESKTOP });
    await fixtures.signIn(paid, premium);
    await openPage(paid, `/browse?search=${encodeURIComponent(nothing)}`, { signedIn: true });
    await paid.getByText("No buyers found matching your criteria.").waitFor();
    expect(await paid.getByText("Buyer contact details are masked.").count()).toBe(0);
  });
});
