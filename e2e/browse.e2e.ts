import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatPriceCents } from "../src/shared/format";
import { expectAccessible, useBrowser } from "./support/browser";

// The demo seed has ~70 active listings over every vertical, so the first page (24) has a next page.

const cards = (page: Page) => page.getByRole("article");

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

describe("browse buyers", () => {
  const harness = useBrowser();

  it("lets a visitor search, filter, reload, load more and open a masked listing", async () => {
    const page = await harness.newPage();
    await page.goto("/browse");
    await page.getByRole("heading", { name: "Browse Buyers", level: 1 }).waitFor();
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
    await page.getByText("Buyer contact details are masked.").waitFor();
    await expectAccessible(page);

    // Nothing is sent to the server for the contacts: every card shows the drawn placeholder.
    expect(await page.getByText("Contact details are masked", { exact: true }).count()).toBe(24);
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);

    await page.getByRole("button", { name: "Load More" }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(48);

    await page.getByLabel("Search").fill("inbound calls");
    await page.getByLabel("Vertical").selectOption("Legal");
    await page.getByLabel("Payout").selectOption("100+");
    await page.getByLabel("Location").selectOption("California");
    // Controls alone change nothing until Filter applies them.
    expect(new URL(page.url()).search).toBe("");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect
      .poll(() => new URL(page.url()).search, POLL)
      .toBe("?search=inbound+calls&vertical=Legal&payout=100%2B&geo=California");
    const fromApi = (await (
      await page.request.get(
        "/api/buyer-listings?search=inbound+calls&vertical=Legal&payoutMin=100&geo=California",
      )
    ).json()) as unknown[];
    expect(fromApi.length).toBeGreaterThan(0);

    const checkFiltered = async () => {
      await expect.poll(() => cards(page).count(), POLL).toBe(fromApi.length);
      const count = await cards(page).count();
      for (let i = 0; i < count; i++) {
        const card = cards(page).nth(i);
        const text = (await card.textContent()) ?? "";
        expect(text).toContain("Legal");
        expect(text).toMatch(/Inbound Calls/i);
        const payout = Number(text.match(/Payout\$(\d+\.\d{2})/)?.[1]);
        expect(payout).toBeGreaterThanOrEqual(100);
        expect(text).toMatch(/California|US National/);
      }
      return count;
    };
    await checkFiltered();

    // The search is in the URL, so it survives a reload (and can be shared).
    await page.reload();
    await expect.poll(() => page.getByLabel("Vertical").inputValue(), POLL).toBe("Legal");
    expect(await page.getByLabel("Search").inputValue()).toBe("inbound calls");
    await checkFiltered();

    await page.getByLabel("Search").fill("no buyer sells this zzzq");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No buyers found matching your criteria.").waitFor();

    await page.goto("/browse?vertical=Insurance");
    const first = cards(page).first();
    const title = (await first.getByRole("heading").textContent())!;
    await first.getByRole("link", { name: `View details: ${title}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/buyer\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await page.getByText("Contact details are masked").waitFor();
    await expectAccessible(page);

    // A signed-out visitor asking for the contact is sent to sign in.
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toMatch(/^\/buyer\//);
  });

  it("shows a free user the upgrade dialog instead of the contact", async () => {
    const page = await harness.newPage({ as: "publisher@demo.test" });
    await page.goto("/browse");
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
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
    const page = await harness.newPage({ as: "premium@demo.test" });
    await page.goto("/browse");
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
    expect(await page.getByText("Buyer contact details are masked.").count()).toBe(0);
    expect(await page.getByText("Contact details are masked", { exact: true }).count()).toBe(0);
    const firstCard = cards(page).first();
    await firstCard.getByRole("link", { name: /^partners@/ }).waitFor();
    await firstCard.getByRole("button", { name: /Contact Buyer/ }).waitFor();
  });

  it("fits a 360px screen", async () => {
    const page = await harness.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto("/browse");
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  it("says what failed when the listings cannot be fetched", async () => {
    const page = await harness.newPage();
    harness.allowConsoleErrors(/status of 503/);
    await page.route("**/api/buyer-listings**", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"message":"Database unavailable"}',
      }),
    );
    await page.goto("/browse");
    await page.getByText("Failed to fetch buyer listings: Service Unavailable").waitFor();
    await page.unroute("**/api/buyer-listings**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
  });
});
