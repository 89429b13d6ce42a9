import { and, eq, gte, inArray, isNotNull, lt, notInArray } from "drizzle-orm";
import { SMS_LIMITS } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { alertDeliveries, smsMessages } from "../../db/schema";
import { type JobContext, type JobQueue, type SqlClient, transactionClient } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { SmsSendError, type SmsSender } from "../../lib/sms";
import { listingShortLink } from "./short-link";
import { recordPermanentFailure } from "./sms-delivery-status";
import { readSmsState, receivesTexts } from "./sms-eligibility";
import { findSmsMatches, findTextableListings, type SmsListing } from "./sms-matching";
import { isQuietHours, localDay, nextMorning } from "./sms-schedule";
import { alertText, summaryText } from "./sms-texts";

// SMS alerts through the job queue (docs/publishers.md, "When texts go out"):
//
//   listings become active ─ announceListingsActivated (alerts) ─> sms-listings-activated
//        └─ one sms-alert per (user, listing) to text ─> now, or held until the next 08:00 local
//   sms-release (at the next 08:00 local) ─ the user's held listings as one text (one listing, or a
//        summary: "3 new buyers match your alerts: ... and 2 more")
//
// Never the same listing twice to one user: a listing is claimed in alert_deliveries (channel sms)
// before it is texted or held, as the email alerts claim theirs (alerts/alert-jobs.ts). A transient
// provider error gives the claim back (deleted, or held again for a release) and throws: pg-boss retries
// with backoff. A permanent refusal is recorded as a failed text, not retried, and counts against the
// number (sms-delivery-status.ts). Every quiet-hours and daily-cap decision reads the app's clock
// (deps.now), so tests can move it. Without an SMS sender the handlers do nothing.
//
// The cap counts texts per local day as they are recorded; two instances texting one user at the same
// moment could both see the ninth text and send an eleventh. Acceptable: the cap is a courtesy limit,
// and each listing still goes out once.

export interface SmsJobDeps {
  db: Db;
  sms: SmsSender | undefined;
  now: () => Date;
  appName: string;
  appUrl: string;
  mailQueue: MailQueue;
}

/** Duplicate jobs (a planning job retried, a release queued twice) are kept out for this long. */
const SINGLETON_SECONDS = 60 * 60;

/** A release that finds quiet hours not over yet (clocks differ by a little) waits at least this. */
const MIN_RELEASE_DELAY_MS = 60_000;

/** sms-listings-activated: one sms-alert job per (user, listing) to text. */
async function planSmsAlerts(
  deps: SmsJobDeps,
  jobs: JobQueue,
  { listingIds }: { listingIds: string[] },
): Promise<void> {
  if (!deps.sms) return;
  const pairs = await findSmsMatches(deps.db, listingIds);
  await jobs.sendMany("sms-alert", pairs, {
    singletonKeyOf: (pair) => `${pair.userId}:${pair.listingId}`,
    singletonSeconds: SINGLETON_SECONDS,
  });
}

/** Alert and summary texts the provider took for this user in their local day of `now`. */
async function textsToday(db: Db, userId: string, now: Date, timeZone: string): Promise<number> {
  const { start, end } = localDay(now, timeZone);
  return db.$count(
    smsMessages,
    and(
      eq(smsMessages.userId, userId),
      inArray(smsMessages.kind, ["alert", "summary"]),
      isNotNull(smsMessages.providerSid),
      gte(smsMessages.createdAt, start),
      lt(smsMessages.createdAt, end),
    ),
  );
}

/** Why a text cannot go now: quiet hours, or the day's cap reached; null when it can. */
async function mustWait(deps: SmsJobDeps, userId: string, timeZone: string, now: Date) {
  if (isQuietHours(now, timeZone)) return "quiet";
  if ((await textsToday(deps.db, userId, now, timeZone)) >= SMS_LIMITS.textsPerDay) return "capped";
  return null;
}

