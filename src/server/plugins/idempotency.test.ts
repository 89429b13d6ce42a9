import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/constants";
import { API_KEY_MESSAGES } from "../../shared/schemas/api-keys";
import { LISTING_SYNC_MESSAGES } from "../../shared/schemas/listing-sync";
import { apiKeys, buyerListings, idempotencyKeys, subscriptions, users } from "../db/schema";
import { useTestApp } from "../test/context";
import { createBuyer, createListing, createUser, grantPremium, signIn } from "../test/factories";

// Idempotency-Key on the public API's POSTs (both engines): a retry gets the first answer and does
// nothing again; a key reused for another request, a malformed key, and a key still running are refused.

const SYNC_URL = "/api/buyer-listings/sync";

describe("Idempotency-Key", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function signedInBuyer() {
    const buyer = await createBuyer(ctx.database.db);
    return { ...buyer, cookie: await signIn(ctx, buyer.user.email) };
  }

  const post = (cookie: string, key: string, body: string) =>
    ctx.app.inject({
      method: "POST",
      url: SYNC_URL,
      headers: { cookie, "idempotency-key": key, "content-type": "application/json" },
      payload: body,
    });

  const syncBody = (payout: string) =>
    JSON.stringify({ listings: [{ externalId: "o-1", title: "Solar", vertical: "Solar", payout }] });

  it("answers a retry with the first answer, runs nothing twice, and keeps keys per user", async () => {
    const buyer = await signedInBuyer();
    const first = await post(buyer.cookie, "retry-1", syncBody("30"));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().counts.created).toBe(1);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const replay = await post(buyer.cookie, "retry-1", syncBody("30"));
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toBe(first.body);
    // Run again, it would have answered "unchanged" and audited nothing; replayed, it still says created.
    expect(replay.json().counts.created).toBe(1);
    expect(await db().$count(buyerListings)).toBe(1);

    const reused = await post(buyer.cookie, "retry-1", syncBody("31"));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      code: "unprocessable",
      message: LISTING_SYNC_MESSAGES.idempotencyKeyReused,
    });

    const malformed = await post(buyer.cookie, "two words", syncBody("30"));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("validation");

    // Another user's key of the same name is theirs: their request runs.
    const other = await signedInBuyer();
    const theirs = await post(other.cookie, "retry-1", syncBody("30"));
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await db().$count(buyerListings)).toBe(2);
    expect(await db().$count(idempotencyKeys)).toBe(2);
  });

  it("refuses a retry while the first request under its key is still running", async () => {
    const buyer = await signedInBuyer();
    const body = syncBody("30");
    // The first request's claim, as it stands while that request runs: no status yet.
    const requestHash = createHash("sha256").update(`POST\n${SYNC_URL}\n${body}`).digest("hex");
    await db().insert(idempotencyKeys).values({ userId: buyer.user.id, key: "busy", requestHash });

    const retry = await post(buyer.cookie, "busy", body);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(LISTING_SYNC_MESSAGES.idempotencyInProgress);
    expect(await db().$count(buyerListings)).toBe(0);
  });

  it("never keeps an answer that holds a secret: a new API key is not stored to be answered again", async () => {
    const buyer = await signedInBuyer();
    const create = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/api-keys",
        headers: { cookie: buyer.cookie, "idempotency-key": "key-1" },
        payload: { name: "CRM", scopes: ["listings:read"] },
      });
    const first = await create();
    const second = await create();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(second.json().key).not.toBe(first.json().key);
    expect(await db().$count(apiKeys)).toBe(2);
    expect(await db().$count(idempotencyKeys)).toBe(0);
  });

  it("never replays a contact reveal: retried after Premium ended, it is refused", async () => {
    const seller = await createBuyer(db(), { contactEmail: "calls@seller.example" });
    const listing = await createListing(db(), seller.profile.id);
    const publisher = await createUser(db(), { role: "publisher" });
    const cookie = await signIn(ctx, publisher.email);
    await grantPremium(db(), publisher.id);
    const reveal = () =>
      ctx.app.inject({
        method: "POST",
        url: `/api/reveal-contact/${listing.id}`,
        headers: { cookie, "idempotency-key": "reveal-1" },
      });
    const first = await reveal();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("calls@seller.example");

    await db().delete(subscriptions).where(eq(subscriptions.userId, publisher.id));
    const retried = await reveal();
    expect([retried.statusCode, retried.json()]).toEqual([
      403,
      { message: MESSAGES.premiumRequired, code: "premium_required" },
    ]);
    expect(retried.body).not.toContain("calls@seller.example");
    expect(await db().$count(idempotencyKeys)).toBe(0);
  });

  it("runs the guard again for a replay: a key's write replayed after its role lost the scope is refused", async () => {
    const buyer = await signedInBuyer();
    const made = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie: buyer.cookie },
      payload: { name: "CRM", scopes: ["listings:read", "listings:write"] },
    });
    const { key } = made.json() as { key: string };
    const create = () =>
      ctx.app.inject({
        method: "POST",
        url: SYNC_URL,
        headers: {
          authorization: `Bearer ${key}`,
          "idempotency-key": "sync-1",
          "content-type": "application/json",
        },
        payload: syncBody("30"),
      });
    expect((await create()).statusCode).toBe(200);
    const replay = await create();
    expect(replay.headers["idempotent-replayed"]).toBe("true");

    await db().update(users).set({ role: "guest" }).where(eq(users.id, buyer.user.id));
    const refused = await create();
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: API_KEY_MESSAGES.scopeMissing("listings:write"), code: "forbidden" },
    ]);
    expect(refused.headers["idempotent-replayed"]).toBeUndefined();
  });
});
