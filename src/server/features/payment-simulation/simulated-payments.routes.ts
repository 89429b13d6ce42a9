import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { plainText } from "../../../shared/schemas/common";
import {
  simulatedConfirmationSchema,
  simulatedConfirmSchema,
  simulatedPortalActionSchema,
  simulatedPortalSchema,
  simulatedWebhookDeliverySchema,
} from "../../../shared/schemas/payment-simulation";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import {
  changeSimulatedSubscription,
  confirmSimulatedPayment,
  getSimulatedPortal,
  listWebhookDeliveries,
} from "./simulated-payments";
import type { StripeSimulator } from "./stripe-simulator";

// Registered only when payments are simulated (app.ts), so none of these exists with Stripe.

const sessionParams = z.object({ session: plainText().max(100) });
const subscriptionParams = sessionParams.extend({ id: plainText().max(100) });

export function simulatedPaymentRoutes(simulator: StripeSimulator) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    answersArePrivate(app);

    // What Stripe.js does when the Payment Element is confirmed, with the card the simulated form took.
    app.post(
      "/api/simulated-payments/confirm",
      {
        config: { access: "signedIn" },
        schema: {
          body: simulatedConfirmSchema,
          response: { 200: simulatedConfirmationSchema, ...errorResponses },
        },
      },
      async (req) => confirmSimulatedPayment({ simulator, ...req.body }),
    );

    app.get(
      "/api/simulated-payments/portal/:session",
      {
        config: { access: "signedIn" },
        schema: { params: sessionParams, response: { 200: simulatedPortalSchema, ...errorResponses } },
      },
      withViewer(async (req, _reply, viewer) =>
        getSimulatedPortal({ db: app.db, simulator, viewer, sessionId: req.params.session }),
      ),
    );

    app.post(
      "/api/simulated-payments/portal/:session/subscriptions/:id",
      {
        config: { access: "signedIn" },
        schema: {
          params: subscriptionParams,
          body: simulatedPortalActionSchema,
          response: { 200: simulatedPortalSchema, ...errorResponses },
        },
      },
      withViewer(async (req, _reply, viewer) =>
        changeSimulatedSubscription({
          db: app.db,
          stripe: app.stripe,
          simulator,
          viewer,
          sessionId: req.params.session,
          subscriptionId: req.params.id,
          action: req.body.action,
        }),
      ),
    );
  };
}

/** In the admin area: the provider's webhook deliveries, as Stripe's dashboard lists an endpoint's. */
export function simulatedPaymentAdminRoutes(simulator: StripeSimulator) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    answersArePrivate(app);
    app.get(
      "/simulated-payments/webhook-deliveries",
      { schema: { response: { 200: z.array(simulatedWebhookDeliverySchema), ...errorResponses } } },
      async () => listWebhookDeliveries({ db: app.db, simulator }),
    );
  };
}
