import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { SMS_MESSAGES } from "../../../shared/schemas/sms";
import { AppError } from "../../lib/app-error";
import type { SmsSender } from "../../lib/sms";
import { errorResponses } from "../../plugins/errors";
import { recordDeliveryStatus } from "./sms-delivery-status";
import { handleInboundSms } from "./sms-inbound";

// Twilio's two webhooks (docs/operations.md, "SMS: Twilio"): replies to our number (STOP, START, HELP)
// and the delivery status of each text we sent. Twilio posts form fields and signs the URL it called with
// those fields (X-Twilio-Signature); a request whose signature does not check is refused 403 before
// anything is read or written. Their own plugin: only here are form bodies parsed.

/** What a webhook answers Twilio: an empty TwiML document (replies go out as texts of their own). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const FORGED_MESSAGE = "Invalid Twilio signature";

export async function smsWebhookRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The fields of a request Twilio really sent; 403 otherwise, 503 when no provider is configured. */
  function verifiedFields(request: FastifyRequest): Record<string, string> {
    const sms: SmsSender | undefined = app.sms;
    if (!sms) throw new AppError("unavailable", SMS_MESSAGES.notConfigured);
    const body = request.body;
    const params =
      body && typeof body === "object" && !Array.isArray(body)
        ? Object.fromEntries(
            Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
          )
        : {};
    const signature = request.headers["x-twilio-signature"];
    // Twilio signs the public URL it was given: APP_URL's origin with the path and query it called.
    const url = new URL(request.url, app.config.appUrl).toString();
    if (
      !sms.isValidWebhook({ signature: Array.isArray(signature) ? signature[0] : signature, url, params })
    ) {
      throw new AppError("forbidden", FORGED_MESSAGE);
    }
    return params;
  }

  const webhook = {
    // Called by Twilio's servers: no Origin of ours, authenticated by the signature instead.
    config: { access: "public" as const, allowForeignOrigin: true },
    schema: { response: { 200: z.string(), ...errorResponses } },
  };

  app.post("/api/sms/inbound", webhook, async (request, reply) => {
    const fields = verifiedFields(request);
    await handleInboundSms(
      { db: app.db, jobs: app.jobs, appName: app.config.appName, appUrl: app.config.appUrl },
      { from: fields.From ?? "", body: fields.Body ?? "", messageSid: fields.MessageSid ?? null },
    );
    return reply.type("text/xml").send(EMPTY_TWIML);
  });

  app.post("/api/sms/status", webhook, async (request, reply) => {
    const fields = verifiedFields(request);
    await recordDeliveryStatus(
      {
        db: app.db,
        mailQueue: app.mailQueue,
        mail: { appName: app.config.appName, appUrl: app.config.appUrl },
      },
      {
        messageSid: fields.MessageSid ?? "",
        status: fields.MessageStatus ?? "",
        errorCode: fields.ErrorCode || null,
      },
    );
    return reply.type("text/xml").send(EMPTY_TWIML);
  });
}
