import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDate } from "../src/shared/format";
import { workerBaseURL } from "./support/base-url";
import { openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// The public pages come drawn by the server: a reader without JavaScript (a crawler, a link preview, a
// phone still loading the scripts) reads the page itself, and the browser takes it over (hydrates it)
// with the data it was drawn from instead of asking for that data again. Pages read no session, so
// they are always the visitor's: contacts masked, and a signed-in viewer's own page comes from the API.

const POLL = { timeout: 30_000 };
const cards = (page: Page) => page.getByRole("article");

/** The page as a reader without JavaScript gets it: the server's HTML, markup as text. */
async function htmlOf(path: string): Promise<{ status: number; html: string; text: string; csp: string }> {
  const res = await fetch(`${workerBaseURL()}${path}`);
  const html = await res.text();
  const body = html.slice(html.indexOf('<div id="root">'));
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { status: res.status, html, text, csp: res.headers.get("content-security-policy") ?? "" };
}

/** Counts the browser's reads of the directory and of listings (GET /api/buyer-listings...). */
function countListingReads(page: Page): { directory: number; listing: number; views: number } {
  const counts = { directory: 0, listing: 0, views: 0 };
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "POST" && /^\/api\/buyer-listings\/[^/]+\/views$/.test(pathname)) counts.views++;
    if (request.method() !== "GET") return;
    if (pathname === "/api/buyer-listings") counts.directory++;
    else if (pathname.startsWith("/api/buyer-listings/")) counts.listing++;
  });
  return counts;
}

