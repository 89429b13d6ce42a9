import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminBuyerVerificationQuerySchema,
  adminBuyerVerificationSchema,
  approveBuyerVerificationSchema,
  buyerVerificationStateSchema,
  checkBuyerDomainSchema,
  confirmWorkEmailSchema,
  rejectBuyerVerificationSchema,
  revokeBuyerVerificationSchema,
  sendWorkEmailCodeSchema,
} from "../../../shared/schemas/buyer-verification";
import { idParams } from "../../lib/ids";
import { domainCheckFetchOptions } from "../../lib/site-fetch";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { proveBuyerDomain, type TxtResolver } from "./domain-proof";
import { getVerificationState, startVerification, submitVerification } from "./verification-attempts";
import {
  approveBuyerVerification,
  listBuyerVerifications,
  rejectBuyerVerification,
  revokeBuyerVerification,
} from "./verification-review";
import { confirmWorkEmail, sendWorkEmailCode } from "./work-email-proof";

const SIGNED_IN = { access: "signedIn" } as const;
const stateResponse = { 200: buyerVerificationStateSchema, ...errorResponses };

/**
 * The buyer's side of the "Verified buyer" badge (docs/buyers.md). Every route acts on the session's own
 * buyer profile (403 without one); each answers the buyer's whole verification state.
 */
export function buyerVerificationRoutes({ resolveTxt }: { resolveTxt: TxtResolver }) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    answersArePrivate(app);
    const mail = { appName: app.config.appName, appUrl: app.config.appUrl };

    app.get(
      "/api/buyer-verification",
      { config: SIGNED_IN, schema: { response: stateResponse } },
      withViewer(async (_req, _reply, viewer) =>
        getVerificationState({ db: app.db, viewer, now: app.now() }),
      ),
    );

    app.post(
      "/api/buyer-verification",
      { config: SIGNED_IN, schema: { response: stateResponse } },
      withViewer(async (_req, _reply, viewer) => startVerification({ db: app.db, viewer, now: app.now() })),
    );

    app.post(
      "/api/buyer-verification/domain",
      { config: SIGNED_IN, schema: { body: checkBuyerDomainSchema, response: stateResponse } },
      withViewer(async (req, _reply, viewer) =>
        proveBuyerDomain({
          db: app.db,
          viewer,
          input: req.body,
          options: { resolveTxt, fetchOptions: domainCheckFetchOptions(app.config) },
          now: app.now(),
        }),
      ),
    );

    app.post(
      "/api/buyer-verification/email",
      { config: SIGNED_IN, schema: { body: sendWorkEmailCodeSchema, response: stateResponse } },
      withViewer(async (req, _reply, viewer) =>
        sendWorkEmailCode({
          db: app.db,
          mailQueue: app.mailQueue,
          mail,
          viewer,
          email: req.body.email,
          now: app.now(),
        }),
      ),
    );

    app.post(
      "/api/buyer-verification/email/confirm",
      { config: SIGNED_IN, schema: { body: confirmWorkEmailSchema, response: stateResponse } },
      withViewer(async (req, _reply, viewer) =>
        confirmWorkEmail({ db: app.db, viewer, code: req.body.code, now: app.now() }),
      ),
    );

    app.post(
      "/api/buyer-verification/submit",
      { config: SIGNED_IN, schema: { response: stateResponse } },
      withViewer(async (_req, _reply, viewer) => submitVerification({ db: app.db, viewer, now: app.now() })),
    );
  };
}

/**
 * The administrators' review of buyer verifications, under /api/admin (admin-only by the area it is
 * registered in): the queue with the evidence, approve, reject and revoke.
 */
export async function buyerVerificationAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);
  const decision = () => ({
    db: app.db,
    mailQueue: app.mailQueue,
    mail: { appName: app.config.appName, appUrl: app.config.appUrl },
    now: app.now(),
  });
  const decisionResponse = { 200: adminBuyerVerificationSchema, ...errorResponses };

  app.get(
    "/buyer-verifications",
    {
      schema: {
        querystring: adminBuyerVerificationQuerySchema,
        response: { 200: z.array(adminBuyerVerificationSchema), ...errorResponses },
      },
    },
    withViewer(async (req) => listBuyerVerifications({ db: app.db, status: req.query.status })),
  );

  app.post(
    "/buyer-verifications/:id/approve",
    { schema: { params: idParams, body: approveBuyerVerificationSchema, response: decisionResponse } },
    withViewer(async (req, _reply, viewer) =>
      approveBuyerVerification({
        ...decision(),
        viewer,
        attemptId: req.params.id,
        checklist: req.body.checklist,
        reason: req.body.reason,
      }),
    ),
  );

  app.post(
    "/buyer-verifications/:id/reject",
    { schema: { params: idParams, body: rejectBuyerVerificationSchema, response: decisionResponse } },
    withViewer(async (req, _reply, viewer) =>
      rejectBuyerVerification({
        ...decision(),
        viewer,
        attemptId: req.params.id,
        checklist: req.body.checklist,
        reason: req.body.reason,
      }),
    ),
  );

  app.post(
    "/buyer-verifications/:id/revoke",
    { schema: { params: idParams, body: revokeBuyerVerificationSchema, response: decisionResponse } },
    withViewer(async (req, _reply, viewer) =>
      revokeBuyerVerification({ ...decision(), viewer, attemptId: req.params.id, reason: req.body.reason }),
    ),
  );
}
