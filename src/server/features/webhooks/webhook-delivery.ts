import { createHmac } from "node:crypto";
import { and, asc, eq, isNull, lte, min, or, sql } from "drizzle-orm";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../../shared/schemas/webhooks";
import type { Db } from "../../db/client";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type JobQueue, type SqlClient, transactionClient } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import type { JobPayloads } from "../../jobs/queues";
import { mailMoment } from "../../lib/mail-dates";
import { BlockedAddressError, postToSite } from "../../lib/site-fetch";
import { blockedAddressMessage, isLoopbackHost, isWebhookPortAllowed } from "./webhook-endpoints";

// Deliveries are scheduled per endpoint, so that one endpoint, however slow or busy, holds at most one
// of the workers' slots (docs/decisions/034-webhook-deliveries-scheduled-per-endpoint.md). A
// "webhook-delivery" job names an endpoint and makes one attempt at its next due delivery:
//
//   claim the endpoint ── taken (another attempt runs) or backing off ──> a job for when it frees; done
//        │ (attempting_until: one attempt at a time per endpoint, across instances)
//   its pending delivery due first ── none ──> released; a job for the next due one, if any
//        │
//   attempt ── 2xx ──> succeeded; the endpoint's failing spell and backoff end
//           └─ else ─> the status or error recorded; the endpoint backs off (no attempt at any of its
//                      deliveries for as long as it has been failing: 30 s, then doubling, at most an
//                      hour), the delivery is retried after its own backoff until WEBHOOK_RETRY_HOURS after
//                      it was created (then failed). An endpoint failing for longer than that at a failure
//                      is disabled and its owner mailed once; its pending deliveries stop.
//   then a job for the endpoint's next due delivery, queued behind every other endpoint's: the endpoints
//   with work take turns.
//
// Jobs due now carry the endpoint's id as their singleton key (the queue's "short" policy keeps one
// waiting per key), so a thousand events for one endpoint wait as one job, not a thousand; a job for a
// later moment carries the moment too, and stays apart from the one due now.
//
// The handler records a receiver's failure and completes: pg-boss's own retries are only for a handler
// that could not record its attempt. Every attempt is signed anew with its own time, so a receiver can
// refuse old signatures (replays) without refusing our retries.

const USER_AGENT = "PayPerCallHub-Webhooks/1.0";
/** A receiver should answer at once and do its work afterwards. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * How long a claim holds the endpoint: the attempt and its statements, with room to spare. A worker that
 * dies mid-attempt leaves the claim to lapse; the job it held is retried, or the job a busy finder queued
 * for the claim's end runs.
 */
const CLAIM_MS = ATTEMPT_TIMEOUT_MS + 20_000;
/** The first retry after 30 s, doubling, at most an hour apart: about 30 attempts in a day. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 60 * 60 * 1000;
/** Longer than the longest backoff with room for a slow queue: no attempt for this long ends a failing spell. */
const QUIET_SPELL_MS = 2 * MAX_RETRY_MS;
const DISABLED_MESSAGE = "The endpoint was disabled; this delivery was not sent.";

