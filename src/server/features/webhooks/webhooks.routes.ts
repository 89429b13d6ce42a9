import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { plainText } from "../../../shared/schemas/common";
import {
  createdWebhookSchema,
  createWebhookSchema,
  redeliveryQueuedSchema,
  testQueuedSchema,
  WEBHOOK_MESSAGES,
  WEBHOOK_SEND_LIMITS,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from "../../../shared/schemas/webhooks";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { apiErrors } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from "./webhook-endpoints";
import { listWebhookDeliveries, redeliverWebhook, sendTestEvent } from "./webhook-log";

// Webhook endpoints (docs/api.md#webhooks): register (the signing secret is answered once), list,
// delete, send a test event, read the delivery log, redeliver.

const MANAGE = { access: "signedIn", publicApi: { scope: "webhooks:manage" } } as const;
const REGISTER = {
  access: "signedIn",
  publicApi: { scope: "webhooks:manage", answersSecret: true },
} as const;
const TAGS = ["Webhooks"];
const deliveryParams = idParams.extend({ deliveryId: plainText().max(64) });

export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);

  app.post(
    "/api/webhooks",
    {
      config: REGISTER,
      schema: {
        operationId: "createWebhook",
        summary: "Register a webhook endpoint",
        description:
          "Publishers and buyers only. The address must use https and reach a public internet address. The answer carries the endpoint's signing secret, shown this once; the route takes no Idempotency-Key, so the secret is never kept to be answered again.",
        tags: TAGS,
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema, ...apiErrors("validation", "conflict") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const created = await createWebhookEndpoint({
        db: app.db,
        viewer,
        input: req.body,
        allowPrivate: app.config.verifyAllowPrivate,
        allowLoopback: app.config.isDevelopment,
      });
      return reply.code(201).send(created);
    }),
  );

  app.get(
    "/api/webhooks",
    {
      config: MANAGE,
      schema: {
        operationId: "listWebhooks",
        summary: "List your webhook endpoints",
        tags: TAGS,
        response: { 200: z.array(webhookEndpointSchema), ...apiErrors() },
      },
    },
    withViewer(async (_req, _reply, viewer) => listWebhookEndpoints({ db: app.db, viewer })),
  );

  app.delete(
    "/api/webhooks/:id",
    {
      config: MANAGE,
      schema: {
        operationId: "deleteWebhook",
        summary: "Delete a webhook endpoint",
        description: "Its delivery log goes with it.",
        tags: TAGS,
        params: idParams,
        response: { 204: z.null(), ...apiErrors("not_found") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      await deleteWebhookEndpoint({ db: app.db, viewer, endpointId: req.params.id });
      return reply.code(204).send(null);
    }),
  );

  app.post(
    "/api/webhooks/:id/test",
    {
      config: MANAGE,
      schema: {
        operationId: "sendWebhookTest",
        summary: "Send a test event",
        description: `Sends a signed "ping" event to this endpoint only. A disabled endpoint answers 409. At most ${WEBHOOK_SEND_LIMITS.test.limit} a minute per user (429 with Retry-After).`,
        tags: TAGS,
        params: idParams,
        response: { 202: testQueuedSchema, ...apiErrors("not_found", "conflict") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      await sendTestEvent({ db: app.db, jobs: app.jobs, viewer, endpointId: req.params.id, now: app.now() });
      return reply.code(202).send({ message: WEBHOOK_MESSAGES.testQueued });
    }),
  );

  app.get(
    "/api/webhooks/:id/deliveries",
    {
      config: MANAGE,
      schema: {
        operationId: "listWebhookDeliveries",
        summary: "Read an endpoint's delivery log",
        description: "The latest 50 deliveries, newest first, with their attempts and last answer.",
        tags: TAGS,
        params: idParams,
        response: { 200: z.array(webhookDeliverySchema), ...apiErrors("not_found") },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      listWebhookDeliveries({ db: app.db, viewer, endpointId: req.params.id }),
    ),
  );

  app.post(
    "/api/webhooks/:id/deliveries/:deliveryId/redeliver",
    {
      config: MANAGE,
      schema: {
        operationId: "redeliverWebhookEvent",
        summary: "Redeliver an event",
        description: `Sends the same event again (same event id, same body) as a new delivery, now. A disabled endpoint answers 409. At most ${WEBHOOK_SEND_LIMITS.redeliver.limit} a minute per user (429 with Retry-After).`,
        tags: TAGS,
        params: deliveryParams,
        response: { 202: redeliveryQueuedSchema, ...apiErrors("not_found", "conflict") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      await redeliverWebhook({
        db: app.db,
        jobs: app.jobs,
        viewer,
        endpointId: req.params.id,
        deliveryId: req.params.deliveryId,
      });
      return reply.code(202).send({ message: WEBHOOK_MESSAGES.redeliveryQueued });
    }),
  );
}