/** The release of a user's held texts at the next end of quiet hours in their time zone. */
async function scheduleRelease(
  jobs: JobQueue,
  {
    userId,
    timeZone,
    now,
    dedupe,
    within,
  }: { userId: string; timeZone: string; now: Date; dedupe: boolean; within?: SqlClient },
): Promise<void> {
  const at = new Date(Math.max(nextMorning(now, timeZone).getTime(), now.getTime() + MIN_RELEASE_DELAY_MS));
  await jobs.send(
    "sms-release",
    { userId },
    // Every listing held for the same morning shares one release; a release putting itself off does
    // not dedupe (the job doing it still counts as there).
    dedupe
      ? {
          startAfter: at,
          singletonKey: `${userId}:${at.toISOString()}`,
          singletonSeconds: 24 * 60 * 60,
          within,
        }
      : { startAfter: at, within },
  );
}

/** The claims of this job for these listings, while they are ours ("sending"). */
const ourClaims = (userId: string, job: JobContext, listingIds: string[]) =>
  and(
    eq(alertDeliveries.userId, userId),
    eq(alertDeliveries.channel, "sms"),
    eq(alertDeliveries.jobId, job.jobId),
    eq(alertDeliveries.status, "sending"),
    inArray(alertDeliveries.listingId, listingIds),
  );

/**
 * Texts the claimed listings (one: its own text; several: a summary) and records it. A transient error
 * hands the claims back (`onTransient`: deleted for a new alert, held again for a release) and throws,
 * for pg-boss to retry; a permanent refusal is recorded as failed and counted against the number.
 */
async function textListings(
  deps: SmsJobDeps & { sms: SmsSender },
  {
    userId,
    phone,
    listings,
    job,
    onTransient,
  }: {
    userId: string;
    phone: string;
    listings: SmsListing[];
    job: JobContext;
    onTransient: "delete" | "hold";
  },
): Promise<void> {
  const ids = listings.map((l) => l.id);
  const first = listings[0]!;
  const ctx = { appName: deps.appName };
  const single = listings.length === 1;
  const body = single
    ? alertText(ctx, first, listingShortLink(deps.appUrl, first.id))
    : summaryText(ctx, { first, count: listings.length }, `${deps.appUrl.replace(/\/+$/, "")}/browse`);
  const now = deps.now();
  const message = {
    userId,
    phone,
    kind: single ? ("alert" as const) : ("summary" as const),
    body,
    listingIds: ids,
  };
  const claims = ourClaims(userId, job, ids);
  let sent: { sid: string; status: string };
  try {
    sent = await deps.sms.send({ to: phone, body });
  } catch (err) {
    if (err instanceof SmsSendError && err.permanent) {
      // The provider will refuse this number again: recorded, not retried.
      await deps.db.transaction(async (tx) => {
        await tx
          .insert(smsMessages)
          .values({ ...message, status: "failed", errorCode: err.code, createdAt: now, statusAt: now });
        await tx.update(alertDeliveries).set({ status: "sent", sentAt: now }).where(claims);
        await recordPermanentFailure(tx, { mailQueue: deps.mailQueue, mail: deps }, { userId, phone });
      });
      return;
    }
    if (onTransient === "delete") await deps.db.delete(alertDeliveries).where(claims);
    else await deps.db.update(alertDeliveries).set({ status: "held", jobId: null }).where(claims);
    throw err;
  }
  await deps.db.transaction(async (tx) => {
    await tx.insert(smsMessages).values({
      ...message,
      status: sent.status,
      providerSid: sent.sid,
      createdAt: now,
      statusAt: now,
    });
    await tx.update(alertDeliveries).set({ status: "sent", sentAt: now }).where(claims);
  });
}

/**
 * sms-alert: this listing to this user, re-checked now (they still receive texts, the listing is live
 * and matches, it was not texted), claimed, then texted, or held for the next morning during quiet hours
 * or once the day's cap is reached.
 */
