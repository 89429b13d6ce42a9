import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ContactActions } from "../src/shared/schemas/analytics";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// "Contact Buyer" on a listing's page opens the contact's actions (write, call, copy), each reported to
// the buyer's analytics; the reveal's rule decides who gets them.

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();

describe("contact actions", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  const asUser = fixtures.fetchAs;
  const contactActionsOf = async (buyer: FixtureUser) =>
    (
      (await (await asUser(buyer, "GET", "/api/buyer-analytics?days=7")).json()) as {
        contactActions: ContactActions;
      }
    ).contactActions;

  /** The listing's page, signed in, with the clipboard open to it (Chromium asks a person otherwise). */
  const openListing = (user: FixtureUser, listingId: string) => openSignedIn(user, `/listings/${listingId}`);

  async function openSignedIn(user: FixtureUser, path: string) {
    const page = await harness.newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.baseURL });
    await fixtures.signIn(page, user);
    await openPage(page, path, { signedIn: true });
    // A followed mailto: or tel: link would hand the page to a mail or phone program: the test keeps it
    // here, and the app's own click handler (React's, at its root) still runs.
    await page.evaluate(() =>
      document.addEventListener(
        "click",
        (event) => {
          const link = (event.target as Element).closest("a");
          if (link && /^(mailto|tel):/.test(link.getAttribute("href") ?? "")) event.preventDefault();
        },
        true,
      ),
    );
    return page;
  }

  it("gives a Premium publisher mail, call and copy actions, each counted in the buyer's analytics", async () => {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ title: "Solar & Roofing Calls" }] });
    const listing = buyer.listings[0]!;
    const contact = buyer.buyer!;
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await openListing(premium, listing.id);

    await page.getByRole("button", { name: "Contact Buyer" }).click();
    const actions = page.getByRole("region", { name: "Contact actions" });
    const email = actions.getByRole("link", { name: "Email buyer" });
    await email.waitFor(POLL);
    expect(await email.getAttribute("href")).toBe(
      `mailto:${contact.contactEmail}?subject=${encodeURIComponent(`Calls for your listing: ${listing.title}`)}`,
    );
    const call = actions.getByRole("link", { name: "Call buyer" });
    expect(await call.getAttribute("href")).toBe(`tel:${contact.contactPhone.replace(/[^\d+]/g, "")}`);
    await expectAccessible(page);

    await actions.getByRole("button", { name: "Copy email" }).click();
    await toast(page, "The email address is on your clipboard.").waitFor(POLL);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contact.contactEmail);
    await actions.getByRole("button", { name: "Copy phone" }).click();
    await toast(page, "The phone number is on your clipboard.").waitFor(POLL);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contact.contactPhone);
    await email.click();
    await call.click();
    // A second click on the same link within the minute is the same intent: still one.
    await call.click();

    await expect
      .poll(() => contactActionsOf(buyer), POLL)
      .toEqual({ email: 1, call: 1, copyEmail: 1, copyPhone: 1 });

    // The buyer reads the same counts on the dashboard's Analytics tab.
    const dashboard = await harness.newPage();
    await fixtures.signIn(dashboard, buyer);
    await dashboard.goto("/buyer/dashboard?tab=analytics");
    const counts = dashboard.getByRole("region", { name: "Contact actions" });
    for (const label of ["Emails", "Calls", "Email copied", "Phone copied"]) {
      await counts
        .locator("dt", { hasText: label })
        .locator("xpath=following-sibling::dd[1]")
        .filter({ hasText: /^1$/ })
        .waitFor(POLL);
    }
  });

  it("opens the actions on the browse card whose Contact Buyer was pressed, and counts them", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const [first, second] = buyer.listings as [
      FixtureUser["listings"][number],
      FixtureUser["listings"][number],
    ];
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await openSignedIn(premium, `/browse?search=${encodeURIComponent(buyer.token)}`);
    await expect.poll(() => page.getByRole("article").count(), POLL).toBe(2);

    await page.getByRole("button", { name: `Contact Buyer: ${second.title}` }).click();
    const card = page.getByRole("article", { name: second.title });
    const email = card
      .getByRole("region", { name: "Contact actions" })
      .getByRole("link", { name: "Email buyer" });
    await email.waitFor(POLL);
    // The pressed button gave way to the actions: the keyboard user lands on the first of them.
    await expect.poll(() => email.evaluate((el) => el === document.activeElement), POLL).toBe(true);
    expect(await email.getAttribute("href")).toBe(
      `mailto:${buyer.buyer!.contactEmail}?subject=${encodeURIComponent(`Calls for your listing: ${second.title}`)}`,
    );
    // The other card still offers its own button, and no actions.
    const other = page.getByRole("article", { name: first.title });
    expect(await other.getByRole("region", { name: "Contact actions" }).count()).toBe(0);
    await other.getByRole("button", { name: `Contact Buyer: ${first.title}` }).waitFor();
    await expectAccessible(page);

    await email.click();
    await expect
      .poll(() => contactActionsOf(buyer), POLL)
      .toEqual({ email: 1, call: 0, copyEmail: 0, copyPhone: 0 });
  });

  it("gives a free publisher the actions once the buyer accepted their deal", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const listing = buyer.listings[0]!;
    const publisher = await fixtures.createUser({ role: "publisher" });
    const requested = await asUser(publisher, "POST", "/api/deal-intents", { listingId: listing.id });
    expect(requested.status).toBe(201);
    const { id } = (await requested.json()) as { id: string };
    expect((await asUser(buyer, "POST", `/api/deal-intents/${id}/accept`, {})).status).toBe(200);

    const page = await openListing(publisher, listing.id);
    await page.getByRole("button", { name: "Contact Buyer" }).click();
    const actions = page.getByRole("region", { name: "Contact actions" });
    await actions.getByRole("button", { name: "Copy phone" }).click();
    await toast(page, "The phone number is on your clipboard.").waitFor(POLL);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(buyer.buyer!.contactPhone);
    await expect
      .poll(() => contactActionsOf(buyer), POLL)
      .toEqual({ email: 0, call: 0, copyEmail: 0, copyPhone: 1 });
  });

  it("offers a free publisher without an accepted deal the upgrade, and the server records nothing for them", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const listing = buyer.listings[0]!;
    const publisher = await fixtures.createUser({ role: "publisher" });
    const page = await openListing(publisher, listing.id);
    await page.getByText("Contact details are masked").waitFor(POLL);
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await page.getByRole("dialog", { name: "Upgrade to Premium" }).waitFor(POLL);
    expect(await page.getByRole("region", { name: "Contact actions" }).count()).toBe(0);

    const refused = await asUser(publisher, "POST", `/api/contact-actions/${listing.id}`, { kind: "email" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: "Premium subscription required",
      code: "premium_required",
    });
    expect(await contactActionsOf(buyer)).toEqual({ email: 0, call: 0, copyEmail: 0, copyPhone: 0 });
  });
});
