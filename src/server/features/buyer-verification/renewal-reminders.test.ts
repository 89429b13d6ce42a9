import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import { buyerVerifications, mailOutbox, mails } from "../../db/schema";
import { JobQueue } from "../../jobs/job-queue";
import { useTestApp } from "../../test/context";
import { createBuyer, sendQueuedMail, signIn, verifyBuyer } from "../../test/factories";
import { registerBuyerVerificationJobs, sendRenewalReminders } from "./renewal-reminders";
import { verificationTermEnd } from "./verification-review";

const DAY_MS = 24 * 3600_000;
const mail = { appName: "PayPerCall Hub", appUrl: "http://localhost:5000" };

/** When an approval must have been given for its badge to end `days` after `now`. */
function approvedEndingIn(days: number, now: Date): Date {
  const end = new Date(now.getTime() + days * DAY_MS);
  const at = new Date(end);
  at.setUTCMonth(at.getUTCMonth() - BUYER_VERIFICATION.termMonths);
  // The term is counted in months: make sure the approval really ends where asked.
  expect(verificationTermEnd(at).getTime()).toBe(end.getTime());
  return at;
}

describe("verification renewal reminders", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const reminders = () => db().select().from(mails).where(like(mails.key, "buyer-verification:%:reminder"));

  it("mails once per approval when the badge ends within the reminder window, however many rounds run", async () => {
    const now = new Date("2027-06-15T12:00:00.000Z");
    const due = await createBuyer(db());
    const approval = await verifyBuyer(db(), due.profile.id, { at: approvedEndingIn(10, now) });
    const later = await createBuyer(db());
    await verifyBuyer(db(), later.profile.id, {
      at: approvedEndingIn(BUYER_VERIFICATION.reminderDays + 1, now),
    });
    const lapsed = await createBuyer(db());
    await verifyBuyer(db(), lapsed.profile.id, { at: approvedEndingIn(-1, now) });

    const round = (at: Date) =>
      sendRenewalReminders({ db: db(), mailQueue: ctx.app.mailQueue, mail, now: at });
    const [a, b] = await Promise.all([round(now), round(now)]);
    expect(a + b).toBe(1);
    expect(await round(now)).toBe(0);
    expect(await round(new Date(now.getTime() + 3 * DAY_MS))).toBe(1); // the later one comes due
    expect(await reminders()).toHaveLength(2);
    const [claimed] = await db()
      .select()
      .from(buyerVerifications)
      .where(eq(buyerVerifications.id, approval.attempt.id));
    expect(claimed?.reminderSentAt?.toISOString()).toBe(now.toISOString());

    await sendQueuedMail(ctx);
    const [sent] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, due.user.email));
    expect(sent?.subject).toMatch(/^Your "Verified buyer" badge ends on /);
    expect(sent?.text).toContain("http://localhost:5000/buyer/dashboard?tab=verification");
  });

  it("shows the renewal as due to the buyer, and does not remind while a renewal waits or once it is approved", async () => {
    const now = new Date();
    const waiting = await createBuyer(db(), { website: "https://waiting-calls.example" });
    await verifyBuyer(db(), waiting.profile.id, { at: approvedEndingIn(5, now) });
    const cookie = await signIn(ctx, waiting.user.email);
    const state = (await ctx.app.inject({ url: "/api/buyer-verification", headers: { cookie } })).json();
    expect(state.isRenewalDue).toBe(true);
    expect(state.badge).not.toBeNull();
    await db().insert(buyerVerifications).values({
      buyerId: waiting.profile.id,
      domain: "waiting-calls.example",
      status: "submitted",
      submittedAt: now,
    });

    const renewed = await createBuyer(db());
    await verifyBuyer(db(), renewed.profile.id, { at: approvedEndingIn(5, now) });
    await verifyBuyer(db(), renewed.profile.id, { at: now });

    expect(await sendRenewalReminders({ db: db(), mailQueue: ctx.app.mailQueue, mail, now })).toBe(0);
  });

  it("sends one reminder through the scheduled job even with two queue workers", async () => {
    const { profile } = await createBuyer(db());
    await verifyBuyer(db(), profile.id, { at: approvedEndingIn(3, new Date()) });
    // A second queue over the same database, as a second instance would run: both handle the round.
    const other = new JobQueue({ database: ctx.database, log: ctx.app.log });
    registerBuyerVerificationJobs(other, {
      db: db(),
      mailQueue: ctx.app.mailQueue,
      mail,
      now: () => new Date(),
    });
    await ctx.app.jobs.send("buyer-verification-reminders", {});
    await other.send("buyer-verification-reminders", {});
    await Promise.all([
      ctx.app.jobs.workUntilIdle({ queues: ["buyer-verification-reminders"] }),
      other.workUntilIdle({ queues: ["buyer-verification-reminders"] }),
    ]);
    await other.stop();
    expect(await reminders()).toHaveLength(1);
  });
});
