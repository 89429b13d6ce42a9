import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../shared/constants";
import { notificationPreferences, webhookDeliveries } from "./db/schema";
import { useTestApp } from "./test/context";
import { createBuyer, createListing, createPublisher, grantPremium, signIn } from "./test/factories";
import {
  expectDocumentedAnswer,
  expectDocumentedWebhook,
  findOperation,
  type OpenApiDocument,
} from "./test/openapi-contract";

// The public API answers as its OpenAPI document says: real answers of every documented operation,
// for the callers that see different things (anonymous, buyer, free and Premium publisher), and the
// errors a client meets most. An operation added to the document must be exercised here too (the last
// test lists those that were not).

/** Requests an API key may make a minute here: more than any one test but the rate limit's makes. */
const RATE_LIMIT = 8;

describe("the public API's answers against its OpenAPI document", () => {
  // Webhook endpoints on loopback: no delivery is ever made (the delivery jobs are not worked here). A
  // low rate limit, so that a key meets it in a few requests.
  const ctx = useTestApp({
    resetEach: false,
    env: { VERIFY_ALLOW_PRIVATE: "1", API_RATE_LIMIT: String(RATE_LIMIT) },
  });
  let document: OpenApiDocument;
  /** "METHOD /template" of every operation a test got a 2xx answer from. */
  const answered = new Set<string>();
  /** Who calls: a session cookie or an API key, as request headers. */
  type Caller = Record<string, string>;
  const world = {} as {
    listingId: string;
    buyer: Caller;
    publisher: Caller;
    premium: Caller;
  };

  /** Calls the app as `caller` (or nobody) and checks the answer against the document. */
  async function call(
    caller: Caller | undefined,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    const response = await ctx.app.inject({ method, url, headers: caller, ...(payload ? { payload } : {}) });
    expectDocumentedAnswer(document, response);
    const found = findOperation(document, method, url);
    if (found && response.statusCode < 300) answered.add(`${method} ${found.template}`);
    return response;
  }

  beforeAll(async () => {
    document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const db = ctx.database.db;
    const buyer = await createBuyer(db, { company: "Harbor Legal Partners" });
    const listing = await createListing(db, buyer.profile.id, { vertical: "Legal", payout: "45.00" });
    // A second page for the directory's Link.
    await createListing(db, buyer.profile.id, { vertical: "Solar", payout: "30.00" });
    const publisher = await createPublisher(db, { status: "approved", verticals: ["Legal"] });
    const premium = await createPublisher(db, { status: "approved" });
    await grantPremium(db, premium.user.id);
    Object.assign(world, {
      listingId: listing.id,
      buyer: { cookie: await signIn(ctx, buyer.user.email) },
      publisher: { cookie: await signIn(ctx, publisher.user.email) },
      premium: { cookie: await signIn(ctx, premium.user.email) },
    });
  });

  it("answers the directory and a listing to anyone, contacts masked", async () => {
    const directory = await call(undefined, "GET", "/api/buyer-listings?vertical=Legal&sort=payout");
    expect(directory.json()).toEqual([expect.objectContaining({ id: world.listingId, contact: null })]);
    const detail = await call(undefined, "GET", `/api/buyer-listings/${world.listingId}`);
    expect(detail.json().contact).toBeNull();
    const unknown = "00000000-0000-4000-8000-000000000000";
    const compared = await call(undefined, "GET", `/api/compare-listings?ids=${world.listingId},${unknown}`);
    expect(compared.json()).toMatchObject({
      listings: [{ id: world.listingId, contact: null }],
      missing: [unknown],
    });
  });

  it("answers a visitor's directory and listing with an ETag, a 304 when unchanged, and the next page's Link", async () => {
    const page = await call(undefined, "GET", "/api/buyer-listings?limit=1");
    expect(page.headers.link).toMatch(/rel="next"/);
    const etag = String(page.headers.etag);
    const unchanged = await call({ "if-none-match": etag }, "GET", "/api/buyer-listings?limit=1");
    expect(unchanged.statusCode).toBe(304);
    const detail = await call(undefined, "GET", `/api/buyer-listings/${world.listingId}`);
    const again = { "if-none-match": String(detail.headers.etag) };
    expect((await call(again, "GET", `/api/buyer-listings/${world.listingId}`)).statusCode).toBe(304);
  });

  it("masks contacts for a free publisher and shows them to a Premium one", async () => {
    const free = await call(world.publisher, "GET", "/api/buyer-listings");
    expect(free.json()[0].contact).toBeNull();
    // premium_required: one of the codes the 403 answer documents.
    const refused = await call(world.publisher, "POST", `/api/reveal-contact/${world.listingId}`);
    expect(refused.json().code).toBe("premium_required");
    const premium = await call(world.premium, "GET", "/api/buyer-listings");
    expect(premium.json()[0].contact).toMatchObject({ company: "Harbor Legal Partners" });
    await call(world.premium, "POST", `/api/reveal-contact/${world.listingId}`);
  });

  it("lets a buyer create, update and delete a listing", async () => {
    const created = await call(world.buyer, "POST", "/api/buyer-listings", {
      title: "Personal injury intake: auto accidents",
      vertical: "Legal",
      payout: "45",
      geos: ["California"],
      tags: ["trustedform"],
      dailyCap: 40,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ dailyCap: 40, listingDailyCap: 40 });
    const id = created.json().id;
    const updated = await call(world.buyer, "PUT", `/api/buyer-listings/${id}`, {
      status: "paused",
      dailyCap: null,
    });
    expect(updated.json()).toMatchObject({ status: "paused", listingDailyCap: null });
    expect((await call(world.buyer, "DELETE", `/api/buyer-listings/${id}`)).statusCode).toBe(204);
  });

  it("carries a deal intent from the request to the accept", async () => {
    const requested = await call(world.publisher, "POST", "/api/deal-intents", {
      listingId: world.listingId,
      message: "About 40 calls a day from search.",
    });
    expect(requested.statusCode).toBe(201);
    await call(world.publisher, "GET", "/api/deal-intents");
    const received = await call(world.buyer, "GET", "/api/deal-intents");
    expect(received.json()).toHaveLength(1);
    const accepted = await call(world.buyer, "POST", `/api/deal-intents/${requested.json().id}/accept`, {
      note: "Welcome aboard.",
    });
    expect(accepted.json().publisher).toBeDefined();
    await ctx.app.inject({
      method: "POST",
      url: "/api/deal-intents",
      headers: world.premium,
      payload: { listingId: world.listingId },
    });
    const [pending] = (await call(world.buyer, "GET", "/api/deal-intents"))
      .json()
      .filter((i: { status: string }) => i.status === "pending");
    await call(world.buyer, "POST", `/api/deal-intents/${pending.id}/reject`);
  });

  it("answers a publisher's alert preferences and saved searches", async () => {
    await call(world.publisher, "GET", "/api/notification-preferences");
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/saved-searches",
      headers: world.publisher,
      payload: { vertical: "Legal", geo: "California" },
    });
    expect(saved.statusCode).toBe(201);
    const searches = await call(world.publisher, "GET", "/api/saved-searches");
    expect(searches.json()).toHaveLength(1);
  });

  it("makes an API key, syncs listings with it by externalId, replays a sync, and revokes the key", async () => {
    const made = await call(world.buyer, "POST", "/api/api-keys", {
      name: "CRM sync",
      scopes: ["listings:read", "listings:write"],
    });
    expect(made.statusCode).toBe(201);
    const key: Caller = { authorization: `Bearer ${made.json().key}` };
    const offer = {
      title: "Mass tort intake",
      vertical: "Legal",
      payout: "60",
      geos: ["Texas"],
      dailyCap: 25,
    };
    const url = "/api/buyer-listings/by-external-id/crm-offer-1";
    const created = (await call(key, "PUT", url, offer)).json();
    expect([created.result, created.listing.dailyCap]).toEqual(["created", 25]);
    const again = await call(key, "PUT", url, offer);
    expect([again.statusCode, again.json().result]).toEqual([200, "unchanged"]);

    const retry = { ...key, "idempotency-key": "sync-2026-11-26" };
    const listings = [
      { externalId: "crm-offer-1", ...offer },
      { externalId: "crm-offer-2", ...offer, payout: "sixty" },
    ];
    const synced = await call(retry, "POST", "/api/buyer-listings/sync", { listings });
    expect(synced.json().counts).toMatchObject({ unchanged: 1, error: 1 });
    const replayed = await call(retry, "POST", "/api/buyer-listings/sync", { listings });
    expect([replayed.headers["idempotent-replayed"], replayed.body]).toEqual(["true", synced.body]);

    const [listed] = (await call(world.buyer, "GET", "/api/api-keys")).json();
    expect(listed.lastUsedAt).not.toBeNull();
    expect((await call(world.buyer, "DELETE", `/api/api-keys/${listed.id}`)).statusCode).toBe(204);
    expect((await call(key, "PUT", url, offer)).statusCode).toBe(401);
  });

  it("answers an API key with its rate window, refuses it over the limit with Retry-After, and an unknown key with a challenge", async () => {
    const made = await call(world.premium, "POST", "/api/api-keys", {
      name: "Dialer",
      scopes: ["listings:read"],
    });
    const key: Caller = { authorization: `Bearer ${made.json().key}` };
    const read = await call(key, "GET", "/api/buyer-listings");
    expect(read.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT));
    // Fixed windows: a window may end in between, so up to two windows' worth before the refusal.
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 2 * RATE_LIMIT + 1 && !refused; i++) {
      const answer = await call(key, "GET", `/api/buyer-listings/${world.listingId}`);
      if (answer.statusCode === 429) refused = answer;
    }
    expect(refused?.headers["retry-after"]).toMatch(/^\d+$/);
    const unknown = await call({ authorization: "Bearer ppc_unknown" }, "GET", "/api/deal-intents");
    expect(unknown.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });

  it("registers a webhook endpoint, tests it, redelivers the test and deletes the endpoint", async () => {
    const registered = await call(world.publisher, "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/hooks",
      events: ["deal_intent.decided"],
    });
    expect(registered.statusCode).toBe(201);
    const endpoint = `/api/webhooks/${registered.json().id}`;
    expect((await call(world.publisher, "GET", "/api/webhooks")).json()).toHaveLength(1);
    const once = { ...world.publisher, "idempotency-key": "ping-1" };
    expect((await call(once, "POST", `${endpoint}/test`)).statusCode).toBe(202);
    const [ping] = (await call(world.publisher, "GET", `${endpoint}/deliveries`)).json();
    expect(ping.eventType).toBe("ping");
    const redeliver = `${endpoint}/deliveries/${ping.id}/redeliver`;
    // Any POST of the API documents the Idempotency-Key's errors: here a key sent again elsewhere.
    expect((await call(once, "POST", redeliver)).json().code).toBe("unprocessable");
    expect((await call(world.publisher, "POST", redeliver)).statusCode).toBe(202);
    expect((await call(world.publisher, "DELETE", endpoint)).statusCode).toBe(204);
  });

  it("documents the errors a client meets: bad input, signed out, not found", async () => {
    expect((await call(undefined, "GET", "/api/buyer-listings?limit=0")).statusCode).toBe(400);
    expect((await call(world.buyer, "POST", "/api/buyer-listings", { vertical: "Legal" })).statusCode).toBe(
      400,
    );
    expect((await call(undefined, "GET", "/api/deal-intents")).statusCode).toBe(401);
    expect((await call(undefined, "GET", `/api/buyer-listings/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(world.buyer, "DELETE", `/api/buyer-listings/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("sends every webhook event with the body the document describes", async () => {
    const buyerHooks = await call(world.buyer, "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/buyer",
      events: ["deal_intent.created", "review.created", "dispute.updated"],
    });
    const db = ctx.database.db;
    const publisher = await createPublisher(db, { status: "approved" });
    // Alerts on with nothing narrowed: every new listing matches.
    await db.insert(notificationPreferences).values({ userId: publisher.user.id, frequency: "daily" });
    const asPublisher = { cookie: await signIn(ctx, publisher.user.email) };
    await call(asPublisher, "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/publisher",
      events: ["listing.matched", "deal_intent.decided", "dispute.updated"],
    });
    const app = (method: "POST", url: string, caller: Caller, payload?: object) =>
      ctx.app.inject({ method, url, headers: caller, ...(payload ? { payload } : {}) });

    const intent = (
      await call(asPublisher, "POST", "/api/deal-intents", { listingId: world.listingId })
    ).json();
    await call(world.buyer, "POST", `/api/deal-intents/${intent.id}/accept`);
    const review = await app("POST", "/api/reviews", asPublisher, { dealIntentId: intent.id, rating: 5 });
    expect(review.statusCode, review.body).toBe(201);
    const dispute = await app("POST", "/api/disputes", asPublisher, {
      dealIntentId: intent.id,
      reason: "Twelve qualified calls from last week were not paid for.",
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    await ctx.app.jobs.send("alert-listings-activated", { listingIds: [world.listingId] });
    await ctx.app.jobs.workUntilIdle({ queues: ["alert-listings-activated"] });
    await call(world.buyer, "POST", `/api/webhooks/${buyerHooks.json().id}/test`);

    const sent = await db.select().from(webhookDeliveries);
    for (const delivery of sent) expectDocumentedWebhook(document, delivery.eventType, delivery.payload);
    expect([...new Set(sent.map((d) => d.eventType))].sort()).toEqual(["ping", ...WEBHOOK_EVENTS].sort());
  });

  it("refuses an answer the document does not promise", async () => {
    const answer = await ctx.app.inject({ method: "GET", url: `/api/buyer-listings/${world.listingId}` });
    const { buyerName: _, ...withoutName } = answer.json();
    const tampered = { ...answer, body: JSON.stringify(withoutName) };
    expect(() => expectDocumentedAnswer(document, tampered)).toThrow(/buyerName/);
    expect(() => expectDocumentedAnswer(document, { ...answer, statusCode: 418 })).toThrow(/does not list/);
    const notListed = {
      ...answer,
      statusCode: 409,
      body: JSON.stringify({ message: "x", code: "conflict" }),
    };
    expect(() => expectDocumentedAnswer(document, notListed)).toThrow(/does not list/);
  });

  // Last: every operation of the document was answered above, those added later too.
  it("has exercised every operation of the document", () => {
    const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(operations.filter((operation) => !answered.has(operation))).toEqual([]);
  });
});
