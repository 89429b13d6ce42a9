import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingEvents, rateLimits } from "../db/schema";
import { type TestContext, useTestApp } from "../test/context";
import { createBuyer, createListing } from "../test/factories";

// The client address: the per-IP sign-in limit and the anonymous view count key on it, so
// X-Forwarded-For counts only when it comes from a proxy the operator named in TRUST_PROXY.

function requestLink(
  ctx: TestContext,
  email: string,
  headers: Record<string, string>,
  remoteAddress?: string,
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/magic-link",
    payload: { email },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The client addresses the per-IP limit counted, read from its counters. */
async function countedAddresses(ctx: TestContext): Promise<string[]> {
  const rows = await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits);
  return rows
    .map((r) => r.key)
    .filter((k) => k.startsWith("magic-ip:"))
    .map((k) => k.slice("magic-ip:".length))
    .sort();
}

describe("client address with TRUST_PROXY unset (the default: trust no proxy)", () => {
  const ctx = useTestApp();

  it("ignores X-Forwarded-For: 31 sign-in mails with 31 forged addresses still hit the per-IP limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await requestLink(ctx, `u${i}@example.test`, { "x-forwarded-for": `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await countedAddresses(ctx)).toEqual(["127.0.0.1"]);
  });

  it("counts one anonymous view per client whatever X-Forwarded-For says", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    const listing = await createListing(ctx.database.db, profile.id);
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const res = await ctx.app.inject({
        url: `/api/buyer-listings/${listing.id}`,
        headers: { "x-forwarded-for": forged },
      });
      expect(res.statusCode).toBe(200);
    }
    const views = await ctx.database.db
      .select()
      .from(listingEvents)
      .where(eq(listingEvents.listingId, listing.id));
    expect(views).toHaveLength(1);
  });
});

describe("client address with TRUST_PROXY naming the proxy (an address list)", () => {
  // app.inject connects from 127.0.0.1: the proxy in front of the app.
  const ctx = useTestApp({ env: { TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" } });

  it("takes the client from the named proxies' X-Forwarded-For, and a client cannot choose it", async () => {
    // Through the proxy: the address it saw.
    await requestLink(ctx, "a@example.test", { "x-forwarded-for": "203.0.113.5" });
    // A client that prepends a forged address: the proxy appends the real one, which is what counts.
    await requestLink(ctx, "b@example.test", { "x-forwarded-for": "1.2.3.4, 203.0.113.6" });
    // Two named proxies in a row (10.x then loopback): the first address before them.
    await requestLink(ctx, "c@example.test", { "x-forwarded-for": "203.0.113.7, 10.1.2.3" });
    // A client connecting directly, not through a named proxy: its header is ignored.
    await requestLink(ctx, "d@example.test", { "x-forwarded-for": "203.0.113.8" }, "192.0.2.44");
    expect(await countedAddresses(ctx)).toEqual(["192.0.2.44", "203.0.113.5", "203.0.113.6", "203.0.113.7"]);
  });

  it("limits each forwarded client on its own", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await requestLink(ctx, `v${i}@example.test`, {
        "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.9`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const other = await requestLink(ctx, "w@example.test", { "x-forwarded-for": "203.0.113.10" });
    expect(other.statusCode).toBe(202);
  });
});

describe("client address with TRUST_PROXY as a hop count", () => {
  const ctx = useTestApp({ env: { TRUST_PROXY: "1" } });

  it("believes the nearest hop only", async () => {
    await requestLink(ctx, "a@example.test", { "x-forwarded-for": "1.2.3.4, 203.0.113.5" });
    expect(await countedAddresses(ctx)).toEqual(["203.0.113.5"]);
  });
});
