import { sql } from "drizzle-orm";
import { type Db, selectTypedRows } from "../../db/client";
import { alertDeliveries } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import {
  LISTING_FROM,
  type ListingRow,
  listingColumnsFor,
  toListing,
  visibleTo,
} from "../../lib/listing-read";
import { readCurrentUser } from "../../lib/viewer";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { findWebhookMatches } from "./alert-matching";

// listing.matched: a newly active listing that matches one of a publisher's alerts goes to their webhook
// endpoints at once, one event per listing, as the directory shows it to them (the contact only under
// the contact rule: Premium, or an accepted deal). Once per user and listing: the claim in
// alert_deliveries (channel webhook) commits with the event, so a retried job or a listing activated
// again sends nothing new.

/** The events for these newly active listings (called by the alert-listings-activated job). */
export async function sendListingMatchedEvents({
  db,
  jobs,
  listingIds,
}: {
  db: Db;
  jobs: JobQueue;
  listingIds: string[];
}): Promise<void> {
  const pairs = await findWebhookMatches(db, listingIds);
  const byUser = new Map<string, string[]>();
  for (const { userId, listingId } of pairs) byUser.set(userId, [...(byUser.get(userId) ?? []), listingId]);
  const now = new Date();
  for (const [userId, ids] of byUser) {
    const viewer = await readCurrentUser({ db, userId });
    if (!viewer) continue;
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(alertDeliveries)
        .values(
          ids.map((listingId) => ({
            userId,
            listingId,
            channel: "webhook" as const,
            kind: "instant" as const,
            status: "sent" as const,
            sentAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [alertDeliveries.userId, alertDeliveries.listingId, alertDeliveries.channel],
        })
        .returning({ listingId: alertDeliveries.listingId });
      if (claimed.length === 0) return;
      const rows = await selectTypedRows<ListingRow>(
        tx,
        sql`select ${listingColumnsFor(viewer)} from ${LISTING_FROM}
            where l.id = any(${sql.param(claimed.map((c) => c.listingId))}::uuid[]) and ${visibleTo(viewer)}
            order by l.activated_at, l.id`,
      );
      for (const row of rows) {
        await emitWebhookEvent(tx, jobs, {
          userId,
          type: "listing.matched",
          data: toListing(row, viewer, now),
          now,
        });
      }
    });
  }
}
