import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  billingPortalSessionSchema,
  subscriptionIntentSchema,
  subscriptionSummarySchema,
} from "../../../shared/schemas/subscriptions";
import { createStripeClient } from "../../lib/stripe";
import { requireViewer } from "../../plugins/auth";
import { errorResponses } from "../../plugins/errors";
import {
  createBillingPortalSession,
  getOrCreateSubscription,
  getSubscriptionSummary,
  refreshSubscription,
} from "./subscriptions.service";
import { stripeWebhookRoutes } from "./subscriptions.webhook";

export async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const stripe = createStripeClient(config.stripe);
  const noStore = { "Cache-Control": "private, no-store" };

  app.post(
    "/api/get-or-create-subscription",
    { schema: { response: { 200: subscriptionIntentSchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(noStore);
      return getOrCreateSubscription({ db: app.db, stripe, priceId: config.stripe.priceId, viewer });
    },
  );

  app.get(
    "/api/subscription",
    { schema: { response: { 200: subscriptionSummarySchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(noStore);
      return getSubscriptionSummary({ db: app.db, stripe, viewer });
    },
  );

  app.post(
    "/api/subscription/refresh",
    { schema: { response: { 200: subscriptionSummarySchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(noStore);
      return refreshSubscription({ db: app.db, stripe, viewer });
    },
  );

  app.post(
    "/api/billing-portal",
    { schema: { response: { 200: billingPortalSessionSchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(noStore);
      return createBillingPortalSession({
        db: app.db,
        stripe,
        viewer,
        returnUrl: new URL("/pricing", config.appUrl).toString(),
      });
    },
  );

  await app.register(stripeWebhookRoutes, { stripe });
}
