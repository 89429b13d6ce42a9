import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { buyerProfiles } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing } from "../../test/factories";

// The directory's orders by the buyer's figures: most reliable (buyers without a score last) and most
// reviewed, each paged by keyset, ties broken by the listing id.

describe("directory sorted by the buyer's reliability and reviews", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  interface Seeded {
    id: string;
    score: number | null;
    reviews: number;
  }

  /**
   * Five buyers (two share a score, two have none, two share a review count), three listings each,
   * plus a paused one. Some listings are created before the buyer's figures change and some after, so
   * both ways a listing learns its buyer's figures are walked.
   */
  async function seedBuyers(): Promise<Seeded[]> {
    const figures = [
      { score: 80, reviews: 4 },
      { score: 80, reviews: 9 },
      { score: null, reviews: 4 },
      { score: 35, reviews: 0 },
      { score: null, reviews: 12 },
    ];
    const seeded: Seeded[] = [];
    for (const [n, { score, reviews }] of figures.entries()) {
      const { profile } = await createBuyer(db());
      const before = await createListing(db(), profile.id, { title: `Buyer ${n} first` });
      await db()
        .update(buyerProfiles)
        .set({ reliabilityScore: score, reviewCount: reviews })
        .where(eq(buyerProfiles.id, profile.id));
      const after = [
        await createListing(db(), profile.id, { title: `Buyer ${n} second` }),
        await createListing(db(), profile.id, { title: `Buyer ${n} third` }),
      ];
      await createListing(db(), profile.id, { title: `Buyer ${n} paused`, status: "paused" });
      for (const listing of [before, ...after]) seeded.push({ id: listing.id, score, reviews });
    }
    return seeded;
  }

  /** Every page of the directory in this order, following the Link header. */
  async function walk(sort: string, limit: number) {
    const ids: string[] = [];
    let next: string | null = `/api/buyer-listings?sort=${sort}&limit=${limit}`;
    for (let page = 0; next; page++) {
      expect(page).toBeLessThan(50);
      const res = await ctx.app.inject({ url: next });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...res.json().map((l: { id: string }) => l.id));
      const link = res.headers.link as string | undefined;
      next = link ? link.match(/^<([^>]+)>; rel="next"$/)![1]! : null;
    }
    return ids;
  }

  // Ids compare as PostgreSQL compares uuids: byte by byte, which for lowercase hex is string order.
  const byIdDesc = (a: Seeded, b: Seeded) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  it.each([1, 2, 4, 24])(
    "walks most reliable with pages of %i: scored buyers first, no duplicates or gaps",
    async (limit) => {
      const seeded = await seedBuyers();
      const expected = [...seeded]
        .sort((a, b) => {
          if (a.score !== b.score) {
            if (a.score === null) return 1;
            if (b.score === null) return -1;
            return b.score - a.score;
          }
          return byIdDesc(a, b);
        })
        .map((s) => s.id);
      expect(await walk("reliability", limit)).toEqual(expected);
    },
  );

  it.each([1, 2, 4, 24])("walks most reviewed with pages of %i, ties broken by id", async (limit) => {
    const seeded = await seedBuyers();
    const expected = [...seeded].sort((a, b) => b.reviews - a.reviews || byIdDesc(a, b)).map((s) => s.id);
    expect(await walk("reviews", limit)).toEqual(expected);
  });

  it("follows a buyer's refreshed figures and a listing moved to another buyer", async () => {
    const low = await createBuyer(db(), { reliabilityScore: 10, reviewCount: 1 });
    const high = await createBuyer(db(), { reliabilityScore: 90, reviewCount: 7 });
    const listing = await createListing(db(), low.profile.id, { title: "Moved" });
    await createListing(db(), high.profile.id, { title: "Stays" });
    const titles = async (sort: string) => {
      const res = await ctx.app.inject({ url: `/api/buyer-listings?sort=${sort}` });
      return res.json().map((l: { title: string }) => l.title);
    };
    expect(await titles("reliability")).toEqual(["Stays", "Moved"]);
    await db()
      .update(buyerProfiles)
      .set({ reliabilityScore: 95, reviewCount: 8 })
      .where(eq(buyerProfiles.id, low.profile.id));
    expect(await titles("reliability")).toEqual(["Moved", "Stays"]);
    expect(await titles("reviews")).toEqual(["Moved", "Stays"]);

    // A listing written with figures of its own still carries its buyer's.
    await db().execute(
      sql`update buyer_listings set buyer_id = ${high.profile.id}, buyer_reliability_score = 0 where id = ${listing.id}`,
    );
    const [copied] = await queryRows<{ score: number; reviews: number }>(
      db(),
      sql`select buyer_reliability_score as score, buyer_review_count as reviews from buyer_listings where id = ${listing.id}`,
    );
    expect(copied).toEqual({ score: 90, reviews: 7 });
  });

  it("refuses a cursor of another order or with a key that cannot be there with 400", async () => {
    await seedBuyers();
    const cursorOf = async (sort: string) => {
      const res = await ctx.app.inject({ url: `/api/buyer-listings?sort=${sort}&limit=2` });
      const raw = (res.headers.link as string).match(/cursor=([\w-]+)/)![1]!;
      return { raw, cursor: JSON.parse(Buffer.from(raw, "base64url").toString()) };
    };
    const encode = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
    const reliability = await cursorOf("reliability");
    const reviews = await cursorOf("reviews");
    const refused: [string, string][] = [
      ["reviews", reliability.raw],
      ["reliability", reviews.raw],
      ["newest", reviews.raw],
      ["reliability", encode({ ...reliability.cursor, k: "eighty" })],
      ["reliability", encode({ ...reliability.cursor, k: "1000" })],
      // A score in the group of listings without one, and no score in the scored group.
      ["reliability", encode({ ...reliability.cursor, g: 1 })],
      ["reliability", encode({ ...reliability.cursor, k: "" })],
      ["reliability", encode({ ...reliability.cursor, g: 2, k: "" })],
      ["reviews", encode({ ...reviews.cursor, k: "-1" })],
      ["reviews", encode({ ...reviews.cursor, k: "" })],
      ["reviews", encode({ ...reviews.cursor, k: "99999999999" })],
    ];
    for (const [sort, cursor] of refused) {
      const res = await ctx.app.inject({ url: `/api/buyer-listings?sort=${sort}&cursor=${cursor}` });
      expect(res.statusCode, `${sort} ${Buffer.from(cursor, "base64url").toString()}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation",
        message: expect.stringMatching(/Invalid cursor/),
      });
    }
  });
});
