import { beforeEach, describe, expect, it } from "vitest";
import { recordStatements, TEST_APP_URL, useTestApp } from "../../test/context";
import { createBuyer, createListing } from "../../test/factories";
import { SITEMAP_CACHE_MS } from "./site-map-cache";

describe("files for crawlers", () => {
  const ctx = useTestApp();

  it("serves a real robots.txt: public pages open, the API and signed-in areas closed, the sitemap named", async () => {
    const res = await ctx.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const closed of [
      "/api/",
      "/admin",
      "/publisher/",
      "/buyer/dashboard",
      "/subscribe",
      "/login",
      "/unsubscribe/",
    ]) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    // The listing pages stay open: only the buyer's dashboard and boost pages are closed under /buyer.
    expect(lines.filter((l) => l.startsWith("Disallow: /buyer"))).toEqual([
      "Disallow: /buyer/dashboard",
      "Disallow: /buyer/listings/",
    ]);
    expect(lines).toContain(`Sitemap: ${TEST_APP_URL}/sitemap.xml`);
    expect(res.body).not.toContain("<html");
  });

  it("is not guarded like the API and answers a signed-out crawler without a session cookie", async () => {
    for (const url of ["/robots.txt", "/sitemap.xml"]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(ctx.app.apiRoutes.map((r) => r.url)).not.toContain("/robots.txt");
  });
});

describe("sitemaps", () => {
  // The app's clock, moved on an hour before each test so that no test reads another's cached build.
  let clock = Date.parse("2026-10-01T08:00:00Z");
  const ctx = useTestApp({ now: () => new Date(clock) });
  beforeEach(() => {
    clock += SITEMAP_CACHE_MS;
  });

  const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const pathOf = (url: string) => url.replace(TEST_APP_URL, "");

  it("serves an index at /sitemap.xml naming each file, and each file under /sitemaps/", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    const active = await createListing(ctx.database.db, profile.id, { vertical: "Legal", geos: ["Texas"] });
    const paused = await createListing(ctx.database.db, profile.id, { status: "paused" });

    const res = await ctx.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const lastmod = `${active.updatedAt.toISOString().slice(0, 19)}Z`;
    expect(res.body).toContain(
      `<sitemap><loc>${TEST_APP_URL}/sitemaps/pages.xml</loc><lastmod>${lastmod}</lastmod></sitemap>`,
    );
    expect(res.body).toContain(
      `<sitemap><loc>${TEST_APP_URL}/sitemaps/listings-1.xml</loc><lastmod>${lastmod}</lastmod></sitemap>`,
    );
    expect(locsOf(res.body)).toHaveLength(2);

    const pages = await ctx.app.inject({ url: "/sitemaps/pages.xml" });
    expect(pages.statusCode).toBe(200);
    expect(pages.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(pages.headers["cache-control"]).toBe("public, max-age=3600");
    expect(locsOf(pages.body).map(pathOf)).toEqual([
      "/",
      "/browse",
      "/pricing",
      "/signup",
      "/privacy-policy",
      "/terms-of-service",
      "/browse?vertical=Legal",
      "/browse?geo=Texas",
    ]);

    const listings = await ctx.app.inject({ url: "/sitemaps/listings-1.xml" });
    expect(listings.statusCode).toBe(200);
    expect(listings.body).toContain(
      `<url><loc>${TEST_APP_URL}/listings/${active.id}</loc><lastmod>${lastmod}</lastmod></url>`,
    );
    expect(listings.body).not.toContain(paused.id);
  });

  it("answers 404 for a file past the last one or one it never names", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    await createListing(ctx.database.db, profile.id);
    for (const url of [
      "/sitemaps/listings-2.xml",
      "/sitemaps/listings-0.xml",
      "/sitemaps/listings-01.xml",
      "/sitemaps/other.xml",
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not Found", code: "not_found" });
    }
  });

  it("answers from one build for an hour: a new listing appears once it has expired", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    await createListing(ctx.database.db, profile.id);
    await ctx.app.inject({ url: "/sitemap.xml" });
    const added = await createListing(ctx.database.db, profile.id);

    const listingsFile = async () => (await ctx.app.inject({ url: "/sitemaps/listings-1.xml" })).body;
    expect(await listingsFile()).not.toContain(added.id);
    clock += SITEMAP_CACHE_MS - 1;
    expect(await listingsFile()).not.toContain(added.id);
    clock += 1;
    expect(await listingsFile()).toContain(added.id);
  });

  it("builds once for requests that arrive together, and not again while the build is fresh", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    await createListing(ctx.database.db, profile.id);
    const statements = recordStatements(ctx.database);
    try {
      const answers = await Promise.all(
        ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/listings-1.xml"].map((url) =>
          ctx.app.inject({ url }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      // One statement reads the listings (fewer than a statement's rows).
      const reads = () => statements.texts.filter((t) => t.includes('from "buyer_listings" "l"')).length;
      expect(reads()).toBe(1);
      await ctx.app.inject({ url: "/sitemaps/listings-1.xml" });
      expect(reads()).toBe(1);
    } finally {
      statements.stop();
    }
  });
});
