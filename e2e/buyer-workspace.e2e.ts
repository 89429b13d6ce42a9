import { text } from "node:stream/consumers";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";
import { waitForMail } from "./support/outbox";

// The buyer's workspace in Chromium: a guest becomes a buyer and manages a listing while the
// directory follows; a publisher's deal request is accepted and unlocks that listing's contact only; the
// Analytics tab draws its chart from the views and reveals that happened; the browse tag filter.

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

interface DirectoryListing {
  id: string;
  title: string;
  payout: string;
  status: string;
  tags: string[];
}

describe("buyer workspace", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  /** The public directory as a visitor sees it, narrowed to one fixture's token. */
  const directory = async (token: string): Promise<DirectoryListing[]> => {
    const res = await fetch(`${harness.baseURL}/api/buyer-listings?search=${token}`);
    expect(res.status).toBe(200);
    return (await res.json()) as DirectoryListing[];
  };

  const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title }).first();

  it("lets a guest create a buyer profile, then create, edit, pause and delete a listing", async () => {
    const guest = await fixtures.createUser({ role: "guest" });
    const { token } = guest;
    const page = await harness.newPage();
    await fixtures.signIn(page, guest);
    await page.goto("/buyer/dashboard");
    await page.getByRole("heading", { name: "Create Your Buyer Profile" }).waitFor(POLL);
    await expectAccessible(page);

    // The profile comes from the buyer onboarding (its messages: buyer-onboarding.e2e.ts).
    await page.getByRole("link", { name: "Start Buyer Onboarding" }).click();
    await page.getByRole("heading", { name: "Step 1 of 4: Company" }).waitFor(POLL);
    await page.getByLabel("Company name").fill(`Company ${token}`);
    await page.getByLabel("Company website").fill(`https://${token}.example`);
    await page.getByLabel("Contact email").fill(`deals@${token}.example`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("group", { name: "Verticals you buy" })
      .getByRole("checkbox", { name: "Solar" })
      .click();
    await page.getByLabel("Minimum payout ($)").fill("25");
    await page.getByLabel("Maximum payout ($)").fill("100");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Hours you take calls").fill("Mon-Fri 9am-5pm");
    await page.getByLabel("Time zone").selectOption("America/Denver");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Create Buyer Profile" }).click();
    await page.getByRole("button", { name: "Skip for now" }).click();
    await page.waitForURL("**/buyer/dashboard", POLL);
    await page.getByRole("tab", { name: "My Listings" }).waitFor(POLL);
    await page.getByText("No listings yet").waitFor(POLL);
    // No live listing yet: no average payout is made up from the profile's range.
    await page.getByText("No live listings").waitFor(POLL);

    // A listing, with the form's defaults (50, 180 s, 10 a day, Net 30).
    // The header's button (the empty list offers one too).
    await page.locator("main > header").getByRole("button", { name: "Create Listing" }).click();
    const create = page.getByRole("dialog", { name: "Create New Listing" });
    expect(await create.getByLabel("Payout per call ($)").inputValue()).toBe("50");
    expect(await create.getByLabel("Call duration requirement (seconds)").inputValue()).toBe("180");
    expect(await create.getByLabel("Minimum volume (calls per day)").inputValue()).toBe("10");
    expect(await create.getByLabel("Payment terms").inputValue()).toBe("Net 30");
    expect(await create.getByLabel("Status").inputValue()).toBe("active");
    const title = `Solar Calls ${token}`;
    await create.getByLabel("Title").fill(title);
    await create.getByRole("button", { name: "Create Listing" }).click();
    await create.getByText("Vertical is required").waitFor();
    await create.getByLabel("Vertical").selectOption("Solar");
    await create.getByLabel("TrustedForm certificate required").check();
    await create.getByRole("button", { name: "Create Listing" }).click();
    await toast(page, "Listing Created").waitFor(POLL);
    await page.getByRole("heading", { name: title }).waitFor(POLL);
    // Avg Payout now is the mean payout of the live listings: this one.
    await page.getByText("$50", { exact: true }).waitFor(POLL);
    let listed = await directory(token);
    expect(listed).toEqual([expect.objectContaining({ title, payout: "50.00", tags: ["trustedform"] })]);
    const id = listed[0]!.id;

    // Edit: the payout rises, the directory and the payout history follow.
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Listing" });
    await edit.getByLabel("Payout per call ($)").fill("75");
    // A cap of the listing's own, in place of the profile's.
    expect(await edit.getByLabel("Daily cap in calls (blank: your profile's cap)").inputValue()).toBe("");
    await edit.getByLabel("Daily cap in calls (blank: your profile's cap)").fill("30");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Success").waitFor(POLL);
    await page.getByText("$75.00 per call").waitFor(POLL);
    await page.getByText("Payout raised").first().waitFor(POLL);
    listed = await directory(token);
    expect(listed[0]).toMatchObject({ payout: "75.00" });
    const detail = await (await fetch(`${harness.baseURL}/api/buyer-listings/${id}`)).json();
    expect(detail.payoutHistory).toEqual([expect.objectContaining({ from: "50.00", to: "75.00" })]);
    expect(detail).toMatchObject({ dailyCap: 30, listingDailyCap: 30 });

    // Pause: out of the directory at once; Resume brings it back.
    await page.getByRole("button", { name: `Pause ${title}` }).click();
    await page.getByRole("button", { name: `Resume ${title}` }).waitFor(POLL);
    expect(await directory(token)).toEqual([]);
    await page.getByRole("button", { name: `Resume ${title}` }).click();
    await page.getByRole("button", { name: `Pause ${title}` }).waitFor(POLL);
    expect((await directory(token)).map((l) => l.id)).toEqual([id]);

    // The tabs work from the keyboard, and every one of them passes axe.
    await page.getByRole("tab", { name: "My Listings" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: "Save Changes" }).waitFor(POLL);
    expect(new URL(page.url()).search).toBe("?tab=profile");
    await expectAccessible(page);
    await page.getByLabel("Company name").fill(`Renamed ${token}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Profile Updated").waitFor(POLL);
    await page.getByRole("tab", { name: "Deal Requests" }).click();
    await page.getByRole("heading", { name: "No Deal Requests Yet" }).waitFor(POLL);
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Analytics" }).click();
    await page.getByRole("table").waitFor(POLL);
    await expectAccessible(page);

    // Delete asks first; the listing then leaves the dashboard and the directory.
    await page.getByRole("tab", { name: "My Listings" }).click();
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this listing?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await directory(token)).toHaveLength(1);
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await confirm.getByRole("button", { name: "Delete Listing" }).click();
    await toast(page, "Success").waitFor(POLL);
    await page.getByText("No listings yet").waitFor(POLL);
    expect(await directory(token)).toEqual([]);
    expect((await fetch(`${harness.baseURL}/api/buyer-listings/${id}`)).status).toBe(404);

    // Phone-sized: nothing runs off the side.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Create Listing" }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("unlocks a listing's contact for the publisher whose deal the buyer accepted, and charts it", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [{ title: "Deal Alpha", payout: "80.00" }, { title: "Deal Beta" }],
    });
    const [alpha, beta] = buyer.listings;
    const contactEmail = buyer.buyer!.contactEmail;
    const publisher = await fixtures.createUser({
      role: "publisher",
      firstName: "Pia",
      lastName: "Calls",
      company: "Pia Calls Media",
    });
    // The score the publisher's own dashboard shows them, which the buyer must see too.
    const own = await fixtures.fetchAs(publisher, "GET", "/api/publisher-profile");
    const { qualityScore } = (await own.json()) as { qualityScore: number };

    // The publisher asks for a deal on Alpha: masked until the buyer answers.
    const pub = await harness.newPage();
    await fixtures.signIn(pub, publisher);
    await openPage(pub, `/listings/${alpha!.id}`, { signedIn: true });
    await pub.getByRole("heading", { level: 1, name: alpha!.title }).waitFor(POLL);
    await pub.getByText("Contact details are masked").waitFor();
    await pub.getByRole("button", { name: "Request Deal" }).click();
    const request = pub.getByRole("dialog", { name: "Request a deal" });
    await request.getByLabel("Message to the buyer (optional)").fill("We run 200 compliant calls a day.");
    await request.getByRole("button", { name: "Send Request" }).click();
    await toast(pub, "Deal Requested").waitFor(POLL);
    await pub.getByText("Pending", { exact: true }).waitFor(POLL);
    await expectAccessible(pub);
    await waitForMail(
      harness.baseURL,
      (m) => m.to === contactEmail && m.subject === `New deal request for "${alpha!.title}"`,
    );

    // The buyer vets the publisher in the Deal Requests tab before answering: who asks, their website,
    // approval, score and what it stands on, compliance and history; their email only after Accept.
    const page = await harness.newPage();
    await fixtures.signIn(page, buyer);
    await page.goto("/buyer/dashboard?tab=deal-intents");
    await page.getByRole("tab", { name: "Deal Requests", selected: true }).waitFor(POLL);
    const item = page.getByRole("listitem").filter({ hasText: alpha!.title });
    const requestName = `Deal request from Pia Calls for “${alpha!.title}”`;
    await item.getByRole("heading", { name: requestName }).waitFor(POLL);
    await item.getByText("Pending", { exact: true }).waitFor();
    await item.getByText("We run 200 compliant calls a day.").waitFor();
    const about = item.getByRole("region", { name: "About the publisher" });
    await about.getByText("Pia Calls Media").waitFor();
    await about.getByRole("link", { name: `https://${publisher.token}.example` }).waitFor();
    await about.getByText("Approved", { exact: true }).waitFor();
    expect(await about.getByTestId("deal-publisher-score").textContent()).toMatch(
      new RegExp(`^${qualityScore}/100 · `),
    );
    await about.getByText(/^Based on: .*Approved by review 40\/40/).waitFor();
    await about.getByText("Search Engine Marketing").waitFor();
    await about
      .getByText("Numbers are scrubbed against the National DNC Registry before every campaign.")
      .waitFor();
    await about.getByText("0 deals · 0 reviews written").waitFor();
    await about.getByText("Shown once you accept").waitFor();
    expect(await page.getByText(publisher.user.email).count()).toBe(0);
    await expectAccessible(page);
    await item
      .getByRole("button", { name: `Accept the deal request from Pia Calls for “${alpha!.title}”` })
      .click();
    const decide = page.getByRole("dialog", { name: /^Accept the deal request from Pia Calls/ });
    await decide.getByLabel("Note to the publisher (optional)").fill("Welcome aboard");
    await decide.getByRole("button", { name: "Accept Deal" }).click();
    await toast(page, "Deal Request Accepted").waitFor(POLL);
    await item.getByText("Accepted", { exact: true }).waitFor(POLL);
    // Accepted: the same summary, now with the way to reach them, and the deal counted.
    await about.getByRole("link", { name: publisher.user.email }).waitFor(POLL);
    await about.getByText("1 deal · 0 reviews written").waitFor();
    await expectAccessible(page);

    // The publisher now sees Alpha's contact, and reveals it; Beta stays masked.
    await pub.reload();
    await pub.getByRole("link", { name: contactEmail }).waitFor(POLL);
    await pub.getByText("Accepted", { exact: true }).waitFor();
    await pub.getByRole("button", { name: "Contact Buyer" }).click();
    await toast(pub, "Contact Revealed").waitFor(POLL);
    await pub.goto(`/listings/${beta!.id}`);
    await pub.getByRole("heading", { level: 1, name: beta!.title }).waitFor(POLL);
    await pub.getByText("Contact details are masked").waitFor();
    expect(await pub.getByRole("link", { name: contactEmail }).count()).toBe(0);

    // The buyer's Analytics: two views (one per listing), one reveal, one intent accepted; the chart draws.
    await page.getByRole("tab", { name: "Analytics" }).click();
    const chart = page.getByTestId("analytics-chart");
    await chart.locator("canvas").waitFor(POLL);
    await expect
      .poll(() => chart.getAttribute("aria-label"), POLL)
      .toContain("2 views, 1 contact reveals, 0 saves and 1 deal requests");
    const drawn = await chart.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
      return painted;
    });
    expect(drawn).toBeGreaterThan(1000);
    const row = page.getByRole("row", { name: new RegExp(alpha!.title) });
    expect((await row.getByRole("cell").allTextContents()).slice(0, 5)).toEqual(["1", "1", "0", "1", "1"]);
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^listing-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // Read through Playwright: the browser is the run's shared one, so the file is not on a local path.
    const csv = await text(await download.createReadStream());
    expect(csv).toContain(`${alpha!.title},active,1,1,0,1,1,100`);
    expect(csv.split("\r\n")[0]).toBe(
      "Listing,Status,Views,Contact reveals,Saves,Deal requests,Accepted,Reveal rate (%)",
    );
  });

  it("filters the directory by requirement tags kept in the URL", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [
        { title: "Tagged Both", tags: ["trustedform", "no-ivr"] },
        { title: "Tagged One", tags: ["trustedform"] },
        { title: "Untagged" },
      ],
    });
    const page = await harness.newPage();
    await openPage(page, `/browse?search=${buyer.token}`);
    const cards = page.getByRole("article");
    await expect.poll(() => cards.count(), POLL).toBe(3);
    await page.getByLabel("TrustedForm certificate required").check();
    await page.getByLabel("No IVR/transfers").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tags"), POLL).toBe("trustedform,no-ivr");
    await expect.poll(() => cards.count(), POLL).toBe(1);
    await cards.first().getByText("No IVR/transfers").waitFor();
    await page.reload();
    await expect.poll(() => cards.count(), POLL).toBe(1);
    expect(await page.getByLabel("TrustedForm certificate required").isChecked()).toBe(true);
    await expectAccessible(page);
  });
});
