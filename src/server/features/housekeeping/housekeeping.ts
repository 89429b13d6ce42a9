import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { KNOWN_DEVICE_DAYS } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import {
  accountTokens,
  idempotencyKeys,
  knownDevices,
  magicLinkTokens,
  mailOutbox,
  mails,
  rateLimits,
  sessions,
  smsOutbox,
  webhookDeliveries,
} from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";

// Rows that stop meaning anything after a while and that nothing else deletes: sessions past their
// expiry, sign-in links past theirs (used ones included: a link works once and for ten minutes), the
// account's one-time links past theirs (used or not), browsers an account has not signed in from for
// KNOWN_DEVICE_DAYS (their cookie is gone by then: the next sign-in there is a new browser anyway), rate-limit
// windows that are over (a window that has ended restarts at its next use, so deleting it changes
// nothing), the development outboxes' old mails and texts, the API's Idempotency-Keys after a day, the mail
// queue's rows of mails long sent or long given up on, and webhook deliveries older than a month. The job
// queue's own tables are pg-boss's business: its supervisor archives and deletes finished jobs (jobs/job-queue.ts, docs/operations.md#background-jobs).
//
// Every sweep deletes in small batches, each its own short statement that picks the rows by key, so a
// large backlog (an attack that filled the rate-limit table, months without a run) never holds locks or a
// transaction for long; a run stops after a bounded number of batches and the next run goes on.

/** How long the development outbox keeps a mail: long enough to look back at a week of test mails. */
export const OUTBOX_KEEP_DAYS = 7;
/**
 * How long a sent mail's row stays: its key is what stops the mail going out twice, and every retry is
 * over within the hour, so a month is ample; it also keeps a month of "was it sent?" for support.
 */
export const SENT_MAIL_KEEP_DAYS = 30;
/** A mail given up on stays on the admins' Failed Mail list for three months. */
export const FAILED_MAIL_KEEP_DAYS = 90;
/**
 * A webhook delivery stays in its endpoint's log for a month: every retry is over within a day, and a
 * receiver that missed an event can still have it redelivered.
 */
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30;
/**
 * How long an Idempotency-Key holds its first answer (plugins/idempotency.ts): a client retries within
 * minutes, and a day also covers one that retries after an outage overnight.
 */
export const IDEMPOTENCY_KEEP_HOURS = 24;

interface Sweep {
  /** The table's name, as logged. */
  name: string;
  table: PgTable;
  /** The primary key's columns: the batch's rows are picked by it. */
  key: PgColumn[];
  /** Which rows are due at `now`. */
  due: (now: string) => SQL;
}

const SWEEPS: Sweep[] = [
  {
    name: "sessions",
    table: sessions,
    key: [sessions.sid],
    // The session store already treats a row at its expiry as gone.
    due: (now) => sql`${sessions.expire} <= ${now}::timestamptz`,
  },
  {
    name: "magic_link_tokens",
    table: magicLinkTokens,
    key: [magicLinkTokens.tokenHash],
    due: (now) => sql`${magicLinkTokens.expiresAt} <= ${now}::timestamptz`,
  },
  {
    name: "account_tokens",
    table: accountTokens,
    key: [accountTokens.tokenHash],
    // Kept as long as any mail the link went out in (a failed one stays longest): an email change's
    // links name the account's earlier addresses, which deleting the account must still find.
    due: (now) =>
      sql`${accountTokens.expiresAt} < ${now}::timestamptz - make_interval(days => ${FAILED_MAIL_KEEP_DAYS})`,
  },
  {
    name: "known_devices",
    table: knownDevices,
    key: [knownDevices.userId, knownDevices.deviceHash],
    due: (now) =>
      sql`${knownDevices.lastSeenAt} < ${now}::timestamptz - make_interval(days => ${KNOWN_DEVICE_DAYS})`,
  },
  {
    name: "rate_limits",
    table: rateLimits,
    key: [rateLimits.key],
    due: (now) => sql`${rateLimits.windowEndsAt} <= ${now}::timestamptz`,
  },
  {
    name: "mail_outbox",
    table: mailOutbox,
    key: [mailOutbox.id],
    due: (now) =>
      sql`${mailOutbox.createdAt} < ${now}::timestamptz - make_interval(days => ${OUTBOX_KEEP_DAYS})`,
  },
  {
    name: "sms_outbox",
    table: smsOutbox,
    key: [smsOutbox.id],
    due: (now) =>
      sql`${smsOutbox.createdAt} < ${now}::timestamptz - make_interval(days => ${OUTBOX_KEEP_DAYS})`,
  },
  {
    // A key still running a day later belongs to a request that died with its instance: freed too.
    name: "idempotency_keys",
    table: idempotencyKeys,
    key: [idempotencyKeys.userId, idempotencyKeys.key],
    due: (now) =>
      sql`${idempotencyKeys.createdAt} < ${now}::timestamptz - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`,
  },
  {
    // Queued and sending rows are never due: they are mails still on their way.
    name: "mails",
    table: mails,
    key: [mails.id],
    due: (now) =>
      sql`(${mails.status} = 'sent' and ${mails.sentAt} < ${now}::timestamptz - make_interval(days => ${SENT_MAIL_KEEP_DAYS}))
        or (${mails.status} = 'failed' and ${mails.updatedAt} < ${now}::timestamptz - make_interval(days => ${FAILED_MAIL_KEEP_DAYS}))`,
  },
  {
    name: "webhook_deliveries",
    table: webhookDeliveries,
    key: [webhookDeliveries.id],
    due: (now) =>
      sql`${webhookDeliveries.createdAt} < ${now}::timestamptz - make_interval(days => ${WEBHOOK_DELIVERY_KEEP_DAYS})`,
  },
];

