import { describe, expect, it } from "vitest";
import { dealIntents, disputes } from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createUser,
  grantPremium,
  signIn,
} from "../../test/factories";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("GET /api/admin/stats", () => {
  const ctx = useTestApp({ env: { PREMIUM_PRICE_CENTS: "49900" } });

  it("counts users, Premium, revenue, reviews, disputes and listings from the database", async () => {
    const db = ctx.database.db;
    const now = Date.now();
    const admin = await createUser(db, { role: "admin" });
    await createUser(db, { role: "guest" });
    await createUser(db, { role: "guest", disabledAt: new Date() });

    // Publishers: two pending, one approved today, one approved two days ago, one rejected today.
    const pending = await createPublisher(db, { status: "pending" });
    await createPublisher(db, { status: "pending" });
    await createPublisher(db, { status: "approved", reviewedAt: new Date(now - 1000) });
    await createPublisher(db, { status: "approved", reviewedAt: new Date(now - 2 * DAY_MS) });
    await createPublisher(db, { status: "rejected", reviewedAt: new Date(now - 1000) });

    // Premium: two paid (Stripe), one complimentary, one expired, one canceled.
    const paidA = await createUser(db, { role: "publisher" });
    const paidB = await createUser(db, { role: "publisher" });
    await grantPremium(db, paidA.id, {
      stripeSubscriptionId: "sub_a",
      currentPeriodEnd: new Date(now + DAY_MS),
    });
    await grantPremium(db, paidB.id, { stripeSubscriptionId: "sub_b", status: "trialing" });
    await grantPremium(db, pending.user.id);
    await grantPremium(db, admin.id, {
      stripeSubscriptionId: "sub_old",
      currentPeriodEnd: new Date(now - DAY_MS),
    });
    await grantPremium(db, admin.id, { stripeSubscriptionId: "sub_gone", status: "canceled" });

    // Listings: three this week (one paused), one older.
    const buyer = await createBuyer(db);
    await createListing(db, buyer.profile.id, { vertical: "Insurance" });
    await createListing(db, buyer.profile.id, { vertical: "Insurance", status: "paused" });
    await createListing(db, buyer.profile.id, { vertical: "Legal" });
    await createListing(db, buyer.profile.id, { vertical: "Solar", createdAt: new Date(now - 10 * DAY_MS) });

    // Disputes hang off an accepted deal intent: one open, one decided, one dismissed.
    const [deal] = await db
      .insert(dealIntents)
      .values({ buyerId: buyer.profile.id, publisherId: pending.profile.id, status: "accepted" })
      .returning();
    const dispute = { buyerId: buyer.profile.id, publisherId: pending.profile.id, dealIntentId: deal!.id };
    await db.insert(disputes).values([
      { ...dispute, openedBy: "publisher", reason: "Calls were transfers" },
      { ...dispute, openedBy: "buyer", reason: "Duplicate calls", status: "resolved" },
      { ...dispute, openedBy: "buyer", reason: "Calls too short", status: "rejected" },
    ]);

    // "Today" began an hour ago (the page sends the admin's local midnight).
    const dayStart = encodeURIComponent(new Date(now - 3600_000).toISOString());
    const res = await ctx.app.inject({
      url: `/api/admin/stats?dayStart=${dayStart}`,
      headers: { cookie: await signIn(ctx, admin.email) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({
      // 1 admin, 2 guests, 5 + 2 publishers, 1 buyer.
      users: { total: 11, admin: 1, buyer: 1, publisher: 7, guest: 2, disabled: 1 },
      premium: {
        subscribers: 3,
        paid: 2,
        complimentary: 1,
        // 2 x $499 a year / 12 = $83.17 a month.
        monthlyRecurringRevenue: "83.17",
        priceCents: 49900,
        interval: "year",
      },
      publishers: { pending: 2, approvedToday: 1, rejectedToday: 1, total: 5 },
      openDisputes: 1,
      listings: {
        total: 4,
        active: 3,
        newThisWeek: 3,
        byVertical: [
          { vertical: "Insurance", total: 2, active: 1 },
          { vertical: "Legal", total: 1, active: 1 },
          { vertical: "Solar", total: 1, active: 1 },
        ],
      },
    });
  });

  it("starts today where the admin's day starts", async () => {
    const db = ctx.database.db;
    const admin = await createUser(db, { role: "admin" });
    const now = Date.now();
    await createPublisher(db, { status: "approved", reviewedAt: new Date(now - 3 * 60 * 60 * 1000) });
    const cookie = await signIn(ctx, admin.email);
    const since = (ms: number) => encodeURIComponent(new Date(now - ms).toISOString());
    const wide = await ctx.app.inject({
      url: `/api/admin/stats?dayStart=${since(5 * 3600_000)}`,
      headers: { cookie },
    });
    expect(wide.json().publishers.approvedToday).toBe(1);
    const narrow = await ctx.app.inject({
      url: `/api/admin/stats?dayStart=${since(3600_000)}`,
      headers: { cookie },
    });
    expect(narrow.json().publishers.approvedToday).toBe(0);
    const bad = await ctx.app.inject({ url: "/api/admin/stats?dayStart=yesterday", headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("validation");
  });

  it("answers zeros on an empty platform, disputes included", async () => {
    const admin = await createUser(ctx.database.db, { role: "admin" });
    const res = await ctx.app.inject({
      url: "/api/admin/stats",
      headers: { cookie: await signIn(ctx, admin.email) },
    });
    expect(res.json()).toMatchObject({
      users: { total: 1, admin: 1 },
      premium: { subscribers: 0, monthlyRecurringRevenue: "0.00" },
      publishers: { pending: 0, total: 0 },
      openDisputes: 0,
      listings: { total: 0, byVertical: [] },
    });
  });
});
