import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE } from "../src/shared/constants";
import { ALERT_MESSAGES } from "../src/shared/schemas/alerts";
import { expectAccessible, useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// Listing alerts in Chromium: a publisher sets up alerts and a saved search; a Premium
// publisher receives an instant alert mail from the server's own job queue (pg-boss on the embedded
// PGlite) and unsubscribes with its link, signed out.

// The e2e server runs on embedded PGlite: first loads can take seconds on a busy machine.
const POLL = { timeout: 30_000 };

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string> | null;
}

describe("listing alerts", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title }).first();

  /** A call to the API as a fixture user (their session cookie; our Origin, as the browser sends it). */
  async function callAs(user: FixtureUser, method: string, path: string, body?: unknown) {
    const res = await fixtures.fetchAs(user, method, path, body);
    expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
    return res;
  }

  async function outboxTo(email: string): Promise<OutboxMail[]> {
    const res = await fetch(`${harness.baseURL}/api/dev/outbox`);
    return ((await res.json()) as OutboxMail[]).filter((m) => m.to === email);
  }

  it("lets a free publisher configure alerts, with instant locked as Premium's, and keep a saved search", async () => {
    const publisher = await fixtures.createUser({ role: "publisher" });
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await page.goto("/publisher/dashboard?tab=alerts");
    await page.getByRole("heading", { name: "Set Up Your Alerts" }).waitFor(POLL);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Configure Alerts" }).click();
    const form = page.getByRole("form", { name: "Alert settings" });
    await form.waitFor();

    // The form starts from the publisher's own verticals (the fixture's profile: Insurance).
    const verticals = form.getByRole("group", { name: "Verticals" });
    expect(await verticals.getByLabel("Insurance").getAttribute("aria-checked")).toBe("true");

    // Instant is Premium's: locked before it is picked, with the reason and the way to upgrade.
    const instant = form.getByLabel("Instant");
    expect(await instant.isDisabled()).toBe(true);
    const reason = form.getByText(ALERT_MESSAGES.instantNeedsPremium);
    await reason.waitFor();
    expect(await instant.getAttribute("aria-describedby")).toContain(await reason.getAttribute("id"));
    const upgrade = form.getByRole("link", { name: "Upgrade to Premium" });
    expect(await upgrade.getAttribute("href")).toBe("/pricing");
    await verticals.getByLabel("Legal").click();

    // A daily digest for Insurance and Legal listings in Texas paying $40 or more, with no IVR.
    await form.getByLabel("Daily digest").check();
    await form
      .getByRole("group", { name: /^Geographies/ })
      .getByLabel("Texas")
      .click();
    await form.getByLabel("Minimum payout ($)").fill("40");
    await form.getByRole("group", { name: "Requirements" }).getByLabel("No IVR/transfers").click();
    // Email is the only channel here (texts have their own section); the time zone sets SMS quiet hours
    // and shows the zone the SMS section uses (never the browser's, which would move them on save).
    const channels = form.getByRole("group", { name: "Channels" });
    expect(await channels.getByRole("checkbox").count()).toBe(1);
    const timeZone = form.getByLabel("Time zone for SMS quiet hours");
    const smsZone = async () => (await (await callAs(publisher, "GET", "/api/sms")).json()).timeZone;
    expect(await timeZone.inputValue()).toBe(DEFAULT_TIME_ZONE);
    expect(await smsZone()).toBe(DEFAULT_TIME_ZONE);
    await form.getByRole("button", { name: "Save Alerts" }).click();
    await toast(page, "Alerts Saved").waitFor(POLL);
    expect(await smsZone()).toBe(DEFAULT_TIME_ZONE);
    await timeZone.selectOption("America/Chicago");
    await form.getByRole("button", { name: "Save Alerts" }).click();
    await expect.poll(smsZone, POLL).toBe("America/Chicago");
    await expectAccessible(page);

    // Switched off, the filters stay as chosen (only saved searches would alert).
    await form.getByLabel("Alert me about new listings that match these filters").click();
    await form.getByText("Off: only your saved searches send alerts.").waitFor();
    await form.getByRole("button", { name: "Save Alerts" }).click();
    await form.getByRole("button", { name: "Save Alerts" }).waitFor();
    await expect
      .poll(
        async () =>
          (await (await callAs(publisher, "GET", "/api/notification-preferences")).json()).filtersEnabled,
        POLL,
      )
      .toBe(false);

    // Saved on the server: a reload shows the same settings.
    await page.reload();
    const reloaded = page.getByRole("form", { name: "Alert settings" });
    await reloaded.waitFor(POLL);
    expect(await reloaded.getByLabel("Daily digest").isChecked()).toBe(true);
    expect(await reloaded.getByLabel("Minimum payout ($)").inputValue()).toBe("40.00");
    expect(await reloaded.getByLabel("Time zone for SMS quiet hours").inputValue()).toBe("America/Chicago");
    const settings = await (await callAs(publisher, "GET", "/api/notification-preferences")).json();
    expect(settings).toMatchObject({
      filtersEnabled: false,
      frequency: "daily",
      verticals: ["Insurance", "Legal"],
      geos: ["Texas"],
      tags: ["no-ivr"],
      minPayout: "40.00",
      channels: ["email"],
      timeZone: "America/Chicago",
    });

    // Save this search on /browse, then find it, open it and delete it in the Alerts tab.
    await page.goto("/browse?vertical=Insurance&geo=Texas");
    await page.getByRole("button", { name: "Save this search" }).click();
    await toast(page, "Search Saved").waitFor(POLL);
    await page.getByRole("link", { name: "Manage alerts" }).click();
    const saved = page.getByRole("list", { name: "Saved searches" });
    await saved.getByText("Insurance · Texas").waitFor(POLL);
    await expectAccessible(page);
    expect(await saved.getByRole("link", { name: /^Open on Browse/ }).getAttribute("href")).toBe(
      "/browse?vertical=Insurance&geo=Texas",
    );
    await saved.getByRole("button", { name: "Delete saved search: Insurance · Texas" }).click();
    await toast(page, "Saved Search Deleted").waitFor(POLL);
    await page.getByText("No saved searches yet.").waitFor();
  });

  it("lets a Premium publisher choose instant, and offers the upgrade, keeping every choice, when Premium ended meanwhile", async () => {
    const publisher = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await page.goto("/publisher/dashboard?tab=alerts");
    await page.getByRole("button", { name: "Configure Alerts" }).click(POLL);
    const form = page.getByRole("form", { name: "Alert settings" });
    await form.waitFor();
    expect(await form.getByText(ALERT_MESSAGES.instantNeedsPremium).count()).toBe(0);
    await form.getByLabel("Instant").check();
    await form.getByRole("button", { name: "Save Alerts" }).click();
    await toast(page, "Alerts Saved").waitFor(POLL);
    expect((await (await callAs(publisher, "GET", "/api/notification-preferences")).json()).frequency).toBe(
      "instant",
    );
    await expectAccessible(page);

    // Premium ends while the page is open: the server still refuses instant, and the form offers the
    // upgrade without losing what was chosen.
    await fixtures.setPremium(publisher, false);
    harness.allowConsoleErrors(/403/);
    const verticals = form.getByRole("group", { name: "Verticals" });
    await verticals.getByLabel("Legal").click();
    await form.getByRole("button", { name: "Save Alerts" }).click();
    const refusal = form.getByRole("alert").filter({ hasText: ALERT_MESSAGES.instantNeedsPremium });
    await refusal.waitFor(POLL);
    expect(await refusal.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/pricing",
    );
    expect(await verticals.getByLabel("Legal").getAttribute("aria-checked")).toBe("true");
    expect(await form.getByLabel("Instant").isChecked()).toBe(true);
  });

  it("mails a Premium publisher's instant alert from the job queue, and its link unsubscribes without sign-in", async () => {
    const publisher = await fixtures.createUser({ role: "publisher", premium: true, firstName: "Grace" });
    const buyer = await fixtures.createBuyerWithListings({ n: 0 });
    await callAs(publisher, "PUT", "/api/notification-preferences", {
      frequency: "instant",
      verticals: ["Solar"],
    });

    // The buyer posts a listing; the server's workers find the match and mail it.
    const title = `Residential Solar Appointments ${buyer.token}`;
    await callAs(buyer, "POST", "/api/buyer-listings", { title, vertical: "Solar", payout: "85" });
    await expect.poll(async () => (await outboxTo(publisher.user.email)).length, POLL).toBe(1);
    const [mail] = await outboxTo(publisher.user.email);
    expect(mail?.subject).toBe(`New buyer match: ${title} ($85.00 per call)`);
    expect(mail?.text).toContain("Hi Grace,");
    expect(mail?.text).toContain(`Email: ${buyer.buyer?.contactEmail}`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = mail?.headers?.["List-Unsubscribe"]?.slice(1, -1) ?? "";
    expect(mail?.text).toContain(`Unsubscribe from alert emails: ${link}`);

    // Opened signed out (a mail client, another device): confirm, then unsubscribe.
    const page = await harness.newPage();
    await page.goto(new URL(link).pathname);
    await page.getByRole("heading", { name: "Unsubscribe from alert emails" }).waitFor(POLL);
    await page.getByText(`${publisher.user.email[0]}•••@`).waitFor(POLL);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("You are unsubscribed.").waitFor(POLL);
    await expectAccessible(page);
    const settings = await (await callAs(publisher, "GET", "/api/notification-preferences")).json();
    expect(settings.channels).toEqual([]);
    expect(settings.unsubscribedAt).not.toBeNull();

    // The same page on a narrow screen, and a link that is not ours.
    const phone = await harness.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto(new URL(link).pathname);
    await phone.getByText("This address gets no alert emails.").waitFor(POLL);
    harness.allowConsoleErrors(/404/);
    await phone.goto(`/unsubscribe/${"0".repeat(32)}${"A".repeat(43)}`);
    await phone.getByText(ALERT_MESSAGES.invalidUnsubscribeLink).waitFor(POLL);
    await expectAccessible(phone);
  });
  it("matches a publisher's Automotive alert with a listing a buyer creates as Automotive, which the browse filter finds", async () => {
    const publisher = await fixtures.createUser({ role: "publisher", premium: true });
    const buyer = await fixtures.createBuyerWithListings({ n: 0 });

    // The publisher picks Automotive, the vertical's one name in every list, with instant alerts.
    const page = await harness.newPage();
    await fixtures.signIn(page, publisher);
    await page.goto("/publisher/dashboard?tab=alerts");
    await page.getByRole("button", { name: "Configure Alerts" }).click(POLL);
    const form = page.getByRole("form", { name: "Alert settings" });
    const verticals = form.getByRole("group", { name: "Verticals" });
    expect(await verticals.getByLabel("Auto", { exact: true }).count()).toBe(0);
    await verticals.getByLabel("Insurance").click();
    await verticals.getByLabel("Automotive").click();
    await form.getByLabel("Instant").check();
    await form.getByRole("button", { name: "Save Alerts" }).click();
    await toast(page, "Alerts Saved").waitFor(POLL);
    const settings = await (await callAs(publisher, "GET", "/api/notification-preferences")).json();
    expect(settings).toMatchObject({ frequency: "instant", verticals: ["Automotive"] });

    // The buyer creates the listing in their dashboard's form, as Automotive.
    const buyerPage = await harness.newPage();
    await fixtures.signIn(buyerPage, buyer);
    await buyerPage.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));
    await buyerPage.goto("/buyer/dashboard");
    await buyerPage.locator("main > header").getByRole("button", { name: "Create Listing" }).click(POLL);
    const create = buyerPage.getByRole("dialog", { name: "Create New Listing" });
    const title = `Extended Warranty Calls ${buyer.token}`;
    await create.getByLabel("Title").fill(title);
    expect(
      await create
        .getByLabel("Vertical")
        .locator("option", { hasText: /^Auto$/ })
        .count(),
    ).toBe(0);
    await create.getByLabel("Vertical").selectOption("Automotive");
    await create.getByRole("button", { name: "Create Listing" }).click();
    await toast(buyerPage, "Listing Created").waitFor(POLL);

    // The alert matches: the instant mail names the listing.
    await expect.poll(async () => (await outboxTo(publisher.user.email)).length, POLL).toBe(1);
    const [mail] = await outboxTo(publisher.user.email);
    expect(mail?.subject).toBe(`New buyer match: ${title} ($50.00 per call)`);
    expect(mail?.text).toContain("Automotive");

    // And the directory's Automotive filter finds it.
    await page.goto(`/browse?search=${buyer.token}`);
    await page.getByRole("heading", { name: title }).waitFor(POLL);
    await page.getByLabel("Vertical").selectOption("Automotive");
    await expect.poll(() => new URL(page.url()).searchParams.get("vertical"), POLL).toBe("Automotive");
    await page.getByRole("heading", { name: title }).waitFor(POLL);
    expect(await page.getByRole("article").count()).toBe(1);
    await expectAccessible(page);
  });
});
