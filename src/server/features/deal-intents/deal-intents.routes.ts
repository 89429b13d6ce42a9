import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDealIntentSchema,
  dealIntentSchema,
  decideDealIntentSchema,
} from "../../../shared/schemas/deal-intents";
import { idParams } from "../../lib/ids";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { withViewer } from "../auth/guard";
import type { DealMailContext } from "./deal-intent-mail";
import { decideDealIntent, listDealIntents, requestDealIntent } from "./deal-intents";

// Deal intents (docs/publishers.md, docs/buyers.md): publishers ask, buyers decide.

// In the public API (docs/api.md): a key reads deal intents with listings:read and a buyer's key decides
// them with listings:write. Requesting a deal stays a person's act in the app: documented, no key.
const READ = { access: "signedIn", publicApi: { scope: "listings:read" } } as const;
const REQUEST = { access: "signedIn", publicApi: { scope: null } } as const;
const DECIDE = { access: "signedIn", publicApi: { scope: "listings:write" } } as const;

export async function dealIntentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);
  const mailContext = (): DealMailContext => ({
    appName: app.config.appName,
    appUrl: app.config.appUrl,
    mailQueue: app.mailQueue,
    jobs: app.jobs,
  });

  app.get(
    "/api/deal-intents",
    { config: READ, schema: { response: { 200: z.array(dealIntentSchema), ...errorResponses } } },
    withViewer(async (_req, _reply, viewer) => listDealIntents({ db: app.db, viewer })),
  );

  app.post(
    "/api/deal-intents",
    {
      config: REQUEST,
      schema: { body: createDealIntentSchema, response: { 201: dealIntentSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const intent = await requestDealIntent({
        db: app.db,
        mail: mailContext(),
        viewer,
        listingId: req.body.listingId,
        message: req.body.message,
      });
      return reply.code(201).send(intent);
    }),
  );

  for (const [action, decision] of [
    ["accept", "accepted"],
    ["reject", "rejected"],
  ] as const) {
    app.post(
      `/api/deal-intents/:id/${action}`,
      {
        config: DECIDE,
        schema: {
          params: idParams,
          body: decideDealIntentSchema,
          response: { 200: dealIntentSchema, ...errorResponses },
        },
      },
      withViewer(async (req, _reply, viewer) =>
        decideDealIntent({
          db: app.db,
          mail: mailContext(),
          viewer,
          intentId: req.params.id,
          decision,
          note: req.body.note,
        }),
      ),
    );
  }
}
