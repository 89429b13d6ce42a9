import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { analyticsQuerySchema, analyticsSchema } from "../../../shared/schemas/analytics";
import {
  buyerProfileSchema,
  buyerStatsSchema,
  createBuyerProfileSchema,
  updateBuyerProfileSchema,
} from "../../../shared/schemas/buyers";
import { createBuyerListingSchema, updateBuyerListingSchema } from "../../../shared/schemas/listing-input";
import {
  externalIdSchema,
  listingSyncRequestSchema,
  listingSyncResponseSchema,
  MAX_SYNC_LISTINGS,
  upsertListingResponseSchema,
  upsertListingSchema,
} from "../../../shared/schemas/listing-sync";
import { listingSchema } from "../../../shared/schemas/listings";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { apiErrors, errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { getBuyerAnalytics, getBuyerStats } from "./buyer-analytics";
import { createBuyerListing, deleteBuyerListing, updateBuyerListing } from "./buyer-listings";
import { createBuyerProfile, getBuyerProfile, updateBuyerProfile } from "./buyer-profile";
import { syncListings, upsertListingByExternalId } from "./listing-sync";

// The buyer's workspace (the buyer dashboard): their profile, their listings, their
// figures. Every route is for the signed-in owner; the session names the profile, never the body.
// The directory's reads of listings (GET /api/buyer-listings...) live in features/listings.

const SIGNED_IN = { access: "signedIn" } as const;
/** The listing writes of the public API (docs/api.md): a key with listings:write may call them. */
const LISTINGS_WRITE = { access: "signedIn", publicApi: { scope: "listings:write" } } as const;
/**
 * A sync carries up to MAX_SYNC_LISTINGS listings: room for each at about 8 KB (a description at its
 * 5,000-character limit and the rest), while every other route keeps the app's 1 MB.
 */
const SYNC_BODY_LIMIT = MAX_SYNC_LISTINGS * 8 * 1024;

export async function buyerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Answers about one person's own company (contacts included).
  answersArePrivate(app);

  app.get(
    "/api/buyer-profile",
    { config: SIGNED_IN, schema: { response: { 200: buyerProfileSchema.nullable(), ...errorResponses } } },
    withViewer(async (_req, _reply, viewer) => getBuyerProfile({ db: app.db, viewer })),
  );

  app.post(
    "/api/buyer-profile",
    {
      config: SIGNED_IN,
      schema: { body: createBuyerProfileSchema, response: { 201: buyerProfileSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const profile = await createBuyerProfile({ db: app.db, viewer, input: req.body });
      return reply.code(201).send(profile);
    }),
  );

  app.put(
    "/api/buyer-profile",
    {
      config: SIGNED_IN,
      schema: { body: updateBuyerProfileSchema, response: { 200: buyerProfileSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) => updateBuyerProfile({ db: app.db, viewer, input: req.body })),
  );

  app.post(
    "/api/buyer-listings",
    {
      config: LISTINGS_WRITE,
      schema: {
        operationId: "createListing",
        summary: "Create a listing",
        description:
          "A new listing of the caller's buyer profile. Fields left out take their defaults; an active " +
          "listing is announced to the publishers whose alerts it matches.",
        tags: ["Listings"],
        body: createBuyerListingSchema,
        response: { 201: listingSchema, ...apiErrors("validation") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const listing = await createBuyerListing({ db: app.db, jobs: app.jobs, viewer, input: req.body });
      return reply.code(201).send(listing);
    }),
  );

  app.put(
    "/api/buyer-listings/:id",
    {
      config: LISTINGS_WRITE,
      schema: {
        operationId: "updateListing",
        summary: "Update a listing",
        description:
          "Changes the fields sent, and only those; `status` pauses or resumes the listing. A listing an " +
          "administrator deactivated cannot change status (conflict).",
        tags: ["Listings"],
        params: idParams,
        body: updateBuyerListingSchema,
        response: { 200: listingSchema, ...apiErrors("validation", "not_found", "conflict") },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      updateBuyerListing({ db: app.db, jobs: app.jobs, viewer, listingId: req.params.id, input: req.body }),
    ),
  );

  // A static segment: the router matches it before /api/buyer-listings/:id, whose ids are uuids anyway.
  app.put(
    "/api/buyer-listings/by-external-id/:externalId",
    {
      config: LISTINGS_WRITE,
      schema: {
        operationId: "upsertListingByExternalId",
        summary: "Create or update a listing by your own id",
        description:
          "Sends the whole listing under your externalId (fields left out take their defaults). The first call creates it (201); later calls update the fields that differ (200, result updated) or change nothing when none does (200, result unchanged). A listing an administrator deactivated keeps that status.",
        tags: ["Listing sync"],
        params: z.object({ externalId: externalIdSchema }),
        body: upsertListingSchema,
        response: {
          200: upsertListingResponseSchema,
          201: upsertListingResponseSchema,
          ...apiErrors("validation", "conflict"),
        },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const answer = await upsertListingByExternalId({
        db: app.db,
        jobs: app.jobs,
        viewer,
        externalId: req.params.externalId,
        input: req.body,
      });
      return reply.code(answer.result === "created" ? 201 : 200).send(answer);
    }),
  );

  app.post(
    "/api/buyer-listings/sync",
    {
      config: LISTINGS_WRITE,
      bodyLimit: SYNC_BODY_LIMIT,
      schema: {
        operationId: "syncListings",
        summary: "Sync many listings by your own ids",
        description: `Creates, updates or leaves unchanged up to ${MAX_SYNC_LISTINGS.toLocaleString("en-US")} listings, each keyed by its externalId and answered by its index. An invalid item is an error in the answer and the others are still written. With pauseMissing, your active listings that have an externalId missing from the request are paused. Send an Idempotency-Key to retry safely.`,
        tags: ["Listing sync"],
        body: listingSyncRequestSchema,
        response: {
          200: listingSyncResponseSchema,
          ...apiErrors("validation", "payload_too_large", "conflict", "unprocessable"),
        },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      syncListings({
        db: app.db,
        jobs: app.jobs,
        viewer,
        listings: req.body.listings,
        pauseMissing: req.body.pauseMissing,
      }),
    ),
  );

  app.delete(
    "/api/buyer-listings/:id",
    {
      config: LISTINGS_WRITE,
      schema: {
        operationId: "deleteListing",
        summary: "Delete a listing",
        description: "Deletes one of the caller's listings. Deal requests on it stay, without the listing.",
        tags: ["Listings"],
        params: idParams,
        response: { 204: z.null(), ...apiErrors("not_found") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      await deleteBuyerListing({ db: app.db, viewer, listingId: req.params.id });
      return reply.code(204).send(null);
    }),
  );

  app.get(
    "/api/buyer-stats",
    { config: SIGNED_IN, schema: { response: { 200: buyerStatsSchema, ...errorResponses } } },
    withViewer(async (_req, _reply, viewer) => getBuyerStats({ db: app.db, viewer })),
  );

  app.get(
    "/api/buyer-analytics",
    {
      config: SIGNED_IN,
      schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) =>
      getBuyerAnalytics({ db: app.db, viewer, days: req.query.days }),
    ),
  );
}
