import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing } from "../../test/factories";

// Requirement tags: listings carry them, the directory filters by them (all must match).

describe("requirement tag filter", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const titles = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/buyer-listings?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .map((l: { title: string }) => l.title)
      .sort();
  };

  it("lists only listings that carry every tag asked for, with the other filters", async () => {
    const buyer = await createBuyer(db());
    await createListing(db(), buyer.profile.id, { title: "Both", tags: ["trustedform", "no-ivr"] });
    await createListing(db(), buyer.profile.id, { title: "Trusted", tags: ["trustedform"] });
    await createListing(db(), buyer.profile.id, {
      title: "Legal trusted",
      vertical: "Legal",
      tags: ["trustedform", "caller-id"],
    });
    await createListing(db(), buyer.profile.id, { title: "None" });
    await createListing(db(), buyer.profile.id, { title: "Paused", tags: ["trustedform"], status: "paused" });

    expect(await titles("tags=trustedform")).toEqual(["Both", "Legal trusted", "Trusted"]);
    expect(await titles("tags=trustedform,no-ivr")).toEqual(["Both"]);
    expect(await titles("tags=no-ivr,trustedform,no-ivr")).toEqual(["Both"]);
    expect(await titles("tags=trustedform&vertical=Legal")).toEqual(["Legal trusted"]);
    expect(await titles("tags=business-hours")).toEqual([]);
    expect(await titles("tags=")).toHaveLength(4);

    const list = (await ctx.app.inject({ url: "/api/buyer-listings?tags=no-ivr" })).json();
    expect(list[0].tags).toEqual(["trustedform", "no-ivr"]);
  });

  it("refuses an unknown tag with a clear 400", async () => {
    const res = await ctx.app.inject({ url: "/api/buyer-listings?tags=trustedform,fast-pay" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation");
    expect(res.json().message).toContain("must be requirement tag ids");
  });

  it("keeps the tags in the next page's link", async () => {
    const buyer = await createBuyer(db());
    for (let i = 0; i < 3; i++) await createListing(db(), buyer.profile.id, { tags: ["inbound-only"] });
    await createListing(db(), buyer.profile.id);
    const first = await ctx.app.inject({ url: "/api/buyer-listings?tags=inbound-only&limit=2" });
    const link = first.headers.link as string;
    expect(link).toContain("tags=inbound-only");
    const next = link.match(/^<([^>]+)>/)![1]!;
    const second = await ctx.app.inject({ url: next });
    expect(second.json()).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
  });

  it("answers the tag condition from the GIN index on active listings", async () => {
    const buyer = await createBuyer(db());
    // 2,000 listings, one in 100 tagged: the shape of a real directory, where a tag is selective.
    await db().execute(sql`insert into buyer_listings (buyer_id, title, vertical, payout, tags)
      select ${buyer.profile.id}, 'Listing ' || n, 'Insurance', 50,
        case when n % 100 = 0 then array['trustedform'] else '{}'::text[] end
      from generate_series(1, 2000) n`);
    await db().execute(sql`analyze buyer_listings`);
    // Tiny tables are scanned whatever the indexes; forbidding the scan shows which index the planner
    // can use for the directory's condition.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<Record<string, string>>(
        tx,
        sql`explain select l.id from buyer_listings l
            where l.status = 'active' and l.tags @> array['trustedform']::text[]`,
      );
    });
    expect(plan.map((r) => Object.values(r)[0]).join("\n")).toContain("buyer_listings_tags_idx");
  });
});
