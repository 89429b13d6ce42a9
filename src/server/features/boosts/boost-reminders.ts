import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { BOOST_REMINDER_DAYS_BEFORE } from "../../../shared/constants";
import { type Db, selectRows } from "../../db/client";
import { boostPurchases } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { type BoostMailContext, boostReminderMail } from "./boost-mail";

// Two days before a boost ends, one mail to the buyer with a link to extend it. An hourly schedule
// (pg-boss sends each slot once across instances) looks for purchases that end the listing's boost within
// that window. Each purchase is claimed by setting reminder_sent_at in the transaction that queues its
// mail (whose key is unique too): two rounds at once, or a round retried after a crash, mail it once.
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
  // Who to write to: the buyer's sign-in address (the listing's owner now, whoever paid).
  const due = await selectRows(
    db,
    dueSchema,
    sql`select p.id, p.listing_id as "listingId", l.title, p.starts_at as "startsAt", p.ends_at as "endsAt",
        u.email as "to"
      from boost_purchases p
      join buyer_listings l on l.id = p.listing_id
      join buyer_profiles bp on bp.id = l.buyer_id
      join users u on u.id = bp.user_id
      where p.status = 'active' and p.reminder_sent_at is null
        and p.ends_at > now()
        and p.ends_at <= now() + make_interval(days => ${BOOST_REMINDER_DAYS_BEFORE}::int)
        and l.boosted_until = p.ends_at and l.status = 'active'
      order by p.ends_at
      limit 500`,
  );
  let sent = 0;
  for (const purchase of due) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(boostPurchases)
        .set({ reminderSentAt: sql`now()` })
        .where(and(eq(boostPurchases.id, purchase.id), isNull(boostPurchases.reminderSentAt)))
        .returning({ id: boostPurchases.id });
      if (claimed.length === 0) return;
      await mailQueue.enqueue(tx, [boostReminderMail(mail, { purchaseId: purchase.id, ...purchase })]);
      sent++;
    });
  }
  return sent;
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
