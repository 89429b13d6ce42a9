import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { errorResponses } from "../../plugins/errors";
import { handleStripeWebhook } from "./stripe-sync";

/**
 * POST /api/stripe/webhook, in its own encapsulated plugin: Stripe signs the exact bytes it sends, so
 * this route must see the raw body. The JSON parser is replaced here only; the rest of the app keeps
 * parsing JSON as usual.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/api/stripe/webhook",
    {
      // Called by Stripe's servers: no Origin of ours, authenticated by the signature instead.
      config: { access: "public", allowForeignOrigin: true },
      schema: {
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      return handleStripeWebhook({
        db: app.db,
        stripe: app.stripe,
        webhookSecret: app.config.stripe.webhookSecret,
        payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: Array.isArray(signature) ? signature[0] : signature,
        metrics: app.metrics,
        boosts: { mailQueue: app.mailQueue, appName: app.config.appName, appUrl: app.config.appUrl },
      });
    },
  );
}
