import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answersArePrivate } from "../../plugins/security";

// Webhook endpoints (docs/api.md#webhooks): register (the signing secret is answered once), list,
// delete, send a test event, read the delivery log, redeliver.

export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);
  // POST/GET /api/webhooks, DELETE /api/webhooks/:id, POST /api/webhooks/:id/test,
  // GET /api/webhooks/:id/deliveries, POST /api/webhooks/:id/deliveries/:deliveryId/redeliver
}
