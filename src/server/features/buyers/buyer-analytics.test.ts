import { describe, expect, it } from "vitest";
import { dealIntents, listingEvents } from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createUser,
  grantPremium,
  signIn,
} from "../../test/factories";

// The buyer dashboard's figures and the Analytics tab, counted by the database (every
// dashboard figure is live, never made up). Events are recorded through the real routes where a route records them, and
// written directly where a test needs them on another day.

const DAY = 24 * 3600 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

describe("buyer dashboard figures and analytics", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const get = async (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });

  async function event(listingId: string, kind: "view" | "reveal" | "save", daysAgo: number, key: string) {
    const at = new Date(Date.now() - daysAgo * DAY);
    await db()
      .insert(listingEvents)
      .values({ listingId, kind, viewerKey: key, day: dayOf(at), createdAt: at });
  }

  it("counts the four dashboard cards from the database", async () => {
    const buyer = await createBuyer(db(), { payoutMin: "25.00", payoutMax: "100.00" });
    const cookie = await signIn(ctx, buyer.user.email);
    const empty = await get(cookie, "/api/buyer-stats");
    expect(empty.statusCode).toBe(200);
    // No live listing, no average: the profile's payout range is not a payout anyone is paid.
    expect(empty.json()).toEqual({
      activeListings: 0,
      pendingDealIntents: 0,
      avgPayout: null,
      listingViews: 0,
    });

    const a = await createListing(db(), buyer.profile.id, { payout: "40.00" });
    const b = await createListing(db(), buyer.profile.id, { payout: "85.00" });
    // Paused and admin-removed listings pay nobody today: out of the average.
    await createListing(db(), buyer.profile.id, { status: "paused", payout: "500.00" });
    await createListing(db(), buyer.profile.id, { status: "inactive", payout: "900.00" });
    const publisher = await createPublisher(db(), { status: "approved" });
    await db()
      .insert(dealIntents)
      .values([
        { buyerId: buyer.profile.id, publisherId: publisher.profile.id, listingId: a.id },
        { buyerId: buyer.profile.id, publisherId: publisher.profile.id, listingId: b.id, status: "accepted" },
      ]);
    // Views: two viewers today through the real detail route, one 40 days ago (outside 30 days).
    for (const email of [(await createUser(db())).email, (await createUser(db())).email]) {
      const viewer = await signIn(ctx, email);
      await get(viewer, `/api/buyer-listings/${a.id}`);
      await get(viewer, `/api/buyer-listings/${a.id}`); // same viewer, same day: one view
    }
    await event(b.id, "view", 40, "old-viewer");
    // The owner looking at their own listing is not a view.
    await get(cookie, `/api/buyer-listings/${b.id}`);
    // Another buyer's views are not this buyer's.
    const other = await createBuyer(db());
    await event((await createListing(db(), other.profile.id)).id, "view", 1, "someone");

    // Avg Payout: the rounded mean of the two live listings, (40 + 85) / 2 = 62.5 → 63.
    expect((await get(cookie, "/api/buyer-stats")).json()).toEqual({
      activeListings: 2,
      pendingDealIntents: 1,
      avgPayout: 63,
      listingViews: 2,
    });
  });

  it("counts a reveal as its visitor's view, so no figure has more reveals than views", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const listing = await createListing(db(), buyer.profile.id);
    // One visitor revealed three times today without a recorded view, another only looked.
    for (let i = 0; i < 3; i++) await event(listing.id, "reveal", 0, "revealer");
    await event(listing.id, "view", 0, "looker");
    const week = (await get(cookie, "/api/buyer-analytics?days=7")).json();
    expect(week.totals).toMatchObject({ views: 2, reveals: 1, conversion: 1 / 2 });
    expect(week.listings[0]).toMatchObject({ views: 2, reveals: 1 });
    expect(week.daily.at(-1)).toMatchObject({ views: 2, reveals: 1 });
    expect((await get(cookie, "/api/buyer-stats")).json()).toMatchObject({ listingViews: 2 });
  });

  it("aggregates views, reveals, saves and deal intents per listing, in total and per day", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const older = await createListing(db(), buyer.profile.id, {
      title: "Older",
      createdAt: new Date(Date.now() - 60 * DAY),
    });
    const newer = await createListing(db(), buyer.profile.id, { title: "Newer", status: "paused" });
    const unrelated = await createListing(db(), (await createBuyer(db())).profile.id);

    // Today, through the routes: a premium publisher views, reveals and saves "Older"; unsaving keeps
    // the save in the history, and saving again does not count twice.
    const premium = await createUser(db(), { role: "publisher" });
    await grantPremium(db(), premium.id);
    const premiumCookie = await signIn(ctx, premium.email);
    await get(premiumCookie, `/api/buyer-listings/${older.id}`);
    const reveal = await ctx.app.inject({
      method: "POST",
      url: `/api/reveal-contact/${older.id}`,
      headers: { cookie: premiumCookie },
    });
    expect(reveal.statusCode).toBe(200);
    for (const method of ["PUT", "DELETE", "PUT"] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api/saved-listings/${older.id}`,
        headers: { cookie: premiumCookie },
      });
      expect(res.statusCode).toBe(204);
    }
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/saved-listings/${older.id}`,
      headers: { cookie: premiumCookie },
    });

    // Earlier days, written directly.
    await event(older.id, "view", 3, "v1");
    await event(older.id, "view", 3, "v2");
    await event(newer.id, "view", 10, "v3");
    await event(newer.id, "view", 45, "v4"); // inside 90 days only
    await event(unrelated.id, "view", 1, "v5"); // another buyer's listing
    const publisher = await createPublisher(db(), { status: "approved" });
    await db()
      .insert(dealIntents)
      .values([
        {
          buyerId: buyer.profile.id,
          publisherId: publisher.profile.id,
          listingId: older.id,
          status: "accepted",
          createdAt: new Date(Date.now() - 5 * DAY),
          decidedAt: new Date(Date.now() - 3 * DAY),
        },
        {
          buyerId: buyer.profile.id,
          publisherId: publisher.profile.id,
          listingId: newer.id,
          createdAt: new Date(Date.now() - 50 * DAY),
        },
      ]);

    const week = await get(cookie, "/api/buyer-analytics?days=7");
    expect(week.statusCode, week.body).toBe(200);
    const w = week.json();
    expect(w.days).toBe(7);
    expect(w.to).toBe(dayOf(new Date()));
    expect(w.from).toBe(dayOf(new Date(Date.now() - 6 * DAY)));
    expect(w.daily).toHaveLength(7);
    expect(w.totals).toEqual({
      views: 3,
      reveals: 1,
      saves: 1,
      dealIntents: 1,
      accepted: 1,
      conversion: 1 / 3,
    });
    // Newest listing first; a listing with nothing in the range is still listed, with zeros.
    expect(w.listings).toEqual([
      {
        listingId: newer.id,
        title: "Newer",
        status: "paused",
        views: 0,
        reveals: 0,
        saves: 0,
        dealIntents: 0,
        accepted: 0,
        conversion: null,
      },
      {
        listingId: older.id,
        title: "Older",
        status: "active",
        views: 3,
        reveals: 1,
        saves: 1,
        dealIntents: 1,
        accepted: 1,
        conversion: 1 / 3,
      },
    ]);
    const byDay = Object.fromEntries(w.daily.map((d: { day: string }) => [d.day, d]));
    expect(byDay[dayOf(new Date())]).toEqual({
      day: dayOf(new Date()),
      views: 1,
      reveals: 1,
      saves: 1,
      dealIntents: 0,
      accepted: 0,
    });
    expect(byDay[dayOf(new Date(Date.now() - 3 * DAY))]).toMatchObject({ views: 2, accepted: 1 });
    expect(byDay[dayOf(new Date(Date.now() - 5 * DAY))]).toMatchObject({ views: 0, dealIntents: 1 });

    const month = (await get(cookie, "/api/buyer-analytics")).json();
    expect(month.days).toBe(30);
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toMatchObject({ views: 4, dealIntents: 1 });

    const quarter = (await get(cookie, "/api/buyer-analytics?days=90")).json();
    expect(quarter.totals).toMatchObject({ views: 5, dealIntents: 2, accepted: 1 });
    expect(quarter.daily).toHaveLength(90);
    const sum = (key: string) =>
      quarter.daily.reduce((n: number, d: Record<string, number>) => n + (d[key] ?? 0), 0);
    expect(sum("views")).toBe(5);
    expect(sum("dealIntents")).toBe(2);
  });

  it("offers 7, 30 and 90 days only, and only to a buyer", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    for (const days of ["14", "0", "abc", "-7"]) {
      const res = await get(cookie, `/api/buyer-analytics?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toContain("must be one of 7, 30, 90");
    }
    const publisher = await createPublisher(db(), { status: "approved" });
    const publisherCookie = await signIn(ctx, publisher.user.email);
    for (const url of ["/api/buyer-analytics", "/api/buyer-stats"]) {
      const res = await get(publisherCookie, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
  });
});
