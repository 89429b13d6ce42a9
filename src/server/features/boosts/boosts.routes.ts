import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminBoostHistorySchema,
  boostIntentSchema,
  boostStatusSchema,
  endBoostSchema,
  grantBoostSchema,
} from "../../../shared/schemas/boosts";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { endBoost, getBoostHistory, grantComplimentaryBoost } from "./boost-admin";
import { createBoostPayment, getBoostStatus } from "./boost-checkout";
import { refundBoostPurchase } from "./boost-refund";

// Boost (docs/buyers.md): the owner's boost screen and payment, and the admin's grant, end and history
// (boostAdminRoutes, in the admin area). The days themselves come from Stripe's webhook
// (features/subscriptions/stripe-webhook.ts hands Boost events to boost-webhook.ts).

export async function boostRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, stripe } = app;
  answersArePrivate(app);
  // The screen offers the Payment Element only where the browser can load it and the webhook can grant.
  const publishableKey = (stripe && config.stripe.webhookSecret && config.stripe.publishableKey) || null;

  app.get(
    "/api/buyer-listings/:id/boost",
    {
      config: { access: "signedIn" },
      schema: { params: idParams, response: { 200: boostStatusSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) =>
      getBoostStatus({
        db: app.db,
        viewer,
        listingId: req.params.id,
        priceCents: config.boostPriceCents,
        publishableKey,
      }),
    ),
  );

  app.post(
    "/api/buyer-listings/:id/boost",
    {
      config: { access: "signedIn" },
      schema: { params: idParams, response: { 200: boostIntentSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) =>
      createBoostPayment({
        db: app.db,
        stripe,
        viewer,
        listingId: req.params.id,
        priceCents: config.boostPriceCents,
      }),
    ),
  );
}

export async function boostAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);

  app.get(
    "/buyer-listings/:id/boosts",
    { schema: { params: idParams, response: { 200: adminBoostHistorySchema, ...errorResponses } } },
    async (req) => getBoostHistory(app.db, req.params.id),
  );

  app.post(
    "/buyer-listings/:id/boosts",
    {
      schema: {
        params: idParams,
        body: grantBoostSchema,
        response: { 200: adminBoostHistorySchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, admin) =>
      grantComplimentaryBoost({ db: app.db, admin, listingId: req.params.id, input: req.body }),
    ),
  );

  app.post(
    "/buyer-listings/:id/boosts/end",
    {
      schema: {
        params: idParams,
        body: endBoostSchema,
        response: { 200: adminBoostHistorySchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, admin) =>
      endBoost({ db: app.db, admin, listingId: req.params.id, input: req.body }),
    ),
  );

  // A paid boost refunded in full through Stripe; the reason goes to the audit log.
  app.post(
    "/buyer-listings/:id/boosts/:purchaseId/refund",
    {
      schema: {
        params: idParams.extend({ purchaseId: idParams.shape.id }),
        body: endBoostSchema,
        response: { 200: adminBoostHistorySchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, admin) =>
      refundBoostPurchase({
        db: app.db,
        stripe: app.stripe,
        admin,
        listingId: req.params.id,
        purchaseId: req.params.purchaseId,
        input: req.body,
      }),
    ),
  );
}
