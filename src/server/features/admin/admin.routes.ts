import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { endedSessionsSchema } from "../../../shared/schemas/account";
import { adminStatsQuerySchema, adminStatsSchema } from "../../../shared/schemas/admin";
import { auditEntrySchema, auditLogQuerySchema } from "../../../shared/schemas/admin-audit";
import {
  adminListingQuerySchema,
  adminListingSchema,
  buyerProfileOptionSchema,
  buyerProfileQuerySchema,
} from "../../../shared/schemas/admin-listings";
import {
  failedMailQuerySchema,
  failedMailSchema,
  retriedMailSchema,
} from "../../../shared/schemas/admin-mail";
import {
  approvePublisherSchema,
  publisherDecisionSchema,
  publisherReviewQuerySchema,
  rejectPublisherSchema,
  reviewPublisherSchema,
} from "../../../shared/schemas/admin-publishers";
import {
  adminUserQuerySchema,
  adminUserSchema,
  refundSubscriptionSchema,
  updateAdminUserSchema,
} from "../../../shared/schemas/admin-users";
import { createAdminListingSchema, updateAdminListingSchema } from "../../../shared/schemas/listing-input";
import { idParams } from "../../lib/ids";
import { sendPage } from "../../lib/keyset-pages";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import {
  createAdminListing,
  deleteAdminListing,
  listAdminListings,
  listBuyerProfileOptions,
  updateAdminListing,
} from "./admin-listings";
import { listAuditActions, listAuditEntries } from "./audit-log";
import { listFailedMails, retryFailedMail } from "./failed-mail";
import { decidePublisher, listPublishersForReview } from "./publisher-review";
import { getAdminStats } from "./stats";
import { endUserSessionsByAdmin, listUsers, refundUserSubscription, updateUserByAdmin } from "./users";

