import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  buyerReviewsQuerySchema,
  createReviewSchema,
  hideReviewSchema,
  myReviewsSchema,
  ownReviewSchema,
  replyReviewSchema,
  reviewSchema,
} from "../../../shared/schemas/reviews";
import { idParams } from "../../lib/ids";
import { nextLink } from "../../lib/paging";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { createReview, hideReview, listBuyerReviews, listMyReviews, replyToReview } from "./reviews";

// Reviews of buyers, and the admin's hide (reviewAdminRoutes, in the admin area).

const SIGNED_IN = { access: "signedIn" } as const;

export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The workspace lists are personal, and an admin's page of a buyer's reviews carries hidden ones.
  answersArePrivate(app);

  app.get(
    "/api/buyers/:id/reviews",
    {
      config: { access: "public" },
      schema: {
        params: idParams,
        querystring: buyerReviewsQuerySchema,
        response: { 200: z.array(reviewSchema), ...errorResponses },
      },
    },
    async (req, reply) => {
      const page = await listBuyerReviews({
        db: app.db,
        viewer: req.viewer,
        buyerId: req.params.id,
        cursor: req.query.cursor,
        limit: req.query.limit,
      });
      if (page.nextCursor) reply.header("Link", nextLink(req.url, page.nextCursor));
      return page.items;
    },
  );

  app.get(
    "/api/reviews/mine",
    { config: SIGNED_IN, schema: { response: { 200: myReviewsSchema, ...errorResponses } } },
    withViewer(async (_req, _reply, viewer) => listMyReviews({ db: app.db, viewer })),
  );

  app.post(
    "/api/reviews",
    {
      config: SIGNED_IN,
      schema: { body: createReviewSchema, response: { 201: ownReviewSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const review = await createReview({ db: app.db, jobs: app.jobs, viewer, ...req.body });
      return reply.code(201).send(review);
    }),
  );

  app.post(
    "/api/reviews/:id/reply",
    {
      config: SIGNED_IN,
      schema: {
        params: idParams,
        body: replyReviewSchema,
        response: { 200: ownReviewSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      replyToReview({ db: app.db, viewer, reviewId: req.params.id, body: req.body.body }),
    ),
  );
}

/**
 * The admin's side of reviews: hiding one. app.ts registers it inside adminArea() under /api/admin, so
 * every route here is admin-only.
 */
export async function reviewAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Admin answers carry personal data.
  answersArePrivate(app);

  app.post(
    "/reviews/:id/hide",
    {
      schema: {
        params: idParams,
        body: hideReviewSchema,
        response: { 200: reviewSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      hideReview({ db: app.db, viewer, reviewId: req.params.id, reason: req.body.reason }),
    ),
  );
}