async function sendSmsAlert(
  deps: SmsJobDeps,
  jobs: JobQueue,
  { userId, listingId }: { userId: string; listingId: string },
  job: JobContext,
): Promise<void> {
  const sms = deps.sms;
  if (!sms) return;
  const state = await readSmsState(deps.db, userId);
  if (!receivesTexts(state)) return;
  const [listing] = await findTextableListings(deps.db, userId, [listingId]);
  if (!listing) return;
  const claimed = await deps.db
    .insert(alertDeliveries)
    .values({ userId, listingId, channel: "sms", kind: "instant", jobId: job.jobId })
    .onConflictDoNothing({
      target: [alertDeliveries.userId, alertDeliveries.listingId, alertDeliveries.channel],
    })
    .returning({ id: alertDeliveries.id });
  if (claimed.length === 0) return;
  const now = deps.now();
  if (await mustWait(deps, userId, state.timeZone, now)) {
    // Held and its release queued together: a held listing always has a release coming.
    await deps.db.transaction(async (tx) => {
      await tx
        .update(alertDeliveries)
        .set({ status: "held", jobId: null })
        .where(ourClaims(userId, job, [listingId]));
      await scheduleRelease(jobs, {
        userId,
        timeZone: state.timeZone,
        now,
        dedupe: true,
        within: transactionClient(tx),
      });
    });
    return;
  }
  await textListings(
    { ...deps, sms },
    { userId, phone: state.phone, listings: [listing], job, onTransient: "delete" },
  );
}

/**
 * sms-release: the user's held listings, once quiet hours and the day's cap are over (else put off to
 * the next morning), as one text. Held listings that are no longer live or matching are dropped, and
 * all of them when the user no longer receives texts.
 */
async function releaseHeldTexts(
  deps: SmsJobDeps,
  jobs: JobQueue,
  { userId }: { userId: string },
  job: JobContext,
): Promise<void> {
  const sms = deps.sms;
  if (!sms) return;
  const held = and(
    eq(alertDeliveries.userId, userId),
    eq(alertDeliveries.channel, "sms"),
    eq(alertDeliveries.status, "held"),
  );
  const heldIds = (
    await deps.db.select({ listingId: alertDeliveries.listingId }).from(alertDeliveries).where(held)
  ).map((r) => r.listingId);
  if (heldIds.length === 0) return;
  const state = await readSmsState(deps.db, userId);
  if (!receivesTexts(state)) {
    await deps.db.delete(alertDeliveries).where(held);
    return;
  }
  const now = deps.now();
  if (await mustWait(deps, userId, state.timeZone, now)) {
    await scheduleRelease(jobs, { userId, timeZone: state.timeZone, now, dedupe: false });
    return;
  }
  const textable = await findTextableListings(deps.db, userId, heldIds);
  const textableIds = textable.map((l) => l.id);
  await deps.db
    .delete(alertDeliveries)
    .where(textableIds.length > 0 ? and(held, notInArray(alertDeliveries.listingId, textableIds)) : held);
  if (textableIds.length === 0) return;
  const claimed = await deps.db
    .update(alertDeliveries)
    .set({ status: "sending", jobId: job.jobId })
    .where(and(held, inArray(alertDeliveries.listingId, textableIds)))
    .returning({ listingId: alertDeliveries.listingId });
  const mine = new Set(claimed.map((c) => c.listingId));
  const listings = textable.filter((l) => mine.has(l.id));
  if (listings.length === 0) return;
  await textListings({ ...deps, sms }, { userId, phone: state.phone, listings, job, onTransient: "hold" });
}

/** Registers the SMS alert jobs' handlers with the app's queue (app.ts). */
export function registerSmsJobs(jobs: JobQueue, deps: SmsJobDeps): void {
  jobs.handle("sms-listings-activated", (data) => planSmsAlerts(deps, jobs, data));
  jobs.handle("sms-alert", (data, job) => sendSmsAlert(deps, jobs, data, job));
  jobs.handle("sms-release", (data, job) => releaseHeldTexts(deps, jobs, data, job));
}
