import { describe, expect, it } from "vitest";
import { TEST_APP_URL, useTestApp } from "../../test/context";
import { createBuyer, createListing } from "../../test/factories";

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

  it("lists the public pages and the detail pages of active listings in /sitemap.xml", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    const active = await createListing(ctx.database.db, profile.id);
    const paused = await createListing(ctx.database.db, profile.id, { status: "paused" });
    const disabledOwner = await createBuyer(ctx.database.db, {}, { disabledAt: new Date() });
    const hidden = await createListing(ctx.database.db, disabledOwner.profile.id);

    const res = await ctx.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${TEST_APP_URL}/`,
      `${TEST_APP_URL}/browse`,
      `${TEST_APP_URL}/pricing`,
      `${TEST_APP_URL}/signup`,
      `${TEST_APP_URL}/privacy-policy`,
      `${TEST_APP_URL}/terms-of-service`,
      `${TEST_APP_URL}/buyer/${active.id}`,
    ]);
    expect(res.body).not.toContain(paused.id);
    expect(res.body).not.toContain(hidden.id);
    expect(res.body).toContain(`<lastmod>${active.updatedAt.toISOString().slice(0, 10)}</lastmod>`);
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
