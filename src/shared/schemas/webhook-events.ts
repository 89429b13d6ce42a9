import { z } from "zod";
import type { WebhookEvent } from "../constants";
import { dealIntentSchema } from "./deal-intents";
import { disputeSchema } from "./disputes";
import { listingSchema } from "./listings";
import { ownReviewSchema } from "./reviews";

// The bodies of the webhook deliveries (docs/api.md#webhooks), one schema per event. The server builds
// every delivery through these (an event whose data does not fit is a bug, caught before anything is
// queued) and the OpenAPI document's `webhooks` section is generated from the same schemas, so a
// receiver's generated types are what it gets. Kept apart from ./webhooks: the browser never loads these.

/** The test event's data: which endpoint was tested. */
const pingDataSchema = z
  .object({ endpointId: z.uuid() })
  .meta({ examples: [{ endpointId: "6e7f8a9b-0c1d-4e2f-9a3b-4c5d6e7f8a9b" }] });

/**
 * What `data` is for each event: the object as the app shows it to the recipient (a listing's contact
 * only under the contact rule, the other party's email only where the app shows it).
 */
const WEBHOOK_EVENT_DATA = {
  ping: pingDataSchema,
  "listing.matched": listingSchema,
  "deal_intent.created": dealIntentSchema,
  "deal_intent.decided": dealIntentSchema,
  "review.created": ownReviewSchema,
  "dispute.updated": disputeSchema,
} as const satisfies Record<WebhookEvent | "ping", z.ZodType>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_DATA;
export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** The envelope of every delivery around one event's data. */
function eventSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    /** The event's id: the same for every endpoint and every retry or redelivery (deduplicate by it). */
    id: z.uuid(),
    type: z.literal(type),
    /** When it happened; events may arrive out of order. */
    createdAt: z.iso.datetime(),
    data: WEBHOOK_EVENT_DATA[type],
  });
}

/** Each event's whole body, by type. */
export const WEBHOOK_EVENT_SCHEMAS = {
  ping: eventSchema("ping"),
  "listing.matched": eventSchema("listing.matched"),
  "deal_intent.created": eventSchema("deal_intent.created"),
  "deal_intent.decided": eventSchema("deal_intent.decided"),
  "review.created": eventSchema("review.created"),
  "dispute.updated": eventSchema("dispute.updated"),
} as const satisfies { [T in WebhookEventType]: z.ZodType };
