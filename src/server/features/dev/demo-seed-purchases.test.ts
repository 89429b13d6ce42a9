import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  boostPurchases,
  buyerListings,
  mails,
  notificationPreferences,
  subscriptions,
  users,
} from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createSignedInUser } from "../../test/factories";
import { seedDemoData } from "./demo-seed";
import { seedDemoPurchases } from "./demo-seed-purchases";

// With simulated payments the demo accounts' paid features are real purchases at the simulator, granted
// by the app's own webhook: a paid Premium and SMS add-on, a paid Boost with its receipt, and revenue.

describe("demo purchases with simulated payments", () => {
  const ctx = useTestApp({ simulatePayments: true });

  it("buys the demo Premium, SMS add-on and Boost once, with their receipts and revenue", async () => {
    const db = ctx.database.db;
    await seedDemoData(db, { payments: "simulated" });
    const idOf = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const premiumId = await idOf("premium@demo.test");
    // Nothing granted by the data seed: the purchases bring them.
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, premiumId))).toEqual([]);

    expect(await seedDemoPurchases(ctx.app, ctx.simulation!)).toEqual({
      premium: true,
      sms: true,
      boosts: 1,
    });

    const plans = await db
      .select({ product: subscriptions.product, status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, premiumId), isNotNull(subscriptions.stripeSubscriptionId)))
      .orderBy(subscriptions.product);
    expect(plans).toEqual([
      { product: "premium", status: "active" },
      { product: "sms", status: "active" },
    ]);
    // Instant alerts, a Premium benefit, chosen once Premium was paid.
    const [alerts] = await db
      .select({ frequency: notificationPreferences.frequency })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, premiumId));
    expect(alerts?.frequency).toBe("instant");

    const [bought] = await db
      .select({ title: buyerListings.title, purchase: boostPurchases })
      .from(boostPurchases)
      .innerJoin(buyerListings, eq(buyerListings.id, boostPurchases.listingId))
      .where(eq(boostPurchases.source, "stripe"));
    expect(bought).toMatchObject({
      title: "Debt Settlement Qualified Leads",
      purchase: { status: "active", amountCents: ctx.config.boostPriceCents, days: 14 },
    });
    const receipts = await db
      .select({ to: mails.to, subject: mails.subject })
      .from(mails)
      .where(eq(mails.subject, 'Receipt: Boost for "Debt Settlement Qualified Leads"'));
    expect(receipts).toEqual([{ to: "buyer@demo.test", subject: expect.any(String) }]);

    const admin = await createSignedInUser(ctx, { role: "admin" });
    const stats = (
      await ctx.app.inject({ url: "/api/admin/stats", headers: { cookie: admin.cookie } })
    ).json().premium;
    expect(stats).toMatchObject({ paid: 1, complimentary: 0, monthlyRecurringRevenue: "41.58" });

    // Once: a second start buys nothing more.
    expect(await seedDemoPurchases(ctx.app, ctx.simulation!)).toEqual({
      premium: false,
      sms: false,
      boosts: 0,
    });
  });
});
