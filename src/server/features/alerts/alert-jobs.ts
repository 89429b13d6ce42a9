import { and, eq, inArray, sql } from "drizzle-orm";
import { ALERT_LIMITS } from "../../../shared/constants";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { alertDeliveries, notificationPreferences } from "../../db/schema";
import type { JobContext, JobQueue, SqlClient } from "../../jobs/job-queue";
import type { DigestFrequency } from "../../jobs/queues";
import type { ListingRow } from "../../lib/listing-read";
import type { Mailer, MailMessage } from "../../lib/mailer";
import { type AlertMailContext, digestMail, instantAlertMail } from "./alert-mail";
import {
  type AlertRecipient,
  findDigestMatches,
  findDigestRecipients,
  findInstantMatches,
  findRecipient,
  findUndeliveredMatches,
} from "./alert-matching";
import { sendListingMatchedEvents } from "./alert-webhooks";
import { unsubscribeUrl } from "./unsubscribe";

// Listing alerts through the job queue (docs/decisions/011-job-queue.md):
//
//   a listing becomes active ─ announceListingsActivated ─> alert-listings-activated
//        ├─ Premium users with instant alerts that match ─> alert-instant-mail (one per user)
//        └─ publishers with a listing.matched webhook whose alerts match ─> its events (alert-webhooks.ts)
//   the daily / weekly schedule ─> alert-digest-daily / -weekly ─> alert-digest-mail (one per user due)
//
// Never the same listing twice to one user: before a mail goes out, each of its listings is claimed in
// alert_deliveries, whose unique key (user, listing, channel) is the idempotency key. A failed send
// releases its claims and throws, and pg-boss retries the job with backoff; a retry, an overlapping
// digest round or a duplicate job then finds the listings already claimed and sends nothing for them.
// What this cannot rule out is a process dying between the SMTP server's "accepted" and the claim's
// "sent": that claim stays "sending" and the listing is not sent again (at most once, never twice).

/** Listing ids per alert-listings-activated job: a CSV import of 100,000 rows makes 200 jobs. */
const ANNOUNCE_CHUNK = 500;

/** Digests look this far before the last run too: a listing committed late is not missed. */
const DIGEST_OVERLAP_MS = 60 * 60 * 1000;

/**
 * Tells the alerts that these listings just became active: created active, or made active again (a
 * buyer resuming a paused listing, an admin's edit, a CSV import). Call it inside the transaction that
 * writes them, with that transaction's connection (`within`): the jobs are rows of the same transaction,
 * so a committed listing always has its alert queued (a crash between a commit and a separate enqueue
 * lost it), and a rolled-back one never has. It only queues the work: the instant alerts are found and
 * mailed (and SMS alerts texted) by the queue's workers. Digests find the listings by their activated_at in any case.
 */
export async function announceListingsActivated({
  jobs,
  listingIds,
  within,
}: {
  jobs: JobQueue;
  listingIds: readonly string[];
  within: SqlClient;
}): Promise<void> {
  if (listingIds.length === 0) return;
  const chunks: { listingIds: string[] }[] = [];
  for (let i = 0; i < listingIds.length; i += ANNOUNCE_CHUNK) {
    chunks.push({ listingIds: listingIds.slice(i, i + ANNOUNCE_CHUNK) });
  }
  await jobs.sendMany("alert-listings-activated", chunks, { within });
  // SMS alerts (features/sms, a feature above this one) plan their texts from the same news, by queue name.
  await jobs.sendMany("sms-listings-activated", chunks, { within });
}

export interface AlertJobDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, "appName" | "appUrl" | "sessionSecret">;
}

function mailContext(config: AlertJobDeps["config"], userId: string): AlertMailContext {
  return {
    appName: config.appName,
    appUrl: config.appUrl,
    unsubscribeUrl: unsubscribeUrl(config.appUrl, config.sessionSecret, userId),
  };
}

/**
 * Claims the listings for this user, mails the ones claimed, and marks them sent. Listings another job
 * claimed first are left out; nothing claimed, nothing sent. Returns how many listings the mail carried.
 */
async function deliver(
  deps: AlertJobDeps,
  {
    userId,
    kind,
    job,
    listings,
    compose,
  }: {
    userId: string;
    kind: "instant" | DigestFrequency;
    job: JobContext;
    listings: ListingRow[];
    compose: (claimed: ListingRow[]) => MailMessage;
  },
): Promise<number> {
  if (listings.length === 0) return 0;
  const claimedIds = await deps.db
    .insert(alertDeliveries)
    .values(
      listings.map((l) => ({ userId, listingId: l.id, channel: "email" as const, kind, jobId: job.jobId })),
    )
    .onConflictDoNothing({
      target: [alertDeliveries.userId, alertDeliveries.listingId, alertDeliveries.channel],
    })
    .returning({ listingId: alertDeliveries.listingId });
  const claimed = new Set(claimedIds.map((c) => c.listingId));
  const mine = listings.filter((l) => claimed.has(l.id));
  if (mine.length === 0) return 0;
  const ours = and(
    eq(alertDeliveries.userId, userId),
    eq(alertDeliveries.jobId, job.jobId),
    eq(alertDeliveries.status, "sending"),
    inArray(alertDeliveries.listingId, [...claimed]),
  );
  try {
    await deps.mailer.send(compose(mine));
  } catch (err) {
    // Not sent: give the listings back, so the retry (or the next digest) can send them.
    await deps.db.delete(alertDeliveries).where(ours);
    throw err;
  }
  await deps.db.update(alertDeliveries).set({ status: "sent", sentAt: sql`now()` }).where(ours);
  return mine.length;
}

