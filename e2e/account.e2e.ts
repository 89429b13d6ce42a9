import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, EXPORT_PER_HOUR } from "../src/shared/schemas/account";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";
import { waitForMail } from "./support/outbox";

// The Account page in Chromium: the sessions of one user signed in from two browsers (one signs the
// other out), an email change confirmed from the mailed link and undone from the old address, the data
// export, account deletion, and an admin ending a user's sessions. Each test makes its own users.

const MOBILE = { width: 375, height: 740 };
const path = (page: Page) => new URL(page.url()).pathname;
/** The text of the toast on screen (the app shows one toast at a time). */
const toast = (page: Page) => page.locator("li[data-state='open']");

describe("the Account page", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  /** A page signed in as `user` with the fixture's session (the first of the user's sessions). */
  async function pageAs(user: FixtureUser, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await harness.newPage({ viewport });
    await fixtures.signIn(page, user);
    return page;
  }

  /** Another browser, signed in as `user` with a session of its own (the development sign-in). */
  async function secondBrowserAs(user: FixtureUser): Promise<Page> {
    const page = await harness.newPage();
    const res = await page.request.post("/api/dev/login", {
      data: { email: user.user.email },
      headers: { origin: harness.baseURL },
    });
    expect(res.status()).toBe(200);
    return page;
  }

  /**
   * A new browser signed in through the emailed link (the development sign-in sends no sign-in alert),
   * which also makes the account on first use. `mailsSoFar`: sign-in mails this address already had.
   */
  async function signInByEmail(email: string, mailsSoFar: number): Promise<Page> {
    const page = await harness.newPage();
    const res = await page.request.post("/api/auth/magic-link", {
      data: { email },
      headers: { origin: harness.baseURL },
    });
    expect(res.ok()).toBe(true);
    const [mail] = await waitForMail(
      harness.baseURL,
      (m) => m.to === email && /\/auth\/magic\?token=/.test(m.text),
      mailsSoFar + 1,
    );
    const link = mail?.text.match(/https?:\/\/\S+\/auth\/magic\?token=[\w-]+/)?.[0];
    if (!link) throw new Error(`no sign-in link for ${email}`);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(async () => (await page.request.get("/api/auth/user")).status()).toBe(200);
    return page;
  }

  async function openAccount(page: Page) {
    await page.goto("/account");
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
  }

  /** The link in the newest mail to `to` whose path is `linkPath` (".../account/email/confirm?token=..."). */
  async function waitForLink(to: string, linkPath: string): Promise<string> {
    const pattern = new RegExp(`https?://\\S+${linkPath.replace(/\//g, "\\/")}\\?token=[\\w-]+`);
    const [mail] = await waitForMail(harness.baseURL, (m) => m.to === to && pattern.test(m.text));
    const link = mail?.text.match(pattern)?.[0];
    if (!link) throw new Error(`no ${linkPath} link for ${to}`);
    // The link leads back to this server (APP_URL).
    expect(link.startsWith(`${harness.baseURL}${linkPath}?token=`), link).toBe(true);
    return link;
  }

  it("lists both browsers of a user, marks this one, and signs the other out", async () => {
    const user = await fixtures.createUser({ role: "publisher" });
    const pageA = await pageAs(user);
    const pageB = await secondBrowserAs(user);
    expect((await pageB.request.get("/api/auth/user")).status()).toBe(200);

    await openAccount(pageA);
    const table = pageA.getByRole("table", { name: /Your signed-in sessions/ });
    await expect.poll(() => table.getByRole("row").count()).toBe(3); // the header and two sessions
    const current = table.getByRole("row").filter({ hasText: "This device" });
    await expect.poll(() => current.count()).toBe(1);
    // The first row is this browser, and it has no Sign out button of its own (Log out does that).
    expect(await table.getByRole("row").nth(1).innerText()).toContain("This device");
    expect(await current.getByRole("button").count()).toBe(0);
    await pageA.getByText("1 other session signed in.").waitFor();
    await pageA.getByRole("heading", { level: 2, name: "Overview" }).waitFor();
    await pageA.getByTestId("account-summary").getByText(user.user.email).waitFor();
    await expectAccessible(pageA);

    // The button names the session it ends (its browser and system, as the server read them).
    const signOut = table.getByRole("button", { name: /^Sign out .+/ });
    expect(await signOut.count()).toBe(1);
    expect(await signOut.getAttribute("aria-label")).toMatch(/^Sign out Chrome \d+ on Linux/);
    await signOut.click();
    await pageA
      .getByRole("status")
      .filter({ hasText: /^Signed out / })
      .waitFor();
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    await pageA.getByText("This is the only browser signed in.").waitFor();
    expect(await pageA.getByRole("button", { name: "Sign out everywhere else" }).isDisabled()).toBe(true);
    // Focus did not fall to the page body with the row that held it.
    await expect.poll(() => pageA.evaluate(() => document.activeElement?.id)).toBe("sessions-heading");

    // B is signed out: its API calls are refused and the Account page sends it to sign in.
    expect((await pageB.request.get("/api/auth/user")).status()).toBe(401);
    await pageB.goto("/account");
    await expect.poll(() => path(pageB)).toBe("/login");
    // A is still signed in.
    expect((await pageA.request.get("/api/auth/user")).status()).toBe(200);
  });

  it("signs every other browser out at once, and stacks the sessions at 375 px", async () => {
    const user = await fixtures.createUser();
    const phone = await pageAs(user, MOBILE);
    const others = [await secondBrowserAs(user), await secondBrowserAs(user)];

    await openAccount(phone);
    const list = phone.getByRole("list", { name: /Your signed-in sessions/ });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(3);
    expect(await phone.getByRole("table").isVisible()).toBe(false);
    await phone.getByText("2 other sessions signed in.").waitFor();
    // Nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(phone);

    await phone.getByRole("button", { name: "Sign out everywhere else" }).click();
    await phone.getByRole("status").filter({ hasText: "Signed out 2 other sessions." }).waitFor();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    for (const other of others) expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    expect((await phone.request.get("/api/auth/user")).status()).toBe(200);
  });

  it("changes the email through the link mailed to the new address, and the old address can undo it", async () => {
    const user = await fixtures.createUser();
    const oldEmail = user.user.email;
    // Still a fixture address, so the test's cleanup finds the user whichever address it ends with.
    const newEmail = `${user.token}-new@fixtures.test`;
    const page = await pageAs(user);
    await openAccount(page);
    await page.getByTestId("current-email").getByText(oldEmail).waitFor();

    // The shared schema checks the address in the browser first.
    await page.getByLabel("New email address").fill("not-an-email");
    await page.getByRole("button", { name: "Change email" }).click();
    await page.getByText("Enter a valid email address").waitFor();

    await page.getByLabel("New email address").fill(newEmail);
    await page.getByRole("button", { name: "Change email" }).click();
    const pending = page.getByRole("status").filter({ hasText: `Check ${newEmail}` });
    await pending.getByText(ACCOUNT_MESSAGES.emailChangeSent).waitFor();
    // The form that had focus is gone; focus lands on the answer.
    await expect.poll(() => pending.evaluate((element) => element === document.activeElement)).toBe(true);
    // Nothing changes until the link is followed.
    expect((await (await page.request.get("/api/auth/user")).json()).email).toBe(oldEmail);

    const confirmLink = await waitForLink(newEmail, "/account/email/confirm");
    await page.goto(confirmLink);
    await page.getByRole("heading", { level: 1, name: "Confirm your new email" }).waitFor();
    expect(await page.title()).toBe("Confirm Your New Email · PayPerCall Hub");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirm new email" }).click();
    await page.getByText(ACCOUNT_MESSAGES.emailChanged).waitFor();
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.getByTestId("current-email").getByText(newEmail).waitFor();
    await page.getByTestId("account-summary").getByText(newEmail).waitFor();

    // The old address is told, with a link that puts it back and signs every session out.
    const undoLink = await waitForLink(oldEmail, "/account/email/undo");
    await page.goto(undoLink);
    await page.getByRole("heading", { level: 1, name: "Undo the email change" }).waitFor();
    await page.getByRole("button", { name: "Undo the change" }).click();
    await page.getByText(ACCOUNT_MESSAGES.emailChangeUndone).waitFor();
    expect(
      await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).getAttribute("href"),
    ).toBe("/api/login");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    // The link works once.
    harness.allowConsoleErrors(/status of 400/);
    await page.goto(undoLink);
    await page.getByRole("button", { name: "Undo the change" }).click();
    await page.getByRole("alert").getByText(ACCOUNT_MESSAGES.linkInvalid).waitFor();
  });

  it('signs the account out everywhere from the sign-in alert\'s "Not you?" link', async () => {
    const user = await fixtures.createUser();
    const email = user.user.email;
    // The account's first browser warns nobody; a second, new one mails the owner.
    const first = await signInByEmail(email, 0);
    const second = await signInByEmail(email, 1);
    const notMe = await waitForLink(email, "/account/not-me");

    const page = await harness.newPage();
    await page.goto(notMe);
    await page.getByRole("heading", { level: 1, name: "Secure your account" }).waitFor();
    expect(await page.title()).toBe("Secure Your Account · PayPerCall Hub");
    // Opening the link changed nothing: only the button does.
    expect((await first.request.get("/api/auth/user")).status()).toBe(200);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByText(ACCOUNT_MESSAGES.signedOutEverywhere).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
    for (const browser of [first, second]) {
      expect((await browser.request.get("/api/auth/user")).status()).toBe(401);
    }
  });

  it("downloads the account's data as a ZIP, and says so when the hourly limit is reached", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const page = await pageAs(buyer);
    await openAccount(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    // The browser runs apart from the test (one Chromium for the run): read the file through Playwright.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks);
    expect(file.length).toBeGreaterThan(0);
    expect(file.subarray(0, 2).toString("latin1")).toBe("PK");
    // A ZIP names its entries in plain text.
    expect(file.includes("account.json")).toBe(true);
    expect(file.includes("listings.csv")).toBe(true);
    await page
      .getByRole("status")
      .getByText(/Your data is downloaded/)
      .waitFor();

    // The rest of the hour's downloads, then one too many: the page shows the server's answer.
    for (let i = 1; i < EXPORT_PER_HOUR; i++) {
      expect((await page.request.get("/api/account/export")).status()).toBe(200);
    }
    harness.allowConsoleErrors(/status of 429/);
    await page.getByRole("link", { name: "Download my data" }).click();
    await page
      .locator("#your-data")
      .getByRole("alert")
      .getByText(`You have downloaded your data ${EXPORT_PER_HOUR} times in the last hour.`, { exact: false })
      .waitFor();
  });

  it("deletes the account once its email is typed, lands signed out on the landing page", async () => {
    // An account of its own, not a fixture: once deleted there is nothing left for the fixtures to clean.
    const email = `delete-me-${Date.now()}@example.test`;
    const page = await signInByEmail(email, 0);
    await page.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));
    await openAccount(page);
    await page.getByRole("heading", { level: 2, name: "Delete account" }).waitFor();
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill("someone-else@example.test");
    expect(await confirm.isDisabled()).toBe(true);
    await expectAccessible(page);
    await dialog.getByLabel(/to confirm/).fill(email);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();

    await expect.poll(() => path(page)).toBe("/");
    await page.getByRole("heading", { name: "Connect with Premium Call Buyers" }).waitFor();
    expect(await toast(page).innerText()).toContain(ACCOUNT_MESSAGES.accountDeleted);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    // The old session is gone for good: the Account page sends the visitor to sign in.
    await page.goto("/account");
    await expect.poll(() => path(page)).toBe("/login");
  });

  it("lets an admin end every session of a user", async () => {
    const member = await fixtures.createUser();
    const memberPage = await pageAs(member);
    await secondBrowserAs(member);
    const admin = await fixtures.createUser({ role: "admin" });
    const page = await pageAs(admin);
    await page.goto(`/admin/users?search=${member.token}`);
    await page.getByRole("heading", { name: "Users (1)" }).waitFor();
    const card = page.getByRole("article", { name: member.user.email });
    await card.getByText("2 active sessions", { exact: false }).waitFor();

    await card.getByRole("button", { name: "End all sessions" }).click();
    const dialog = page.getByRole("alertdialog", { name: "End all sessions?" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "End all sessions" }).click();
    await card.getByText("0 active sessions", { exact: false }).waitFor();
    expect(await card.getByRole("button", { name: "End all sessions" }).isDisabled()).toBe(true);
    expect((await memberPage.request.get("/api/auth/user")).status()).toBe(401);

    await page.goto(`/admin/audit?action=user.sessions_ended`);
    await page.getByText(`${admin.user.email} ended all 2 sessions of a user.`).waitFor();
  });

  it("signs out an admin who ends every session of their own account", async () => {
    const admin = await fixtures.createUser({ role: "admin" });
    const page = await pageAs(admin);
    await page.goto(`/admin/users?search=${admin.token}`);
    const card = page.getByRole("article", { name: admin.user.email });
    await card.getByRole("button", { name: "End all sessions" }).click();
    const dialog = page.getByRole("alertdialog", { name: "End all sessions?" });
    await dialog.getByText("you will be signed out too", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "End all sessions" }).click();

    await expect.poll(() => path(page)).toBe("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }).waitFor();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});