export interface SweepResult {
  table: string;
  deleted: number;
  /** The last batch was full: rows may be left for the next run. */
  more: boolean;
}

/** One batch: at most `limit` due rows of one table, in one statement. */
async function deleteBatch(db: Db, sweep: Sweep, now: string, limit: number): Promise<number> {
  const { table } = sweep;
  const batch = db
    .select(Object.fromEntries(sweep.key.map((column, i) => [`k${i}`, column])))
    .from(table)
    .where(sweep.due(now))
    .limit(limit);
  const gone = db.$with("gone").as(
    db
      .delete(table)
      .where(sql`(${sql.join(sweep.key, sql`, `)}) in ${batch}`)
      .returning({ one: sql`1`.as("one") }),
  );
  const [row] = await db.with(gone).select({ count: sql<number>`count(*)::int` }).from(gone);
  return row?.count ?? 0;
}

/**
 * Deletes what is due in every swept table, at most `batchSize` rows per statement and `maxBatches`
 * statements per table, and answers what it removed. Safe to run at any time, by several instances at
 * once (a row two runs both pick is deleted by one), and again (nothing left to do is cheap: each due
 * condition reads an index or a small table).
 */
export async function runHousekeeping({
  db,
  now = new Date(),
  batchSize = 1000,
  maxBatches = 20,
}: {
  db: Db;
  now?: Date;
  batchSize?: number;
  maxBatches?: number;
}): Promise<SweepResult[]> {
  const at = now.toISOString();
  const results: SweepResult[] = [];
  for (const sweep of SWEEPS) {
    let deleted = 0;
    let last = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      last = await deleteBatch(db, sweep, at, batchSize);
      deleted += last;
      if (last < batchSize) break;
    }
    results.push({ table: sweep.name, deleted, more: last === batchSize });
  }
  return results;
}

/** "sessions 12, rate_limits 3" (what a run removed), or "nothing". */
export function describeSweeps(results: SweepResult[]): string {
  const removed = results.filter((r) => r.deleted > 0).map((r) => `${r.table} ${r.deleted}`);
  return removed.length > 0 ? removed.join(", ") : "nothing";
}

/**
 * The sweep as a scheduled job, every hour at 17 minutes past: small, frequent runs keep each one short.
 * `npm run housekeeping` runs the same function by hand.
 */
export function registerHousekeepingJobs(jobs: JobQueue, db: Db): void {
  jobs.handle("housekeeping", async () => {
    const results = await runHousekeeping({ db });
    const removed = Object.fromEntries(results.map((r) => [r.table, r.deleted]));
    const backlog = results.filter((r) => r.more).map((r) => r.table);
    // A backlog left over is worth a warning: the next runs catch up, but something is filling a table.
    if (backlog.length > 0) jobs.log.warn({ removed, backlog }, "housekeeping left rows for its next run");
    else jobs.log.info({ removed }, "housekeeping done");
  });
  jobs.scheduleOnStart("housekeeping", "17 * * * *", {});
}