export interface WebhookJobDeps {
  db: Db;
  mailQueue: MailQueue;
  /** The app's clock (app.now): signatures, backoff and the day of failures read it. */
  now: () => Date;
  appName: string;
  appUrl: string;
  /** VERIFY_ALLOW_PRIVATE: deliveries may go to loopback and private addresses (tests). */
  allowPrivate: boolean;
  /** Development: deliveries may go to this machine (webhook-endpoints.ts, WebhookAddressRules). */
  allowLoopback: boolean;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the value of WEBHOOK_SIGNATURE_HEADER. */
function signWebhook(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/** The wait before the attempt after `attempts` failed ones. */
const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

/**
 * What a failed attempt records for the owner: the status, or why we refused to send; never a secret, a
 * body, or the low-level error. A refused connection, a reset, a TLS failure and a timeout read the same,
 * so the log cannot tell a closed port from a filtered one (the server log keeps the error itself).
 */
function describeFailure(status: number | null, error: unknown): string {
  if (status !== null) {
    return status >= 300 && status < 400
      ? `HTTP ${status}: redirects are not followed`
      : `HTTP ${status}: not a 2xx answer`;
  }
  if (error instanceof BlockedAddressError) return blockedAddressMessage(error).slice(0, 300);
  if (error instanceof PortNotAllowedError) return WEBHOOK_MESSAGES.portNotAllowed;
  return WEBHOOK_MESSAGES.couldNotConnect;
}

/** An endpoint registered on a port deliveries no longer use: refused before any connection. */
class PortNotAllowedError extends Error {}

/** The later of two moments, either of which may be unset. */
const latest = (a: Date | null, b: Date | null): Date | null => (!a || (b && b > a) ? b : a);

/**
 * Queues a job for the endpoint: due now (at most one waits per endpoint), or at `at` by the app's clock
 * (one per moment), sent as a delay so that the database's clock, which decides when it is ready, agrees.
 * `within` an open transaction, the job commits with it.
 */
async function wakeEndpoint(
  jobs: JobQueue,
  endpointId: string,
  at: Date,
  now: Date,
  within?: SqlClient,
): Promise<void> {
  const delaySeconds = Math.ceil((at.getTime() - now.getTime()) / 1000);
  await jobs.send(
    "webhook-delivery",
    { endpointId },
    {
      singletonKey: delaySeconds > 0 ? `${endpointId}@${at.toISOString()}` : endpointId,
      ...(delaySeconds > 0 ? { delaySeconds } : {}),
      ...(within ? { within } : {}),
    },
  );
}

/**
 * After an attempt (or none), in its transaction: a job for when the endpoint's next pending delivery is
 * due and its backoff is over; nothing when none is pending.
 */
async function wakeForNextDelivery(
  tx: Db,
  jobs: JobQueue,
  endpointId: string,
  backoffUntil: Date | null,
  now: Date,
): Promise<void> {
  const [next] = await tx
    .select({ at: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
  const due = next?.at ? latest(new Date(next.at), backoffUntil) : null;
  if (due) await wakeEndpoint(jobs, endpointId, due, now, transactionClient(tx));
}

const notAfter = (
  column: typeof webhookEndpoints.attemptingUntil | typeof webhookEndpoints.backoffUntil,
  now: Date,
) => or(isNull(column), lte(column, now));

/** The endpoint a job stands for (a job queued before per-endpoint scheduling names a delivery). */
async function endpointOfJob(db: Db, data: JobPayloads["webhook-delivery"]): Promise<string | null> {
  if ("endpointId" in data) return data.endpointId;
  const [row] = await db
    .select({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, data.deliveryId));
  return row?.endpointId ?? null;
}

/** One attempt at the endpoint's pending delivery due first, if the endpoint is free and one is due. */
async function attemptNextDelivery(
  deps: WebhookJobDeps,
  jobs: JobQueue,
  data: JobPayloads["webhook-delivery"],
): Promise<void> {
  const endpointId = await endpointOfJob(deps.db, data);
  if (!endpointId) return;
  const now = deps.now();
  const [endpoint] = await deps.db
    .update(webhookEndpoints)
    .set({ attemptingUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        isNull(webhookEndpoints.disabledAt),
        notAfter(webhookEndpoints.attemptingUntil, now),
        notAfter(webhookEndpoints.backoffUntil, now),
      ),
    )
    .returning({ url: webhookEndpoints.url, secret: webhookEndpoints.secret });
  if (!endpoint) {
    // Another attempt holds it, or it backs off: a job for when that ends, one per moment however many
    // find it so. The attempt holding it queues the next when it ends, and the failure that started a
    // backoff queued the job for its end; this one stands in should either never come (the worker
    // died, its last statements failed, or a job ran early by the database's clock).
    const [held] = await deps.db
      .select({
        attemptingUntil: webhookEndpoints.attemptingUntil,
        backoffUntil: webhookEndpoints.backoffUntil,
      })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)));
    const until = held ? latest(held.attemptingUntil, held.backoffUntil) : null;
    if (until && until > now) await wakeEndpoint(jobs, endpointId, until, now);
    return;
  }

  const [delivery] = await deps.db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
    .limit(1);
  const thisEndpoint = eq(webhookEndpoints.id, endpointId);
  if (!delivery) {
    await deps.db.transaction(async (tx) => {
      // Released first: a job that finds the claim taken meanwhile waits for this commit (the row's
      // lock) and then finds it free, so no delivery is left without a job.
      await tx.update(webhookEndpoints).set({ attemptingUntil: null }).where(thisEndpoint);
      await wakeForNextDelivery(tx, jobs, endpointId, null, now);
    });
    return;
  }

  const deliveryId = delivery.id;
  const attemptAt = deps.now();
  const timestamp = Math.floor(attemptAt.getTime() / 1000);
  let status: number | null = null;
  let error: unknown = null;
  try {
    const url = new URL(endpoint.url);
    if (!isWebhookPortAllowed(url, deps)) throw new PortNotAllowedError();
    ({ status } = await postToSite(
      endpoint.url,
      {
        body: delivery.payload,
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhook(endpoint.secret, timestamp, delivery.payload),
          "x-webhook-event": delivery.eventType,
          "x-webhook-delivery": deliveryId,
        },
      },
      {
        allowPrivate: deps.allowPrivate,
        allowLoopback: deps.allowLoopback && isLoopbackHost(url),
        timeoutMs: ATTEMPT_TIMEOUT_MS,
      },
    ));
  } catch (err) {
    error = err;
    jobs.log.info({ err, deliveryId, endpointId }, "webhook attempt failed");
  }
  const attempts = delivery.attempts + 1;
  const pending = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending"));

