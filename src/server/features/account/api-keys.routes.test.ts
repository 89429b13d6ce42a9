import { eq } from "drizzle-orm";
import type { FastifyInstance, RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { ApiKeyScope } from "../../../shared/constants";
import { MESSAGES } from "../../../shared/constants";
import { API_KEY_MESSAGES, MAX_API_KEYS } from "../../../shared/schemas/api-keys";
import { apiKeys, auditLogs, buyerListings, users } from "../../db/schema";
import { recordStatements, type TestContext, useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createSignedInUser,
  createUser,
  grantPremium,
  signIn,
} from "../../test/factories";

// Personal API keys on the database of the run (both engines): the Account page's routes, and a key
// calling the API through the access guard: identity, scopes over the whole route table, the contact
// rule, the rate window, and what a cookie or a foreign Origin beside a key cannot change.

const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

async function makeKey(ctx: TestContext, cookie: string, scopes: ApiKeyScope[], name = "Integration") {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: { cookie },
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; prefix: string };
}

function withKey(
  app: FastifyInstance,
  key: string,
  url: string,
  options: {
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    payload?: object;
  } = {},
) {
  const { method = "GET", headers = {}, payload } = options;
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

describe("personal API keys", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  it("answers the key once and lists only its prefix; refuses a scope the role cannot give and more than the limit; a revoked key stops at once", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie },
      payload: { name: "CRM sync", scopes: ["listings:read", "listings:write", "listings:read"] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["cache-control"]).toBe("private, no-store");
    const { key, ...shown } = created.json();
    expect(key).toMatch(/^ppc_[\w-]{43}$/);
    expect(shown).toMatchObject({
      name: "CRM sync",
      prefix: key.slice(0, 12),
      scopes: ["listings:read", "listings:write"],
      lastUsedAt: null,
      lastUsedIp: null,
    });

    const listed = await ctx.app.inject({ url: "/api/api-keys", headers: { cookie } });
    expect(listed.json()).toEqual([shown]);
    expect(listed.body).not.toContain(key);
    // Stored: the hash only, and the audit entry names the key without its secret.
    const [row] = await db().select().from(apiKeys);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "account.api_key_created"));
    expect(audit!.metaJson).toMatchObject({ after: { name: "CRM sync", prefix: shown.prefix } });
    expect(JSON.stringify(audit!.metaJson)).not.toContain(key.slice(12));

    // A buyer's key cannot read a publisher's alerts: the role could not either.
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie },
      payload: { name: "Alerts", scopes: ["listings:read", "alerts:read"] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: API_KEY_MESSAGES.scopeNotForRole, code: "validation" });

    expect((await withKey(ctx.app, key, "/api/deal-intents")).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${shown.id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(204);
    const after = await withKey(ctx.app, key, "/api/deal-intents");
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: API_KEY_MESSAGES.keyInvalid, code: "unauthorized" });
    expect(after.headers["www-authenticate"]).toMatch(/^Bearer\b/);
    expect((await ctx.app.inject({ url: "/api/api-keys", headers: { cookie } })).json()).toEqual([]);

    // Revoked already, someone else's, or no key at all: not found.
    const other = await createSignedInUser(ctx, { role: "guest" });
    const othersKey = await makeKey(ctx, other.cookie, ["listings:read"]);
    for (const id of [shown.id, othersKey.id, "not-an-id"]) {
      const res = await ctx.app.inject({ method: "DELETE", url: `/api/api-keys/${id}`, headers: { cookie } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(API_KEY_MESSAGES.keyNotFound);
    }
    expect((await withKey(ctx.app, othersKey.key, "/api/buyer-listings")).statusCode).toBe(200);

    // At most MAX_API_KEYS keys that are not revoked (the revoked one does not count).
    await db()
      .insert(apiKeys)
      .values(
        Array.from({ length: MAX_API_KEYS }, (_, i) => ({
          userId: buyer.user.id,
          name: `Key ${i}`,
          prefix: `ppc_key${i}`,
          keyHash: `not-a-real-hash-${i}`,
          scopes: ["listings:read" as const],
        })),
      );
    const tooMany = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie },
      payload: { name: "One more", scopes: ["listings:read"] },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: API_KEY_MESSAGES.tooManyKeys(MAX_API_KEYS), code: "conflict" });
  });

  it("reads the key, its user and its window in one statement, notes when and from where it was last used, and stops a disabled user's key at once", async () => {
    const publisher = await createPublisher(db());
    const cookie = await signIn(ctx, publisher.user.email);
    const { key } = await makeKey(ctx, cookie, ["alerts:read"]);
    const recorder = recordStatements(ctx.database);
    try {
      const res = await ctx.app.inject({
        url: "/api/saved-searches",
        headers: { authorization: `Bearer ${key}` },
        remoteAddress: "203.0.113.57",
      });
      expect(res.statusCode).toBe(200);
      // The guard's one statement, then the route's own read.
      expect(recorder.texts[0]).toMatch(/insert into api_usage/);
      expect(recorder.texts.filter((text) => /api_keys/.test(text))).toHaveLength(1);
    } finally {
      recorder.stop();
    }
    const [listed] = (await ctx.app.inject({ url: "/api/api-keys", headers: { cookie } })).json();
    expect(listed).toMatchObject({ lastUsedAt: expect.any(String), lastUsedIp: "203.0.113.x" });

    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, publisher.user.id));
    const disabled = await withKey(ctx.app, key, "/api/saved-searches");
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().message).toBe(API_KEY_MESSAGES.keyInvalid);
  });

  it("lets a key call exactly the public API routes of its scopes, on every route of the table", async () => {
    const buyer = await createBuyer(db());
    const publisher = await createPublisher(db(), { status: "approved" });
    const buyerCookie = await signIn(ctx, buyer.user.email);
    const publisherCookie = await signIn(ctx, publisher.user.email);
    const keyOf: Record<ApiKeyScope, string> = {
      "listings:read": (await makeKey(ctx, buyerCookie, ["listings:read"])).key,
      "listings:write": (await makeKey(ctx, buyerCookie, ["listings:write"])).key,
      "alerts:read": (await makeKey(ctx, publisherCookie, ["alerts:read"])).key,
      "webhooks:manage": (await makeKey(ctx, buyerCookie, ["webhooks:manage"])).key,
    };
    const everyScope = (
      await makeKey(ctx, buyerCookie, ["listings:read", "listings:write", "webhooks:manage"])
    ).key;
    const revoked = await makeKey(ctx, buyerCookie, ["listings:read", "listings:write", "webhooks:manage"]);
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${revoked.id}`,
      headers: { cookie: buyerCookie },
    });

    const calls = ctx.app.apiRoutes.flatMap((route: RouteOptions) =>
      [route.method]
        .flat()
        .filter((method) => method !== "HEAD" && method !== "OPTIONS")
        .map((method) => ({
          method: method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
          url: route.url.replace(/:[A-Za-z]+/g, MADE_UP_ID),
          label: `${method} ${route.url}`,
          publicApi: route.config?.publicApi,
        })),
    );
    const keyed = calls.filter((call) => call.publicApi?.scope);
    expect(keyed.length).toBeGreaterThanOrEqual(9);
    expect(calls.filter((call) => call.publicApi?.scope === null).map((call) => call.label)).toContain(
      "POST /api/api-keys",
    );

    const request = (call: (typeof calls)[number], key: string) =>
      withKey(ctx.app, key, call.url, {
        method: call.method,
        ...(call.method === "GET" || call.method === "DELETE" ? {} : { payload: {} }),
      });
    for (const call of calls) {
      const scope = call.publicApi?.scope;
      if (!scope) {
        // Outside the public API (or session only): even a key with every scope is refused.
        const res = await request(call, everyScope);
        expect([res.statusCode, res.json()], call.label).toEqual([
          403,
          { message: API_KEY_MESSAGES.routeNotForKeys, code: "forbidden" },
        ]);
        continue;
      }
      for (const [held, key] of Object.entries(keyOf) as [ApiKeyScope, string][]) {
        const res = await request(call, key);
        const label = `${call.label} with ${held}`;
        if (held === scope) {
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode, label).toBeLessThan(500);
          expect(res.body, label).not.toContain(API_KEY_MESSAGES.scopeMissing(scope));
        } else {
          expect([res.statusCode, res.json()], label).toEqual([
            403,
            { message: API_KEY_MESSAGES.scopeMissing(scope), code: "forbidden" },
          ]);
        }
      }
      const res = await request(call, revoked.key);
      expect([res.statusCode, res.json().code], `${call.label} revoked`).toEqual([401, "unauthorized"]);
    }
  });

  it("masks contacts for a free publisher's key and shows them to a Premium publisher's", async () => {
    const buyer = await createBuyer(db(), { contactEmail: "calls@buyer.example" });
    const listing = await createListing(db(), buyer.profile.id);
    const free = await createSignedInUser(ctx, { role: "publisher" });
    const premium = await createSignedInUser(ctx, { role: "publisher" });
    await grantPremium(db(), premium.user.id);
    const freeKey = (await makeKey(ctx, free.cookie, ["listings:read"])).key;
    const premiumKey = (await makeKey(ctx, premium.cookie, ["listings:read"])).key;

    for (const url of ["/api/buyer-listings", `/api/buyer-listings/${listing.id}`]) {
      const masked = await withKey(ctx.app, freeKey, url);
      expect(masked.statusCode, url).toBe(200);
      expect(masked.body, url).not.toContain("calls@buyer.example");
      const shown = await withKey(ctx.app, premiumKey, url);
      expect(shown.body, url).toContain("calls@buyer.example");
    }
  });

  it("caps a key's scopes by its user's current role on every request, and a session's buyer actions too", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const { key } = await makeKey(ctx, cookie, ["listings:read", "listings:write"]);
    const own = await createListing(db(), buyer.profile.id);
    const listing = { title: "Solar inbound calls", vertical: "Solar", payout: "40.00" };
    expect(
      (await withKey(ctx.app, key, "/api/buyer-listings", { method: "POST", payload: listing })).statusCode,
    ).toBe(201);

    // The role changed behind the app's back (a sign-in's ADMIN_EMAILS, a database fix): the key and
    // the session keep their rows, and still lose what the role allowed at the next request.
    await db().update(users).set({ role: "guest" }).where(eq(users.id, buyer.user.id));
    const byKey = await withKey(ctx.app, key, "/api/buyer-listings", { method: "POST", payload: listing });
    expect([byKey.statusCode, byKey.json()]).toEqual([
      403,
      { message: API_KEY_MESSAGES.scopeMissing("listings:write"), code: "forbidden" },
    ]);
    expect((await withKey(ctx.app, key, "/api/buyer-listings")).statusCode).toBe(200);
    const refused = { message: MESSAGES.buyerRoleRequired, code: "forbidden" };
    const bySession = await ctx.app.inject({
      method: "POST",
      url: "/api/buyer-listings",
      headers: { cookie },
      payload: listing,
    });
    expect([bySession.statusCode, bySession.json()]).toEqual([403, refused]);
    const edit = await ctx.app.inject({
      method: "PUT",
      url: `/api/buyer-listings/${own.id}`,
      headers: { cookie },
      payload: { title: "Renamed" },
    });
    expect([edit.statusCode, edit.json()]).toEqual([403, refused]);
    expect(await db().$count(buyerListings)).toBe(2);
  });

  it("refuses a key sent in the query string, whatever the route, and tells where it goes", async () => {
    const user = await createSignedInUser(ctx, { role: "guest" });
    const { key } = await makeKey(ctx, user.cookie, ["listings:read"]);
    for (const name of ["api_key", "access_token", "key"]) {
      for (const url of [
        `/api/buyer-listings?${name}=${key}`,
        `/api/buyer-listings?vertical=Solar&${name}=${key}`,
      ]) {
        const res = await ctx.app.inject({ url });
        expect([res.statusCode, res.json()], url).toEqual([
          400,
          { message: API_KEY_MESSAGES.keyInQuery, code: "validation" },
        ]);
      }
    }
    // Not even beside a valid key in the header, nor for a signed-in browser.
    const both = await withKey(ctx.app, key, `/api/buyer-listings?api_key=${key}`);
    expect(both.statusCode).toBe(400);
    const signedIn = await ctx.app.inject({
      url: `/api/auth/user?key=${key}`,
      headers: { cookie: user.cookie },
    });
    expect(signedIn.statusCode).toBe(400);
    // A parameter that merely contains the word is not a key.
    expect((await ctx.app.inject({ url: "/api/buyer-listings?keyword=solar" })).statusCode).not.toBe(400);
  });

  it("takes a key from another site, and a cookie sent beside a key changes nothing", async () => {
    const buyer = await createBuyer(db());
    const buyerCookie = await signIn(ctx, buyer.user.email);
    const { key } = await makeKey(ctx, buyerCookie, ["listings:write"]);
    const fromElsewhere = await withKey(ctx.app, key, "/api/buyer-listings", {
      method: "POST",
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
      payload: { title: "Solar inbound calls", vertical: "Solar", payout: "40.00" },
    });
    expect(fromElsewhere.statusCode, fromElsewhere.body).not.toBe(403);
    expect(fromElsewhere.statusCode).toBeLessThan(500);

    // A Premium admin's cookie beside a free publisher's key: the key alone counts.
    const admin = await createSignedInUser(ctx, { role: "admin" });
    await grantPremium(db(), admin.user.id);
    const publisher = await createSignedInUser(ctx, { role: "publisher" });
    const publisherKey = (await makeKey(ctx, publisher.cookie, ["listings:read"])).key;
    const listing = await createListing(db(), buyer.profile.id);
    const detail = await withKey(ctx.app, publisherKey, `/api/buyer-listings/${listing.id}`, {
      headers: { cookie: admin.cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().contact).toBeNull();
    for (const url of ["/api/admin/stats", "/api/auth/user", "/api/api-keys"]) {
      const res = await withKey(ctx.app, publisherKey, url, { headers: { cookie: admin.cookie } });
      expect([res.statusCode, res.json().message], url).toEqual([403, API_KEY_MESSAGES.routeNotForKeys]);
    }
    // Another scheme is no key: the cookie signs in as usual.
    const basic = await ctx.app.inject({
      url: "/api/auth/user",
      headers: { cookie: admin.cookie, authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(basic.json()).toMatchObject({ id: admin.user.id });
  });
});

describe("the write limit of a signed-in user", () => {
  const ctx = useTestApp({ env: { SESSION_WRITE_RATE_LIMIT: "2" } });

  it("counts a user's writes over all their sessions, never their reads, and answers 429 past it", async () => {
    const user = await createUser(ctx.database.db, { role: "guest" });
    const sessions = [await signIn(ctx, user.email), await signIn(ctx, user.email)];
    const save = (cookie: string, name: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/saved-searches",
        headers: { cookie },
        payload: { name, filters: { vertical: "Solar" }, frequency: "daily" },
      });
    const reads = [];
    for (let i = 0; i < 3; i++)
      reads.push(await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: sessions[i % 2]! } }));
    expect(reads.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const writes = [
      await save(sessions[0]!, "One"),
      await save(sessions[1]!, "Two"),
      await save(sessions[0]!, "Three"),
    ];
    expect(writes.map((res) => res.statusCode === 429)).toEqual([false, false, true]);
    expect(writes[2]!.json().code).toBe("rate_limited");
    expect(Number(writes[2]!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Another user writes as usual.
    const other = await createSignedInUser(ctx, { role: "guest" });
    expect((await save(other.cookie, "Mine")).statusCode).not.toBe(429);
  });
});

describe("the rate limit of a user's API keys", () => {
  const ctx = useTestApp({ env: { API_RATE_LIMIT: "2" } });

  it("counts every key of a user in one window, so more keys make no more requests", async () => {
    const user = await createSignedInUser(ctx, { role: "guest" });
    const keys = [];
    for (const name of ["One", "Two", "Three"])
      keys.push((await makeKey(ctx, user.cookie, ["listings:read"], name)).key);
    const answers = [];
    for (const key of keys) answers.push(await withKey(ctx.app, key, "/api/buyer-listings"));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.json()).toEqual({ message: API_KEY_MESSAGES.rateLimited, code: "rate_limited" });
    // Another user's keys have their own window.
    const other = await createSignedInUser(ctx, { role: "guest" });
    const othersKey = (await makeKey(ctx, other.cookie, ["listings:read"])).key;
    expect((await withKey(ctx.app, othersKey, "/api/buyer-listings")).statusCode).toBe(200);
  });

  it("answers 429 past the limit in its window, with the RateLimit headers on every answer", async () => {
    const user = await createSignedInUser(ctx, { role: "guest" });
    const { key } = await makeKey(ctx, user.cookie, ["listings:read"]);
    const first = await withKey(ctx.app, key, "/api/buyer-listings");
    // An error answer counts, and carries the headers too.
    const second = await withKey(ctx.app, key, "/api/auth/user");
    const third = await withKey(ctx.app, key, "/api/buyer-listings");
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 403, 429]);
    expect(third.json()).toEqual({ message: API_KEY_MESSAGES.rateLimited, code: "rate_limited" });
    const remaining = [first, second, third].map((res) => res.headers["ratelimit-remaining"]);
    expect(remaining).toEqual(["1", "0", "0"]);
    for (const res of [first, second, third]) {
      expect(res.headers["ratelimit-limit"]).toBe("2");
      expect(res.headers["ratelimit-policy"]).toBe("2;w=60");
      const reset = Number(res.headers["ratelimit-reset"]);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(third.headers["retry-after"]).toBe(third.headers["ratelimit-reset"]);
  });
});
