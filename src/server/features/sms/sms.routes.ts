import type { FastifyInstance } from "fastify";
import { shortLinkRoutes } from "./short-link";
import { smsWebhookRoutes } from "./sms.webhook";

// SMS alerts' routes (docs/publishers.md, "SMS alerts"). The add-on's purchase is the subscriptions
// feature's (POST /api/sms/subscription); Twilio's webhooks are in sms.webhook.ts.
export async function smsRoutes(app: FastifyInstance) {
  await app.register(smsWebhookRoutes);
  // The texts' short links to listings (/l/<code>).
  await app.register(shortLinkRoutes);
}