// The admin console's API. app.ts registers this plugin inside adminArea() under /api/admin,
// so every route here is admin-only (401 signed out, 403 admin_required otherwise) without saying so
// route by route; admin-access.test.ts walks the route table to keep it that way.

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  // Admin answers carry contacts and personal data.
  answersArePrivate(app);

  // ---- dashboard ----------------------------------------------------------------------------------
  app.get(
    "/stats",
    {
      schema: { querystring: adminStatsQuerySchema, response: { 200: adminStatsSchema, ...errorResponses } },
    },
    withViewer(async (req) =>
      getAdminStats({
        db: app.db,
        priceCents: config.premiumPriceCents,
        dayStart: req.query.dayStart ? new Date(req.query.dayStart) : undefined,
      }),
    ),
  );

  // ---- publisher review ---------------------------------------------------------------------------
  app.get(
    "/pending-publishers",
    {
      schema: {
        querystring: publisherReviewQuerySchema,
        response: { 200: z.array(reviewPublisherSchema), ...errorResponses },
      },
    },
    withViewer(async (req, reply) =>
      sendPage(req, reply, await listPublishersForReview({ db: app.db, query: req.query })),
    ),
  );

  const decisionOptions = {
    db: app.db,
    mailQueue: app.mailQueue,
    appName: config.appName,
    appUrl: config.appUrl,
  };

  app.post(
    "/approve-publisher/:id",
    {
      schema: {
        params: idParams,
        body: approvePublisherSchema,
        response: { 200: publisherDecisionSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      decidePublisher({
        ...decisionOptions,
        viewer,
        profileId: req.params.id,
        decision: "approved",
        reason: req.body?.reason,
      }),
    ),
  );

  app.post(
    "/reject-publisher/:id",
    {
      schema: {
        params: idParams,
        body: rejectPublisherSchema,
        response: { 200: publisherDecisionSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      decidePublisher({
        ...decisionOptions,
        viewer,
        profileId: req.params.id,
        decision: "rejected",
        reason: req.body.reason,
      }),
    ),
  );

  // ---- listings -----------------------------------------------------------------------------------
  app.get(
    "/buyer-listings",
    {
      schema: {
        querystring: adminListingQuerySchema,
        response: { 200: z.array(adminListingSchema), ...errorResponses },
      },
    },
    withViewer(async (req, reply, viewer) =>
      sendPage(req, reply, await listAdminListings({ db: app.db, viewer, query: req.query })),
    ),
  );

  app.post(
    "/buyer-listings",
    {
      schema: { body: createAdminListingSchema, response: { 201: adminListingSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const listing = await createAdminListing({ db: app.db, jobs: app.jobs, viewer, input: req.body });
      return reply.code(201).send(listing);
    }),
  );

  app.put(
    "/buyer-listings/:id",
    {
      schema: {
        params: idParams,
        body: updateAdminListingSchema,
        response: { 200: adminListingSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      updateAdminListing({ db: app.db, jobs: app.jobs, viewer, listingId: req.params.id, input: req.body }),
    ),
  );

  app.delete(
    "/buyer-listings/:id",
    { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } },
    withViewer(async (req, reply, viewer) => {
      await deleteAdminListing({ db: app.db, viewer, listingId: req.params.id });
      return reply.code(204).send(null);
    }),
  );

  app.get(
    "/buyer-profiles",
    {
      schema: {
        querystring: buyerProfileQuerySchema,
        response: { 200: z.array(buyerProfileOptionSchema), ...errorResponses },
      },
    },
    withViewer(async (req) =>
      listBuyerProfileOptions({ db: app.db, search: req.query.search, id: req.query.id }),
    ),
  );

  // ---- users --------------------------------------------------------------------------------------
  app.get(
    "/users",
    {
      schema: {
        querystring: adminUserQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errorResponses },
      },
    },
    withViewer(async (req, reply) => sendPage(req, reply, await listUsers({ db: app.db, query: req.query }))),
  );

  app.patch(
    "/users/:id",
    {
      schema: {
        params: idParams,
        body: updateAdminUserSchema,
        response: { 200: adminUserSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      updateUserByAdmin({ db: app.db, jobs: app.jobs, viewer, userId: req.params.id, changes: req.body }),
    ),
  );

  // The money-back guarantee: a paid Premium or SMS add-on refunded and cancelled through Stripe.
  app.post(
    "/users/:id/refund",
    {
      schema: {
        params: idParams,
        body: refundSubscriptionSchema,
        response: { 200: adminUserSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      refundUserSubscription({
        db: app.db,
        stripe: app.stripe,
        viewer,
        userId: req.params.id,
        input: req.body,
      }),
    ),
  );

  app.post(
    "/users/:id/sessions/end",
    { schema: { params: idParams, response: { 200: endedSessionsSchema, ...errorResponses } } },
    withViewer(async (req, _reply, viewer) =>
      endUserSessionsByAdmin({ db: app.db, viewer, userId: req.params.id }),
    ),
  );

  // ---- audit log ----------------------------------------------------------------------------------
  app.get(
    "/audit-logs",
    {
      schema: {
        querystring: auditLogQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses },
      },
    },
    withViewer(async (req, reply) =>
      sendPage(req, reply, await listAuditEntries({ db: app.db, query: req.query })),
    ),
  );

  app.get(
    "/audit-actions",
    { schema: { response: { 200: z.array(z.string()), ...errorResponses } } },
    withViewer(async () => listAuditActions({ db: app.db })),
  );

  // ---- failed mail --------------------------------------------------------------------------------
  app.get(
    "/mail/failed",
    {
      schema: {
        querystring: failedMailQuerySchema,
        response: { 200: z.array(failedMailSchema), ...errorResponses },
      },
    },
    withViewer(async (req, reply) =>
      sendPage(req, reply, await listFailedMails({ db: app.db, query: req.query })),
    ),
  );

  app.post(
    "/mail/failed/:id/retry",
    { schema: { params: idParams, response: { 200: retriedMailSchema, ...errorResponses } } },
    withViewer(async (req, _reply, viewer) =>
      retryFailedMail({ db: app.db, mailQueue: app.mailQueue, viewer, mailId: req.params.id }),
    ),
  );
}
