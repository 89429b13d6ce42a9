import { describe, expect, it } from "vitest";
import { workerBaseURL } from "./support/base-url";
import { openPage, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// The server writes each page's head into the HTML it sends (link previews and crawlers run no
// JavaScript); the app sets the same texts once it runs. The two must agree, and the JSON-LD block must
// not trouble the page's content security policy.

const POLL = { timeout: 30_000 };

/** The title and description of an HTML text, as the server sent it. */
function sentHead(html: string) {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return {
    title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""),
    description: decode(html.match(/<meta name="description" content="([^"]*)" \/>/)?.[1] ?? ""),
  };
}

describe("page head", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("shows on a listing page the title and description the server sent, with no console error", async () => {
    const buyer = await fixtures.createBuyerWithListings({
      listings: [
        {
          title: "Medicare Inbound & Transfers",
          vertical: "Healthcare",
          payout: "45.00",
          geos: ["Florida"],
          tags: ["call-recording"],
        },
      ],
    });
    const listing = buyer.listings[0]!;
    const html = await (await fetch(`${workerBaseURL()}/listings/${listing.id}`)).text();
    const sent = sentHead(html);
    expect(sent.title).toBe(`${listing.title} · PayPerCall Hub`);
    expect(sent.description).toBe(
      "Healthcare calls: $45.00 per call. Call duration: Flexible. Geography: Florida. Requirements: Call recording required.",
    );
    expect(html).toContain('<script type="application/ld+json">');

    const page = await harness.newPage();
    await page.goto(`/listings/${listing.id}`);
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor(POLL);
    const description = () =>
      page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute("content"));
    await expect.poll(() => page.title(), POLL).toBe(sent.title);
    expect(await description()).toBe(sent.description);
    // One of each: the app updates the server's tags rather than adding its own.
    expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    expect(await page.locator("head title").count()).toBe(1);

    // The directory filtered by a vertical: the server's title, then the app's when the filter changes.
    await openPage(page, "/browse?vertical=Legal");
    await page.getByRole("heading", { name: "Browse Buyers", level: 1 }).waitFor(POLL);
    await expect.poll(() => page.title(), POLL).toBe("Legal Call Buyers · PayPerCall Hub");
    await page.evaluate(() => window.history.pushState(null, "", "/browse?vertical=Legal&geo=Texas"));
    await expect.poll(() => page.title(), POLL).toBe("Legal Call Buyers in Texas · PayPerCall Hub");
    expect(await description()).toBe(
      "Verified buyers of Legal calls and leads in Texas: compare payouts per call, call duration and requirements.",
    );
  });
});
