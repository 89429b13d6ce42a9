import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// The API reference at /api/docs (Swagger UI with our styles and mending script, src/server/api-docs/),
// in Chromium: no accessibility violation of any impact and nothing wider than the screen, at a desktop
// width and two phone widths, as it loads, with an operation open, and after trying it out with the
// signed-in session; and the product's icon in the tab.

const WIDTHS = [1280, 375, 320];

/** Every axe violation, minor ones included: the reference is held to more than the app's budget. */
const violationsOf = async (page: Page) => (await axeViolations(page)).map((v) => v.text);

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("the API reference page", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  // Four full axe passes over a page of some forty operations: on a busy two-core machine, near the
  // suite's default minute.
  it.each(WIDTHS)(
    "has no accessibility violation and fits at %i px",
    async (width) => {
      const buyer = await fixtures.createBuyerWithListings({ n: 1 });
      const page = await harness.newPage({ viewport: { width, height: 800 } });
      await fixtures.signIn(page, buyer);
      await page.goto("/api/docs/");
      const operation = page.locator("#operations-Listings-listListings");
      await operation.locator(".opblock-summary-control").waitFor();
      expect(await violationsOf(page), "as loaded").toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      await operation.locator(".opblock-summary-control").click();
      await operation.getByRole("button", { name: "Try it out" }).waitFor();
      // Opening it put its address in the URL: a link to the operation still works.
      expect(new URL(page.url()).hash).toBe("#/Listings/listListings");
      expect(await violationsOf(page), "with an operation open").toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      await operation.getByRole("button", { name: "Try it out" }).click();
      const mine = operation.getByRole("combobox", { name: "mine" });
      await mine.selectOption("1");
      expect(await violationsOf(page), "trying it out").toEqual([]);

      // Sent with the session: the buyer's own listings, which a caller without one is refused.
      await operation.getByRole("button", { name: "Execute" }).click();
      const answer = operation.locator(".live-responses-table tbody .response-col_status");
      await expect.poll(() => answer.first().textContent()).toBe("200");
      expect(await operation.locator(".live-responses-table").innerText()).toContain(buyer.token);
      expect(await violationsOf(page), "with an answer").toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    },
    120_000,
  );

  it("opens the authorization dialog by its name, without a violation, at 375 px", async () => {
    const page = await harness.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto("/api/docs/");
    await page.getByRole("button", { name: "Authorize", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Available authorizations" });
    await dialog.getByRole("textbox").first().waitFor();
    expect(await violationsOf(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });
  });

  it("shows the product's icon, the app's own", async () => {
    const page = await harness.newPage();
    await page.goto("/api/docs/");
    const icon = await page.locator("link[rel=icon]").getAttribute("href");
    await page.goto("/");
    expect(await page.locator("link[rel=icon]").getAttribute("href")).toBe(icon);
    const served = await page.request.get(icon!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  });
});
