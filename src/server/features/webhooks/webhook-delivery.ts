import { createHmac } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../../shared/schemas/webhooks";
import type { Db } from "../../db/client";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import type { MailQueue } from "../../jobs/mail";
import { mailMoment } from "../../lib/mail-dates";
import { BlockedAddressError, postToSite } from "../../lib/site-fetch";
import { blockedAddressMessage, isWebhookPortAllowed } from "./webhook-endpoints";

// One attempt at one delivery (the "webhook-delivery" job), and the next one scheduled on failure:
//
//   attempt ── 2xx ──> succeeded (the endpoint's failing_since cleared)
//           └─ else ─> the status or error recorded; a new job after the backoff, until WEBHOOK_RETRY_HOURS
//                      after the delivery was created (then failed). An endpoint failing for longer than
//                      that at a failure is disabled and its owner mailed once; its pending deliveries stop.
//
// The handler records a receiver's failure and completes: pg-boss's own retries are only for a handler
// that could not record its attempt. Every attempt is signed anew with its own time, so a receiver can
// refuse old signatures (replays) without refusing our retries.

const USER_AGENT = "PayPerCallHub-Webhooks/1.0";
/** A receiver should answer at once and do its work afterwards. */
const ATTEMPT_TIMEOUT_MS = 10_000;
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
  /** VERIFY_ALLOW_PRIVATE: deliveries may go to loopback and private addresses (development, tests). */
  allowPrivate: boolean;
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

const deliveryRead = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  payload: webhookDeliveries.payload,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookDeliveries.createdAt,
  endpointId: webhookEndpoints.id,
  url: webhookEndpoints.url,
  secret: webhookEndpoints.secret,
  disabledAt: webhookEndpoints.disabledAt,
};

/** One attempt at the delivery; nothing when it is no longer pending. */
async function attemptDelivery(
  deps: WebhookJobDeps,
  jobs: JobQueue,
  { deliveryId }: { deliveryId: string },
): Promise<void> {
  const [delivery] = await deps.db
    .select(deliveryRead)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (delivery?.status !== "pending") return;
  const pending = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending"));
  if (delivery.disabledAt) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: "failed", lastError: DISABLED_MESSAGE, nextAttemptAt: null })
      .where(pending);
    return;
  }

  const attemptAt = deps.now();
  const timestamp = Math.floor(attemptAt.getTime() / 1000);
  let status: number | null = null;
  let error: unknown = null;
  try {
    if (!isWebhookPortAllowed(new URL(delivery.url), deps.allowPrivate)) throw new PortNotAllowedError();
    ({ status } = await postToSite(
      delivery.url,
      {
        body: delivery.payload,
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhook(delivery.secret, timestamp, delivery.payload),
          "x-webhook-event": delivery.eventType,
          "x-webhook-delivery": delivery.id,
        },
      },
      { allowPrivate: deps.allowPrivate, timeoutMs: ATTEMPT_TIMEOUT_MS },
    ));
  } catch (err) {
    error = err;
    jobs.log.info({ err, deliveryId, endpointId: delivery.endpointId }, "webhook attempt failed");
  }
  const attempts = delivery.attempts + 1;

  if (status !== null && status >= 200 && status < 300) {
    await deps.db.transaction(async (tx) => {
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
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
    });
    return;
  }

  await deps.db.transaction(async (tx) => {
    // A failing spell runs on while attempts keep failing at most an hour or so apart (the longest
    // backoff). After a quiet spell (no attempt at all for longer), this failure starts a new one: an
    // endpoint that failed for an hour weeks ago is not "failing for a day" at its next 503.
    const at = sql`${attemptAt.toISOString()}::timestamptz`;
    const spellGoesOn = sql`exists (select 1 from ${webhookDeliveries} d
      where d.endpoint_id = ${delivery.endpointId}
        and d.last_attempt_at > ${at} - make_interval(secs => ${QUIET_SPELL_MS / 1000}))`;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`case when ${webhookEndpoints.failingSince} is not null and ${spellGoesOn}
          then ${webhookEndpoints.failingSince} else ${at} end`,
      })
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, disabledAt: webhookEndpoints.disabledAt });
    const failingSince = endpoint?.failingSince ?? attemptAt;
    const disable = attemptAt.getTime() - failingSince.getTime() > RETRY_WINDOW_MS;
    const next = new Date(attemptAt.getTime() + retryDelayMs(attempts));
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
    if (retry) {
      await jobs.send(
        "webhook-delivery",
        { deliveryId },
        { startAfter: next, within: transactionClient(tx) },
      );
    }
    if (disable) await disableEndpoint(tx, deps, delivery.endpointId, failingSince, attemptAt);
  });
}

/** Disables the endpoint (once: a second failure finds it disabled) and mails its owner in `tx`. */
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
  jobs.handle("webhook-delivery", (data) => attemptDelivery(deps, jobs, data));
}
