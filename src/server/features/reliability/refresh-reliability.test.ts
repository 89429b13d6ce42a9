import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyerProfiles, reviews } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createDealIntent, createListing, createPublisher, signIn } from "../../test/factories";
import { refreshBuyerReliability, refreshReliabilityScores } from "./refresh-reliability";

// The stored score on the database: what the refresh reads, that a deal decision refreshes
// it, and that the daily refresh catches what only time changes (a request passing its 48 hours).

const HOUR = 3600 * 1000;

describe("stored reliability score", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  /** A buyer with three 5-star reviewed deals, each answered within an hour. */
  async function reviewedBuyer() {
    const buyer = await createBuyer(db());
    const listing = await createListing(db(), buyer.profile.id);
    const publisher = await createPublisher(db(), { status: "approved" });
    for (let i = 0; i < 3; i++) {
      const intent = await createDealIntent(db(), {
        buyerId: buyer.profile.id,
        publisherId: publisher.profile.id,
        listingId: listing.id,
        status: "accepted",
        createdAt: new Date(Date.now() - (10 + i) * 24 * HOUR),
      });
      await db().insert(reviews).values({
        buyerId: buyer.profile.id,
        publisherId: publisher.profile.id,
        dealIntentId: intent.id,
        rating: 5,
        verifiedDeal: true,
      });
    }
    return { buyer, listing, publisher };
  }

  const stored = async (buyerId: string) =>
    (
      await db()
        .select({
          score: buyerProfiles.reliabilityScore,
          basedOn: buyerProfiles.reliabilityBasedOn,
          factors: buyerProfiles.reliabilityFactors,
        })
        .from(buyerProfiles)
        .where(eq(buyerProfiles.id, buyerId))
    )[0];

  it("counts a request still pending once its 48 hours are over, when the daily refresh runs", async () => {
    const { buyer, listing, publisher } = await reviewedBuyer();
    const now = new Date();
    await createDealIntent(db(), {
      buyerId: buyer.profile.id,
      publisherId: publisher.profile.id,
      listingId: listing.id,
      createdAt: new Date(now.getTime() - 47 * HOUR),
    });
    await refreshBuyerReliability({ db: db(), buyerId: buyer.profile.id, now });
    expect(await stored(buyer.profile.id)).toMatchObject({
      score: 100,
      basedOn: 3,
      factors: { requestsDue: 3, answeredInTime: 3 },
    });

    // Two hours later nothing was written, but the request is now overdue: the refresh sees it.
    const later = new Date(now.getTime() + 2 * HOUR);
    expect(await refreshReliabilityScores({ db: db(), now: later, olderThanHours: 1 })).toBe(1);
    const after = await stored(buyer.profile.id);
    expect(after).toMatchObject({ basedOn: 3, factors: { requestsDue: 4, answeredInTime: 3 } });
    expect(after!.score).toBeLessThan(100);
    // Scores computed within the hour are left alone.
    expect(await refreshReliabilityScores({ db: db(), now: later, olderThanHours: 1 })).toBe(0);
  });

  it("runs the daily refresh as a job of the queue", async () => {
    const { buyer, listing, publisher } = await reviewedBuyer();
    await createDealIntent(db(), {
      buyerId: buyer.profile.id,
      publisherId: publisher.profile.id,
      listingId: listing.id,
      createdAt: new Date(Date.now() - 72 * HOUR),
    });
    // Computed a day ago, before the request was overdue.
    await refreshBuyerReliability({
      db: db(),
      buyerId: buyer.profile.id,
      now: new Date(Date.now() - 26 * HOUR),
    });
    await ctx.app.jobs.send("reliability-refresh", {});
    await ctx.app.jobs.workUntilIdle();
    expect((await stored(buyer.profile.id))?.factors).toMatchObject({ requestsDue: 4, answeredInTime: 3 });
  });

  it("refreshes the buyer's score when they decide a deal request", async () => {
    const { buyer, listing } = await reviewedBuyer();
    const late = await createPublisher(db(), { status: "approved" });
    const intent = await createDealIntent(db(), {
      buyerId: buyer.profile.id,
      publisherId: late.profile.id,
      listingId: listing.id,
      createdAt: new Date(Date.now() - 72 * HOUR),
    });
    await refreshBuyerReliability({ db: db(), buyerId: buyer.profile.id });
    expect((await stored(buyer.profile.id))?.factors).toMatchObject({ requestsDue: 4, answeredInTime: 3 });

    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/deal-intents/${intent.id}/accept`,
      headers: { cookie: await signIn(ctx, buyer.user.email) },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    // Answered, but after 72 hours: still not in time; now one more accepted deal.
    expect((await stored(buyer.profile.id))?.factors).toMatchObject({
      requestsDue: 4,
      answeredInTime: 3,
      acceptedDeals: 4,
    });
  });

  it("answers null for an unknown buyer profile", async () => {
    expect(
      await refreshBuyerReliability({ db: db(), buyerId: "00000000-0000-4000-8000-000000000000" }),
    ).toBeNull();
  });
});
