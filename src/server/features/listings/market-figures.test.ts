import { describe, expect, it } from "vitest";
import { marketFiguresSchema } from "../../../shared/schemas/market-figures";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, verifyBuyer } from "../../test/factories";
import { cachedMarketFigures, readMarketFigures } from "./market-figures";

// The live figures of the landing and home pages (GET /api/stats/public), on both engines: what a
// visitor can find in the directory, never more.

describe("market figures", () => {
  const ctx = useTestApp();

  /**
   * Two buyers in the directory, the second verified; a paused listing and a disabled buyer's listing
   * that are not, and a verified buyer with nothing in the directory.
   */
  async function directory() {
    const db = ctx.database.db;
    const first = await createBuyer(db, { company: "First Co" });
    const second = await createBuyer(db, { company: "Second Co" });
    const gone = await createBuyer(db, { company: "Gone Co" }, { disabledAt: new Date() });
    const quiet = await createBuyer(db, { company: "Quiet Co" });
    await verifyBuyer(db, second.profile.id);
    await verifyBuyer(db, gone.profile.id);
    await verifyBuyer(db, quiet.profile.id);
    await createListing(db, quiet.profile.id, { vertical: "Solar", payout: "40.00", status: "paused" });
    await createListing(db, first.profile.id, { vertical: "Insurance", payout: "50.00" });
    await createListing(db, first.profile.id, { vertical: "Automotive", payout: "100.00" });
    await createListing(db, first.profile.id, { vertical: "Legal", payout: "500.00", status: "paused" });
    await createListing(db, second.profile.id, { vertical: "Insurance", payout: "75.55" });
    await createListing(db, gone.profile.id, { vertical: "Travel", payout: "900.00" });
    return { first };
  }

  it("answers anyone with the directory's own counts, cacheable for a minute, and reuses them meanwhile", async () => {
    const { first } = await directory();
    const response = await ctx.app.inject({ url: "/api/stats/public" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(marketFiguresSchema.parse(response.json())).toEqual({
      activeBuyers: 2,
      verifiedBuyers: 1,
      activeListings: 3,
      verticals: 2,
      averagePayout: "75.18",
    });

    // Within the minute the same figures come back without another read.
    await createListing(ctx.database.db, first.profile.id, { vertical: "Solar", payout: "10.00" });
    expect((await ctx.app.inject({ url: "/api/stats/public" })).json().activeListings).toBe(3);
  });

  it("counts nothing in an empty directory (the pages then leave the figures out)", async () => {
    expect(await readMarketFigures(ctx.database.db)).toEqual({
      activeBuyers: 0,
      verifiedBuyers: 0,
      activeListings: 0,
      verticals: 0,
      averagePayout: null,
    });
  });

  it("counts a verified buyer only while the badge runs: one approved 13 months ago has lapsed", async () => {
    const db = ctx.database.db;
    const { profile } = await createBuyer(db);
    await createListing(db, profile.id);
    await verifyBuyer(db, profile.id, { at: new Date(Date.now() - 396 * 24 * 3600_000) });
    expect((await readMarketFigures(db)).verifiedBuyers).toBe(0);
    await verifyBuyer(db, profile.id);
    expect(await readMarketFigures(db)).toMatchObject({ activeBuyers: 1, verifiedBuyers: 1 });
  });

  it("reads again once the figures are older than the cache's lifetime, and shares a read in flight", async () => {
    let clock = 0;
    const figures = cachedMarketFigures(ctx.database.db, { ttlMs: 1_000, now: () => clock });
    const [a, b] = [figures(), figures()];
    expect(a).toBe(b);
    expect((await a).activeListings).toBe(0);

    await directory();
    clock = 999;
    expect((await figures()).activeListings).toBe(0);
    clock = 1_000;
    expect((await figures()).activeListings).toBe(3);
  });
});