  if (status !== null && status >= 200 && status < 300) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null, backoffUntil: null, attemptingUntil: null })
        .where(thisEndpoint);
      await tx
        .update(webhookDeliveries)
        .set({
          status: "succeeded",
          attempts,
          lastStatusCode: status,
          lastError: null,
          lastAttemptAt: attemptAt,
          nextAttemptAt: null,
          deliveredAt: attemptAt,
        })
        .where(pending);
      await wakeForNextDelivery(tx, jobs, endpointId, null, attemptAt);
    });
    return;
  }

  await deps.db.transaction(async (tx) => {
    // A failing spell runs on while attempts keep failing at most an hour or so apart (the longest
    // backoff). After a quiet spell (no attempt at all for longer), this failure starts a new one: an
    // endpoint that failed for an hour weeks ago is not "failing for a day" at its next 503.
    const at = sql`${attemptAt.toISOString()}::timestamptz`;
    const spellGoesOn = sql`exists (select 1 from ${webhookDeliveries} d
      where d.endpoint_id = ${endpointId}
        and d.last_attempt_at > ${at} - make_interval(secs => ${QUIET_SPELL_MS / 1000}))`;
    const [failing] = await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`case when ${webhookEndpoints.failingSince} is not null and ${spellGoesOn}
          then ${webhookEndpoints.failingSince} else ${at} end`,
        attemptingUntil: null,
      })
      .where(thisEndpoint)
      .returning({ failingSince: webhookEndpoints.failingSince });
    const failingSince = failing?.failingSince ?? attemptAt;
    // The endpoint waits as long as it has been failing (30 s at least, an hour at most): every
    // delivery to it waits too, so a dead endpoint costs one attempt per backoff, not one per event.
    const failingFor = attemptAt.getTime() - failingSince.getTime();
    const backoffUntil = new Date(
      attemptAt.getTime() + Math.min(Math.max(failingFor, FIRST_RETRY_MS), MAX_RETRY_MS),
    );
    await tx.update(webhookEndpoints).set({ backoffUntil }).where(thisEndpoint);
    const disable = failingFor > RETRY_WINDOW_MS;
    const next = latest(new Date(attemptAt.getTime() + retryDelayMs(attempts)), backoffUntil)!;
    const retry = !disable && next.getTime() <= delivery.createdAt.getTime() + RETRY_WINDOW_MS;
    await tx
      .update(webhookDeliveries)
      .set({
        status: retry ? "pending" : "failed",
        attempts,
        lastStatusCode: status,
        lastError: describeFailure(status, error),
        lastAttemptAt: attemptAt,
        nextAttemptAt: retry ? next : null,
      })
      .where(pending);
    if (disable) await disableEndpoint(tx, deps, endpointId, failingSince, attemptAt);
    else await wakeForNextDelivery(tx, jobs, endpointId, backoffUntil, attemptAt);
  });
}

/**
 * Disables the endpoint (once: a second failure finds it disabled), stops its pending deliveries and
 * mails its owner, in `tx`.
 */
async function disableEndpoint(
  tx: Db,
  deps: WebhookJobDeps,
  endpointId: string,
  failingSince: Date,
  now: Date,
): Promise<void> {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ url: webhookEndpoints.url, userId: webhookEndpoints.userId });
  if (!disabled) return;
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: DISABLED_MESSAGE, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, disabled.userId));
  if (!owner) return;
  const accountUrl = `${deps.appUrl}/account`;
  await deps.mailQueue.enqueue(tx, [
    {
      kind: "webhook",
      key: `webhook:${endpointId}:disabled`,
      message: {
        to: owner.email,
        subject: `Your webhook endpoint was disabled: ${disabled.url}`,
        text: [
          "Hello,",
          "",
          `Every delivery to your webhook endpoint ${disabled.url} has failed since ${mailMoment(failingSince)}, so we disabled it on ${mailMoment(now)}. It receives no new events, and the deliveries still waiting were stopped.`,
          "",
          `To receive events again, make sure the endpoint answers with a 2xx status, then delete it and register it again under Webhooks on your account page: ${accountUrl}`,
          "Each delivery's status and error are in the endpoint's delivery log there.",
          "",
          `— ${deps.appName}`,
        ].join("\n"),
      },
    },
  ]);
}

/** Registers the "webhook-delivery" handler with the app's queue (app.ts). */
export function registerWebhookJobs(jobs: JobQueue, deps: WebhookJobDeps): void {
  jobs.handle("webhook-delivery", (data) => attemptNextDelivery(deps, jobs, data));
}
