import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { boostPurchases, buyerListings, mailOutbox, mails } from "../../db/schema";
import { JobQueue } from "../../jobs/job-queue";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, sendQueuedMail } from "../../test/factories";
import { grantBoostDays, lockListingBoost } from "./boost-periods";
import { registerBoostJobs, sendBoostReminders } from "./boost-reminders";

const DAY_MS = 24 * 3600 * 1000;

describe("boost expiry reminders", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const mail = { appName: "PayPerCall Hub", appUrl: "http://localhost:5000" };
  const round = () => sendBoostReminders({ db: db(), mailQueue: ctx.app.mailQueue, mail });

  /** A listing whose (one) purchase ends in `endsInMs`, as granted that long ago minus 14 days. */
  async function boostedListing(endsInMs: number, title = "Solar Leads") {
    const { user, profile } = await createBuyer(db());
    const listing = await createListing(db(), profile.id, { title });
    const purchase = await grant(listing.id, 14);
    const endsAt = new Date(Date.now() + endsInMs);
    await db()
      .update(boostPurchases)
      .set({ startsAt: new Date(endsAt.getTime() - 14 * DAY_MS), endsAt })
      .where(eq(boostPurchases.id, purchase.id));
    await db().update(buyerListings).set({ boostedUntil: endsAt }).where(eq(buyerListings.id, listing.id));
    return { user, listing, purchaseId: purchase.id, endsAt };
  }

  const grant = (listingId: string, days: number) =>
    db().transaction(async (tx) => {
      const listing = (await lockListingBoost(tx, listingId))!;
      return grantBoostDays(tx, { listing, days, source: "complimentary", userId: null, reason: "test" });
    });

  const reminderMails = () => db().select().from(mails).where(like(mails.key, "boost:%:reminder"));

  it("mails once per purchase two days before the boost ends, however many rounds run", async () => {
    const { user, listing, purchaseId } = await boostedListing(36 * 3600 * 1000, "Medicare Inbound");
    await boostedListing(3 * DAY_MS); // not yet due
    const [a, b] = await Promise.all([round(), round()]);
    expect(a + b).toBe(1);
    expect(await round()).toBe(0);
    expect(await reminderMails()).toHaveLength(1);
    const [claimed] = await db().select().from(boostPurchases).where(eq(boostPurchases.id, purchaseId));
    expect(claimed?.reminderSentAt).not.toBeNull();

    await sendQueuedMail(ctx);
    const [sent] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(sent?.subject).toMatch(/^Your Boost for "Medicare Inbound" ends on /);
    expect(sent?.text).toContain(`http://localhost:5000/buyer/listings/${listing.id}/boost`);
  });

  it("does not remind about a purchase that a later one extends, nor an ended, refunded or paused one", async () => {
    const extended = await boostedListing(DAY_MS);
    await grant(extended.listing.id, 14);
    const refunded = await boostedListing(DAY_MS);
    await db()
      .update(boostPurchases)
      .set({ status: "refunded" })
      .where(eq(boostPurchases.id, refunded.purchaseId));
    const paused = await boostedListing(DAY_MS);
    await db().update(buyerListings).set({ status: "paused" }).where(eq(buyerListings.id, paused.listing.id));
    await boostedListing(-60_000); // already over
    expect(await round()).toBe(0);
  });

  it("sends one reminder through the scheduled job even with two queue workers", async () => {
    await boostedListing(DAY_MS);
    // A second queue over the same database, as a second instance would run: both handle the round.
    const other = new JobQueue({ database: ctx.database, log: ctx.app.log });
    registerBoostJobs(other, { db: db(), mailQueue: ctx.app.mailQueue, mail });
    await ctx.app.jobs.send("boost-reminders", {});
    await other.send("boost-reminders", {});
    await Promise.all([
      ctx.app.jobs.workUntilIdle({ queues: ["boost-reminders"] }),
      other.workUntilIdle({ queues: ["boost-reminders"] }),
    ]);
    await other.stop();
    expect(await reminderMails()).toHaveLength(1);
  });
});
