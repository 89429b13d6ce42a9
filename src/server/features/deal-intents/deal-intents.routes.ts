import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDealIntentSchema,
  dealIntentSchema,
  decideDealIntentSchema,
} from "../../../shared/schemas/deal-intents";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { apiErrors } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import type { DealMailContext } from "./deal-intent-mail";
import { decideDealIntent, listDealIntents, requestDealIntent } from "./deal-intents";

// Deal intents, which people read as deal requests (docs/publishers.md, docs/buyers.md): publishers
// ask, buyers decide.

// In the public API (docs/api.md): a key reads deal requests with listings:read and a buyer's key decides
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
    {
      config: READ,
      schema: {
        operationId: "listDealIntents",
        summary: "List your deal requests",
        description:
          "The deal requests the caller sent (a publisher) or received on their listings (a buyer), newest " +
          "first. A received request carries who asks (`publisher`: profile, domain verification, " +
          "approval, quality score and its basis, compliance record, deals and reviews on the platform); " +
          "their email is filled in once the buyer accepted.",
        tags: ["Deal intents"],
        response: { 200: z.array(dealIntentSchema), ...apiErrors() },
      },
    },
    withViewer(async (_req, _reply, viewer) => listDealIntents({ db: app.db, viewer })),
  );

  app.post(
    "/api/deal-intents",
    {
      config: REQUEST,
      schema: {
        operationId: "requestDealIntent",
        summary: "Request a deal",
        description:
          "An approved publisher asks the buyer of an active listing for a deal, with an optional " +
          "message; the buyer hears of it by mail. One open request per listing, and a daily limit.",
        tags: ["Deal intents"],
        body: createDealIntentSchema,
        response: { 201: dealIntentSchema, ...apiErrors("validation", "not_found", "conflict") },
      },
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

  for (const [action, decision, summary, description] of [
    [
      "accept",
      "accepted",
      "Accept a deal request",
      "The listing's buyer accepts a pending request, with an optional note: the publisher hears of it " +
        "and sees the listing's contact, and the buyer now sees the publisher's email.",
    ],
    [
      "reject",
      "rejected",
      "Reject a deal request",
      "The listing's buyer turns down a pending request, with an optional note the publisher reads.",
    ],
  ] as const) {
    app.post(
      `/api/deal-intents/:id/${action}`,
      {
        config: DECIDE,
        schema: {
          operationId: `${action}DealIntent`,
          summary,
          description,
          tags: ["Deal intents"],
          params: idParams,
          body: decideDealIntentSchema,
          response: { 200: dealIntentSchema, ...apiErrors("validation", "not_found", "conflict") },
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
