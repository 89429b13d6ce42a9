import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

const figure = (page: Page, label: RegExp) =>
  page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

describe("listing page", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("shows the premium user the contact and records a reveal", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      dailyCap: 150,
      listings: [
        {
          title: "Debt Settlement Inbound Calls",
          vertical: "Finance",
          payout: "75.00",
          geos: ["California", "Texas"],
        },
      ],
    });
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage();
    await fixtures.signIn(page, premium);
    await page.goto(`/listings/${buyer.listings[0]!.id}`);
    await page.getByRole("heading", { level: 1, name: buyer.listings[0]!.title }).waitFor();
    await page.getByRole("link", { name: buyer.buyer!.contactEmail }).waitFor();
    // The fixture leaves duration, volume and terms unset: the page shows what that means.
    for (const [label, text] of [
      ["Payout", "$75.00 per call"],
      ["Call duration", "Flexible"],
      ["Geography", "California, Texas"],
      ["Min volume", "Flexible"],
      // No cap of the listing's own: the buyer profile's, said so.
      ["Daily cap", "150 calls/day (buyer's cap)"],
      ["Payment terms", "Net 30"],
    ]) {
      expect(await figure(page, new RegExp(`^${label}$`)).textContent(), label).toBe(text);
    }
    await expectAccessible(page);

    const reveals = figure(page, /^Contact reveals/);
    expect(Number(await reveals.textContent())).toBe(0);
    await page.getByRole("button", { name: "Contact Buyer" }).click();
    // exact: the toast's live region repeats the title inside a longer announcement.
    await page.getByText("Contact Revealed", { exact: true }).waitFor();
    // The listing is refetched, so the figure the buyer's analytics rely on moves at once.
    await expect.poll(async () => Number(await reveals.textContent()), POLL).toBe(1);
    // Views count the same visitors per day, a reveal among them: never fewer than the reveals.
    expect(Number(await figure(page, /^Views/).textContent())).toBe(1);
  });

  it("keeps a saved listing saved across a reload", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const publisher = await fixtures.createUser({ role: "publisher" });
    const id = buyer.listings[0]!.id;
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await openPage(page, `/listings/${id}`, { signedIn: true });
    const save = page.getByRole("button", { name: `Save: ${buyer.listings[0]!.title}` });
    await save.click();
    const saved = page.getByRole("button", { name: `Saved: ${buyer.listings[0]!.title}` });
    await saved.waitFor();
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await saved.waitFor();
    const list = (await (await page.request.get("/api/saved-listings")).json()) as { id: string }[];
    expect(list.map((l) => l.id)).toEqual([id]);

    await saved.click();
    await save.waitFor();
    await page.reload();
    await save.waitFor();
  });

  it("masks the contact for a free user and offers the upgrade", async () => {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ vertical: "Legal" }] });
    const publisher = await fixtures.createUser({ role: "publisher" });
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await openPage(page, `/listings/${buyer.listings[0]!.id}`, { signedIn: true });
    await page.getByText("Contact details are masked").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(buyer.listings[0]!.title);
    // Masked: "Buyer" and the first 8 characters of the buyer id, never the company.
    // The vertical is the first badge; the subtitle names only the buyer, not the vertical again.
    await page.getByText(`Buyer ${buyer.buyer!.profileId.slice(0, 8)}`, { exact: true }).waitFor();
    expect(await page.getByText(buyer.buyer!.company).count()).toBe(0);
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Premium" });
    await dialog.getByRole("button", { name: "Maybe Later" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("sends a signed-out visitor who presses Save to sign in", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const page = await harness.newPage();
    await openPage(page, `/listings/${buyer.listings[0]!.id}`);
    await page.getByRole("button", { name: `Save: ${buyer.listings[0]!.title}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/login");
  });

  it("opens a listing from its old address, /buyer/<id>, at /listings/<id> with the query kept", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const listing = buyer.listings[0]!;
    const page = await harness.newPage();
    const answer = await page.goto(`/buyer/${listing.id}?utm_source=alert`);
    expect(answer?.request().redirectedFrom()?.url()).toMatch(
      new RegExp(`/buyer/${listing.id}\\?utm_source=alert$`),
    );
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(`/listings/${listing.id}?utm_source=alert`);
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor();
  });

  it("says 'Listing Not Found' for an unknown listing, with a way back", async () => {
    const page = await harness.newPage();
    harness.allowConsoleErrors(/status of 404/);
    await page.goto("/listings/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Listing Not Found" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Browse Buyers" }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe("/browse");
  });
});
