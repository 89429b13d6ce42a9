import type { AlertFrequency } from "../../shared/constants";

// Every queue of the app with its retry rules (docs/decisions/011-job-queue.md), listed once, like the
// tables in db/schema.ts: migrations create them (jobs/migrate-database.ts), features register their handlers
// (features/*/...-jobs.ts) and send to them by name.

export type DigestFrequency = Exclude<AlertFrequency, "instant">;

/** What a job of each queue carries (pg-boss stores it as jsonb). */
export interface JobPayloads {
  /** Listings that became active: find who wants to hear at once (features/alerts). */
  "alert-listings-activated": { listingIds: string[] };
  /** One instant alert mail to one user about these listings. */
  "alert-instant-mail": { userId: string; listingIds: string[] };
  /** A digest round, sent by its schedule (pg-boss keeps one schedule per queue, hence two queues). */
  "alert-digest-daily": { frequency: "daily" };
  "alert-digest-weekly": { frequency: "weekly" };
  /** One digest mail to one user. */
  "alert-digest-mail": { userId: string; frequency: DigestFrequency };
  /** One mail of the `mails` table (jobs/mail.ts): deal-intent and dispute notices, review decisions. */
  mail: { mailId: string };
  /** One sign-in link: a queue and a worker of its own, so it never waits behind other mail. */
  "mail-sign-in": { mailId: string };
  /** The daily refresh of buyer reliability scores older than a day (features/reliability). */
  "reliability-refresh": Record<string, never>;
  /** The hourly sweep of expired sessions, sign-in links, rate-limit windows and old outbox mail. */
  housekeeping: Record<string, never>;
  /** The hourly round of reminders to buyers whose boost ends within two days (features/boosts). */
  "boost-reminders": Record<string, never>;
  /** The hourly round of reminders to buyers whose "Verified buyer" badge ends soon (features/buyer-verification). */
  "buyer-verification-reminders": Record<string, never>;
  /** Listings that became active: find who gets a text about them (features/sms). */
  "sms-listings-activated": { listingIds: string[] };
  /** One SMS alert: this listing to this user, now or merged after quiet hours (features/sms). */
  "sms-alert": { userId: string; listingId: string };
  /** A user's held SMS alerts, sent as one text once quiet hours (or the day's cap) are over. */
  "sms-release": { userId: string };
  /** One prepared text of sms_messages (a reply to STOP, START or HELP). */
  "sms-send": { messageId: string };
  /**
   * The next due delivery of one webhook endpoint: each job makes one attempt, then queues the endpoint's
   * next one itself (features/webhooks/webhook-delivery.ts). `deliveryId`: a job queued before deliveries
   * were scheduled per endpoint, which stands for that delivery's endpoint.
   */
  "webhook-delivery": { endpointId: string } | { deliveryId: string };
}

export type QueueName = keyof JobPayloads;

export interface QueueOptions {
  /**
   * pg-boss's queue policy; standard unless named. "short": at most one waiting (created) job per
   * singleton key, so a second send with a key already waiting answers null and adds nothing.
   */
  policy?: "standard" | "short";
  /** Attempts after the first failure. */
  retryLimit: number;
  /** Seconds before the first retry; doubled on each later one (retryBackoff). */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job running longer than this counts as failed (and is retried). */
  expireInSeconds: number;
}

// A job whose worker died (a crash, kill -9, the database cut off mid-job) stays active until its expiry,
// and pg-boss notices an expired job at its next maintenance (every JOB_MAINTENANCE_SECONDS), then retries
// it after the queue's first retry delay. Mail, texts and webhook attempts are short and someone waits
// for them, so their expiry is in seconds and their first retry comes soon: expiry + maintenance + the
// first delay (at most twice retryDelay: pg-boss adds up to as much again at random) is a minute at most
// (queues.test.ts). An expiry must still outlast the job's own work, or a slow job would be run twice.

// A mail that fails (SMTP down, a refused connection) is tried again after 10 s, then twice as long each
// time (20 s, 40 s, 80 s... 21 min): about three quarters of an hour of outage is absorbed. The mailer
// gives up on a silent server within 10 s (lib/mailer.ts), well inside the 30 s expiry.
const MAIL: QueueOptions = { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 };
// A sign-in link expires after 10 minutes and someone is waiting for it: retried sooner and given up on
// sooner (after 5, 10, 20, 40 and 80 s: within three minutes), while the link can still be used.
const SIGN_IN_MAIL: QueueOptions = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 };
// A text that the provider could not take is tried again after 10 s, 20 s, 40 s, 80 s and 160 s: a
// provider hiccup passes; an alert later than ten minutes is no longer instant. Twilio's client gives up
// after 15 s (lib/sms.ts).
const SMS: QueueOptions = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 };
// A webhook attempt that fails at the receiver is recorded and scheduled again by its handler, over a
// day (features/webhooks/webhook-delivery.ts); pg-boss's own retries only cover a handler that could not
// record its attempt (the database away). 10 s for the request, the rest for the statements. A job due
// now stands for its endpoint (its singleton key): "short" keeps one of them waiting per endpoint.
const WEBHOOK: QueueOptions = {
  policy: "short",
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 30,
};
const PLANNING: QueueOptions = { retryLimit: 4, retryDelay: 15, retryBackoff: true, expireInSeconds: 300 };

export const QUEUES: Record<QueueName, QueueOptions> = {
  "alert-listings-activated": PLANNING,
  "alert-instant-mail": MAIL,
  "alert-digest-daily": PLANNING,
  "alert-digest-weekly": PLANNING,
  "alert-digest-mail": MAIL,
  mail: MAIL,
  "mail-sign-in": SIGN_IN_MAIL,
  "reliability-refresh": PLANNING,
  housekeeping: PLANNING,
  "boost-reminders": PLANNING,
  "buyer-verification-reminders": PLANNING,
  "sms-listings-activated": PLANNING,
  "sms-alert": SMS,
  "sms-release": SMS,
  "sms-send": SMS,
  "webhook-delivery": WEBHOOK,
};

/**
 * Queues whose worker looks for jobs more often than the default every 2 s (pg-boss's floor is 0.5 s).
 * The instance that queues a sign-in mail also wakes its worker at once (JobQueue.notify); the short
 * polling covers a mail queued on another instance or a retry coming due.
 */
export const WORKER_POLLING_SECONDS: Partial<Record<QueueName, number>> = { "mail-sign-in": 0.5 };

/**
 * Queues whose worker runs several jobs at once on each instance (one by default). Webhook attempts
 * wait on other people's servers for up to 10 s each; the handler holds each endpoint to one attempt at
 * a time, so a slow endpoint takes one of these slots and leaves the others to everyone else.
 */
export const WORKER_CONCURRENCY: Partial<Record<QueueName, number>> = { "webhook-delivery": 8 };

/**
 * How often pg-boss's maintenance runs (on one instance at a time): it fails and retries the jobs past
 * their expiry, and archives and deletes old ones. pg-boss's default, two minutes, would leave a crashed
 * job waiting up to that long after its expiry.
 */
export const JOB_MAINTENANCE_SECONDS = 10;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
