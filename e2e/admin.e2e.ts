import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";
import { waitForMail, waitForSignInLink } from "./support/outbox";

// The admin console as an administrator uses it. Each test makes its own users and listings
// (fixtures) and finds them by the fixture's token, so the demo data and other tests never matter.

const REASON = "Your landing pages carry no TCPA consent language; add it and apply again.";
const MOBILE = { width: 375, height: 740 };

/** The text of the toast on screen (the app shows one toast at a time). */
const toast = (page: Page) => page.locator("li[data-state='open']");

async function expectToast(page: Page, title: string, description: string) {
  // A new toast replaces the one before, which may share its title ("Success").
  await expect
    .poll(async () => {
      const text = await toast(page).innerText();
      return text.includes(title) && text.includes(description);
    })
    .toBe(true);
}

/** The accessible name (or text) of what has keyboard focus. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
  });

/** A stat card's figure, read from the card whose heading is `label`. */
async function figure(page: Page, label: string): Promise<number> {
  const card = page.locator("div", { has: page.getByRole("heading", { name: label, exact: true }) }).last();
  return Number((await card.locator("p").first().innerText()).replace(/,/g, ""));
}

describe("admin console", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  async function adminPage(viewport?: {
    width: number;
    height: number;
  }): Promise<{ admin: FixtureUser; page: Page }> {
    const admin = await fixtures.createUser({ role: "admin", firstName: "Ada", lastName: "Reviewer" });
    const page = await harness.newPage({ viewport });
    await fixtures.signIn(page, admin);
    return { admin, page };
  }

  /** A guest with their home page open in a browser of their own, whom the admin then acts on. */
  async function guestOnHome() {
    const member = await fixtures.createUser({ role: "guest" });
    const memberPage = await harness.newPage();
    await fixtures.signIn(memberPage, member);
    await memberPage.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));
    await memberPage.goto("/");
    await memberPage.getByRole("heading", { name: "Welcome to PayPerCall Hub" }).waitFor();
    return { member, memberPage };
  }

  it("approves one application and rejects another with a reason, which the publisher is sent", async () => {
    const approved = await fixtures.createUser({ role: "publisher", publisherStatus: "pending" });
    const rejected = await fixtures.createUser({ role: "publisher", publisherStatus: "pending" });
    const { page } = await adminPage();

    // The dashboard: live figures and its four tabs.
    await page.goto("/admin/dashboard");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await figure(page, "Pending Reviews")).toBeGreaterThanOrEqual(2);
    const openDisputes = await figure(page, "Open Disputes");
    await page.getByRole("heading", { name: "Recent Activity" }).waitFor();
    await expectAccessible(page);
    // The Disputes tab lists the open ones, as many as the figure says (trust.e2e.ts decides one).
    await page.getByRole("tab", { name: "Disputes" }).click();
    await page.getByRole("heading", { name: `Open disputes (${openDisputes})` }).waitFor();
    await page.getByRole("tab", { name: "Publishers" }).click();
    await page.getByRole("heading", { name: "Pending Publishers" }).waitFor();
    await page.getByRole("link", { name: "Manage Publishers" }).first().click();

    await page.getByRole("heading", { name: "Manage Publishers" }).waitFor();
    const approvedBefore = await figure(page, "Approved Today");
    const rejectedBefore = await figure(page, "Rejected Today");

    // Search the pending queue for the first application; its details, then Approve.
    await page.getByLabel("Status").selectOption("pending");
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("pending");
    await page.getByLabel("Search").fill(approved.token);
    await page.getByRole("button", { name: "Apply" }).click();
    const website = `https://${approved.token}.example`;
    const card = page.getByRole("article", { name: website });
    await card.getByText("TCPA Compliant").waitFor();
    await page.getByRole("heading", { name: "Applications (1)" }).waitFor();
    // Keyboard: Escape closes the details and gives focus back to the button that opened them.
    await card.getByRole("button", { name: `Details: ${website}` }).click();
    await page.getByRole("dialog", { name: website }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedName(page)).toBe(`Details: ${website}`);
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: website });
    await details.getByRole("heading", { name: "Compliance" }).waitFor();
    await details.getByText("Acknowledged", { exact: true }).waitFor();
    await details.getByText("Not verified yet").waitFor();
    await expectAccessible(page);
    // Approve asks first, and says the domain is not verified (the fixture never verified it).
    await details.getByRole("button", { name: `Approve ${website}` }).click();
    const approveConfirm = page.getByRole("alertdialog", { name: "Approve Publisher" });
    await approveConfirm.getByText("The domain is not verified", { exact: false }).waitFor();
    await approveConfirm.getByRole("button", { name: "Approve Publisher" }).click();
    await expectToast(
      page,
      "Publisher Approved",
      "The publisher has been approved and can now access verified features.",
    );
    await page.getByText("No publisher applications match these filters.").waitFor();
    await expect.poll(() => figure(page, "Approved Today")).toBe(approvedBefore + 1);

    // The second: a reason that is too short is refused in the form, then a real one.
    const other = `https://${rejected.token}.example`;
    await page.getByLabel("Search").fill(rejected.token);
    await page.getByRole("button", { name: "Apply" }).click();
    await page
      .getByRole("article", { name: other })
      .getByRole("button", { name: `Reject ${other}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Reject Publisher" });
    await dialog.getByLabel("Reason for rejection").fill("Too short");
    await dialog.getByRole("button", { name: "Reject Publisher" }).click();
    await dialog.getByText("The reason must be at least 10 characters").waitFor();
    expect(await dialog.getByLabel("Reason for rejection").inputValue()).toBe("Too short");
    await dialog.getByLabel("Reason for rejection").fill(REASON);
    await dialog.getByRole("button", { name: "Reject Publisher" }).click();
    await expectToast(page, "Publisher Rejected", "The publisher application has been rejected.");
    await expect.poll(() => figure(page, "Rejected Today")).toBe(rejectedBefore + 1);

    // Every status: the rejected application shows its reason.
    await page.getByLabel("Status").selectOption("all");
    await page.getByRole("article", { name: other }).getByText(REASON).waitFor();

    // The publisher is mailed the decision with the reason.
    const [rejection] = await waitForMail(harness.baseURL, (mail) => mail.to === rejected.user.email);
    expect(rejection?.text).toContain(`Reason: ${REASON}`);
    const [approval] = await waitForMail(harness.baseURL, (mail) => mail.to === approved.user.email);
    expect(approval?.text).toContain("has been approved");

    // ... and reads it on their dashboard.
    const publisherPage = await harness.newPage();
    await fixtures.signIn(publisherPage, rejected);
    await publisherPage.goto("/publisher/dashboard");
    // On the Profile Status card and in the recent activity.
    await publisherPage.getByText(REASON).first().waitFor();
  });

  it("confirms an approval with its warnings and names applicants, not URLs (publishers page, details, dashboard)", async () => {
    // Two applications for one website (the second written another way), and a third elsewhere.
    const host = `twin-${Date.now().toString(36)}.example`;
    await fixtures.createUser({
      role: "publisher",
      publisherStatus: "pending",
      company: "Twin Calls LLC",
      website: `https://${host}`,
    });
    await fixtures.createUser({
      role: "publisher",
      publisherStatus: "pending",
      firstName: "Tess",
      lastName: "Twin",
      website: `https://www.${host}/apply`,
    });
    const third = await fixtures.createUser({ role: "publisher", publisherStatus: "pending" });
    const { admin, page } = await adminPage();

    await page.goto(`/admin/publishers?status=pending&search=${host}`);
    await page.getByRole("heading", { name: "Applications (2)" }).waitFor();
    const card = page.getByRole("article", { name: `https://${host}` });
    // The list warns before anyone opens anything, and names the applicant.
    await card.getByText("Twin Calls LLC", { exact: false }).first().waitFor();
    await card
      .getByText(/^Another application for this website: Tess Twin \(pending review, applied /)
      .waitFor();
    await card.getByText(/^The domain is not verified/).waitFor();
    // Quality score with its band and what it stands on: nothing checked yet.
    await card.getByText(/^\d+\/100 · Needs work$/).waitFor();
    await card.getByText(/^Not yet: Domain verified, Approved by review\.$/).waitFor();
    await expectAccessible(page);

    // Approve asks first; Cancel approves nothing and gives focus back to the button.
    await card.getByRole("button", { name: `Approve https://${host}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Approve Publisher" });
    await confirm.getByText(`Approve Twin Calls LLC for https://${host}?`, { exact: false }).waitFor();
    await confirm.getByText(/^Another application for this website: Tess Twin/).waitFor();
    await confirm.getByText(/^The domain is not verified/).waitFor();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => focusedName(page)).toBe(`Approve https://${host}`);
    await card.getByText("Pending Review", { exact: true }).waitFor();

    // The other application: its details warn too, and Reject addresses the person by name.
    const otherSite = `https://www.${host}/apply`;
    const other = page.getByRole("article", { name: otherSite });
    await other.getByRole("button", { name: `Details: ${otherSite}` }).click();
    const details = page.getByRole("dialog", { name: otherSite });
    await details.getByText(/^Another application for this website: Twin Calls LLC/).waitFor();
    await details.getByRole("heading", { name: "Other applications for this website" }).waitFor();
    await details.getByRole("button", { name: `Reject ${otherSite}` }).click();
    const reject = page.getByRole("dialog", { name: "Reject Publisher" });
    await reject.getByText("Tell Tess Twin why the application is not approved.", { exact: false }).waitFor();
    expect(await reject.innerText()).not.toContain("Tell https://");
    await reject.getByRole("button", { name: "Cancel" }).click();
    await page.keyboard.press("Escape");

    // Approve from the dashboard's Publishers tab, on a phone: the same confirmation.
    await page.setViewportSize(MOBILE);
    await page.goto("/admin/dashboard");
    await page.getByRole("tab", { name: "Publishers" }).click();
    await page.getByRole("heading", { name: "Pending Publishers" }).waitFor();
    const thirdSite = `https://${third.token}.example`;
    await page.getByRole("button", { name: `Approve ${thirdSite}` }).click();
    const phoneConfirm = page.getByRole("alertdialog", { name: "Approve Publisher" });
    await phoneConfirm.getByText(/^The domain is not verified/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectAccessible(page);
    await phoneConfirm.getByRole("button", { name: "Approve Publisher" }).click();
    await expectToast(
      page,
      "Publisher Approved",
      "The publisher has been approved and can now access verified features.",
    );
    await expect.poll(() => page.getByRole("button", { name: `Approve ${thirdSite}` }).count()).toBe(0);
    // Twin Calls LLC is still waiting: nothing was approved by the Cancel above.
    await page.getByRole("button", { name: `Approve https://${host}` }).waitFor();
    // Recent Activity reads the approval as a sentence.
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByText(`${admin.user.email} approved a publisher application.`).first().waitFor();
    await expectAccessible(page);
  });

  it("creates, edits and deletes a listing for a buyer chosen by search", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 0 });
    const { page } = await adminPage();
    await page.goto("/admin/buyers");
    await page.getByRole("heading", { name: "Manage Buyers" }).waitFor();
    // Import CSV is live (e2e/listing-import.e2e.ts covers it), beside Export CSV.
    expect(await page.getByRole("button", { name: "Import CSV" }).isDisabled()).toBe(false);
    await page.getByRole("link", { name: "Export CSV" }).waitFor();
    await page.getByRole("heading", { name: /^Listings \(\d+\)$/ }).waitFor();

    // The button says what it makes: a listing, for the buyer chosen in the form.
    await page.getByRole("button", { name: "Add listing" }).click();
    const form = page.getByRole("dialog", { name: "Add listing" });
    await form.getByText("Create a listing on behalf of a buyer.", { exact: false }).waitFor();
    await form.getByText("Geographies (none means US National)").waitFor();
    // Nothing typed yet: the admin form's required-field messages, and the owner is required.
    await form.getByRole("button", { name: "Create Listing" }).click();
    await form.getByText("Title is required").waitFor();
    await form.getByText("Vertical is required").waitFor();
    await form.getByText("Choose the buyer this listing belongs to").waitFor();
    await expectAccessible(page);

    const title = `Admin Solar Leads ${buyer.token}`;
    const owner = form.getByRole("combobox", { name: "Buyer" });
    await owner.fill(buyer.token);
    await form.getByRole("option", { name: new RegExp(`Company ${buyer.token}`) }).click();
    expect(await owner.inputValue()).toBe(`Company ${buyer.token}`);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Vertical").selectOption("Solar");
    await form.getByLabel("Payout ($)").fill("75");
    for (const geo of ["California", "Texas", "Florida"]) await form.getByLabel(geo, { exact: true }).check();
    await form.getByRole("button", { name: "Create Listing" }).click();
    await expectToast(page, "Success", "Buyer listing created successfully.");

    await page.getByLabel("Search").fill(buyer.token);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("heading", { name: "Listings (1)" }).waitFor();
    const card = page.getByRole("article", { name: title });
    for (const text of ["$75.00", "Net 30", "California, Texas +1", "Min: 10/day", "Active"]) {
      await card.getByText(text, { exact: true }).waitFor();
    }

    // Edit: a real form with the listing's values; change the payout and pause it.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Buyer Listing" });
    expect(await edit.getByLabel("Payout ($)").inputValue()).toBe("75.00");
    expect(await edit.getByRole("combobox", { name: "Buyer" }).inputValue()).toBe(`Company ${buyer.token}`);
    await edit.getByLabel("Payout ($)").fill("82.50");
    await edit.getByLabel("Status").selectOption("paused");
    for (const geo of ["California", "Texas", "Florida"])
      await edit.getByLabel(geo, { exact: true }).uncheck();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "Buyer listing updated successfully.");
    await card.getByText("$82.50", { exact: true }).waitFor();
    await card.getByText("Paused", { exact: true }).waitFor();
    // No geographies reads as the directory says it, never an admin-only wording.
    await card.getByText("US National", { exact: true }).waitFor();

    // View shows the contact an admin sees.
    await card.getByRole("button", { name: `View ${title}` }).click();
    const view = page.getByRole("dialog", { name: title });
    await view.getByText(`partners@${buyer.token}.example`).waitFor();
    await view.getByText("US National", { exact: true }).waitFor();
    expect(await page.getByText("All Geos").count()).toBe(0);
    await view.getByRole("button", { name: "Close" }).first().click();

    // Delete asks first.
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this listing?" });
    await confirm.getByRole("button", { name: "Delete listing" }).click();
    await expectToast(page, "Success", "Buyer listing deleted successfully.");
    await page.getByRole("heading", { name: "Listings (0)" }).waitFor();
    await page.getByText("No buyer listings match these filters.").waitFor();
    // The focused card is gone: focus lands on the list's heading, not on the page body.
    await expect.poll(() => focusedName(page)).toBe("Listings (0)");
    await expectAccessible(page);
  });

  it("disables a user, who is signed out and refused, and finds it in the audit log (375 px)", async () => {
    const { member, memberPage } = await guestOnHome();

    const { admin, page } = await adminPage(MOBILE);
    await page.goto(`/admin/users?search=${member.token}`);
    await page.getByRole("heading", { name: "Users (1)" }).waitFor();
    const card: Locator = page.getByRole("article", { name: member.user.email });
    await card.getByRole("button", { name: "Disable" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disable this account?" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Disable account" }).click();
    await expectToast(page, "User Updated", `${member.user.email} is disabled and signed out everywhere.`);
    await card.getByText("Disabled", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Enable" }).waitFor();

    // The member's open page finds itself signed out.
    await memberPage.reload();
    await memberPage.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    // Signing in again is refused with a clear message.
    harness.allowConsoleErrors(/status of 403/);
    await memberPage.goto("/login");
    await memberPage.getByLabel("Work email").fill(member.user.email);
    await memberPage.getByRole("button", { name: "Email me a sign-in link" }).click();
    await memberPage.getByText("Check your email").waitFor();
    const link = await waitForSignInLink(harness.baseURL, member.user.email);
    await memberPage.goto(link);
    await memberPage.getByRole("button", { name: "Sign in" }).click();
    await memberPage
      .getByText("This account has been disabled. Contact support if you think this is a mistake.")
      .waitFor();

    // The audit log: filter by action and by the acting admin.
    await page.goto("/admin/audit");
    await page.getByRole("heading", { name: "Audit Log" }).waitFor();
    await page.getByLabel("Action").selectOption("user.disabled");
    const userFilter = page.getByRole("combobox", { name: "User" });
    await userFilter.fill(admin.token);
    await page.getByRole("option", { name: new RegExp(admin.token) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("userId")).toBe(admin.user.id);
    const entries = page.getByRole("listitem").filter({ hasText: "user.disabled" });
    await expect.poll(() => entries.count()).toBe(1);
    await entries.getByText(`Record ${member.user.id}`).waitFor();
    // Written as a sentence, the change with a formatted date rather than raw keys and a timestamp.
    await entries.getByText(`${admin.user.email} disabled an account and ended 1 session.`).waitFor();
    const change = await entries.getByText(/^Disabled at set to /).innerText();
    expect(change).toMatch(/^Disabled at set to [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/);
    expect(await entries.innerText()).not.toContain("disabledAt");
    await entries.getByText("Full details (JSON)").click();
    expect(await entries.locator("pre").innerText()).toContain('"sessionsEnded": 1');
    await expectAccessible(page);
  });

  it("changes a user's role after saying what it does, and the user's open page is signed out", async () => {
    const { member, memberPage } = await guestOnHome();

    const { page } = await adminPage();
    await page.goto(`/admin/users?search=${member.token}`);
    const card: Locator = page.getByRole("article", { name: member.user.email });
    await card.getByLabel("Role").selectOption("admin");
    const confirm = page.getByRole("alertdialog", { name: "Change role?" });
    await confirm
      .getByText(
        `${member.user.email} goes from Guest to Admin. What they can reach changes at once: they are signed out everywhere, and their API keys keep only what the new role allows.`,
      )
      .waitFor();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Change role" }).click();
    await expectToast(
      page,
      "User Updated",
      `${member.user.email} is now an admin and signed out everywhere.`,
    );

    await memberPage.reload();
    await memberPage.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
  });

  it("opens the Failed Mail screen from the admin menu: empty while every mail was delivered", async () => {
    const { page } = await adminPage();
    await page.goto("/admin/audit");
    await page.getByRole("heading", { name: "Audit Log" }).waitFor();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Failed Mail" }).click();
    await page.getByRole("heading", { name: "Failed Mail", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/mail");
    // The development server's outbox never refuses a mail, so nothing has failed.
    await page.getByRole("heading", { name: "Failed mail (0)" }).waitFor();
    await page.getByText("No failed mail: everything the server queued was delivered").waitFor();
    expect(await page.title()).toBe("Failed Mail · PayPerCall Hub");
    await expectAccessible(page);
  });
});
