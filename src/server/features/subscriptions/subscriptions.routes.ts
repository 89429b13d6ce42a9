import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SMS_MESSAGES } from "../../../shared/schemas/sms";
import {
  billingPortalSessionSchema,
  subscriptionIntentSchema,
  subscriptionSummarySchema,
} from "../../../shared/schemas/subscriptions";
import { AppError } from "../../lib/app-error";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { createBillingPortalSession, getOrCreateSubscription } from "./checkout";
import { refreshSubscription } from "./stripe-sync";
import { stripeWebhookRoutes } from "./stripe-webhook";
import { getSubscriptionSummary } from "./summary";

export async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const { stripe } = app;
  const noStore = { "Cache-Control": "private, no-store" };

  app.post(
    "/api/get-or-create-subscription",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: subscriptionIntentSchema, ...errorResponses } },
    },
    withViewer(async (_request, reply, viewer) => {
      reply.headers(noStore);
      return getOrCreateSubscription({ db: app.db, stripe, priceId: config.stripe.priceId, viewer });
    }),
  );

  // The SMS Alerts add-on: a second subscription of the same customer, for publishers with Premium.
  app.post(
    "/api/sms/subscription",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: subscriptionIntentSchema, ...errorResponses } },
    },
    withViewer(async (_request, reply, viewer) => {
      reply.headers(noStore);
      if (!app.sms) throw new AppError("unavailable", SMS_MESSAGES.notConfigured);
      return getOrCreateSubscription({
        db: app.db,
        stripe,
        priceId: config.sms.priceId,
        viewer,
        product: "sms",
      });
    }),
  );

  app.get(
    "/api/subscription",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: subscriptionSummarySchema, ...errorResponses } },
    },
    withViewer(async (_request, reply, viewer) => {
      reply.headers(noStore);
      return getSubscriptionSummary({ db: app.db, stripe, viewer });
    }),
  );

  app.post(
    "/api/subscription/refresh",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: subscriptionSummarySchema, ...errorResponses } },
    },
    withViewer(async (_request, reply, viewer) => {
      reply.headers(noStore);
      return refreshSubscription({ db: app.db, stripe, viewer });
    }),
  );

  app.post(
    "/api/billing-portal",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: billingPortalSessionSchema, ...errorResponses } },
    },
    withViewer(async (_request, reply, viewer) => {
      reply.headers(noStore);
      return createBillingPortalSession({
        db: app.db,
        stripe,
        viewer,
        returnUrl: new URL("/pricing", config.appUrl).toString(),
      });
    }),
  );

  await app.register(stripeWebhookRoutes);
}
