import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";
import { waitForSignInLink } from "./support/outbox";

describe("sign-in by email link", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("requests a link, opens it from the outbox, presses the button and is signed in", async () => {
    const page = await harness.newPage();
    const email = `e2e-${Date.now()}@example.test`;
    await page.goto("/api/login?returnTo=%2Fpricing");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await page.getByLabel("Work email").fill(email);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByText("Check your email").waitFor();

    const link = await waitForSignInLink(harness.baseURL, email);
    // The link leads back to this server (APP_URL), not merely somewhere.
    expect(link?.startsWith(`${harness.baseURL}/auth/magic?token=`), link).toBe(true);

    await page.goto(link!);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/pricing");
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(email);

    // The same link a second time does nothing but explain itself.
    const other = await harness.newPage();
    await other.goto(link!);
    harness.allowConsoleErrors(/status of 400/);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.getByText("This sign-in link is invalid, used or expired.").waitFor();
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
  });

  it("pre-fills the email the signup page stored", async () => {
    const page = await harness.newPage();
    await page.goto("/login");
    await page.evaluate(() => localStorage.setItem("signup-email-preference", "stored@example.test"));
    await page.reload();
    await expect.poll(() => page.getByLabel("Work email").inputValue()).toBe("stored@example.test");
  });

  it("logs out from the user menu, and asks first when /api/logout did not come from our pages", async () => {
    const page = await harness.newPage();
    const user = await fixtures.createUser();
    await fixtures.signIn(page, user);
    // Not "/": the home page greets a first sign-in with a dialog.
    await page.goto("/pricing");
    // The page's own reads first: one still on its way when the session ends is answered 401, which the
    // browser logs (a slow machine made this test fail on that line, not on the logout).
    await page.waitForLoadState("networkidle");
    const account = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: `Account menu for ${user.user.email}` });
    await account.click();
    // A link on our own page: the browser says same-origin, and the session ends at once.
    await page.getByRole("menu").getByRole("menuitem", { name: "Log out" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    // Typed in the address bar (or linked from another site): a page that asks, whose button POSTs.
    await fixtures.signIn(page, await fixtures.createUser());
    await page.goto("/api/logout");
    await page.getByRole("heading", { name: "Log out?" }).waitFor();
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});