/**
 * alert-listings-activated: one instant-mail job per user with something new for them, and the
 * listing.matched webhook events.
 */
async function planInstantAlerts(
  deps: AlertJobDeps,
  jobs: JobQueue,
  { listingIds }: { listingIds: string[] },
): Promise<void> {
  const pairs = await findInstantMatches(deps.db, listingIds);
  const byUser = new Map<string, string[]>();
  for (const { userId, listingId } of pairs) byUser.set(userId, [...(byUser.get(userId) ?? []), listingId]);
  await jobs.sendMany(
    "alert-instant-mail",
    [...byUser].map(([userId, ids]) => ({ userId, listingIds: ids })),
  );
  await sendListingMatchedEvents({ db: deps.db, jobs, listingIds });
}

/**
 * alert-instant-mail: the listings, re-checked now (still live, still matching, not sent), to a user who
 * still has instant alerts and Premium. A user who lost Premium meanwhile gets them in the daily digest.
 */
async function sendInstantAlert(
  deps: AlertJobDeps,
  { userId, listingIds }: { userId: string; listingIds: string[] },
  job: JobContext,
): Promise<number> {
  const recipient = await findRecipient(deps.db, userId);
  if (recipient?.frequency !== "instant" || !recipient.isPremium) return 0;
  const matches = await findUndeliveredMatches(deps.db, userId, listingIds);
  const shown = matches.slice(0, ALERT_LIMITS.listingsPerMail);
  const ctx = mailContext(deps.config, userId);
  return deliver(deps, {
    userId,
    kind: "instant",
    job,
    listings: shown,
    compose: (claimed) =>
      instantAlertMail(ctx, { recipient, listings: claimed, more: matches.length - shown.length }),
  });
}

/** alert-digest-daily and -weekly: one digest-mail job per user whose alerts are due at this frequency. */
async function planDigests(
  deps: AlertJobDeps,
  jobs: JobQueue,
  { frequency }: { frequency: DigestFrequency },
): Promise<void> {
  const userIds = await findDigestRecipients(deps.db, frequency);
  await jobs.sendMany(
    "alert-digest-mail",
    userIds.map((userId) => ({ userId, frequency })),
  );
}

/** The frequency alerts are sent at: instant is Premium's, so without Premium it is daily. */
function effectiveFrequency(recipient: AlertRecipient) {
  return recipient.frequency === "instant" && !recipient.isPremium ? "daily" : recipient.frequency;
}

/**
 * alert-digest-mail: every listing activated since the user's last digest that matches one of their
 * alerts and was not sent yet, newest first (at most ALERT_LIMITS.listingsPerMail, the rest counted),
 * with contacts for Premium readers only. Nothing new, no mail. The window moves on only once the mail
 * is out, so a failed send is retried with the same listings.
 */
async function sendDigest(
  deps: AlertJobDeps,
  { userId, frequency }: { userId: string; frequency: DigestFrequency },
  job: JobContext,
): Promise<number> {
  const recipient = await findRecipient(deps.db, userId);
  // Gone, unsubscribed, or switched to another frequency since the round was planned.
  if (!recipient || effectiveFrequency(recipient) !== frequency) return 0;
  const startedAt = new Date();
  const since = new Date(recipient.since.getTime() - DIGEST_OVERLAP_MS);
  const { listings, total } = await findDigestMatches(deps.db, {
    userId,
    since,
    limit: ALERT_LIMITS.listingsPerMail,
  });
  const ctx = mailContext(deps.config, userId);
  const sent = await deliver(deps, {
    userId,
    kind: frequency,
    job,
    listings,
    compose: (claimed) =>
      digestMail(ctx, { recipient, frequency, listings: claimed, more: total - claimed.length }),
  });
  await deps.db
    .update(notificationPreferences)
    .set({ lastDigestAt: startedAt })
    .where(eq(notificationPreferences.userId, userId));
  return sent;
}

/**
 * Registers the alert jobs' handlers and the digest schedules (ALERT_DAILY_CRON, ALERT_WEEKLY_CRON; by
 * default 13:00 UTC daily and on Mondays, morning in the US) with the app's queue (app.ts).
 */
export function registerAlertJobs(
  jobs: JobQueue,
  deps: AlertJobDeps,
  crons: Record<DigestFrequency, string>,
): void {
  jobs.handle("alert-listings-activated", (data) => planInstantAlerts(deps, jobs, data));
  jobs.handle("alert-instant-mail", async (data, job) => {
    await sendInstantAlert(deps, data, job);
  });
  jobs.handle("alert-digest-daily", (data) => planDigests(deps, jobs, data));
  jobs.handle("alert-digest-weekly", (data) => planDigests(deps, jobs, data));
  jobs.handle("alert-digest-mail", async (data, job) => {
    await sendDigest(deps, data, job);
  });
  jobs.scheduleOnStart("alert-digest-daily", crons.daily, { frequency: "daily" });
  jobs.scheduleOnStart("alert-digest-weekly", crons.weekly, { frequency: "weekly" });
}
