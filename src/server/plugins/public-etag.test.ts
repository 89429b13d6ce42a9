import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { buyerListings } from "../db/schema";
import { useTestApp } from "../test/context";
import { createBuyer, createListing, signIn } from "../test/factories";

describe("ETag on the directory and a listing for signed-out visitors", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function seedListing() {
    const buyer = await createBuyer(db(), {}, { email: "buyer@example.test" });
    const listing = await createListing(db(), buyer.profile.id, { title: "Medicare Inbound Calls" });
    return { buyer, listing };
  }

  function expectNotModified(res: LightMyRequestResponse, etag: string) {
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload).toHaveLength(0);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers.etag).toBe(etag);
  }

  it("tags the visitor's answer, answers 304 without a body when it is held, and a new tag once it changes", async () => {
    const { listing } = await seedListing();
    for (const url of ["/api/buyer-listings", `/api/buyer-listings/${listing.id}`]) {
      // A visitor's first look at a listing counts as its view, once a day: the body (its view count)
      // changes after that first answer, and then stays as it is.
      await ctx.app.inject({ url });
      const first = await ctx.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers["cache-control"], url).toBe("private, no-cache");
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]{20}"$/);

      expectNotModified(await ctx.app.inject({ url, headers: { "if-none-match": etag } }), etag);
      // A browser sends back the tag it holds (in a list), whatever encoding the body came in: one tag for all.
      const compressed = await ctx.app.inject({
        url,
        headers: { "if-none-match": `"other", ${etag}`, "accept-encoding": "br, gzip" },
      });
      expectNotModified(compressed, etag);
      expect(compressed.headers["content-encoding"]).toBeUndefined();
      const other = await ctx.app.inject({ url, headers: { "if-none-match": '"something-else"' } });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(first.body);
    }

    const before = await ctx.app.inject({ url: `/api/buyer-listings/${listing.id}` });
    const beforeList = await ctx.app.inject({ url: "/api/buyer-listings" });
    await db()
      .update(buyerListings)
      .set({ title: "Medicare Inbound Calls, 24/7" })
      .where(eq(buyerListings.id, listing.id));
    for (const [url, held] of [
      [`/api/buyer-listings/${listing.id}`, before],
      ["/api/buyer-listings", beforeList],
    ] as const) {
      const changed = await ctx.app.inject({ url, headers: { "if-none-match": String(held.headers.etag) } });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.body, url).toContain("24/7");
      expect(changed.headers.etag, url).toMatch(/^W\/"[\w-]{20}"$/);
      expect(changed.headers.etag, url).not.toBe(held.headers.etag);
    }
  });

  it("never tags a signed-in or an API key's answer, which carry that user's contacts and state", async () => {
    const { buyer, listing } = await seedListing();
    const cookie = await signIn(ctx, buyer.user.email);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie },
      payload: { name: "CRM sync", scopes: ["listings:read"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json() as { key: string };

    for (const url of ["/api/buyer-listings", `/api/buyer-listings/${listing.id}`]) {
      const visitorTag = String((await ctx.app.inject({ url })).headers.etag);
      for (const [who, headers] of [
        ["session", { cookie }],
        ["API key", { authorization: `Bearer ${key}` }],
      ] as const) {
        const res = await ctx.app.inject({ url, headers: { ...headers, "if-none-match": visitorTag } });
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        expect(res.headers.etag, `${who} ${url}`).toBeUndefined();
        // The owner sees the listing's contacts: an answer no one else may be told is unchanged.
        expect(res.body, `${who} ${url}`).toContain(buyer.profile.contactEmail!);
      }
    }
  });

  it("tags no error answer", async () => {
    const res = await ctx.app.inject({ url: "/api/buyer-listings/00000000-0000-4000-8000-000000000000" });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});
