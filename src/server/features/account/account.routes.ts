import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  accountSummarySchema,
  accountTokenSchema,
  deleteAccountSchema,
  emailChangeRequestSchema,
} from "../../../shared/schemas/account";
import { messageSchema } from "../../../shared/schemas/auth";
import type { AccountExportParts } from "../../lib/account-export";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { endUserSession } from "../../plugins/session";
import { exportFileName, startAccountExport } from "./account-export";
import { getAccountSummary } from "./account-summary";
import { deleteAccount } from "./delete-account";
import { confirmEmailChange, requestEmailChange, undoEmailChange } from "./email-change";

// The Account page's own routes (docs/product.md, "Your account"): the summary, email change, the data
// export and account deletion. The sessions list is sessions.routes.ts.

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The routes, given the data export's parts (account-export-parts.ts, composed beside app.ts). */
export function accountRoutes(exportParts: AccountExportParts) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { config } = app;
    const signedIn = { access: "signedIn" as const };
    const emailDeps = {
      db: app.db,
      mailQueue: app.mailQueue,
      appUrl: config.appUrl,
      appName: config.appName,
    };
    const answersMessage = { response: { 200: messageSchema, ...errorResponses } };

    app.get(
      "/api/account",
      { config: signedIn, schema: { response: { 200: accountSummarySchema, ...errorResponses } } },
      withViewer(async (request, reply, viewer) => {
        reply.headers(NO_STORE);
        return getAccountSummary({
          db: app.db,
          stripe: app.stripe,
          viewer,
          sessionId: request.session.sessionId,
        });
      }),
    );

    app.post(
      "/api/account/email",
      {
        config: signedIn,
        schema: { body: emailChangeRequestSchema, response: { 202: messageSchema, ...errorResponses } },
      },
      withViewer(async (request, reply, viewer) => {
        await requestEmailChange(emailDeps, viewer, request.body.email);
        return reply.code(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent });
      }),
    );

    // The links of the two mails: public, since the link may open in a browser signed in as no one.
    app.post(
      "/api/account/email/confirm",
      { config: { access: "public" }, schema: { body: accountTokenSchema, ...answersMessage } },
      async (request) => {
        await confirmEmailChange(emailDeps, request.body.token);
        return { message: ACCOUNT_MESSAGES.emailChanged };
      },
    );

    app.post(
      "/api/account/email/undo",
      { config: { access: "public" }, schema: { body: accountTokenSchema, ...answersMessage } },
      async (request) => {
        await undoEmailChange({ db: app.db }, request.body.token);
        return { message: ACCOUNT_MESSAGES.emailChangeUndone };
      },
    );

    // A download, not JSON: no response schema (errors still answer {message, code}).
    app.get(
      "/api/account/export",
      { config: signedIn },
      withViewer(async (request, reply, viewer) => {
        const deps = { db: app.db, stripe: app.stripe, appName: config.appName, now: app.now };
        const zip = await startAccountExport(deps, exportParts, viewer, request.session.sessionId);
        return reply
          .headers({
            "Cache-Control": "no-store",
            "Content-Type": "application/zip",
            "Content-Disposition": `attachment; filename="${exportFileName(config.appName, app.now())}"`,
          })
          .send(zip);
      }),
    );

    app.delete(
      "/api/account",
      {
        config: signedIn,
        schema: { body: deleteAccountSchema, response: { 204: z.null(), ...errorResponses } },
      },
      withViewer(async (request, reply, viewer) => {
        await deleteAccount(
          { db: app.db, stripe: app.stripe, log: request.log },
          viewer,
          request.body.confirmEmail,
        );
        await endUserSession(request, reply);
        return reply.code(204).send(null);
      }),
    );
  };
}
