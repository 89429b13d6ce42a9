import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/constants";
import {
  currentUserSchema,
  MAGIC_LINK_SENT_MESSAGE,
  magicLinkRequestSchema,
  magicLinkVerifySchema,
  messageSchema,
  safeReturnTo,
  sessionUserSchema,
} from "../../../shared/schemas/auth";
import { plainText } from "../../../shared/schemas/common";
import { AppError } from "../../lib/app-error";
import { readCurrentUser } from "../../lib/viewer";
import { errorResponses, NOT_FOUND_MESSAGE } from "../../plugins/errors";
import { endUserSession, startUserSession } from "../../plugins/session";
import { hasSignedInBefore } from "./accounts";
import { isSameOriginNavigation, logoutConfirmPage } from "./logout";
import { requestMagicLink, verifyMagicLink } from "./magic-link";
import { finishOidcLogin, OIDC_CALLBACK_PATH, startOidcLogin } from "./oidc";
import { noteSignInDevice } from "./sign-in-alert";

/** The request's Origin when it is another spelling of our own (siteOrigins[0] is APP_URL's). */
function ownOriginOf(origin: string | undefined, config: { siteOrigins: string[] }): string | undefined {
  return origin && origin !== config.siteOrigins[0] && config.siteOrigins.includes(origin)
    ? origin
    : undefined;
}

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const alerts = {
    db: app.db,
    mailQueue: app.mailQueue,
    appName: config.appName,
    appUrl: config.appUrl,
    secureCookies: config.isProduction,
  };

  // A full browser navigation, not a background call: OIDC when configured, else the built-in email sign-in page.
  app.get(
    "/api/login",
    {
      config: { access: "public" },
      schema: { querystring: z.object({ returnTo: plainText().optional() }), response: errorResponses },
    },
    async (req, reply) => {
      const returnTo = safeReturnTo(req.query.returnTo);
      if (!config.oidc) {
        return reply.redirect(
          returnTo === "/" ? "/login" : `/login?returnTo=${encodeURIComponent(returnTo)}`,
        );
      }
      const start = await startOidcLogin({ oidc: config.oidc, appUrl: config.appUrl, returnTo });
      req.session.oidc = start.state;
      return reply.redirect(start.url);
    },
  );

  app.get(
    OIDC_CALLBACK_PATH,
    { config: { access: "public" }, schema: { response: errorResponses } },
    async (req, reply) => {
      if (!config.oidc) throw new AppError("not_found", NOT_FOUND_MESSAGE);
      const expected = req.session.oidc;
      req.session.oidc = undefined;
      const { userId } = await finishOidcLogin({
        db: app.db,
        oidc: config.oidc,
        adminEmails: config.adminEmails,
        callbackUrl: new URL(req.url, config.appUrl),
        expected,
      });
      await startUserSession(req, userId, "oidc");
      await noteSignInDevice(alerts, { request: req, reply, userId, method: "oidc" });
      return reply.redirect(safeReturnTo(expected?.returnTo));
    },
  );

  // Logout is a navigation, so a GET; but a GET another site can make the browser send
  // (a link, an image) must not end the session. A GET from our own pages logs out at once;
  // any other shows a page whose button POSTs, which a foreign Origin cannot (plugins/security.ts).
  await app.register(async (logout) => {
    // The confirm page's form posts an empty urlencoded body; nothing in it is read.
    logout.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    logout.get(
      "/api/logout",
      { config: { access: "public" }, schema: { response: errorResponses } },
      async (req, reply) => {
        if (req.session.userId && !isSameOriginNavigation(req.headers, config.siteOrigins)) {
          return reply
            .header("Cache-Control", "no-store")
            .type("text/html; charset=utf-8")
            .send(logoutConfirmPage(config.appName));
        }
        await endUserSession(req, reply);
        return reply.redirect("/");
      },
    );

    logout.post(
      "/api/logout",
      { config: { access: "public" }, schema: { response: errorResponses } },
      async (req, reply) => {
        await endUserSession(req, reply);
        return reply.redirect("/", 303);
      },
    );
  });

  // The current user. Signed out, the plain form answers 401 {"message":"Unauthorized"}, which
  // the client reads as "no user". `?optional=1` answers 200 null instead: the client's sign-in probe on
  // every page uses it, because browsers log every 4xx response to the console (Lighthouse's
  // "no errors in the console"). Public so the handler can choose; it applies the signedIn rule itself.
  app.get(
    "/api/auth/user",
    {
      config: { access: "public" },
      schema: {
        querystring: z.object({ optional: z.literal("1").optional() }),
        response: { 200: sessionUserSchema.nullable(), ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header("Cache-Control", "private, no-store");
      if (req.viewer) {
        return { ...req.viewer, hasSignedInBefore: await hasSignedInBefore(app.db, req.viewer.id) };
      }
      if (req.query.optional) return null;
      throw new AppError("unauthorized", MESSAGES.unauthorized);
    },
  );

  app.post(
    "/api/auth/magic-link",
    {
      config: { access: "public" },
      schema: { body: magicLinkRequestSchema, response: { 202: messageSchema, ...errorResponses } },
    },
    async (req, reply) => {
      if (config.oidc && config.smtpUrl === undefined && config.isProduction) {
        throw new AppError("not_found", NOT_FOUND_MESSAGE);
      }
      await requestMagicLink({
        db: app.db,
        mailQueue: app.mailQueue,
        email: req.body.email,
        ip: req.ip,
        returnTo: req.body.returnTo ? safeReturnTo(req.body.returnTo) : undefined,
        // The link opens where the request came from when that is one of our own origins (in development
        // 127.0.0.1 as well as localhost), so the session cookie lands on the address the person uses.
        appUrl: ownOriginOf(req.headers.origin, config) ?? config.appUrl,
        appName: config.appName,
      });
      return reply.code(202).send({ message: MAGIC_LINK_SENT_MESSAGE });
    },
  );

  app.post(
    "/api/auth/magic-link/verify",
    {
      config: { access: "public" },
      schema: {
        body: magicLinkVerifySchema,
        response: { 200: z.object({ user: currentUserSchema, returnTo: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { userId, returnTo } = await verifyMagicLink({
        db: app.db,
        token: req.body.token,
        adminEmails: config.adminEmails,
      });
      await startUserSession(req, userId, "email");
      await noteSignInDevice(alerts, { request: req, reply, userId, method: "email" });
      const user = await readCurrentUser({ db: app.db, userId });
      if (!user) throw new AppError("internal", "Signed-in user vanished");
      return { user, returnTo: safeReturnTo(returnTo) };
    },
  );
}