describe("server-drawn public pages", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("answer with their content in the HTML, no script needed, and never a masked listing's contact", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      dailyCap: 150,
      listings: [
        { title: "Mass Tort Inbound Calls", vertical: "Legal", payout: "120.00", geos: ["California"] },
        {
          title: "Debt Settlement Inbound Calls",
          vertical: "Finance",
          payout: "75.00",
          geos: ["Texas"],
          tags: ["call-recording"],
        },
      ],
    });
    const contact = buyer.buyer!;
    const [tort, debt] = buyer.listings;

    const browse = await htmlOf(`/browse?search=${buyer.token}`);
    expect(browse.status).toBe(200);
    expect(browse.text).toContain(tort!.title);
    expect(browse.text).toContain(debt!.title);
    expect(browse.text).toContain("$120.00");
    expect(browse.text).toContain("$75.00");
    expect(browse.text).toContain("Showing 2 buyers");

    const listing = await htmlOf(`/listings/${debt!.id}`);
    expect(listing.status).toBe(200);
    expect(listing.text).toContain(debt!.title);
    for (const term of [
      "Payout $75.00 per call",
      "Call duration Flexible",
      "Geography Texas",
      "Daily cap 150 calls/day (buyer's cap)",
      "Payment terms Net 30",
      "Call recording required",
      "Contact details are masked",
    ]) {
      expect(listing.text, term).toContain(term);
    }
    // The contact rule holds for the HTML as for the API: nothing of it, drawn or in the page's data.
    for (const page of [browse, listing]) {
      for (const value of [
        contact.company,
        contact.contactEmail,
        contact.contactPhone,
        contact.applicationUrl,
      ]) {
        expect(page.html).not.toContain(value);
      }
      // The data rides as JSON, which needs no exception in the Content-Security-Policy.
      expect(page.html).toContain('<script type="application/json" id="page-state">');
      const scripts = page.csp.split(";").find((directive) => directive.startsWith("script-src "));
      expect(scripts).toBeDefined();
      expect(scripts).not.toContain("unsafe-inline");
    }

    for (const [path, heading] of [
      ["/", "Connect with Premium Call Buyers"],
      ["/pricing", "Simple, Transparent Pricing"],
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-service", "Terms of Service"],
    ]) {
      const page = await htmlOf(path!);
      expect(page.html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
    // Each names its page's chunk, which the browser fetches beside the entry script (the page's
    // module as the server's list names it matches the build's).
    for (const [page, chunk] of [
      [browse, "browse-page"],
      [listing, "listing-page"],
      [await htmlOf("/"), "landing-page"],
      [await htmlOf("/pricing"), "pricing-page"],
    ] as const) {
      expect(page.html).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js" />`),
      );
    }
  });

  it("take over the directory without reading its first page again; Load More and the filters still read", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [
        ...Array.from({ length: 26 }, () => ({})),
        { title: "Mass Tort Inbound Calls", vertical: "Legal", payout: "120.00" },
      ],
    });
    const page = await harness.newPage();
    const reads = countListingReads(page);
    await openPage(page, `/browse?search=${buyer.token}`);
    expect(await cards(page).count()).toBe(24);
    expect(reads.directory).toBe(0);

    await page.getByRole("button", { name: "Load More" }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(27);
    expect(reads.directory).toBe(1);

    await page.getByLabel("Vertical").selectOption("Legal");
    await expect.poll(() => cards(page).count(), POLL).toBe(1);
    expect(await cards(page).getByRole("heading").textContent()).toBe(
      `Mass Tort Inbound Calls ${buyer.token}`,
    );
    expect(reads.directory).toBe(2);
  });

  it("take over a listing without reading it again, and count the visitor's view", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const listing = buyer.listings[0]!;
    const page = await harness.newPage();
    const reads = countListingReads(page);
    const viewed = page.waitForResponse(
      (res) => res.request().method() === "POST" && new URL(res.url()).pathname.endsWith("/views"),
    );
    await openPage(page, `/listings/${listing.id}`);
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor();
    expect((await viewed).status()).toBe(204);
    expect(reads).toEqual({ directory: 0, listing: 0, views: 1 });
    // One read through the API: it sees the view counted before it (its own is the same visitor's).
    const read = await page.request.get(`/api/buyer-listings/${listing.id}`);
    expect(((await read.json()) as { stats: { views: number } }).stats.views).toBe(1);
  });

  it("hydrate every drawn page without a warning, in a time zone a day away from the server's dates", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 1 });
    const listing = buyer.listings[0]!;
    // The server writes dates in UTC; this browser's day differs from UTC's now, so "Listed" does too.
    // Pago Pago (UTC-11) is a day behind until 11:00 UTC and Kiritimati (UTC+14) a day ahead from
    // 10:00 UTC: switching at 10:30 leaves half an hour either way for the test to run.
    const now = new Date();
    const timezoneId =
      now.getUTCHours() * 60 + now.getUTCMinutes() < 10 * 60 + 30
        ? "Pacific/Pago_Pago"
        : "Pacific/Kiritimati";
    const page = await harness.newPage({ timezoneId });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    for (const path of [
      "/",
      "/browse",
      "/pricing",
      "/privacy-policy",
      "/terms-of-service",
      `/listings/${listing.id}`,
    ]) {
      await openPage(page, path);
      expect(await page.locator("#root h1").count(), path).toBe(1);
    }
    const listed = page.locator("dt", { hasText: /^Listed$/ }).locator("xpath=following-sibling::dd[1]");
    const local = await page.evaluate(() =>
      new Date().toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }),
    );
    expect(local).not.toBe(formatDate(new Date(), "UTC"));
    await expect.poll(() => listed.textContent(), POLL).toBe(local);
    // Console errors fail the test by themselves (useBrowser); warnings too, here.
    expect(warnings).toEqual([]);
  });

  it("show a Premium member the contacts once the app knows who is there", async () => {
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const contact = buyer.buyer!;
    const premium = await fixtures.createUser({ role: "publisher", premium: true });
    const page = await harness.newPage();
    await fixtures.signIn(page, premium);
    // The server's page is the visitor's: the session cookie is not even sent for pages.
    const drawn = await (await page.request.get(`/browse?search=${buyer.token}`)).text();
    expect(drawn).not.toContain(contact.contactEmail);

    await openPage(page, `/browse?search=${buyer.token}`, { signedIn: true });
    await cards(page).first().getByRole("link", { name: contact.contactEmail }).waitFor(POLL);
    expect(await page.getByText("Contact details are masked", { exact: true }).count()).toBe(0);
    expect(await page.getByText("Buyer contact details are masked.").count()).toBe(0);

    await openPage(page, `/listings/${buyer.listings[0]!.id}`, { signedIn: true });
    await page.getByRole("link", { name: contact.contactEmail }).waitFor(POLL);
    await page.getByRole("button", { name: "Contact Buyer" }).waitFor();

    // The app now says someone is signed in here: the server leaves this browser's pages to it, so the
    // member no longer sees the visitor's page first.
    const left = await (await page.request.get(`/browse?search=${buyer.token}`)).text();
    expect(left).toContain('<div id="root"></div>');
    expect(left).not.toContain('id="page-state"');
    await page.reload();
    await page.getByRole("link", { name: contact.contactEmail }).waitFor(POLL);
  });
});
