import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { WebhookEvent } from "../../../shared/constants";
import {
  WEBHOOK_EVENT_SCHEMAS,
  type WebhookEventData,
  type WebhookEventType,
} from "../../../shared/schemas/webhook-events";
import type { Db } from "../../db/client";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";

// Events to the webhook endpoints of the user they concern (docs/api.md#webhooks). Emitted inside the
// transaction of the change, like a mail: the delivery rows and their jobs commit with the change or
// roll back with it, so no endpoint hears of a change that did not happen, and none misses one that did.

/** An event as delivered: its id, built once and the same for every endpoint and every redelivery. */
interface PreparedEvent {
  eventId: string;
  type: WebhookEventType;
  /** The exact JSON text sent, which the signature covers. */
  payload: string;
}

/**
 * The body through its event's schema, as an answer goes through its route's: only the documented fields
 * are sent (the OpenAPI document's `webhooks` are the same schemas), and data that does not fit throws
 * here, before the change commits, rather than reaching a receiver that relies on its generated types.
 */
function prepareEvent<T extends WebhookEventType>(
  type: T,
  data: WebhookEventData<T>,
  now: Date,
): PreparedEvent {
  const eventId = randomUUID();
  const schema: z.ZodType = WEBHOOK_EVENT_SCHEMAS[type];
  const body = schema.parse({ id: eventId, type, createdAt: now.toISOString(), data });
  return { eventId, type, payload: JSON.stringify(body) };
}

/**
 * One delivery row per endpoint, due now, and a "webhook-delivery" job for each endpoint, inside `tx`.
 * An endpoint that already has a job waiting keeps that one: it attempts the endpoint's deliveries in
 * turn (webhook-delivery.ts). Answers the rows' ids.
 */
export async function queueDeliveries(
  tx: Db,
  jobs: JobQueue,
  endpointIds: readonly string[],
  event: PreparedEvent,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        endpointId,
        eventId: event.eventId,
        eventType: event.type,
        payload: event.payload,
        nextAttemptAt: sql`now()`,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  await jobs.sendMany(
    "webhook-delivery",
    endpointIds.map((endpointId) => ({ endpointId })),
    {
      within: transactionClient(tx),
      singletonKeyOf: (data) => ("endpointId" in data ? data.endpointId : ""),
    },
  );
  return rows.map((row) => row.id);
}

/**
 * Sends `type` with `data` to every enabled endpoint of `userId` subscribed to it. `data` is what the
 * user may see of the object in the app (the caller shapes it for them); a function is called only when
 * there is an endpoint to send to, for data that costs a query. One indexed query when the user has no
 * endpoint, which is the common case.
 */
export async function emitWebhookEvent<T extends WebhookEvent>(
  tx: Db,
  jobs: JobQueue,
  {
    userId,
    type,
    data,
    now = new Date(),
  }: {
    userId: string;
    type: T;
    data: WebhookEventData<T> | (() => Promise<WebhookEventData<T>>);
    now?: Date;
  },
): Promise<void> {
  // A disabled or deleted account's endpoints hear nothing more (a dispute decided after they left).
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        isNull(webhookEndpoints.disabledAt),
        sql`${type} = any(${webhookEndpoints.events})`,
        isNull(users.disabledAt),
        isNull(users.deletedAt),
      ),
    );
  if (endpoints.length === 0) return;
  await queueDeliveries(
    tx,
    jobs,
    endpoints.map((e) => e.id),
    prepareEvent(type, typeof data === "function" ? await data() : data, now),
  );
}

/** The test event of POST /api/webhooks/{id}/test: a "ping" to that one endpoint. */
export async function queuePing(tx: Db, jobs: JobQueue, endpointId: string, now: Date): Promise<void> {
  await queueDeliveries(tx, jobs, [endpointId], prepareEvent("ping", { endpointId }, now));
}
