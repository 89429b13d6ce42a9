import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  accountSessionsSchema,
  accountTokenSchema,
  endedSessionsSchema,
} from "../../../shared/schemas/account";
import { messageSchema } from "../../../shared/schemas/auth";
import { AppError } from "../../lib/app-error";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { endUserSession } from "../../plugins/session";
import { signOutEverywhereByLink } from "../auth/sign-in-alert";
import { endOtherUserSessions, endUserSessionById, listUserSessions } from "../auth/user-sessions";

// The Account page's sessions: list, sign out one, sign out everywhere else; the sign-in alert's link
// (docs/operations.md, "Sessions and sign-in alerts"). A session is named by its public id, never its sid.

export async function accountSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Where someone is signed in is nobody else's business, a shared cache's least of all.
  answersArePrivate(app);

  app.get(
    "/api/account/sessions",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: accountSessionsSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) => ({
      sessions: await listUserSessions({ db: app.db, userId: viewer.id, currentSid: req.session.sessionId }),
    })),
  );

  app.delete(
    "/api/account/sessions/:id",
    {
      config: { access: "signedIn" },
      schema: { params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const sid = await endUserSessionById({ db: app.db, userId: viewer.id, sessionId: req.params.id });
      if (!sid) throw new AppError("not_found", ACCOUNT_MESSAGES.sessionNotFound);
      // Signing out this very browser: its cookie goes too.
      if (sid === req.session.sessionId) await endUserSession(req, reply);
      return reply.code(204).send(null);
    }),
  );

  app.post(
    "/api/account/sessions/revoke-others",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: endedSessionsSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) => ({
      ended: await endOtherUserSessions({ db: app.db, userId: viewer.id, currentSid: req.session.sessionId }),
    })),
  );

  // The sign-in alert's "Not you?" link: its page posts the token. Public: the person may be signed out,
  // or signed in as someone else; the token alone says which account.
  app.post(
    "/api/account/not-me",
    {
      config: { access: "public" },
      schema: { body: accountTokenSchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (req, reply) => {
      const userId = await signOutEverywhereByLink({ db: app.db, token: req.body.token });
      if (req.session.userId === userId) await endUserSession(req, reply);
      return { message: ACCOUNT_MESSAGES.signedOutEverywhere };
    },
  );
}
