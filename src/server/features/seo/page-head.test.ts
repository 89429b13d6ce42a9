import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordStatements, TEST_APP_URL, useTestApp } from "../../test/context";
import { createBuyer, createListing, createSignedInUser, signIn } from "../../test/factories";
import { LOGO_IMAGE_PATH, resolvePage, SHARE_IMAGE } from "./page-head";
import { readPageTemplate, splitPageTemplate } from "./page-shell";

// The head of the HTML each page path is answered with: what link unfurlers and crawlers (no JavaScript)
// read. Without a client build the server answers with its "not built" page, which carries the same
// head markers, so these tests run the code production runs.

/** The parts of a page's head these tests read. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const metas = new Map<string, string>();
  for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    metas.set(key!, decodeEntities(value!));
  }
  const title = head.match(/<title>([^<]*)<\/title>/)?.[1];
  const canonical = head.match(/<link rel="canonical" href="([^"]+)" \/>/)?.[1];
  return {
    title: title === undefined ? undefined : decodeEntities(title),
    titles: head.match(/<title>/g)?.length ?? 0,
    meta: (key: string) => metas.get(key),
    canonical: canonical === undefined ? undefined : decodeEntities(canonical),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      ([, text]) => JSON.parse(text!) as Record<string, unknown>,
    ),
  };
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("the page head the server writes", () => {
  const ctx = useTestApp();

  async function publishedListing(values: Parameters<typeof createListing>[2] = {}) {
    const buyer = await createBuyer(ctx.database.db);
    const listing = await createListing(ctx.database.db, buyer.profile.id, {
      title: "Final Expense Inbound Calls",
      vertical: "Insurance",
      payout: "45.00",
      durationRequirement: 120,
      geos: ["California", "Texas"],
      tags: ["call-recording", "inbound-only"],
      ...values,
    });
    return { ...buyer, listing };
  }

  it("gives a listing's page its own title, description, addresses, preview and Demand, and no contact", async () => {
    const { listing, profile } = await publishedListing();
    const res = await ctx.app.inject({ url: `/listings/${listing.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const head = readHead(res.body);
    const description =
      "Insurance calls: $45.00 per call. Call duration: 2 min. Geography: California, Texas. Requirements: Call recording required, Inbound only.";
    const url = `${TEST_APP_URL}/listings/${listing.id}`;
    expect(head.titles).toBe(1);
    expect(head.title).toBe("Final Expense Inbound Calls · PayPerCall Hub");
    expect(head.meta("description")).toBe(description);
    expect(head.meta("robots")).toBeUndefined();
    expect(head.canonical).toBe(url);
    expect(head.meta("og:type")).toBe("website");
    expect(head.meta("og:site_name")).toBe("PayPerCall Hub");
    expect(head.meta("og:title")).toBe("Final Expense Inbound Calls");
    expect(head.meta("og:description")).toBe(description);
    expect(head.meta("og:url")).toBe(url);
    expect(head.meta("og:image")).toBe(`${TEST_APP_URL}/og-card.png`);
    expect(head.meta("og:image:width")).toBe("1200");
    expect(head.meta("og:image:height")).toBe("630");
    expect(head.meta("og:image:alt")).toBeTruthy();
    expect(head.meta("twitter:card")).toBe("summary_large_image");
    expect(head.meta("twitter:title")).toBe("Final Expense Inbound Calls");
    expect(head.meta("twitter:description")).toBe(description);
    expect(head.meta("twitter:image")).toBe(`${TEST_APP_URL}/og-card.png`);

    expect(head.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Demand",
        name: "Final Expense Inbound Calls",
        description,
        url,
        businessFunction: { "@id": "http://purl.org/goodrelations/v1#Buy" },
        itemOffered: { "@type": "Service", serviceType: "Pay-per-call phone calls", category: "Insurance" },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "45.00",
          priceCurrency: "USD",
          unitText: "call",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText: "call" },
        },
        eligibleRegion: [
          { "@type": "State", name: "California" },
          { "@type": "State", name: "Texas" },
        ],
        validFrom: listing.createdAt.toISOString(),
      },
    ]);
    // The contact rule holds for HTML too: nothing of the buyer's contact, anywhere in the answer.
    for (const contact of [
      profile.company,
      profile.contactEmail,
      profile.contactPhone,
      profile.applicationUrl,
    ]) {
      expect(contact).toBeTruthy();
      expect(res.body).not.toContain(contact);
    }
  });

  it("reads the listing with one query and names a national listing's region as the US", async () => {
    const { listing } = await publishedListing({ geos: ["US National", "Texas"], tags: [] });
    const statements = recordStatements(ctx.database);
    const res = await ctx.app.inject({ url: `/listings/${listing.id}` });
    statements.stop();
    expect(statements.texts).toHaveLength(1);
    const demand = readHead(res.body).jsonLd[0];
    expect(demand?.eligibleRegion).toEqual([{ "@type": "Country", name: "US" }]);
    expect(readHead(res.body).meta("description")).not.toContain("Requirements");
  });

  it("escapes what buyers type: markup in a title stays text, and JSON-LD cannot close its script", async () => {
    const title = `Calls & "leads" </script><script>alert(1)</script>`;
    const { listing } = await publishedListing({ title });
    const res = await ctx.app.inject({ url: `/listings/${listing.id}` });
    expect(res.body).not.toContain("<script>alert(1)");
    const head = readHead(res.body);
    expect(head.title).toBe(`${title} · PayPerCall Hub`);
    expect(head.meta("og:title")).toBe(title);
    expect(res.body).toContain("\\u003c/script\\u003e");
    expect(head.jsonLd[0]?.name).toBe(title);
  });

  it("answers a paused, unknown or malformed listing's page with 404 and the not-found title, noindex", async () => {
    const { listing: paused } = await publishedListing({ status: "paused" });
    const hiddenOwner = await createBuyer(ctx.database.db, {}, { disabledAt: new Date() });
    const hidden = await createListing(ctx.database.db, hiddenOwner.profile.id);
    for (const id of [paused.id, hidden.id, "0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f", "not-a-uuid"]) {
      const res = await ctx.app.inject({ url: `/listings/${id}` });
      expect(res.statusCode, id).toBe(404);
      const head = readHead(res.body);
      expect(head.title, id).toBe("Listing Not Found · PayPerCall Hub");
      expect(head.meta("description"), id).toBe("This listing does not exist or is no longer active.");
      expect(head.meta("robots"), id).toBe("noindex");
      expect(head.canonical, id).toBeUndefined();
      expect(head.jsonLd, id).toEqual([]);
      expect(res.body, id).not.toContain("Final Expense Inbound Calls");
    }
  });

  it("shows a paused listing to its owner and to admins, privately, never to another user", async () => {
    const { user, listing } = await publishedListing({ status: "paused" });
    const other = await createBuyer(ctx.database.db);
    const page = (viewer: { id: string; role: "buyer" | "admin" } | null) =>
      resolvePage({
        db: ctx.database.db,
        url: `/listings/${listing.id}`,
        viewer: viewer && { ...viewer, email: "x@example.test", hasActiveSubscription: false },
        appName: "PayPerCall Hub",
        appUrl: TEST_APP_URL,
      });
    for (const viewer of [
      { id: user.id, role: "buyer" as const },
      { id: other.user.id, role: "admin" as const },
    ]) {
      const own = await page(viewer);
      expect(own.status).toBe(200);
      expect(own.head.title).toBe("Final Expense Inbound Calls · PayPerCall Hub");
      // Not the public's: not indexed, no address of its own, and never in a shared cache.
      expect(own.head.indexable).toBe(false);
      expect(own.canonicalPath).toBeNull();
      expect(own.isPersonal).toBe(true);
    }
    expect((await page({ id: other.user.id, role: "buyer" })).status).toBe(404);
    expect((await page(null)).status).toBe(404);
  });

  it("reads no session on a page: a signed-in owner's browser gets the visitor's page, the API the listing", async () => {
    const { user, listing } = await publishedListing({ status: "paused" });
    const ownerCookie = await signIn(ctx, user.email);
    const admin = await createSignedInUser(ctx, { role: "admin" });
    for (const cookie of [ownerCookie, admin.cookie]) {
      const res = await ctx.app.inject({ url: `/listings/${listing.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const api = await ctx.app.inject({
      url: `/api/buyer-listings/${listing.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(api.statusCode).toBe(200);
  });

  it("gives an unfurler without JavaScript the listing's title, whatever it sends", async () => {
    const { listing } = await publishedListing({ title: "Solar Leads, Texas" });
    const res = await ctx.app.inject({
      url: `/listings/${listing.id}`,
      headers: {
        "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        accept: "*/*",
        "accept-encoding": "gzip,deflate",
      },
    });
    expect(res.statusCode).toBe(200);
    // Slack asks for gzip and gets it: the preview is read from the decompressed page.
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(readHead(gunzipSync(res.rawPayload).toString()).meta("og:title")).toBe("Solar Leads, Texas");
  });

  it("describes the site on the landing page: Organization and WebSite with the directory's search", async () => {
    const res = await ctx.app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    expect(head.title).toBe("PayPerCall Hub");
    expect(head.canonical).toBe(`${TEST_APP_URL}/`);
    expect(head.meta("og:title")).toBe("PayPerCall Hub");
    expect(head.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: "PayPerCall Hub",
        url: `${TEST_APP_URL}/`,
        logo: `${TEST_APP_URL}/logo.png`,
      },
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: "PayPerCall Hub",
        url: `${TEST_APP_URL}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: `${TEST_APP_URL}/browse?search={search_term_string}`,
          },
          "query-input": "required name=search_term_string",
        },
      },
    ]);
  });

  it("titles the directory by its vertical and location, with only those two in its canonical address", async () => {
    const filtered = readHead(
      (await ctx.app.inject({ url: "/browse?search=final&vertical=Auto&payout=50-100&geo=Texas" })).body,
    );
    expect(filtered.title).toBe("Automotive Call Buyers in Texas · PayPerCall Hub");
    expect(filtered.canonical).toBe(`${TEST_APP_URL}/browse?vertical=Automotive&geo=Texas`);
    expect(filtered.meta("og:url")).toBe(filtered.canonical);
    const legal = readHead((await ctx.app.inject({ url: "/browse?vertical=Home+Services" })).body);
    expect(legal.title).toBe("Home Services Call Buyers · PayPerCall Hub");
    expect(legal.canonical).toBe(`${TEST_APP_URL}/browse?vertical=Home+Services`);
    const plain = readHead((await ctx.app.inject({ url: "/browse?vertical=Gardening&tags=no-ivr" })).body);
    expect(plain.title).toBe("Browse Buyers · PayPerCall Hub");
    expect(plain.canonical).toBe(`${TEST_APP_URL}/browse`);
    // The address is the visitor's to write: nothing of it but a known vertical or location reaches the head.
    const hostile = await ctx.app.inject({
      url: "/browse?vertical=%3C%2Ftitle%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&geo=%22%3E%3Cb%3E",
    });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toMatch(/alert\(1\)|<b>|"><b/);
    expect(readHead(hostile.body).title).toBe("Browse Buyers · PayPerCall Hub");
  });

  it("answers an unknown path 404 with the not-found page's head, and keeps signed-in pages out of search", async () => {
    const missing = await ctx.app.inject({ url: "/no-such-page" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(readHead(missing.body)).toMatchObject({
      title: "Page Not Found · PayPerCall Hub",
      canonical: undefined,
    });
    expect(readHead(missing.body).meta("robots")).toBe("noindex");
    for (const url of ["/account", "/admin/users", "/unsubscribe/some-token", "/login?returnTo=%2Fsaved"]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const head = readHead(res.body);
      expect(head.meta("robots"), url).toBe("noindex");
      expect(head.canonical, url).toBeUndefined();
      expect(head.meta("og:url"), url).toBeUndefined();
    }
    expect(readHead((await ctx.app.inject({ url: "/account" })).body).title).toBe("Account · PayPerCall Hub");
    expect(readHead((await ctx.app.inject({ url: "/pricing" })).body).meta("robots")).toBeUndefined();
  });

  it("sends an ETag and answers a revalidation that changes nothing with a bodiless 304", async () => {
    const { listing } = await publishedListing();
    for (const url of ["/pricing", `/listings/${listing.id}`]) {
      const first = await ctx.app.inject({ url });
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]{20}"$/);
      const again = await ctx.app.inject({ url, headers: { "if-none-match": etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe("");
      // No Content-Length: 0, which would describe the held page as empty.
      expect(again.headers["content-length"], url).toBeUndefined();
      expect(again.headers.etag, url).toBe(etag);
      // Both answers vary by encoding, so a shared cache keeps the br, gzip and plain copies apart.
      expect(first.headers.vary, url).toBe("accept-encoding");
      expect(again.headers.vary, url).toBe("accept-encoding");
    }
    // Another page, another ETag; an edited listing, a new one.
    const pricing = (await ctx.app.inject({ url: "/pricing" })).headers.etag;
    expect((await ctx.app.inject({ url: "/signup" })).headers.etag).not.toBe(pricing);
    const before = (await ctx.app.inject({ url: `/listings/${listing.id}` })).headers.etag;
    await ctx.database.db.execute(sql`update buyer_listings set payout = '60.00' where id = ${listing.id}`);
    const after = await ctx.app.inject({
      url: `/listings/${listing.id}`,
      headers: { "if-none-match": before as string },
    });
    expect(after.statusCode).toBe(200);
    expect(readHead(after.body).meta("description")).toContain("$60.00 per call");
  });
});

describe("the page template", () => {
  it("is split at the head markers, their defaults left out; a build without them gets the head before </head>", () => {
    const marked = splitPageTemplate(
      "<html><head><meta charset=utf-8><!-- page-head --><title>X</title><!-- /page-head --></head><body></body></html>",
    );
    expect(marked).toEqual({
      before: "<html><head><meta charset=utf-8>",
      after: "</head><body></body></html>",
    });
    const older = splitPageTemplate(
      '<html><head><meta name="description" content="d" />\n<title>X</title>\n<link rel="icon" /></head><body></body></html>',
    );
    expect(older).toEqual({
      before: '<html><head><link rel="icon" />',
      after: "</head><body></body></html>",
    });
    // The one the server runs with has the markers (the client build or the "not built" page).
    const template = readPageTemplate();
    expect(template.before).not.toContain("<title>");
    expect(template.after).not.toContain("<title>");
  });
});

describe("the images the head names", () => {
  it("are PNGs in the client's public files, the card 1200×630 and small", () => {
    const png = (name: string) =>
      readFileSync(fileURLToPath(new URL(`../../../client/public/${name}`, import.meta.url)));
    const size = (file: Buffer) => ({ width: file.readUInt32BE(16), height: file.readUInt32BE(20) });
    const card = png(SHARE_IMAGE.path.slice(1));
    expect(card.subarray(1, 4).toString()).toBe("PNG");
    expect(size(card)).toEqual({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height });
    expect(card.length).toBeLessThan(100_000);
    expect(size(png(LOGO_IMAGE_PATH.slice(1)))).toEqual({ width: 512, height: 512 });
  });
});
