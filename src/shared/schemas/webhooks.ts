import { z } from "zod";
import { type Role, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookEvent } from "../constants";
import { messageSchema } from "./auth";
import { plainText } from "./common";

// Outbound webhooks (docs/api.md#webhooks): an endpoint of the user's own that receives signed events.

/**
 * The events each role can receive (each event goes to one side of a deal): what the Account page
 * offers and the server accepts. A role with none cannot register endpoints.
 */
export const WEBHOOK_EVENTS_BY_ROLE: Record<Role, readonly WebhookEvent[]> = {
  publisher: ["listing.matched", "deal_intent.decided", "dispute.updated"],
  buyer: ["deal_intent.created", "review.created", "dispute.updated"],
  guest: [],
  admin: [],
};

export const canUseWebhooks = (role: Role): boolean => WEBHOOK_EVENTS_BY_ROLE[role].length > 0;

/** Endpoints a user may register at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/**
 * The ports an endpoint may use. Any other one would let the delivery log tell an open port from a closed
 * one on any host (a port scanner run from our servers); VERIFY_ALLOW_PRIVATE (local development and
 * tests) lifts this with the address rules.
 */
export const WEBHOOK_PORTS = [443, 8443] as const;

/**
 * Test events and redeliveries each user may ask for, per window: each is a request our servers make to
 * an address the user chose, so they are counted like any other costly action.
 */
export const WEBHOOK_SEND_LIMITS = {
  test: { limit: 5, windowSeconds: 60 },
  redeliver: { limit: 30, windowSeconds: 60 },
} as const;

export const WEBHOOK_MESSAGES = {
  urlInvalid: "Enter the endpoint's full address, starting with https://",
  httpsRequired: "Webhook endpoints must use https://",
  eventsRequired: "Choose at least one event",
  endpointNotFound: "That webhook endpoint does not exist or is not yours.",
  deliveryNotFound: "That delivery does not exist or is not yours.",
  endpointDisabled: "This endpoint is disabled. Delete it and register it again to receive events.",
  tooMany: `You can register at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
  credentials: "A webhook address cannot contain a user name or password.",
  portNotAllowed: `Webhook endpoints must use port ${WEBHOOK_PORTS.join(" or ")} (the https default is 443).`,
  couldNotConnect: "Could not connect: the endpoint gave no HTTP answer within 10 seconds.",
  eventNotForRole:
    "Your account never receives one of those events: choose among those offered to your role.",
  testQueued: "A test event is on its way.",
  testLimited: `You can send at most ${WEBHOOK_SEND_LIMITS.test.limit} test events a minute. Wait a moment and try again.`,
  redeliverLimited: `You can redeliver at most ${WEBHOOK_SEND_LIMITS.redeliver.limit} events a minute. Wait a moment and try again.`,
  redeliveryQueued: "The event will be sent again.",
  shownOnce: "Copy the signing secret now: it is shown only once.",
} as const;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "listing.matched": "A new listing matches one of your alerts or saved searches",
  "deal_intent.created": "A publisher requests a deal on one of your listings",
  "deal_intent.decided": "A buyer accepts or rejects your deal request",
  "review.created": "Someone reviews you after a deal",
  "dispute.updated": "A dispute on one of your deals is opened or decided",
};

/** How long a delivery is retried, and after how long of failing only an endpoint is disabled. */
export const WEBHOOK_RETRY_HOURS = 24;
/** The signature header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = "X-Signature";

/** POST /api/webhooks */
export const createWebhookSchema = z
  .object({
    url: plainText(WEBHOOK_MESSAGES.urlInvalid).trim().min(1, WEBHOOK_MESSAGES.urlInvalid).max(2000),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1, WEBHOOK_MESSAGES.eventsRequired)
      .transform((events) => [...new Set(events)]),
  })
  .meta({
    // The API reference's examples (the OpenAPI document); `example` on a request schema that transforms
    // (zod leaves `examples` out of its request side).
    example: {
      url: "https://crm.example/hooks/paypercall",
      events: ["deal_intent.created", "deal_intent.decided"],
    },
  });
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
export type CreateWebhook = z.output<typeof createWebhookSchema>;

const WEBHOOK_ENDPOINT_EXAMPLE = {
  id: "6e7f8a9b-0c1d-4e2f-9a3b-4c5d6e7f8a9b",
  url: "https://crm.example/hooks/paypercall",
  events: ["deal_intent.created", "deal_intent.decided"],
  createdAt: "2026-11-20T10:05:00.000Z",
  failingSince: null,
  disabledAt: null,
};

/** GET /api/webhooks: the caller's endpoints, newest first. */
export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.string(),
    /** Since when every attempt failed (null while deliveries succeed). */
    failingSince: z.string().nullable(),
    disabledAt: z.string().nullable(),
  })
  .meta({ examples: [WEBHOOK_ENDPOINT_EXAMPLE] });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** POST /api/webhooks answers the signing secret, this once. */
export const createdWebhookSchema = webhookEndpointSchema
  .extend({ secret: z.string() })
  .meta({ examples: [{ ...WEBHOOK_ENDPOINT_EXAMPLE, secret: "whsec_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e" }] });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** GET /api/webhooks/{id}/deliveries: the delivery log, newest first (the last 50). */
export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventType: z.enum([...WEBHOOK_EVENTS, "ping"]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
        eventId: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
        eventType: "deal_intent.created",
        status: "succeeded",
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        lastAttemptAt: "2026-11-21T10:12:03.000Z",
        nextAttemptAt: null,
        deliveredAt: "2026-11-21T10:12:03.000Z",
        createdAt: "2026-11-21T10:12:01.000Z",
      },
    ],
  });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** POST /api/webhooks/{id}/test: the ping is queued (a job sends it). */
export const testQueuedSchema = messageSchema.meta({ examples: [{ message: WEBHOOK_MESSAGES.testQueued }] });

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver: the new delivery is queued. */
export const redeliveryQueuedSchema = messageSchema.meta({
  examples: [{ message: WEBHOOK_MESSAGES.redeliveryQueued }],
});
