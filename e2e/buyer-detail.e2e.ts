import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";

/** The id of a seeded listing, read through the public API (the demo seed is deterministic). */
async function firstListingId(page: Page, query = ""): Promise<string> {
  const res = await page.request.get(`/api/buyer-listings?limit=1${query}`);
  const [listing] = (await res.json()) as { id: string }[];
  return listing!.id;
}

const figure = (page: Page, label: RegExp) =>
  page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

describe("buyer detail", () => {
  const harness = useBrowser();

  it("shows the premium user the contact and records a reveal", async () => {
    const page = await harness.newPage({ as: "premium@demo.test" });
    const id = await firstListingId(page, "&vertical=Finance");
    await page.goto(`/buyer/${id}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: /^partners@/ }).waitFor();
    for (const label of ["Payout", "Call duration", "Geography", "Min volume", "Payment terms"]) {
      expect(await figure(page, new RegExp(`^${label}$`)).textContent()).toBeTruthy();
    }
    await expectAccessible(page);

    const reveals = figure(page, /^Contact reveals/);
    const before = Number(await reveals.textContent());
    await page.getByRole("button", { name: "Contact Buyer" }).click();
    await page.getByText("Contact Revealed").waitFor();
    // The listing is refetched, so the figure the buyer's analytics rely on moves at once.
    await expect.poll(async () => Number(await reveals.textContent()), POLL).toBe(before + 1);
  });

  it("keeps a saved listing saved across a reload", async () => {
    const page = await harness.newPage({ as: "publisher@demo.test" });
    const id = await firstListingId(page, "&vertical=Medical");
    await page.goto(`/buyer/${id}`);
    const save = page.getByRole("button", { name: "Save", exact: true });
    await save.click();
    const saved = page.getByRole("button", { name: "Saved" });
    await saved.waitFor();
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await saved.waitFor();
    const list = (await (await page.request.get("/api/saved-listings")).json()) as { id: string }[];
    expect(list.map((l) => l.id)).toContain(id);

    await saved.click();
    await save.waitFor();
    await page.reload();
    await save.waitFor();
  });

  it("masks the contact for a free user and offers the upgrade", async () => {
    const page = await harness.newPage({ as: "publisher@demo.test" });
    const id = await firstListingId(page, "&vertical=Legal");
    await page.goto(`/buyer/${id}`);
    await page.getByText("Contact details are masked").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
    expect(await page.getByText(/^Buyer [0-9a-f]{8} ·/).count()).toBe(1);
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Premium" });
    await dialog.getByRole("button", { name: "Maybe Later" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("sends a signed-out visitor who presses Save to sign in", async () => {
    const page = await harness.newPage();
    const id = await firstListingId(page);
    await page.goto(`/buyer/${id}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/login");
  });

  it("says 'Listing Not Found' for an unknown listing, with a way back", async () => {
    const page = await harness.newPage();
    harness.allowConsoleErrors(/status of 404/);
    await page.goto("/buyer/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Listing Not Found" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Browse Buyers" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/browse");
  });
});
