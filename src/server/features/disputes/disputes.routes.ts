import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { disputeSchema, openDisputeSchema, respondDisputeSchema } from "../../../shared/schemas/disputes";
import { idParams } from "../../lib/ids";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { withViewer } from "../auth/guard";
import { disputeMailContext } from "./dispute-mail";
import { listMyDisputes, openDispute, respondToDispute } from "./disputes";

// Disputes of the parties of a deal; the admin's list and decision live in admin.routes.ts.

const SIGNED_IN = { access: "signedIn" } as const;

export async function disputeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);

  app.get(
    "/api/disputes",
    { config: SIGNED_IN, schema: { response: { 200: z.array(disputeSchema), ...errorResponses } } },
    withViewer(async (_req, _reply, viewer) => listMyDisputes({ db: app.db, viewer })),
  );

  app.post(
    "/api/disputes",
    {
      config: SIGNED_IN,
      schema: { body: openDisputeSchema, response: { 201: disputeSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const dispute = await openDispute({
        db: app.db,
        mailer: app.mailer,
        mail: disputeMailContext(app, req),
        viewer,
        ...req.body,
      });
      return reply.code(201).send(dispute);
    }),
  );

  app.post(
    "/api/disputes/:id/respond",
    {
      config: SIGNED_IN,
      schema: {
        params: idParams,
        body: respondDisputeSchema,
        response: { 200: disputeSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      respondToDispute({
        db: app.db,
        mailer: app.mailer,
        mail: disputeMailContext(app, req),
        viewer,
        disputeId: req.params.id,
        response: req.body.response,
      }),
    ),
  );
}
