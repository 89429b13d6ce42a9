import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";
import { waitForMail } from "./support/outbox";

// Trust in Chromium: a publisher reviews a buyer after an accepted deal and sees the review (and the
// buyer's reliability) on the listing, the buyer replies; a dispute on an accepted deal is opened,
// answered and decided by an admin. axe on every screen on the way.

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title }).first();

describe("trust: reviews, reliability and disputes", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  /** A call as `user` (their fixture session), from the app's own origin. */
  async function api<T>(user: FixtureUser, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fixtures.fetchAs(user, method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A buyer with one listing, and a publisher whose deal request on it the buyer accepted. */
  async function acceptedDeal(title: string) {
    const buyer = await fixtures.createBuyerWithListings({ listings: [{ title }] });
    const listing = buyer.listings[0]!;
    const publisher = await fixtures.createUser({ role: "publisher", firstName: "Pia", lastName: "Calls" });
    const intent = await api<{ id: string }>(publisher, "POST", "/api/deal-intents", {
      listingId: listing.id,
    });
    await api(buyer, "POST", `/api/deal-intents/${intent.id}/accept`, {});
    return { buyer, listing, publisher, intentId: intent.id };
  }

  it("lets a publisher review a buyer after an accepted deal, shows it on the listing, and the buyer replies", async () => {
    const { buyer, listing, publisher } = await acceptedDeal("Trust Alpha");
    const company = buyer.buyer!.company;
    const comment = "Paid every call within terms and answered within the hour.";

    // The publisher's Reviews tab offers the accepted deal.
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await page.goto("/publisher/dashboard?tab=reviews");
    await page.getByRole("heading", { name: "Deals to review" }).waitFor(POLL);
    await expectAccessible(page);
    await page.getByRole("button", { name: `Review this buyer: ${company}, ${listing.title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Review ${company}` });
    // A rating is required; the comment stays while the form refuses.
    await dialog.getByLabel("Comment (optional)").fill(comment);
    await dialog.getByRole("button", { name: "Publish Review" }).click();
    await dialog.getByText("Choose a rating from 1 to 5 stars").first().waitFor();
    expect(await dialog.getByLabel("Comment (optional)").inputValue()).toBe(comment);
    // The stars are radio buttons under star-shaped labels: a user presses the star.
    await dialog.locator("label", { hasText: "4 stars" }).click();
    expect(await dialog.getByLabel("4 stars").isChecked()).toBe(true);
    await dialog.getByText("4 stars", { exact: true }).last().waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Publish Review" }).click();
    await toast(page, "Review Published").waitFor(POLL);
    await dialog.waitFor({ state: "hidden" });
    const written = page.getByRole("list", { name: "Reviews you wrote" });
    await written.getByText(comment).waitFor(POLL);
    await written.getByText("4 out of 5 stars").waitFor();
    await page.getByRole("heading", { name: "Deals to review" }).waitFor({ state: "detached" });
    await expectAccessible(page);

    // The listing shows the review, verified, and a reliability that needs more reviewed deals.
    await page.getByRole("link", { name: listing.title }).first().click();
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor(POLL);
    const reviews = page.getByRole("list", { name: "Latest reviews" });
    await reviews.getByText(comment).waitFor(POLL);
    await reviews.getByText("Verified deal").waitFor();
    const reliability = page.getByTestId("reliability-score");
    await reliability.getByText("Not enough data").waitFor();
    await page.getByText("Based on 1 reviewed deal (a score needs 3).").waitFor();
    const how = page.getByRole("button", { name: "How is this computed?" });
    expect(await how.getAttribute("aria-expanded")).toBe("false");
    await how.click();
    expect(await how.getAttribute("aria-expanded")).toBe("true");
    await page.getByText("This buyer: 4.0 stars on average from 1 reviewed deal.").waitFor();
    await expectAccessible(page);

    // The directory's card says the same.
    await page.goto(`/browse?search=${buyer.token}`);
    const card = page.getByRole("article").filter({ hasText: listing.title });
    await card.getByText("Not enough data").waitFor(POLL);
    await card.getByText("based on 1 reviewed deal").waitFor();

    // The buyer reads the review in their workspace and replies once, publicly.
    const buyerPage = await harness.newPage();
    await fixtures.signIn(buyerPage, buyer);
    await buyerPage.goto("/buyer/dashboard?tab=reviews");
    const received = buyerPage.getByRole("list", { name: "Reviews of your company" });
    await received.getByText(comment).waitFor(POLL);
    await buyerPage.getByRole("heading", { name: "Your reliability score" }).waitFor();
    await expectAccessible(buyerPage);
    await received.getByRole("button", { name: "Reply to the review by Pia Calls" }).click();
    const replyDialog = buyerPage.getByRole("dialog", { name: "Reply to Pia Calls" });
    await replyDialog.getByLabel("Your reply").fill("Thank you, Pia: a pleasure to work with.");
    await replyDialog.getByRole("button", { name: "Publish Reply" }).click();
    await toast(buyerPage, "Reply Published").waitFor(POLL);
    await received.getByText("Thank you, Pia: a pleasure to work with.").waitFor(POLL);
    await received.getByRole("button", { name: /^Reply to the review/ }).waitFor({ state: "detached" });

    await page.goto(`/listings/${listing.id}`);
    await page.getByText("Thank you, Pia: a pleasure to work with.").waitFor(POLL);

    // Phone-sized: the detail page does not run off the side.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // An admin hides the review with a reason: it leaves the listing and the count at once.
    const admin = await fixtures.createUser({ role: "admin" });
    const adminPage = await harness.newPage();
    await fixtures.signIn(adminPage, admin);
    await adminPage.goto(`/listings/${listing.id}`);
    await adminPage.getByRole("list", { name: "Latest reviews" }).getByText(comment).waitFor(POLL);
    await adminPage.getByRole("button", { name: "Hide review" }).click();
    const hide = adminPage.getByRole("dialog", { name: "Hide this review?" });
    await hide
      .getByLabel("Reason (shown to the author and the buyer)")
      .fill("Mentions a private phone number.");
    await expectAccessible(adminPage);
    await hide.getByRole("button", { name: "Hide Review" }).click();
    await toast(adminPage, "Review Hidden").waitFor(POLL);
    await adminPage.getByText("No reviews yet.").waitFor(POLL);
    await adminPage.getByText("Based on 0 reviewed deals (a score needs 3).").waitFor();
  });

  it("lets a publisher open a dispute, the buyer respond, and an admin resolve it; both parties are mailed", async () => {
    const { buyer, listing, publisher, intentId } = await acceptedDeal("Trust Beta");
    const reason = "Thirty calls were returned as duplicates although our logs show distinct callers.";
    const response = "Those calls repeated the same five numbers within the hour; recordings are attached.";
    const notes = "The recordings show repeat callers: the returned calls stand as duplicates.";

    // The publisher opens it from the accepted deal.
    const pub = await harness.newPage();
    await fixtures.signIn(pub, publisher);
    await pub.goto("/publisher/dashboard?tab=deals");
    // The publisher's own list names the request by its listing.
    await pub.getByRole("heading", { name: `Deal request for “${listing.title}”` }).waitFor(POLL);
    await pub
      .getByRole("button", { name: `Open a dispute: the deal request for “${listing.title}”` })
      .click(POLL);
    const open = pub.getByRole("dialog", { name: "Open a dispute" });
    await open.getByLabel("Reason").fill("Too short");
    await open.getByRole("button", { name: "Open Dispute" }).click();
    await open.getByText("The reason must be at least 10 characters").waitFor();
    await open.getByLabel("Reason").fill(reason);
    await expectAccessible(pub);
    await open.getByRole("button", { name: "Open Dispute" }).click();
    await toast(pub, "Dispute Opened").waitFor(POLL);
    await pub.getByRole("tab", { name: "Disputes" }).click();
    const pubList = pub.getByRole("list", { name: "Your disputes" });
    await pubList.getByText(reason).waitFor(POLL);
    await pubList.getByText("Open", { exact: true }).waitFor();
    const [dispute] = await api<{ id: string; dealIntentId: string }[]>(publisher, "GET", "/api/disputes");
    expect(dispute?.dealIntentId).toBe(intentId);
    const name = `Dispute #${dispute!.id.slice(0, 8)}`;

    // The buyer answers once from their Disputes tab.
    const buyerPage = await harness.newPage();
    await fixtures.signIn(buyerPage, buyer);
    await buyerPage.goto("/buyer/dashboard?tab=disputes");
    await buyerPage.getByRole("button", { name: `Respond to ${name}` }).click(POLL);
    const respond = buyerPage.getByRole("dialog", { name: `Respond to ${name}` });
    await respond.getByLabel("Your response").fill(response);
    await respond.getByRole("button", { name: "Send Response" }).click();
    await toast(buyerPage, "Response Sent").waitFor(POLL);
    await buyerPage.getByText("Waiting for an administrator's decision.").waitFor(POLL);
    await expectAccessible(buyerPage);

    // The admin decides it from the dashboard's Disputes tab.
    const admin = await fixtures.createUser({ role: "admin" });
    const page = await harness.newPage();
    await fixtures.signIn(page, admin);
    await page.goto("/admin/dashboard");
    await page.getByRole("tab", { name: "Disputes" }).click(POLL);
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await item.getByText(response).waitFor(POLL);
    await expectAccessible(page);
    await item.getByRole("button", { name: `Decide ${name}` }).click();
    const decide = page.getByRole("dialog", { name: `Decide ${name}` });
    await decide.getByRole("button", { name: "Save Decision" }).click();
    await decide.getByText("Choose resolved or rejected").waitFor();
    await decide.getByLabel("Resolved: the complaint was founded and has been settled.").check();
    await decide.getByLabel("Resolution notes (sent to both parties)").fill(notes);
    await expectAccessible(page);
    await decide.getByRole("button", { name: "Save Decision" }).click();
    await toast(page, "Dispute Resolved").waitFor(POLL);
    await item.waitFor({ state: "detached", ...POLL });
    await page.getByLabel("Status").selectOption("resolved");
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name }) })
      .getByText(notes)
      .waitFor(POLL);

    // Phone-sized: the list with both parties' emails does not run off the side.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Both parties see the decision and were mailed it.
    await pub.reload();
    await pub.getByRole("tab", { name: "Disputes" }).click(POLL);
    await pubList.getByText(notes).waitFor(POLL);
    await pubList.getByText("Resolved", { exact: true }).waitFor();
    const decided = await waitForMail(
      harness.baseURL,
      (m) => m.subject === `Dispute resolved: the deal on "${buyer.listings[0]!.title}"`,
      2,
    );
    expect(decided.map((m) => m.to).sort()).toEqual([buyer.buyer!.contactEmail, publisher.user.email].sort());
    expect(decided[0]?.text).toContain(notes);
  });
});
