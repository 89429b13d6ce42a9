import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answersArePrivate } from "../../plugins/security";

// Personal API keys (docs/api.md): create (the key is answered once), list, revoke. Session only: a key
// never makes or ends keys.

export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);
  // POST /api/api-keys, GET /api/api-keys, DELETE /api/api-keys/:id
}
