import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from "../../../shared/schemas/api-keys";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { apiErrors } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { createApiKey, listApiKeys, revokeApiKey } from "../auth/api-keys";

// Personal API keys (docs/api.md): create (the key is answered once), list, revoke. Session only: a key
// never makes or ends keys (documented in the public API, with no scope a key could hold).

const KEYS_BY_SESSION = { access: "signedIn", publicApi: { scope: null } } as const;
const CREATE_KEY = { access: "signedIn", publicApi: { scope: null, answersSecret: true } } as const;
const TAGS = ["API keys"];

export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);

  app.post(
    "/api/api-keys",
    {
      config: CREATE_KEY,
      schema: {
        operationId: "createApiKey",
        summary: "Create an API key",
        description:
          "Makes a personal API key with the scopes your role may give. The answer is the only time the " +
          "whole key is shown: store it at once. Signed-in browsers only; an API key cannot make keys. " +
          "Takes no Idempotency-Key: the key is never kept to be answered again.",
        tags: TAGS,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, ...apiErrors("validation", "conflict") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const created = await createApiKey({ db: app.db, viewer, input: req.body });
      return reply.code(201).send(created);
    }),
  );

  app.get(
    "/api/api-keys",
    {
      config: KEYS_BY_SESSION,
      schema: {
        operationId: "listApiKeys",
        summary: "List your API keys",
        description:
          "Your keys that are not revoked, newest first: name, prefix, scopes, and when and from which " +
          "network (the address cut short) each was last used. Never the key itself.",
        tags: TAGS,
        response: { 200: z.array(apiKeySchema), ...apiErrors() },
      },
    },
    withViewer(async (_req, _reply, viewer) => listApiKeys({ db: app.db, viewer })),
  );

  app.delete(
    "/api/api-keys/:id",
    {
      config: KEYS_BY_SESSION,
      schema: {
        operationId: "revokeApiKey",
        summary: "Revoke an API key",
        description: "The key stops working at once: its next request is answered 401.",
        tags: TAGS,
        params: idParams,
        response: { 204: z.null(), ...apiErrors("not_found") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      await revokeApiKey({ db: app.db, viewer, keyId: req.params.id });
      return reply.code(204).send(null);
    }),
  );
}
