import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  demoAccountSchema,
  devLoginSchema,
  devSmsInboundResultSchema,
  devSmsInboundSchema,
  fixturePremiumSchema,
  fixtureRequestSchema,
  fixtureSchema,
  INBOX_SIGNATURE_RESULTS,
  inboxDeliverySchema,
  outboxMailSchema,
  WEBHOOK_INBOX_PATH,
} from "../../../shared/schemas/dev";
import { outboxSmsSchema, SMS_MESSAGES } from "../../../shared/schemas/sms";
import { AppError } from "../../lib/app-error";
import { errorResponses, NOT_FOUND_MESSAGE } from "../../plugins/errors";
import { startUserSession } from "../../plugins/session";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import {
  createFixture,
  deleteFixture,
  findDevLoginUser,
  listOutbox,
  listSmsOutbox,
  recordDevLogin,
  setFixturePremium,
} from "./dev-queries";
import { sendDevSmsReply } from "./sms-reply";
import { receiveInboxDelivery, WebhookInbox } from "./webhook-inbox";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
// A proxy on this machine connects from loopback too; what it relays is a remote request.
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];
const fixtureParams = z.object({ id: z.uuid() });
const PUBLIC = { access: "public" } as const;
/** Larger than any event we send: the inbox keeps what it was given, whole. */
const INBOX_BODY_LIMIT = 256 * 1024;

/**
 * Development helpers. app.ts registers them only when APP_ENV=development, and they answer only a
 * client on this machine talking to us directly (they sign anyone in as anyone): anyone else, also
 * through a proxy, gets the same 404 as in production.
 * All are public to the access guard: the fixtures make the very users a test then signs in as.
 */
export async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The socket's own address, never request.ip (which TRUST_PROXY may take from a header).
  app.addHook("onRequest", async (request) => {
    const direct = FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
    if (!direct || !LOOPBACK.has(request.socket.remoteAddress ?? "")) {
      throw new AppError("not_found", NOT_FOUND_MESSAGE);
    }
  });

  app.get(
    "/api/dev/accounts",
    { config: PUBLIC, schema: { response: { 200: z.array(demoAccountSchema), ...errorResponses } } },
    async () => [...DEMO_ACCOUNTS],
  );

  app.post(
    "/api/dev/login",
    {
      config: PUBLIC,
      schema: {
        body: devLoginSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses },
      },
    },
    async (req) => {
      const user = await findDevLoginUser({ db: app.db, email: req.body.email });
      await startUserSession(req, user.id, "dev");
      await recordDevLogin({ db: app.db, userId: user.id });
      return { ok: true as const };
    },
  );

  app.get(
    "/api/dev/outbox",
    { config: PUBLIC, schema: { response: { 200: z.array(outboxMailSchema), ...errorResponses } } },
    async () => listOutbox({ db: app.db }),
  );

  app.get(
    "/api/dev/sms-outbox",
    { config: PUBLIC, schema: { response: { 200: z.array(outboxSmsSchema), ...errorResponses } } },
    async () => listSmsOutbox({ db: app.db }),
  );

  // A reply to our number tried from the SMS page, posted to /api/sms/inbound as Twilio would post it.
  app.post(
    "/api/dev/sms-inbound",
    {
      config: PUBLIC,
      schema: {
        body: devSmsInboundSchema,
        response: { 200: devSmsInboundResultSchema, ...errorResponses },
      },
    },
    async (req) => {
      const authToken = app.config.twilio?.authToken ?? app.config.smsOutboxAuthToken;
      const address = app.server.address();
      if (!authToken || !address || typeof address === "string") {
        throw new AppError("unavailable", SMS_MESSAGES.notConfigured);
      }
      return sendDevSmsReply({ db: app.db, appUrl: app.config.appUrl, authToken, address, input: req.body });
    },
  );

  const inbox = new WebhookInbox();
  app.get(
    WEBHOOK_INBOX_PATH,
    { config: PUBLIC, schema: { response: { 200: z.array(inboxDeliverySchema), ...errorResponses } } },
    async () => inbox.list(),
  );
  // Its own plugin: only here is a body kept as the raw text it came as, whatever its type, for the
  // signature is over those very bytes.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "string", bodyLimit: INBOX_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      WEBHOOK_INBOX_PATH,
      {
        // Posted by our own delivery worker, which sends no Origin: what it proves is its signature.
        config: { ...PUBLIC, allowForeignOrigin: true },
        schema: {
          response: { 200: z.object({ signature: z.enum(INBOX_SIGNATURE_RESULTS) }), ...errorResponses },
        },
      },
      async (req) => {
        const delivery = await receiveInboxDelivery({
          db: app.db,
          inbox,
          url: new URL(req.url, `http://${req.headers.host ?? "localhost"}`),
          headers: req.headers,
          rawBody: typeof req.body === "string" ? req.body : "",
          now: app.now(),
        });
        return { signature: delivery.signature };
      },
    );
  });

  // Test fixtures (e2e/support/fixtures.ts). The answer also signs the new user in: its Set-Cookie is
  // the session a test hands to the browser.
  app.post(
    "/api/dev/fixtures",
    {
      config: PUBLIC,
      schema: { body: fixtureRequestSchema, response: { 201: fixtureSchema, ...errorResponses } },
    },
    async (req, reply) => {
      const fixture = await createFixture({ db: app.db, secret: app.config.sessionSecret, spec: req.body });
      await startUserSession(req, fixture.user.id, "dev");
      return reply.code(201).send(fixture);
    },
  );

  app.put(
    "/api/dev/fixtures/:id/premium",
    {
      config: PUBLIC,
      schema: {
        params: fixtureParams,
        body: fixturePremiumSchema,
        response: { 200: z.object({ hasActiveSubscription: z.boolean() }), ...errorResponses },
      },
    },
    async (req) => setFixturePremium({ db: app.db, fixtureId: req.params.id, enabled: req.body.enabled }),
  );

  app.delete(
    "/api/dev/fixtures/:id",
    { config: PUBLIC, schema: { params: fixtureParams, response: { 204: z.null(), ...errorResponses } } },
    async (req, reply) => {
      await deleteFixture({ db: app.db, fixtureId: req.params.id });
      return reply.code(204).send(null);
    },
  );
}
