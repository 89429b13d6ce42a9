import { and, asc, eq, gt, inArray, isNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { buyerProfiles, buyerVerifications, users } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { renewalReminderMail, type VerificationMailContext } from "./verification-mail";

// BUYER_VERIFICATION.reminderDays before a badge ends, one mail to the buyer with a link to renew. The
// badge itself needs no sweep: it shows while verified_until is in the future, so it lapses by itself.
// An hourly schedule (pg-boss sends each slot once across instances) claims the due approvals by setting
// reminder_sent_at in the transaction that queues their mails (whose keys are unique too): two rounds at
// once, or a round retried after a crash, mail each approval once. Only the approval in force is reminded
// about (a renewal already approved ends later), and not while a renewal waits for review.

/** In the claim's subquery: the due approval, its buyer's profile, and a renewal waiting for review. */
const due = alias(buyerVerifications, "d");
const dueProfile = alias(buyerProfiles, "dp");
const renewal = alias(buyerVerifications, "r");

/** One round at `now`: queues the reminders now due. Returns how many were queued. */
export async function sendRenewalReminders({
  db,
  mailQueue,
  mail,
  now = new Date(),
}: {
  db: Db;
  mailQueue: MailQueue;
  mail: VerificationMailContext;
  now?: Date;
}): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const dueIds = tx
      .select({ id: due.id })
      .from(due)
      .innerJoin(dueProfile, eq(dueProfile.id, due.buyerId))
      .where(
        and(
          eq(due.status, "approved"),
          isNull(due.reminderSentAt),
          gt(due.expiresAt, now),
          sql`${due.expiresAt} <= ${at} + make_interval(days => ${BUYER_VERIFICATION.reminderDays}::int)`,
          eq(dueProfile.verifiedUntil, due.expiresAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(renewal)
              .where(and(eq(renewal.buyerId, due.buyerId), eq(renewal.status, "submitted"))),
          ),
        ),
      )
      .orderBy(asc(due.expiresAt))
      .limit(500);
    const claimed = await tx
      .update(buyerVerifications)
      .set({ reminderSentAt: now })
      .from(buyerProfiles)
      .innerJoin(users, eq(users.id, buyerProfiles.userId))
      .where(
        and(
          eq(buyerProfiles.id, buyerVerifications.buyerId),
          inArray(buyerVerifications.id, dueIds),
          isNull(buyerVerifications.reminderSentAt),
          isNull(users.deletedAt),
        ),
      )
      .returning({
        id: buyerVerifications.id,
        domain: buyerVerifications.domain,
        // Never null: the subquery took only approvals with a term end.
        until: sql<Date>`${buyerVerifications.expiresAt}`.mapWith(buyerVerifications.expiresAt),
        to: users.email,
      });
    await mailQueue.enqueue(
      tx,
      claimed.map((due) => renewalReminderMail(mail, { attemptId: due.id, ...due })),
    );
    return claimed.length;
  });
}

export function registerBuyerVerificationJobs(
  jobs: JobQueue,
  deps: { db: Db; mailQueue: MailQueue; mail: VerificationMailContext; now: () => Date },
): void {
  jobs.handle("buyer-verification-reminders", async () => {
    const sent = await sendRenewalReminders({ ...deps, now: deps.now() });
    if (sent > 0) jobs.log.info({ sent }, "verification renewal reminders queued");
  });
  jobs.scheduleOnStart("buyer-verification-reminders", "17 * * * *", {});
}
