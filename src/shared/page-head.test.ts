import { describe, expect, it } from "vitest";
import {
  browsePageFilter,
  browsePageHead,
  clipDescription,
  DESCRIPTION_MAX,
  LISTING_NOT_FOUND_HEADING,
  listingNotFoundPageHead,
  listingPageHead,
  notFoundPageHead,
  routePageHead,
} from "./page-head";
import { browsePagePath, CLIENT_ROUTES, matchClientRoute } from "./routes";

const APP = "Call Market";

describe("page heads", () => {
  it("gives public pages their title, a description and no noindex; signed-in pages noindex", () => {
    expect(routePageHead(matchClientRoute("/"), APP)).toEqual({
      title: APP,
      shareTitle: APP,
      description: "Find verified pay-per-call buyers, compare payouts and requirements, and connect.",
      indexable: true,
    });
    const pricing = routePageHead(matchClientRoute("/pricing"), APP);
    expect(pricing.title).toBe("Pricing · Call Market");
    expect(pricing.shareTitle).toBe("Pricing");
    expect(routePageHead(matchClientRoute("/privacy-policy"), APP).description).toContain(APP);
    const publicPaths = ["/", "/pricing", "/browse", "/signup", "/privacy-policy", "/terms-of-service"];
    for (const path of [...publicPaths, "/listings/3f0c"]) {
      expect(routePageHead(matchClientRoute(path), APP).indexable, path).toBe(true);
    }
    for (const { path } of CLIENT_ROUTES) {
      const head = routePageHead(matchClientRoute(path), APP);
      expect(head.description.length, path).toBeLessThanOrEqual(DESCRIPTION_MAX);
      if (!publicPaths.includes(path) && path !== "/listings/:id") expect(head.indexable, path).toBe(false);
    }
    expect(routePageHead(matchClientRoute("/account"), APP)).toMatchObject({
      title: "Account · Call Market",
      indexable: false,
    });
  });

  it("names the not-found pages, noindex", () => {
    expect(routePageHead(undefined, APP)).toEqual(notFoundPageHead(APP));
    expect(notFoundPageHead(APP)).toMatchObject({ title: "Page Not Found · Call Market", indexable: false });
    expect(listingNotFoundPageHead(APP)).toEqual({
      title: `${LISTING_NOT_FOUND_HEADING} · Call Market`,
      shareTitle: "Listing Not Found",
      description: "This listing does not exist or is no longer active.",
      indexable: false,
    });
  });

  it("titles a directory page of one vertical and/or one location, in today's spelling", () => {
    expect(browsePageHead({}, APP).title).toBe("Browse Buyers · Call Market");
    expect(browsePageHead({ vertical: "Legal" }, APP)).toEqual({
      title: "Legal Call Buyers · Call Market",
      shareTitle: "Legal Call Buyers",
      description:
        "Verified buyers of Legal calls and leads: compare payouts per call, call duration and requirements.",
      indexable: true,
    });
    expect(browsePageHead({ geo: "Texas" }, APP).title).toBe("Call Buyers in Texas · Call Market");
    expect(browsePageHead({ vertical: "Auto", geo: "US National" }, APP).shareTitle).toBe(
      "Automotive Call Buyers Nationwide",
    );
    expect(browsePageHead({ vertical: "Home Services", geo: "New York" }, APP).description).toBe(
      "Verified buyers of Home Services calls and leads in New York: compare payouts per call, call duration and requirements.",
    );
    // Values that name no page are not part of its title or address.
    expect(browsePageFilter({ vertical: "Gardening", geo: "Narnia" })).toEqual({});
    expect(browsePageHead({ vertical: "Gardening" }, APP).title).toBe("Browse Buyers · Call Market");
    expect(browsePagePath(browsePageFilter({ vertical: "Home Services", geo: "New York" }))).toBe(
      "/browse?vertical=Home+Services&geo=New+York",
    );
  });

  it("describes a listing by its terms: vertical, payout, duration, geography and tags", () => {
    const head = listingPageHead(
      {
        title: "Final expense calls, 90s",
        vertical: "Insurance",
        payout: "45.00",
        durationRequirement: 90,
        geos: ["California", "Texas"],
        tags: ["call-recording", "inbound-only", "not-a-tag"],
      },
      APP,
    );
    expect(head).toEqual({
      title: "Final expense calls, 90s · Call Market",
      shareTitle: "Final expense calls, 90s",
      description:
        "Insurance calls: $45.00 per call. Call duration: 1.5 min. Geography: California, Texas. Requirements: Call recording required, Inbound only.",
      indexable: true,
    });
    const plain = listingPageHead(
      { title: "T", vertical: "Legal", payout: "120.50", durationRequirement: null, geos: [], tags: [] },
      APP,
    );
    expect(plain.description).toBe(
      "Legal calls: $120.50 per call. Call duration: Flexible. Geography: US National.",
    );
  });

  it("cuts a long description at a word, with an ellipsis", () => {
    const head = listingPageHead(
      {
        title: "T",
        vertical: "Home Services",
        payout: "99999999.99",
        durationRequirement: 600,
        geos: ["US National", "California", "Texas", "Florida", "New York", "Illinois", "Pennsylvania"],
        tags: ["trustedform", "jornaya", "call-recording", "caller-id", "no-ivr", "inbound-only"],
      },
      APP,
    );
    expect(head.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(head.description).toMatch(/^Home Services calls: \$99999999\.99 per call\. .*[a-z]…$/);
    expect(clipDescription("short  text\n")).toBe("short text");
    expect(clipDescription("x".repeat(200))).toBe(`${"x".repeat(DESCRIPTION_MAX - 1)}…`);
  });
});
