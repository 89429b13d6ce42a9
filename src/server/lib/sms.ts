import { randomUUID } from "node:crypto";
import type Twilio from "twilio";
import type { TwilioConfig } from "../config";
import type { Db } from "../db/client";
import { smsOutbox } from "../db/schema";

// Texts go out through the official Twilio SDK (docs/decisions/025-sms-twilio-and-consent-records.md);
// without Twilio settings, development and tests keep them in the SMS outbox table instead. Features
// never talk to Twilio themselves: they call `send` and record what it answers (features/sms).

interface SmsToSend {
  /** E.164. */
  to: string;
  body: string;
}

interface SmsSent {
  /** The provider's message id (Twilio's SM..., or the outbox row's id). */
  sid: string;
  /** The provider's first status: queued or accepted (Twilio), sent (the outbox). */
  status: string;
}

/**
 * A send the provider refused or could not take. `permanent`: the same text to the same number would be
 * refused again (an invalid or unsubscribed number): not worth a retry. Otherwise (a 5xx, a 429, no
 * answer) the job retries it with backoff.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SmsSendError";
  }
}

export interface SmsSender {
  readonly provider: "twilio" | "outbox";
  send(message: SmsToSend): Promise<SmsSent>;
  /**
   * Whether a webhook request really comes from the provider: Twilio's X-Twilio-Signature over the URL
   * it called and the form fields it posted. The outbox has no webhooks: always false.
   */
  isValidWebhook(request: {
    signature: string | undefined;
    url: string;
    params: Record<string, string>;
  }): boolean;
}

type TwilioModule = typeof Twilio;

/** Twilio's SDK sending to `apiUrl` instead of api.twilio.com (the tests' loopback fake). */
function requestClientFor(twilio: TwilioModule, apiUrl: string) {
  const target = new URL(apiUrl);
  const client = new twilio.RequestClient({ timeout: 15_000 });
  const request = client.request.bind(client);
  client.request = ((opts: Parameters<typeof request>[0]) => {
    const uri = new URL(opts.uri);
    uri.protocol = target.protocol;
    uri.host = target.host;
    return request({ ...opts, uri: uri.href });
  }) as typeof client.request;
  return client;
}

function twilioSender(twilio: TwilioModule, config: TwilioConfig, statusCallbackUrl: string): SmsSender {
  const client = twilio(config.accountSid, config.authToken, {
    ...(config.apiUrl ? { httpClient: requestClientFor(twilio, config.apiUrl) } : {}),
    // The SDK retries a 429 itself; a job retries everything else that is worth it.
    autoRetry: true,
    maxRetries: 2,
  });
  return {
    provider: "twilio",
    async send({ to, body }) {
      try {
        const message = await client.messages.create({
          to,
          body,
          statusCallback: statusCallbackUrl,
          ...(config.messagingServiceSid
            ? { messagingServiceSid: config.messagingServiceSid }
            : { from: config.from }),
        });
        return { sid: message.sid, status: message.status };
      } catch (err) {
        const status = (err as { status?: number }).status;
        const code = (err as { code?: number | string }).code;
        // A 4xx other than 429 is Twilio refusing this message (bad number, opted out at the carrier).
        const permanent = typeof status === "number" && status >= 400 && status < 500 && status !== 429;
        throw new SmsSendError(
          `Twilio refused the text (${status ?? "no answer"}${code ? `, code ${code}` : ""})`,
          permanent,
          code === undefined ? null : String(code),
          { cause: err },
        );
      }
    },
    isValidWebhook({ signature, url, params }) {
      if (!signature) return false;
      return twilio.validateRequest(config.authToken, signature, url, params);
    },
  };
}

/** Twilio's signature check alone (its webhooks module, without the rest of the SDK). */
type ValidateRequest = typeof import("twilio/lib/webhooks/webhooks.js").validateRequest;

/**
 * The development SMS outbox. Without `authToken` no webhook request is Twilio's; with it (a development
 * server), one signed the way Twilio signs with that token is, so a reply tried from /api/dev/sms-inbound
 * takes the same checked path a real one does.
 */
function outboxSender(db: Db, webhookCheck: { authToken: string; validate: ValidateRequest } | undefined) {
  const sender: SmsSender = {
    provider: "outbox",
    async send({ to, body }) {
      const id = randomUUID();
      await db.insert(smsOutbox).values({ id, to, body });
      return { sid: `outbox-${id}`, status: "sent" };
    },
    isValidWebhook({ signature, url, params }) {
      if (!webhookCheck || !signature) return false;
      return webhookCheck.validate(webhookCheck.authToken, signature, url, params);
    },
  };
  return sender;
}

/**
 * The app's SMS sender: Twilio when configured; else the outbox outside production; else none (the SMS
 * routes then answer that texts are not set up, and nothing is queued to send). The SDK is loaded only
 * when Twilio is configured: it costs about 200 ms and 20 MB at start-up for nothing otherwise.
 */
export async function createSmsSender({
  db,
  twilio: twilioConfig,
  isProduction,
  appUrl,
  outboxAuthToken,
}: {
  db: Db;
  twilio: TwilioConfig | undefined;
  isProduction: boolean;
  appUrl: string;
  /** The development outbox's stand-in for Twilio's auth token (config.smsOutboxAuthToken). */
  outboxAuthToken: string | undefined;
}): Promise<SmsSender | undefined> {
  if (twilioConfig) {
    const { default: twilio } = await import("twilio");
    return twilioSender(twilio, twilioConfig, new URL("/api/sms/status", appUrl).toString());
  }
  if (isProduction) return undefined;
  if (!outboxAuthToken) return outboxSender(db, undefined);
  const { validateRequest } = await import("twilio/lib/webhooks/webhooks.js");
  return outboxSender(db, { authToken: outboxAuthToken, validate: validateRequest });
}
