import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { BOOST_REMINDER_DAYS_BEFORE } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { boostPurchases, buyerListings, buyerProfiles, users } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { type BoostMailContext, boostReminderMail } from "./boost-mail";

// Two days before a boost ends, one mail to the buyer with a link to extend it. An hourly schedule
// (pg-boss sends each slot once across instances) looks for purchases that end the listing's boost within
// that window. The purchases are claimed by setting reminder_sent_at in the transaction that queues their
// mails (whose keys are unique too): two rounds at once, or a round retried after a crash, mail each once.
// A purchase that a later one extended does not end the boost, so it is never reminded about.

/** The due purchase and its listing, inside the claim's subquery. */
const due = alias(boostPurchases, "d");
const dueListing = alias(buyerListings, "dl");

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
    const dueIds = tx
      .select({ id: due.id })
      .from(due)
      .innerJoin(dueListing, eq(dueListing.id, due.listingId))
      .where(
        and(
          eq(due.status, "active"),
          isNull(due.reminderSentAt),
          sql`${due.endsAt} > now()`,
          sql`${due.endsAt} <= now() + make_interval(days => ${BOOST_REMINDER_DAYS_BEFORE}::int)`,
          eq(dueListing.boostedUntil, due.endsAt),
          eq(dueListing.status, "active"),
        ),
      )
      .orderBy(asc(due.endsAt))
      .limit(500);
    const claimed = await tx
      .update(boostPurchases)
      .set({ reminderSentAt: sql`now()` })
      .from(buyerListings)
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerListings.buyerId))
      .innerJoin(users, eq(users.id, buyerProfiles.userId))
      .where(
        and(
          eq(buyerListings.id, boostPurchases.listingId),
          inArray(boostPurchases.id, dueIds),
          isNull(boostPurchases.reminderSentAt),
        ),
      )
      .returning({
        id: boostPurchases.id,
        listingId: buyerListings.id,
        title: buyerListings.title,
        startsAt: boostPurchases.startsAt,
        endsAt: boostPurchases.endsAt,
        to: users.email,
      });
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
