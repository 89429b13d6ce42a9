import { describe, expect, it } from "vitest";
import { listingEvents } from "../../db/schema";
import type { Viewer } from "../../lib/viewer";
import { useTestApp } from "../../test/context";
import {
  createBoostPurchase,
  createBuyer,
  createDealIntent,
  createListing,
  createPublisher,
  signIn,
} from "../../test/factories";
import { getBuyerAnalytics } from "./buyer-analytics";

// The Analytics tab's boost periods and their lift: purchases written directly with known times, events
// and deal intents around them, and the service asked at a fixed `now` so every rate is exact.

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-11-20T12:00:00.000Z");
const at = (offset: number) => new Date(NOW.getTime() + offset);
const iso = (offset: number) => at(offset).toISOString();

describe("boost periods and their lift in the buyer's analytics", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function buyerWithViewer() {
    const buyer = await createBuyer(db());
    const viewer: Viewer = {
      id: buyer.user.id,
      email: buyer.user.email,
      role: "buyer",
      hasActiveSubscription: false,
    };
    return { ...buyer, viewer };
  }

  let viewerKeys = 0;
  /** `count` events of one kind on a listing, all at `createdAt` (each by another viewer). */
  async function events(listingId: string, kind: "view" | "reveal" | "save", createdAt: Date, count = 1) {
    await db()
      .insert(listingEvents)
      .values(
        Array.from({ length: count }, () => ({
          listingId,
          kind,
          viewerKey: `viewer-${++viewerKeys}`,
          day: createdAt.toISOString().slice(0, 10),
          createdAt,
        })),
      );
  }

  async function intents(buyerId: string, listingId: string, offsets: number[]) {
    for (const offset of offsets) {
      const publisher = await createPublisher(db(), { status: "approved" });
      await createDealIntent(db(), {
        buyerId,
        publisherId: publisher.profile.id,
        listingId,
        createdAt: at(offset),
      });
    }
  }

  const analytics = (viewer: Viewer, days: number) => getBuyerAnalytics({ db: db(), viewer, days, now: NOW });

  it("rates views, reveals and deal intents per day while boosted against the 14 days before", async () => {
    const buyer = await buyerWithViewer();
    const listing = await createListing(db(), buyer.profile.id, { title: "Solar", createdAt: at(-60 * DAY) });
    const sibling = await createListing(db(), buyer.profile.id, { createdAt: at(-60 * DAY) });
    // Started 10 days ago, runs 4 more days: "while boosted" is the 10 days up to now.
    await createBoostPurchase(db(), { listingId: listing.id, startsAt: at(-10 * DAY), endsAt: at(4 * DAY) });

    // While boosted: 25 views (one exactly at the start), 3 reveals, 1 deal intent.
    await events(listing.id, "view", at(-10 * DAY));
    await events(listing.id, "view", at(-5 * DAY), 20);
    await events(listing.id, "view", at(-HOUR), 4);
    await events(listing.id, "reveal", at(-2 * DAY), 3);
    await events(listing.id, "save", at(-2 * DAY), 2); // saves are not part of the lift
    await intents(buyer.profile.id, listing.id, [-3 * DAY]);
    // The 14 days before: 7 views (one exactly 14 days before the start), no reveal, 2 deal intents.
    await events(listing.id, "view", at(-24 * DAY));
    await events(listing.id, "view", at(-12 * DAY), 6);
    await intents(buyer.profile.id, listing.id, [-20 * DAY, -11 * DAY]);
    // Outside both windows, or another listing's: not counted.
    await events(listing.id, "view", at(-24 * DAY - HOUR), 5);
    await events(listing.id, "reveal", at(-30 * DAY));
    await events(sibling.id, "view", at(-5 * DAY), 9);
    await events(sibling.id, "reveal", at(-12 * DAY), 2);
    await intents(buyer.profile.id, sibling.id, [-4 * DAY]);

    const result = await analytics(buyer.viewer, 30);
    expect(result.boosts).toEqual([
      {
        listingId: listing.id,
        title: "Solar",
        startsAt: iso(-10 * DAY),
        endsAt: iso(4 * DAY),
        during: {
          from: iso(-10 * DAY),
          to: iso(0),
          days: 10,
          // 25 viewers and 3 revealing visitors who did not open the page: a reveal is a view too.
          views: 28,
          reveals: 3,
          dealIntents: 1,
          perDay: { views: 2.8, reveals: 0.3, dealIntents: 0.1 },
        },
        before: {
          from: iso(-24 * DAY),
          to: iso(-10 * DAY),
          days: 14,
          views: 7,
          reveals: 0,
          dealIntents: 2,
          // 2 / 14 = 0.142857… → 0.14
          perDay: { views: 0.5, reveals: 0, dealIntents: 0.14 },
        },
        // 2.8 / 0.5 - 1 = 4.6 (+460 %); no reveal before: no rate to compare with; 0.1 / (2 / 14) - 1 = -0.3.
        change: { views: 4.6, reveals: null, dealIntents: -0.3 },
      },
    ]);
    // The existing figures are unchanged by the boost: the 30 days hold the same facts as before.
    // Each reveal here is by a visitor with no view that day: the totals count it as that visitor's view
    // too (46 views and 5 revealing visitors), so views never trail reveals.
    expect(result.totals).toMatchObject({ views: 51, reveals: 5, saves: 2, dealIntents: 4 });
  });

  it("counts visitors per day as the totals do: a reveal is a view, a visitor's repeat reveals count once", async () => {
    const buyer = await buyerWithViewer();
    const listing = await createListing(db(), buyer.profile.id, { createdAt: at(-60 * DAY) });
    await createBoostPurchase(db(), { listingId: listing.id, startsAt: at(-10 * DAY), endsAt: at(4 * DAY) });
    const by = (viewerKey: string, kind: "view" | "reveal", createdAt: Date) => ({
      listingId: listing.id,
      kind,
      viewerKey,
      day: createdAt.toISOString().slice(0, 10),
      createdAt,
    });
    await db()
      .insert(listingEvents)
      .values([
        // While boosted: Ann opens the page and reveals twice the same day; Bo reveals through the API
        // only; Ann comes back another day and only reveals.
        by("ann", "view", at(-3 * DAY)),
        by("ann", "reveal", at(-3 * DAY + HOUR)),
        by("ann", "reveal", at(-3 * DAY + 2 * HOUR)),
        by("bo", "reveal", at(-3 * DAY)),
        by("ann", "reveal", at(-2 * DAY)),
        // Before: Cy reveals twice the same day without opening the page.
        by("cy", "reveal", at(-12 * DAY)),
        by("cy", "reveal", at(-12 * DAY + HOUR)),
      ]);

    const result = await analytics(buyer.viewer, 30);
    expect(result.boosts[0]).toMatchObject({
      during: { views: 3, reveals: 3 },
      before: { views: 1, reveals: 1 },
    });
    // The same facts in the tab's totals: 4 visitor-days, each of them revealing.
    expect(result.totals).toMatchObject({ views: 4, reveals: 4 });
  });

  it("merges purchases that touch or overlap into one period and leaves refunded ones out", async () => {
    const buyer = await buyerWithViewer();
    const listing = await createListing(db(), buyer.profile.id, {
      title: "Medicare",
      createdAt: at(-55 * DAY),
    });
    const boost = (startsAt: number, endsAt: number, status: "active" | "ended" | "refunded" = "active") =>
      createBoostPurchase(db(), {
        listingId: listing.id,
        startsAt: at(startsAt),
        endsAt: at(endsAt),
        status,
      });
    // An admin ended this one after 5 of its 14 days (its end was cut to that moment).
    await boost(-50 * DAY, -45 * DAY, "ended");
    // Refunded: its days were taken back, so it does not bridge the gap to the next period.
    await boost(-45 * DAY, -31 * DAY, "refunded");
    // A paid boost, a second one bought during it (starting where it ends), and an admin's grant inside.
    await boost(-31 * DAY, -17 * DAY);
    await createBoostPurchase(db(), {
      listingId: listing.id,
      stripePaymentIntentId: "pi_stacked",
      amountCents: 9900,
      startsAt: at(-17 * DAY),
      endsAt: at(-3 * DAY),
    });
    await boost(-20 * DAY, -10 * DAY);
    // Ended before it began (an admin's end leaves it no time): it covers nothing, so no period.
    await boost(-40 * DAY, -40 * DAY, "ended");
    await events(listing.id, "view", at(-52 * DAY), 2);
    await events(listing.id, "view", at(-47 * DAY), 3);

    const quarter = await analytics(buyer.viewer, 90);
    expect(quarter.boosts.map((b) => [b.startsAt, b.endsAt])).toEqual([
      [iso(-31 * DAY), iso(-3 * DAY)],
      [iso(-50 * DAY), iso(-45 * DAY)],
    ]);
    const [running, early] = quarter.boosts;
    // An ended period is measured up to its end, not up to now.
    expect(running!.during).toMatchObject({ from: iso(-31 * DAY), to: iso(-3 * DAY), days: 28 });
    // Its 14 days before are cut at the listing's creation: 5 days, 2 views.
    expect(early!.before).toMatchObject({
      from: iso(-55 * DAY),
      to: iso(-50 * DAY),
      days: 5,
      views: 2,
      perDay: { views: 0.4, reveals: 0, dealIntents: 0 },
    });
    expect(early!.during).toMatchObject({ days: 5, views: 3, perDay: { views: 0.6 } });
    expect(early!.change.views).toBe(0.5);

    // The 30 days reach back to the start of the UTC day 29 days ago: only the later period overlaps.
    expect((await analytics(buyer.viewer, 30)).boosts.map((b) => b.startsAt)).toEqual([iso(-31 * DAY)]);
  });

  it("compares with unboosted days only: the window before is cut at the previous period's end", async () => {
    const buyer = await buyerWithViewer();
    const listing = await createListing(db(), buyer.profile.id, { createdAt: at(-80 * DAY) });
    await createBoostPurchase(db(), {
      listingId: listing.id,
      startsAt: at(-30 * DAY),
      endsAt: at(-20 * DAY),
    });
    await createBoostPurchase(db(), { listingId: listing.id, startsAt: at(-15 * DAY), endsAt: at(-5 * DAY) });
    // Inside the earlier boost (not counted as "before" the later one), then between the two.
    await events(listing.id, "view", at(-25 * DAY), 7);
    await events(listing.id, "view", at(-18 * DAY), 2);

    const [later, earlier] = (await analytics(buyer.viewer, 90)).boosts;
    expect(later!.before).toMatchObject({ from: iso(-20 * DAY), to: iso(-15 * DAY), days: 5, views: 2 });
    // The first period has no period before it: its full 14 days.
    expect(earlier!.before).toMatchObject({ from: iso(-44 * DAY), to: iso(-30 * DAY), days: 14 });
    expect(earlier!.during.views).toBe(7);
  });

  it("lists only the viewer's periods that overlap the range and have started", async () => {
    const buyer = await buyerWithViewer();
    const created = { createdAt: at(-60 * DAY) };
    const recent = await createListing(db(), buyer.profile.id, { title: "Recent", ...created });
    const old = await createListing(db(), buyer.profile.id, { title: "Old", ...created });
    const upcoming = await createListing(db(), buyer.profile.id, { title: "Upcoming", ...created });
    // Ended 2 days ago: inside 7 days. Ended 8 days ago: before the 7 days' first day began.
    await createBoostPurchase(db(), { listingId: recent.id, startsAt: at(-16 * DAY), endsAt: at(-2 * DAY) });
    await createBoostPurchase(db(), { listingId: old.id, startsAt: at(-22 * DAY), endsAt: at(-8 * DAY) });
    await createBoostPurchase(db(), { listingId: upcoming.id, startsAt: at(DAY), endsAt: at(15 * DAY) });
    const other = await buyerWithViewer();
    const theirs = await createListing(db(), other.profile.id, created);
    await createBoostPurchase(db(), { listingId: theirs.id, startsAt: at(-5 * DAY), endsAt: at(9 * DAY) });

    expect((await analytics(buyer.viewer, 7)).boosts.map((b) => b.title)).toEqual(["Recent"]);
    expect((await analytics(buyer.viewer, 30)).boosts.map((b) => b.title)).toEqual(["Recent", "Old"]);
    expect((await analytics(other.viewer, 90)).boosts.map((b) => b.listingId)).toEqual([theirs.id]);
  });

  it("answers for a boost that started hours ago, with fractional days", async () => {
    const buyer = await buyerWithViewer();
    const young = await createListing(db(), buyer.profile.id, { title: "Young", createdAt: at(-2 * DAY) });
    const brandNew = await createListing(db(), buyer.profile.id, { title: "New", createdAt: at(-6 * HOUR) });
    for (const listing of [young, brandNew]) {
      await createBoostPurchase(db(), {
        listingId: listing.id,
        startsAt: at(-6 * HOUR),
        endsAt: at(14 * DAY),
      });
    }
    await events(young.id, "view", at(-HOUR), 3);
    await events(young.id, "view", at(-DAY), 1);

    const { boosts } = await analytics(buyer.viewer, 7);
    const byTitle = Object.fromEntries(boosts.map((b) => [b.title, b]));
    // 6 hours are 0.25 days: 3 views in them are 12 a day.
    expect(byTitle.Young!.during).toMatchObject({ days: 0.25, views: 3, perDay: { views: 12 } });
    // The listing is 2 days old: its "before" is the 1.75 days it existed unboosted.
    expect(byTitle.Young!.before).toMatchObject({
      from: iso(-2 * DAY),
      days: 1.75,
      views: 1,
      perDay: { views: 0.57 },
    });
    // 12 / (1 / 1.75) - 1 = 20
    expect(byTitle.Young!.change.views).toBe(20);
    // Boosted from its creation: nothing before to compare with.
    expect(byTitle.New!.before).toMatchObject({
      days: 0,
      views: 0,
      perDay: { views: null, reveals: null, dealIntents: null },
    });
    expect(byTitle.New!.change).toEqual({ views: null, reveals: null, dealIntents: null });
  });

  it("sends the periods through the route, and none when there are none", async () => {
    const buyer = await buyerWithViewer();
    const cookie = await signIn(ctx, buyer.user.email);
    const get = async () =>
      (await ctx.app.inject({ url: "/api/buyer-analytics?days=7", headers: { cookie } })).json();
    expect((await get()).boosts).toEqual([]);

    const listing = await createListing(db(), buyer.profile.id, {
      createdAt: new Date(Date.now() - 30 * DAY),
    });
    const startsAt = new Date(Date.now() - 2 * DAY);
    await createBoostPurchase(db(), {
      listingId: listing.id,
      startsAt,
      endsAt: new Date(Date.now() + 12 * DAY),
    });
    await events(listing.id, "view", new Date(Date.now() - DAY), 2);
    const [period] = (await get()).boosts;
    expect(period).toMatchObject({ listingId: listing.id, startsAt: startsAt.toISOString() });
    expect(period.during.views).toBe(2);
    expect(period.before).toMatchObject({ days: 14, views: 0, perDay: { views: 0 } });
    expect(period.change).toEqual({ views: null, reveals: null, dealIntents: null });
  });
});
