import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDisputeQuerySchema,
  adminDisputeSchema,
  disputeSchema,
  openDisputeSchema,
  resolveDisputeSchema,
  respondDisputeSchema,
} from "../../../shared/schemas/disputes";
import { idParams } from "../../lib/ids";
import { sendPage } from "../../lib/keyset-pages";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { disputeMailContext } from "./dispute-mail";
import { listAdminDisputes, listMyDisputes, openDispute, resolveDispute, respondToDispute } from "./disputes";

// Disputes of the parties of a deal, and the admin's list and decision (disputeAdminRoutes, in the admin
// area).

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
        mail: disputeMailContext(app),
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
        mail: disputeMailContext(app),
        viewer,
        disputeId: req.params.id,
        response: req.body.response,
      }),
    ),
  );
}

/**
 * The admin's side of disputes: the list and the decision. app.ts registers it inside adminArea() under
 * /api/admin, so every route here is admin-only.
 */
export async function disputeAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Admin answers carry contacts and personal data.
  answersArePrivate(app);

  app.get(
    "/disputes",
    {
      schema: {
        querystring: adminDisputeQuerySchema,
        response: { 200: z.array(adminDisputeSchema), ...errorResponses },
      },
    },
    withViewer(async (req, reply) =>
      sendPage(req, reply, await listAdminDisputes({ db: app.db, query: req.query })),
    ),
  );

  app.post(
    "/disputes/:id/resolve",
    {
      schema: {
        params: idParams,
        body: resolveDisputeSchema,
        response: { 200: adminDisputeSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      resolveDispute({
        db: app.db,
        mail: disputeMailContext(app),
        viewer,
        disputeId: req.params.id,
        status: req.body.status,
        resolutionNotes: req.body.resolutionNotes,
      }),
    ),
  );
}
