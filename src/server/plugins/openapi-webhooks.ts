import type { Role } from "../../shared/constants";
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventType } from "../../shared/schemas/webhook-events";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS_BY_ROLE,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../shared/schemas/webhooks";

// The OpenAPI document's `webhooks` (OpenAPI 3.1): what PayPerCall Hub POSTs to a subscriber's endpoint,
// one entry per event, its body the event's component schema (the schemas every delivery is built
// through: shared/schemas/webhook-events.ts), so generated clients get a type for each event.

/** "deal_intent.created" → "DealIntentCreatedEvent": the component of that event's body. */
export function eventComponentName(type: string): string {
  return `${pascalWords(type)}Event`;
}

function pascalWords(type: string): string {
  return type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

/** The headers of every delivery (features/webhooks/webhook-delivery.ts sends them). */
const DELIVERY_PARAMETERS = [
  {
    name: WEBHOOK_SIGNATURE_HEADER,
    in: "header",
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>`. ' +
      "Verify it over the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.",
    schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
  },
  {
    name: "X-Webhook-Event",
    in: "header",
    required: true,
    description: "The event's type, as in the body.",
    schema: { type: "string", enum: Object.keys(WEBHOOK_EVENT_SCHEMAS) },
  },
  {
    name: "X-Webhook-Delivery",
    in: "header",
    required: true,
    description: "This delivery's id (a redelivery has a new one; the event's `id` stays).",
    schema: { type: "string", format: "uuid" },
  },
];

const FAILED = `Not received: the attempt failed, and is retried with a growing delay for ${WEBHOOK_RETRY_HOURS} hours.`;

function whoReceives(type: WebhookEventType): string {
  if (type === "ping")
    return "Sent to one endpoint when its owner tests it (`POST /api/webhooks/{id}/test`).";
  const roles = (Object.keys(WEBHOOK_EVENTS_BY_ROLE) as Role[]).filter((role) =>
    WEBHOOK_EVENTS_BY_ROLE[role].includes(type),
  );
  return `Sent to the endpoints subscribed to it of the ${roles.map((r) => `${r}s`).join(" and ")} it concerns.`;
}

/** The document's `webhooks`: one POST per event. */
export function webhookOperations(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENT_SCHEMAS) as WebhookEventType[]).map((type) => [
      type,
      {
        post: {
          operationId: `receive${pascalWords(type)}`,
          summary: type === "ping" ? "The test event of an endpoint" : WEBHOOK_EVENT_LABELS[type],
          description: `${whoReceives(type)} \`data\` is the object as the app shows it to the recipient.`,
          tags: ["Webhook events"],
          security: [],
          parameters: DELIVERY_PARAMETERS,
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: `#/components/schemas/${eventComponentName(type)}` } },
            },
          },
          responses: {
            "2XX": { description: "Received. Answer within 10 seconds and do the work afterwards." },
            "4XX": { description: FAILED },
            "5XX": { description: FAILED },
          },
        },
      },
    ]),
  );
}
