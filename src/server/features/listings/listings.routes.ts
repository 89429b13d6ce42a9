import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { compareQuerySchema, compareResponseSchema } from "../../../shared/schemas/compare";
import {
  contactActionSchema,
  listingDetailSchema,
  listingQuerySchema,
  listingSchema,
  revealContactResponseSchema,
} from "../../../shared/schemas/listings";
import { marketFiguresSchema } from "../../../shared/schemas/market-figures";
import { idParams } from "../../lib/ids";
import { nextLink } from "../../lib/paging";
import { withViewer } from "../../plugins/access-guard";
import { apiErrors, errorResponses } from "../../plugins/errors";
import { compareListings } from "./compare-listings";
import { recordContactAction } from "./contact-actions";
import { revealContact } from "./contact-reveal";
import { listListings } from "./directory-query";
import { getListing, recordListingView } from "./listing-detail";
import { MARKET_FIGURES_CACHE_MS } from "./market-figures";
import { listSavedListings, saveListing, unsaveListing } from "./saved-listings";

/**
 * Contacts are private: an answer that carries contacts is for this viewer only and must never be stored;
 * a masked one still varies with the session (saved state, own listings), so it stays private.
 */
function setCaching(reply: FastifyReply, hasContacts: boolean) {
  reply.header("Cache-Control", hasContacts ? "private, no-store" : "private, no-cache");
}

export async function listingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The landing and home pages' numbers: the same for everyone, so any cache may keep them as long as
  // this instance does.
  app.get(
    "/api/stats/public",
    { config: { access: "public" }, schema: { response: { 200: marketFiguresSchema, ...errorResponses } } },
    async (_req, reply) => {
      reply.header("Cache-Control", `public, max-age=${MARKET_FIGURES_CACHE_MS / 1000}`);
      return app.marketFigures();
    },
  );

  app.get(
    "/api/buyer-listings",
    {
      config: { access: "public", publicApi: { scope: "listings:read" }, publicEtag: true },
      schema: {
        operationId: "listListings",
        summary: "Search the directory",
        description:
          "Active listings matching the filters, a page at a time: the next page's URL is in the `Link` " +
          'header (rel="next"). Contacts are null unless the caller may see them (the listing\'s buyer, ' +
          "a Premium publisher, an admin). With `mine=1`, a buyer's own listings in every status.",
        tags: ["Listings"],
        querystring: listingQuerySchema,
        response: { 200: z.array(listingSchema), ...apiErrors("validation") },
      },
    },
    async (req, reply) => {
      const result = await listListings({ db: app.db, viewer: req.viewer, query: req.query });
      setCaching(reply, result.hasContacts);
      if (result.nextCursor) {
        reply.header("Link", nextLink(req.url, result.nextCursor));
      }
      return result.listings;
    },
  );

  app.get(
    "/api/buyer-listings/:id",
    {
      config: { access: "public", publicApi: { scope: "listings:read" }, publicEtag: true },
      schema: {
        operationId: "getListing",
        summary: "Read a listing",
        description:
          "One listing with its payout history, the buyer's reliability score and reviews, and the " +
          "caller's own state (saved, their deal request). Contacts follow the same rule as the directory.",
        tags: ["Listings"],
        params: idParams,
        response: { 200: listingDetailSchema, ...apiErrors("not_found") },
      },
    },
    async (req, reply) => {
      const listing = await getListing({
        db: app.db,
        viewer: req.viewer,
        listingId: req.params.id,
        ip: req.ip,
        keySecret: app.config.sessionSecret,
        // Fastify answers HEAD with this handler; a HEAD (a link checker, a prefetch) is not a view.
        recordView: req.method === "GET",
      });
      setCaching(reply, listing.contact !== null);
      return listing;
    },
  );

  // The view of a listing page the server drew for a visitor: the browser did not read the listing (the
  // page holds it), so it reports the view once it knows the visitor is not signed in. Counted by the
  // same rule as a read; the app's own, not part of the public API.
  app.post(
    "/api/buyer-listings/:id/views",
    {
      config: { access: "public" },
      schema: { params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (req, reply) => {
      await recordListingView({
        db: app.db,
        viewer: req.viewer,
        listingId: req.params.id,
        ip: req.ip,
        keySecret: app.config.sessionSecret,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/compare-listings",
    {
      config: { access: "public", publicApi: { scope: "listings:read" } },
      schema: {
        operationId: "compareListings",
        summary: "Compare listings",
        description:
          "Up to four listings side by side, in the order asked, with the buyer's review summary. Ids the " +
          "caller may not see, or that do not exist, are listed in `missing`. Contacts follow the same " +
          "rule as the directory; no view is counted.",
        tags: ["Listings"],
        querystring: compareQuerySchema,
        response: { 200: compareResponseSchema, ...apiErrors("validation") },
      },
    },
    async (req, reply) => {
      const { hasContacts, ...result } = await compareListings({
        db: app.db,
        viewer: req.viewer,
        ids: req.query.ids,
      });
      setCaching(reply, hasContacts);
      return result;
    },
  );

  app.post(
    "/api/reveal-contact/:id",
    {
      // A retry reveals again (or is refused once Premium has ended), never replays a stored contact.
      config: { access: "signedIn", publicApi: { scope: "listings:read", checksEntitlement: true } },
      schema: {
        operationId: "revealContact",
        summary: "Reveal a listing's contact",
        description:
          "The buyer's company, email, phone and application URL, recorded as a reveal. Contacts are a " +
          "Premium benefit: a free publisher gets premium_required.",
        tags: ["Listings"],
        params: idParams,
        response: { 200: revealContactResponseSchema, ...apiErrors("premium_required", "not_found") },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const result = await revealContact({ db: app.db, viewer, listingId: req.params.id });
      setCaching(reply, true);
      return result;
    }),
  );

  // The contact's own buttons (write, call, copy) report what was done, for the buyer's analytics. The
  // same contact rule as the reveal decides who may; a repeat within the minute is not counted again.
  app.post(
    "/api/contact-actions/:id",
    {
      config: { access: "signedIn" },
      schema: {
        params: idParams,
        body: contactActionSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    withViewer(async (req, reply, viewer) => {
      await recordContactAction({ db: app.db, viewer, listingId: req.params.id, kind: req.body.kind });
      return reply.code(204).send(null);
    }),
  );

  app.get(
    "/api/saved-listings",
    {
      config: { access: "signedIn" },
      schema: { response: { 200: z.array(listingSchema), ...errorResponses } },
    },
    withViewer(async (_req, reply, viewer) => {
      const result = await listSavedListings({ db: app.db, viewer });
      setCaching(reply, result.hasContacts);
      return result.listings;
    }),
  );

  app.put(
    "/api/saved-listings/:id",
    {
      config: { access: "signedIn" },
      schema: { params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      await saveListing({ db: app.db, viewer, listingId: req.params.id });
      return reply.code(204).send(null);
    }),
  );

  app.delete(
    "/api/saved-listings/:id",
    {
      config: { access: "signedIn" },
      schema: { params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      await unsaveListing({ db: app.db, viewer, listingId: req.params.id });
      return reply.code(204).send(null);
    }),
  );
}
