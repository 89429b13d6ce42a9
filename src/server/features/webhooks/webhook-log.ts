import { and, desc, eq } from "drizzle-orm";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_SEND_LIMITS,
  type WebhookDelivery,
} from "../../../shared/schemas/webhooks";
import type { Db } from "../../db/client";
import { webhookDeliveries } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import { consumeRateLimit } from "../../lib/rate-limit";
import type { Viewer } from "../../lib/viewer";
import { requireOwnEndpoint } from "./webhook-endpoints";
import { queueDeliveries, queuePing } from "./webhook-events";

// An endpoint's delivery log, its test event and redeliveries: what a user needs to debug a receiver.

/** The log shows the latest deliveries; housekeeping deletes them after a month anyway. */
const LOGGED_DELIVERIES = 50;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookDelivery["eventType"],
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/webhooks/{id}/deliveries: the endpoint's latest deliveries, newest first (404 if not theirs). */
export async function listWebhookDeliveries({
  db,
  viewer,
  endpointId,
}: {
  db: Db;
  viewer: Viewer;
  endpointId: string;
}): Promise<WebhookDelivery[]> {
  await requireOwnEndpoint(db, viewer, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(LOGGED_DELIVERIES);
  return rows.map(toWebhookDelivery);
}

/** A disabled endpoint receives nothing, tests and redeliveries included: it is registered again. */
async function requireEnabledEndpoint(db: Db, viewer: Viewer, endpointId: string) {
  const endpoint = await requireOwnEndpoint(db, viewer, endpointId);
  if (endpoint.disabledAt) throw new AppError("conflict", WEBHOOK_MESSAGES.endpointDisabled);
  return endpoint;
}

/**
 * Counts one test event or redelivery of the viewer's: past the limit, 429 with Retry-After and a message
 * that says which limit (the shared counter's own message is a generic one).
 */
async function consumeSendLimit(db: Db, viewer: Viewer, kind: keyof typeof WEBHOOK_SEND_LIMITS) {
  try {
    await consumeRateLimit({ db, key: `webhook-${kind}:${viewer.id}`, ...WEBHOOK_SEND_LIMITS[kind] });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "rate_limited") throw error;
    const message = kind === "test" ? WEBHOOK_MESSAGES.testLimited : WEBHOOK_MESSAGES.redeliverLimited;
    throw new AppError("rate_limited", message, { headers: error.headers, cause: error });
  }
}

/** POST /api/webhooks/{id}/test: a "ping" event to this endpoint only, within the viewer's limit. */
export async function sendTestEvent({
  db,
  jobs,
  viewer,
  endpointId,
  now,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  endpointId: string;
  now: Date;
}): Promise<void> {
  await requireEnabledEndpoint(db, viewer, endpointId);
  await consumeSendLimit(db, viewer, "test");
  await db.transaction((tx) => queuePing(tx, jobs, endpointId, now));
}

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver: the same event (id and body) again, as a
 * new delivery with attempts of its own, sent now; the receiver deduplicates by the event id. Within the
 * viewer's limit.
 */
export async function redeliverWebhook({
  db,
  jobs,
  viewer,
  endpointId,
  deliveryId,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  endpointId: string;
  deliveryId: string;
}): Promise<void> {
  await requireEnabledEndpoint(db, viewer, endpointId);
  if (!isUuid(deliveryId)) throw new AppError("not_found", WEBHOOK_MESSAGES.deliveryNotFound);
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!original) throw new AppError("not_found", WEBHOOK_MESSAGES.deliveryNotFound);
  await consumeSendLimit(db, viewer, "redeliver");
  await db.transaction((tx) =>
    queueDeliveries(tx, jobs, [endpointId], {
      eventId: original.eventId,
      type: original.eventType as WebhookDelivery["eventType"],
      payload: original.payload,
    }),
  );
}
