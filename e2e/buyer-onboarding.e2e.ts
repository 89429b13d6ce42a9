import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";
import { waitForSignInLink } from "./support/outbox";

// A new buyer's way in, in Chromium: the signup page's "I buy calls" travels through the real sign-in link
// (read from the development outbox) to buyer onboarding; the four steps keep their draft on the server
// across a reload; the profile is created, and the first listing, posted from the form the profile
// filled in, is in the directory.

const POLL = { timeout: 30_000 };
const WELCOME_FLAG = "welcome-dialog-dismissed";
const path = (page: Page) => new URL(page.url()).pathname;

/** The draft save that carries `text`: typing is saved once it pauses, so a test waits for it. */
const draftSaved = (page: Page, text: string) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === "PUT" &&
      r.url().endsWith("/api/onboarding/buyer/draft") &&
      (r.request().postData() ?? "").includes(text),
    POLL,
  );

describe("buyer onboarding", () => {
  const harness = useBrowser();

  it("signs a new buyer up, keeps the steps across a reload, creates the profile and posts the first listing", async () => {
    const token = `ob${Date.now().toString(36)}`;
    const email = `${token}@example.test`;
    const page = await harness.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, "true"), WELCOME_FLAG);

    // Signup: the side is a radio group; "List your buyer offer" links choose the buyer side already.
    await page.goto("/signup?side=buyer");
    const buyer = page.getByRole("radio", { name: "I buy calls (buyer)" });
    expect(await buyer.isChecked()).toBe(true);
    await page.goto("/signup");
    expect(await page.getByRole("radio", { name: "I generate calls (publisher)" }).isChecked()).toBe(true);
    await page.getByRole("group", { name: "What do you do?" }).waitFor();
    await buyer.check();
    await page.getByLabel("Work email").fill(email);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create Free Account" }).click();
    await page.getByText("Check your inbox").waitFor();

    const link = await waitForSignInLink(harness.baseURL, email);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => path(page), POLL).toBe("/buyer/onboarding");

    // Step 1: the company; the messages come from the shared schema.
    await page.getByRole("heading", { name: "Step 1 of 4: Company" }).waitFor(POLL);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Company name is required").waitFor();
    await page.getByText("Website is required").waitFor();
    await page.getByLabel("Company website").fill("acme");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Website must be a valid http(s) URL, like https://example.com").waitFor();
    await expectAccessible(page);
    await page.getByLabel("Company name").fill(`Acme ${token}`);
    await page.getByLabel("Company website").fill(`https://${token}.example`);
    await page.getByLabel("Contact email").fill(`deals@${token}.example`);
    await page.getByLabel("Contact phone (optional)").fill("(555) 010-1234");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 2: what is bought; then a reload mid-step.
    await page.getByRole("heading", { name: "Step 2 of 4: What You Buy" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Choose at least one vertical you buy").waitFor();
    const verticals = page.getByRole("group", { name: "Verticals you buy" });
    await verticals.getByRole("checkbox", { name: "Legal" }).click();
    await verticals.getByRole("checkbox", { name: "Solar" }).click();
    await page.getByLabel("Minimum payout ($)").fill("40");
    const saved = draftSaved(page, '"payoutMax":"120"');
    await page.getByLabel("Maximum payout ($)").fill("120");
    await saved;
    await expectAccessible(page);
    await page.reload();
    await page.getByRole("heading", { name: "Step 2 of 4: What You Buy" }).waitFor(POLL);
    expect(await page.getByRole("checkbox", { name: "Legal" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("checkbox", { name: "Solar" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByLabel("Minimum payout ($)").inputValue()).toBe("40");
    expect(await page.getByLabel("Maximum payout ($)").inputValue()).toBe("120");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Company name").inputValue()).toBe(`Acme ${token}`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Payment terms").selectOption("Net 15");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 3: call hours and their time zone, the daily cap.
    await page.getByRole("heading", { name: "Step 3 of 4: Call Hours" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Enter the hours you take calls, like Mon-Fri 9am-6pm").waitFor();
    await page.getByText("Choose the time zone of your call hours").waitFor();
    await page.getByLabel("Hours you take calls").fill("Mon-Fri 9am-6pm");
    await page.getByLabel("Time zone").selectOption("America/Chicago");
    await page.getByLabel("Daily cap (calls per day)").fill("60");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 4: the review, then the profile.
    await page.getByRole("heading", { name: "Step 4 of 4: Review & Create" }).waitFor();
    const review = page.locator("dl");
    expect(await review.innerText()).toContain("Legal, Solar");
    expect(await review.innerText()).toContain("Mon-Fri 9am-6pm (Central (Chicago))");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create Buyer Profile" }).click();

    // The first listing: the form starts from the profile.
    await page.getByRole("heading", { name: "Post your first listing" }).waitFor(POLL);
    const profile = await (await page.request.get("/api/buyer-profile")).json();
    expect(profile).toMatchObject({
      company: `Acme ${token}`,
      website: `https://${token}.example`,
      callHours: "Mon-Fri 9am-6pm",
      timeZone: "America/Chicago",
      paymentTerms: "Net 15",
      dailyCap: 60,
    });
    expect((await (await page.request.get("/api/auth/user")).json()).role).toBe("buyer");
    // The draft went with the profile's creation.
    expect(await (await page.request.get("/api/onboarding/buyer/draft")).json()).toMatchObject({ data: {} });
    expect(await page.getByLabel("Vertical").inputValue()).toBe("Legal");
    expect(await page.getByLabel("Payout per call ($)").inputValue()).toBe("40");
    expect(await page.getByLabel("Payment terms").inputValue()).toBe("Net 15");
    await page.getByRole("button", { name: "Skip for now" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("Title").fill(`Legal intake calls ${token}`);
    await page.getByRole("button", { name: "Post Listing" }).click();
    await page.waitForURL("**/buyer/dashboard", POLL);

    const listed = (await (await fetch(`${harness.baseURL}/api/buyer-listings?search=${token}`)).json()) as {
      title: string;
      vertical: string;
      payout: string;
      paymentTerms: string;
    }[];
    expect(listed).toEqual([
      expect.objectContaining({
        title: `Legal intake calls ${token}`,
        vertical: "Legal",
        payout: "40.00",
        paymentTerms: "Net 15",
      }),
    ]);

    // Onboarding is done: the page sends the buyer to the dashboard.
    await page.goto("/buyer/onboarding");
    await page.waitForURL("**/buyer/dashboard", POLL);
  });
});
