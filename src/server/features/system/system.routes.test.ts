import { describe, expect, it } from "vitest";
import { buildApp, redactUrl } from "../../app";
import { openTestDatabase, TEST_APP_URL, testConfig, useTestApp } from "../../test/context";
import { createSignedInUser } from "../../test/factories";
import { readPageTemplate } from "../seo/page-shell";

describe("system routes and HTTP rules", () => {
  const ctx = useTestApp();
  /** The sign-in request, a public mutation: the route these HTTP rules are tried on. */
  const postMagicLink = (headers: Record<string, string>, payload: string | object) =>
    ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", headers, payload });

  it("answers health, readiness and the public configuration", async () => {
    expect((await ctx.app.inject({ url: "/api/health" })).json()).toEqual({ status: "ok" });
    const ready = await ctx.app.inject({ url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
    const config = (await ctx.app.inject({ url: "/api/config" })).json();
    expect(config).toEqual({
      appName: "PayPerCall Hub",
      premiumPriceCents: 49900,
      premiumInterval: "year",
      boostPriceCents: 9900,
      boostDays: 14,
      smsPriceCents: 4900,
      stripePublishableKey: null,
      payments: "stripe",
      legalEmail: "legal@paypercallhub.example",
      legalAddress: expect.any(String),
      signInMethod: "magic-link",
      isDevelopment: false,
      requirementTags: expect.arrayContaining([
        { id: "trustedform", label: "TrustedForm certificate required" },
        { id: "no-ivr", label: "No IVR/transfers" },
      ]),
    });
    expect(config.requirementTags).toHaveLength(7);
  });

  it("reports not-ready when the database does not answer", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await database.close();
    const res = await app.inject({ url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "Database unavailable", code: "unavailable" });
    await app.close();
  });

  it("turns not-ready first when it drains, and keeps serving everything else, closing each connection", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const before = await app.inject({ url: "/api/health" });
      expect(before.headers.connection).not.toBe("close");
      app.startDraining();
      const ready = await app.inject({ url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBeDefined();
      expect(ready.json()).toEqual({ message: "The server is shutting down.", code: "unavailable" });
      for (const url of ["/api/health", "/api/buyer-listings", "/api/config"]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.connection, url).toBe("close");
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    for (const url of ["/api/no-such-thing", "/api", "/api/buyer-listings/x/y?z=1"]) {
      const api = await ctx.app.inject({ url });
      expect(api.statusCode, url).toBe(404);
      expect(api.json(), url).toEqual({ message: "Not Found", code: "not_found" });
    }
  });

  it("serves the page shell with 200 on every client route", async () => {
    // dist/client/index.html, or the "build missing" page before a build: read once, the same around
    // each page's own head (features/seo/page-head.test.ts reads the heads).
    const { before, after } = readPageTemplate();
    for (const url of [
      "/",
      "/browse",
      "/browse?vertical=Legal&search=calls",
      "/pricing/",
      "/saved",
      "/buyer/dashboard",
      "/admin/audit",
      "/login?returnTo=%2Fsubscribe",
    ]) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.body, url).toMatch(/^<!doctype html>/i);
      expect(page.body.startsWith(before) && page.body.endsWith(after), url).toBe(true);
    }
  });

  it("serves the page shell with 404 on a path no client route matches, and for a listing nobody may see", async () => {
    const { before, after } = readPageTemplate();
    for (const url of [
      "/no-such-page",
      "/buyer",
      "/buyer/",
      "/buyer/a/b",
      "/listings",
      "/listings/",
      "/listings/a/b",
      "/listings/anything-at-all",
      "/listings/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f",
      "/publisher/no-such-page",
      "/apix",
    ]) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.body.startsWith(before) && page.body.endsWith(after), url).toBe(true);
    }
  });

  it("answers a missing static file or a non-GET on a page path with the plain 404, not the shell", async () => {
    for (const request of [
      { url: "/assets/index-deadbeef.js" },
      { url: "/assets/gone" },
      { url: "/favicon.ico" },
      { url: "/browse/missing.css" },
      { method: "POST" as const, url: "/browse", headers: { origin: TEST_APP_URL } },
    ]) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json(), request.url).toEqual({ message: "Not Found", code: "not_found" });
    }
  });

  it("sends security headers: the page policy on pages, a closed policy on API answers", async () => {
    const page = await ctx.app.inject({ url: "/browse" });
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self' https://js.stripe.com");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const api = await ctx.app.inject({ url: "/api/health" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    // A page answered under /api (the sign-out confirmation) is a page: its styles and icon must load.
    const { cookie } = await createSignedInUser(ctx);
    const confirm = await ctx.app.inject({ url: "/api/logout", headers: { cookie } });
    expect(confirm.headers["content-type"]).toMatch(/^text\/html/);
    expect(confirm.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    for (const res of [page, api, confirm]) {
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["strict-transport-security"]).toBeUndefined(); // only in production
    }
  });

  it("refuses a mutation from a foreign Origin and accepts our own", async () => {
    const foreign = await postMagicLink({ origin: "https://evil.example" }, { email: "a@example.test" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      message:
        "This request came from another site, so it was refused. Open the app at its own address and try again.",
      code: "forbidden",
    });
    const crossSite = await postMagicLink({ "sec-fetch-site": "cross-site" }, { email: "a@example.test" });
    expect(crossSite.statusCode).toBe(403);
    const own = await postMagicLink({ origin: TEST_APP_URL }, { email: "a@example.test" });
    expect(own.statusCode).toBe(202);
  });

  it("turns malformed JSON into a 400 and an oversized body into a 413", async () => {
    const bad = await postMagicLink({ "content-type": "application/json" }, "{not json");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "Body is not valid JSON but content-type is set to 'application/json'",
      code: "validation",
    });
    const big = await postMagicLink(
      { "content-type": "application/json" },
      JSON.stringify({ email: "a@example.test", pad: "x".repeat(2 * 1024 * 1024) }),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: "Request body is too large", code: "payload_too_large" });
  });

  it("answers Fastify's own client errors and crashes with {message, code}, never with internals", async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, logger: false });
    app.get("/api/test-crash", { config: { access: "public" } }, async () => {
      throw new Error("secret connection string postgres://admin:hunter2@db");
    });
    await app.ready();
    try {
      const crash = await app.inject({ url: "/api/test-crash" });
      expect(crash.statusCode).toBe(500);
      expect(crash.json()).toEqual({ message: "Internal Server Error", code: "internal" });
      expect(crash.body).not.toContain("hunter2");
      // Fastify refuses an unknown content type with 415; we answer it as the bad request it is.
      const mediaType = await app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        headers: { "content-type": "application/x-unknown" },
        payload: "email=a@example.test",
      });
      expect(mediaType.statusCode).toBe(400);
      expect(mediaType.json()).toEqual({ message: "Unsupported Media Type", code: "validation" });
    } finally {
      await app.close();
    }
  });

  it("hides the development helpers outside development", async () => {
    for (const [method, url] of [
      ["GET", "/api/dev/outbox"],
      ["POST", "/api/dev/login"],
      ["GET", "/api/dev/accounts"],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === "POST" ? { email: "a@b.co" } : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("not_found");
    }
  });

  it("keeps sign-in tokens and OIDC codes out of logged URLs", () => {
    expect(redactUrl("/auth/magic?token=abc123&x=1")).toBe("/auth/magic?token=[redacted]&x=1");
    expect(redactUrl("/api/callback?code=c0de&state=s7&iss=x")).toBe(
      "/api/callback?code=[redacted]&state=[redacted]&iss=x",
    );
    expect(redactUrl("/api/buyer-listings?search=solar")).toBe("/api/buyer-listings?search=solar");
  });
});
