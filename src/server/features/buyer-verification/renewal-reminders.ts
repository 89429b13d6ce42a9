import { sql } from "drizzle-orm";
import { z } from "zod";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import { type Db, selectRows } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { renewalReminderMail, type VerificationMailContext } from "./verification-mail";

// BUYER_VERIFICATION.reminderDays before a badge ends, one mail to the buyer with a link to renew. The
// badge itself needs no sweep: it shows while verified_until is in the future, so it lapses by itself.
// An hourly schedule (pg-boss sends each slot once across instances) claims the due approvals by setting
// reminder_sent_at in the transaction that queues their mails (whose keys are unique too): two rounds at
// once, or a round retried after a crash, mail each approval once. Only the approval in force is reminded
// about (a renewal already approved ends later), and not while a renewal waits for review.

const dueSchema = z.object({
  id: z.string(),
  domain: z.string(),
  until: z.coerce.date(),
  to: z.string(),
});

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
    const claimed = await selectRows(
      tx,
      dueSchema,
      sql`update buyer_verifications v set reminder_sent_at = ${at}
        from buyer_profiles bp join users u on u.id = bp.user_id
        where bp.id = v.buyer_id and v.id in (
            select d.id from buyer_verifications d join buyer_profiles dp on dp.id = d.buyer_id
            where d.status = 'approved' and d.reminder_sent_at is null
              and d.expires_at > ${at}
              and d.expires_at <= ${at} + make_interval(days => ${BUYER_VERIFICATION.reminderDays}::int)
              and dp.verified_until = d.expires_at
              and not exists (
                select 1 from buyer_verifications r where r.buyer_id = d.buyer_id and r.status = 'submitted')
            order by d.expires_at
            limit 500)
          and v.reminder_sent_at is null and u.deleted_at is null
        returning v.id, v.domain, v.expires_at as "until", u.email as "to"`,
    );
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
