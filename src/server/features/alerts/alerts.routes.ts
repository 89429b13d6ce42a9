import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  alertPreferencesSchema,
  createSavedSearchSchema,
  savedSearchSchema,
  unsubscribeInfoSchema,
  unsubscribeResultSchema,
  updateAlertPreferencesSchema,
} from "../../../shared/schemas/alerts";
import { plainText } from "../../../shared/schemas/common";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { apiErrors, errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { getAlertPreferences, updateAlertPreferences } from "./alert-preferences";
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "./saved-searches";
import { getUnsubscribeInfo, unsubscribeFromAlerts } from "./unsubscribe";

// Listing alerts: the Alerts tab's settings, the saved searches of /browse, and the
// unsubscribe link every alert mail carries.

const SIGNED_IN = { access: "signedIn" } as const;
/** The alert reads of the public API (docs/api.md): a key with alerts:read may call them. */
const ALERTS_READ = { access: "signedIn", publicApi: { scope: "alerts:read" } } as const;
const tokenParams = z.object({ token: plainText().max(200) });

export async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answersArePrivate(app);

  app.get(
    "/api/notification-preferences",
    {
      config: ALERTS_READ,
      schema: {
        operationId: "getAlertPreferences",
        summary: "Read your alert preferences",
        description:
          "Which new listings a publisher hears of, how often and how. Before the first save the " +
          "defaults are answered, with `configured: false`. Alerts are for publishers (forbidden otherwise).",
        tags: ["Alerts"],
        response: { 200: alertPreferencesSchema, ...apiErrors() },
      },
    },
    withViewer(async (_req, _reply, viewer) => getAlertPreferences({ db: app.db, viewer })),
  );

  app.put(
    "/api/notification-preferences",
    {
      config: SIGNED_IN,
      schema: {
        body: updateAlertPreferencesSchema,
        response: { 200: alertPreferencesSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      updateAlertPreferences({ db: app.db, viewer, input: req.body }),
    ),
  );

  app.get(
    "/api/saved-searches",
    {
      config: ALERTS_READ,
      schema: {
        operationId: "listSavedSearches",
        summary: "List your saved searches",
        description:
          "A publisher's saved directory searches, newest first; each alerts them to new listings it " +
          "matches. `query` is the directory query that shows the same listings.",
        tags: ["Alerts"],
        response: { 200: z.array(savedSearchSchema), ...apiErrors() },
      },
    },
    withViewer(async (_req, _reply, viewer) => listSavedSearches({ db: app.db, viewer })),
  );

  app.post(
    "/api/saved-searches",
    {
      config: SIGNED_IN,
      schema: { body: createSavedSearchSchema, response: { 201: savedSearchSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const saved = await createSavedSearch({ db: app.db, viewer, input: req.body });
      return reply.code(201).send(saved);
    }),
  );

  app.delete(
    "/api/saved-searches/:id",
    { config: SIGNED_IN, schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } },
    withViewer(async (req, reply, viewer) => {
      await deleteSavedSearch({ db: app.db, viewer, savedSearchId: req.params.id });
      return reply.code(204).send(null);
    }),
  );

  // The confirm page (client route /unsubscribe/{token}) reads whose alerts the link stops.
  app.get(
    "/api/unsubscribe/:token",
    {
      config: { access: "public" },
      schema: { params: tokenParams, response: { 200: unsubscribeInfoSchema, ...errorResponses } },
    },
    async (req) =>
      getUnsubscribeInfo({ db: app.db, secret: app.config.sessionSecret, token: req.params.token }),
  );

  await app.register(oneClickUnsubscribeRoute);
}

/**
 * POST /unsubscribe/{token}: the URL of the mail's List-Unsubscribe header, which is also the confirm
 * page's address (GET serves the page). Mail clients send RFC 8058's one-click POST here from their own
 * servers (a form body `List-Unsubscribe=One-Click`, no cookies, no Origin of ours); the page's button
 * posts to the same URL. The token in the URL is the whole authority, so the body is read and ignored:
 * form, multipart, JSON or none. Its own plugin, so these body parsers exist for this route only.
 */
async function oneClickUnsubscribeRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(type, { parseAs: "string" }, (_req, _body, done) => done(null, {}));
  }
  app.post(
    "/unsubscribe/:token",
    {
      config: { access: "public", allowForeignOrigin: true },
      schema: { params: tokenParams, response: { 200: unsubscribeResultSchema, ...errorResponses } },
    },
    async (req) =>
      unsubscribeFromAlerts({ db: app.db, secret: app.config.sessionSecret, token: req.params.token }),
  );
}
