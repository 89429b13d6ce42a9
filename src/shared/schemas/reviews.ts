import { z } from "zod";
import { REVIEW_LIMITS } from "../constants";
import { plainText } from "./common";
import { reliabilityDetailSchema } from "./reliability";

// Reviews of buyers: a publisher rates a buyer after the buyer accepted one
// of their deal intents, once per intent; the buyer replies once; an admin may hide a review.

const max = (label: string, n: number) => `${label} must be at most ${n.toLocaleString("en-US")} characters`;

/** POST /api/reviews */
export const createReviewSchema = z.object({
  dealIntentId: z.uuid("Choose the deal to review"),
  rating: z
    .number({ message: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(REVIEW_LIMITS.ratingMin, "Choose a rating from 1 to 5 stars")
    .max(REVIEW_LIMITS.ratingMax, "Choose a rating from 1 to 5 stars"),
  // "" and absent both mean no comment.
  comment: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    plainText()
      .trim()
      .max(REVIEW_LIMITS.commentMax, max("Comment", REVIEW_LIMITS.commentMax))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  ),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

/** POST /api/reviews/{id}/reply */
export const replyReviewSchema = z.object({
  body: plainText("Write your reply")
    .trim()
    .min(1, "Write your reply")
    .max(REVIEW_LIMITS.replyMax, max("Reply", REVIEW_LIMITS.replyMax)),
});

/** POST /api/admin/reviews/{id}/hide */
export const hideReviewSchema = z.object({
  reason: plainText("Give a reason for hiding the review")
    .trim()
    .min(REVIEW_LIMITS.hideReasonMin, `The reason must be at least ${REVIEW_LIMITS.hideReasonMin} characters`)
    .max(REVIEW_LIMITS.hideReasonMax, max("The reason", REVIEW_LIMITS.hideReasonMax)),
});

/** GET /api/buyers/{buyerProfileId}/reviews: keyset pages (next page in the Link header). */
export const buyerReviewsQuerySchema = z.object({
  cursor: plainText().max(512, "is too long").optional(),
  limit: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(50, "must be at most 50")
    .default(10),
});

/** A review as anyone may see it. The publisher is named by a short id: reviews are about buyers. */
export const reviewSchema = z.object({
  id: z.string(),
  buyerId: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** Written after an accepted deal intent (true for every review since reviews required one). */
  verifiedDeal: z.boolean(),
  createdAt: z.string(),
  /** "Publisher" + the first 8 characters of the publisher profile id. */
  reviewer: z.string(),
  reply: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
  /** Only admins, the author and the reviewed buyer ever see a hidden review; it counts nowhere. */
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review in the workspace of one of its two parties: which deal, and who the other party is. */
export const ownReviewSchema = reviewSchema.extend({
  dealIntentId: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  /** The buyer's company (for its author) or the publisher's name (for the reviewed buyer). */
  counterpart: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** An accepted deal intent of the publisher with no review yet: the "Review this buyer" prompt. */
const awaitingReviewSchema = z.object({
  dealIntentId: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type AwaitingReview = z.infer<typeof awaitingReviewSchema>;

/** GET /api/reviews/mine: what the caller wrote (publisher), received (buyer) and may still write. */
export const myReviewsSchema = z.object({
  written: z.array(ownReviewSchema),
  received: z.array(ownReviewSchema),
  awaitingReview: z.array(awaitingReviewSchema),
  /** The caller's own reliability score, when they have a buyer profile. */
  reliability: reliabilityDetailSchema.nullable(),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** In the listing detail answer: the buyer's visible reviews, all time. */
export const reviewSummarySchema = z.object({
  /** Average rating, 2 decimals; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** The newest REVIEW_LIMITS.latestOnListing visible reviews. */
  latest: z.array(reviewSchema),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
