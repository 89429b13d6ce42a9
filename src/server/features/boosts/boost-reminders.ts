import { sql } from "drizzle-orm";
import { z } from "zod";
import { BOOST_REMINDER_DAYS_BEFORE } from "../../../shared/constants";
import { type Db, selectRows } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { type BoostMailContext, boostReminderMail } from "./boost-mail";

// Two days before a boost ends, one mail to the buyer with a link to extend it. An hourly schedule
// (pg-boss sends each slot once across instances) looks for purchases that end the listing's boost within
// that window. The purchases are claimed by setting reminder_sent_at in the transaction that queues their
// mails (whose keys are unique too): two rounds at once, or a round retried after a crash, mail each once.
// A purchase that a later one extended does not end the boost, so it is never reminded about.

const dueSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  title: z.string(),
  startsAt: z.coerce.date(),
  endsAt: z.coerce.date(),
  to: z.string(),
});

/** One round: queues the reminders now due. Returns how many were queued. */
export async function sendBoostReminders({
  db,
  mailQueue,
  mail,
}: {
  db: Db;
  mailQueue: MailQueue;
  mail: BoostMailContext;
}): Promise<number> {
  // One statement claims every due purchase (reminder_sent_at) and reads what its mail needs, in the
  // transaction that queues the mails: a concurrent round waits for the rows, then finds them claimed.
  // Written to the buyer's sign-in address (the listing's owner now, whoever paid).
  return db.transaction(async (tx) => {
    const claimed = await selectRows(
      tx,
      dueSchema,
      sql`update boost_purchases p set reminder_sent_at = now()
        from buyer_listings l
          join buyer_profiles bp on bp.id = l.buyer_id
          join users u on u.id = bp.user_id
        where l.id = p.listing_id and p.id in (
            select d.id from boost_purchases d join buyer_listings dl on dl.id = d.listing_id
            where d.status = 'active' and d.reminder_sent_at is null
              and d.ends_at > now()
              and d.ends_at <= now() + make_interval(days => ${BOOST_REMINDER_DAYS_BEFORE}::int)
              and dl.boosted_until = d.ends_at and dl.status = 'active'
            order by d.ends_at
            limit 500)
          and p.reminder_sent_at is null
        returning p.id, p.listing_id as "listingId", l.title, p.starts_at as "startsAt",
          p.ends_at as "endsAt", u.email as "to"`,
    );
    await mailQueue.enqueue(
      tx,
      claimed.map((purchase) => boostReminderMail(mail, { purchaseId: purchase.id, ...purchase })),
    );
    return claimed.length;
  });
}

export function registerBoostJobs(
  jobs: JobQueue,
  deps: { db: Db; mailQueue: MailQueue; mail: BoostMailContext },
): void {
  jobs.handle("boost-reminders", async () => {
    const sent = await sendBoostReminders(deps);
    if (sent > 0) jobs.log.info({ sent }, "boost reminders queued");
  });
  jobs.scheduleOnStart("boost-reminders", "41 * * * *", {});
}
