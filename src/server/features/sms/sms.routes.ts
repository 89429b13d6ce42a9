import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminSmsHistorySchema,
  smsPhoneInputSchema,
  smsStatusSchema,
  smsVerifyInputSchema,
} from "../../../shared/schemas/sms";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { shortLinkRoutes } from "./short-link";
import { readSmsHistory } from "./sms-history";
import {
  getSmsStatus,
  optOutOnWeb,
  type RequestOrigin,
  resendCode,
  type SmsNumberDeps,
  startPhoneVerification,
  verifyPhone,
} from "./sms-number";
import { smsWebhookRoutes } from "./sms-webhook";

// SMS alerts' routes (docs/publishers.md, "SMS alerts"): the Alerts tab's SMS section (status, number,
// code, opt-out) and Twilio's webhooks (sms-webhook.ts). The add-on's purchase is the subscriptions
// feature's (POST /api/sms/subscription). Every action answers the new status, which the screen shows.

const origin = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

export async function smsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  await app.register(smsWebhookRoutes);
  // The texts' short links to listings (/l/<code>).
  await app.register(shortLinkRoutes);
  answersArePrivate(app);

  const deps: SmsNumberDeps = {
    db: app.db,
    sms: app.sms,
    now: app.now,
    appName: config.appName,
    secret: config.sessionSecret,
    replyNumber: config.twilio?.from ?? null,
  };
  const statusDeps = {
    ...deps,
    priceCents: config.sms.priceCents,
    // The Payment Element only where the browser can load it and the webhook can grant the add-on.
    publishableKey:
      (app.stripe && config.stripe.webhookSecret && config.sms.priceId && config.stripe.publishableKey) ||
      null,
  };
  const status = { config: { access: "signedIn" as const } };
  const answersStatus = { response: { 200: smsStatusSchema, ...errorResponses } };

  app.get(
    "/api/sms",
    { ...status, schema: answersStatus },
    withViewer(async (_request, _reply, viewer) => getSmsStatus(statusDeps, viewer)),
  );

  app.post(
    "/api/sms/phone",
    { ...status, schema: { body: smsPhoneInputSchema, ...answersStatus } },
    withViewer(async (request, _reply, viewer) => {
      await startPhoneVerification(deps, viewer, request.body, origin(request));
      return getSmsStatus(statusDeps, viewer);
    }),
  );

  app.post(
    "/api/sms/phone/resend",
    { ...status, schema: { body: z.object({}).optional(), ...answersStatus } },
    withViewer(async (_request, _reply, viewer) => {
      await resendCode(deps, viewer);
      return getSmsStatus(statusDeps, viewer);
    }),
  );

  app.post(
    "/api/sms/phone/verify",
    { ...status, schema: { body: smsVerifyInputSchema, ...answersStatus } },
    withViewer(async (request, _reply, viewer) => {
      await verifyPhone(deps, viewer, request.body.code);
      return getSmsStatus(statusDeps, viewer);
    }),
  );

  app.post(
    "/api/sms/opt-out",
    { ...status, schema: { body: z.object({}).optional(), ...answersStatus } },
    withViewer(async (request, _reply, viewer) => {
      await optOutOnWeb(deps, viewer, origin(request));
      return getSmsStatus(statusDeps, viewer);
    }),
  );
}

/** The admin's view of a user's SMS records (in the admin area: admins only). */
export async function smsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);
  app.get(
    "/users/:id/sms",
    { schema: { params: idParams, response: { 200: adminSmsHistorySchema, ...errorResponses } } },
    async (request) => readSmsHistory(app.db, request.params.id),
  );
}
