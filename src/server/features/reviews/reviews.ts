import { and, desc, eq, isNull, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { z } from "zod";
import { MESSAGES, REVIEW_LIMITS } from "../../../shared/constants";
import { shortId } from "../../../shared/format";
import { FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
import { reliabilityFactorsSchema } from "../../../shared/schemas/reliability";
import type { AwaitingReview, MyReviews, OwnReview, Review } from "../../../shared/schemas/reviews";
import type { Db } from "../../db/client";
import {
  auditLogs,
  buyerListings,
  buyerProfiles,
  dealIntents,
  publisherProfiles,
  reviews,
  users,
} from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { lockDealIntentForParty } from "../../lib/deal-party";
import { publisherNameOf } from "../../lib/deleted-account";
import { isUuid } from "../../lib/ids";
import { createdKeyOf, type KeysetSource, type Page, readPage } from "../../lib/keyset-pages";
import { sqlLimit } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { isUniqueViolation } from "../../plugins/database-errors";
import { refreshBuyerReliability } from "../reliability/refresh-reliability";
import { emitWebhookEvent } from "../webhooks/webhook-events";

// Reviews of buyers (only a real deal can be reviewed, so reviews hang off accepted deal intents): the
// publisher of an accepted deal intent reviews its buyer once; the buyer replies once; an
// admin hides a review with a reason, after which it counts nowhere (not in the average, the count, the
// listing detail, nor the reliability score). Each write refreshes the buyer's stored figures in its
// own transaction (features/reliability/refresh-reliability.ts).

/** Bounds the workspace lists (they have no pages), as the deal intents list does. */
const MAX_OWN_REVIEWS = 200;

const when = z.coerce.date();

/**
 * Whether the review's author deleted their account: the review stays (it counts for the buyer) and reads
 * as by "Former member" rather than by the pseudonym the author's other reviews carry.
 */
function reviewerDeleted(publisherId: SQL): SQL {
  return sql`exists (select 1 from publisher_profiles rp join users ru on ru.id = rp.user_id
    where rp.id = ${publisherId} and ru.deleted_at is not null)`;
}

/** One review row as the query builder reads it; the row toReview takes. */
const reviewFields = {
  id: reviews.id,
  buyerId: reviews.buyerId,
  publisherId: reviews.publisherId,
  dealIntentId: reviews.dealIntentId,
  rating: reviews.rating,
  comment: reviews.comment,
  verifiedDeal: reviews.verifiedDeal,
  createdAt: reviews.createdAt,
  replyBody: reviews.replyBody,
  repliedAt: reviews.repliedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  reviewerDeleted: reviewerDeleted(sql`${reviews.publisherId}`).mapWith(Boolean),
};

/**
 * The same row as the listing detail's statement builds it in json (LATEST_REVIEWS_COLUMN): json carries
 * no types, so this parse gives its times back as Dates. Kept to reviewFields' row by the check below.
 */
const reviewRowSchema = z.object({
  id: z.string(),
  buyerId: z.string(),
  publisherId: z.string(),
  dealIntentId: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  verifiedDeal: z.boolean(),
  createdAt: when,
  replyBody: z.string().nullable(),
  repliedAt: when.nullable(),
  hiddenAt: when.nullable(),
  hiddenReason: z.string().nullable(),
  reviewerDeleted: z.boolean(),
});
type ReviewRow = z.infer<typeof reviewRowSchema>;
type BuilderReviewRow = SelectResultFields<typeof reviewFields>;
// Fails the type check when the json's parse and the builder's row disagree on a field.
const _sameRow: [ReviewRow, BuilderReviewRow] extends [BuilderReviewRow, ReviewRow] ? true : never = true;

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    buyerId: row.buyerId,
    rating: row.rating,
    comment: row.comment,
    verifiedDeal: row.verifiedDeal,
    createdAt: row.createdAt.toISOString(),
    reviewer: row.reviewerDeleted ? FORMER_MEMBER_NAME : `Publisher ${shortId(row.publisherId)}`,
    reply:
      row.replyBody !== null && row.repliedAt !== null
        ? { body: row.replyBody, createdAt: row.repliedAt.toISOString() }
        : null,
    hidden: row.hiddenAt !== null ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? "" } : null,
  };
}

// ---- the listing detail's summary --------------------------------------------------------------------

/**
 * For the listing detail's one statement (listings/listing-detail.ts): the newest visible reviews of the
 * listing's buyer as a JSON array, one probe of reviews_buyer_idx. Average and count are stored on the
 * buyer profile (bp.review_average, bp.review_count), not aggregated here.
 */
export const LATEST_REVIEWS_COLUMN = sql`coalesce((
  select json_agg(json_build_object('id', x.id, 'buyerId', x.buyer_id, 'publisherId', x.publisher_id,
      'dealIntentId', x.deal_intent_id, 'rating', x.rating, 'comment', x.comment,
      'verifiedDeal', x.verified_deal, 'createdAt', x.created_at, 'replyBody', x.reply_body,
      'repliedAt', x.replied_at, 'hiddenAt', x.hidden_at, 'hiddenReason', x.hidden_reason,
      'reviewerDeleted', ${reviewerDeleted(sql`x.publisher_id`)})
    order by x.created_at desc, x.id desc)
  from (
    select * from reviews r where r.buyer_id = l.buyer_id and r.hidden_at is null
    order by r.created_at desc, r.id desc limit ${sqlLimit(REVIEW_LIMITS.latestOnListing)}
  ) x
), '[]'::json)`;
export const latestReviewsSchema = z.array(reviewRowSchema);

// ---- a buyer's reviews, page by page -----------------------------------------------------------------

const BUYER_REVIEWS = {
  keyed: reviews,
  rows: (db: Db) =>
    db
      .select({
        ...reviewFields,
        createdKey: createdKeyOf(reviews.createdAt),
      })
      .from(reviews)
      .$dynamic(),
} satisfies KeysetSource;

/**
 * GET /api/buyers/{buyerProfileId}/reviews: newest first, keyset pages. Hidden reviews only for admins
 * (flagged). A buyer nobody may see (unknown, or an owner an admin disabled) is a 404.
 */
export async function listBuyerReviews({
  db,
  viewer,
  buyerId,
  cursor,
  limit,
}: {
  db: Db;
  viewer: Viewer | null;
  buyerId: string;
  cursor: string | undefined;
  limit: number;
}): Promise<Page<Review>> {
  const isAdmin = viewer?.role === "admin";
  const [buyer] = isUuid(buyerId)
    ? await db
        .select({ id: buyerProfiles.id })
        .from(buyerProfiles)
        .innerJoin(users, eq(users.id, buyerProfiles.userId))
        .where(
          and(
            eq(buyerProfiles.id, buyerId),
            isNull(users.deletedAt),
            isAdmin ? undefined : isNull(users.disabledAt),
          ),
        )
    : [];
  if (!buyer) throw new AppError("not_found", MESSAGES.buyerNotFound);
  const filters: SQL[] = [eq(reviews.buyerId, buyerId)];
  if (!isAdmin) filters.push(isNull(reviews.hiddenAt));
  return readPage(db, BUYER_REVIEWS, { filters, cursor, limit, direction: "desc" }, toReview);
}

// ---- the workspaces ----------------------------------------------------------------------------------

// The review's author's account (users is joined for the buyer too).
const reviewAuthor = alias(users, "review_author");
const publisherName = publisherNameOf(reviewAuthor, publisherProfiles);

/**
 * The reviews the viewer wrote (`as` "author", each naming the buyer's company) or received (`as`
 * "buyer", each naming its author), newest first, or the one `reviewId` of them.
 */
function readOwnReviews(
  db: Db,
  viewer: Pick<Viewer, "id">,
  as: "author" | "buyer",
  { reviewId, limit = MAX_OWN_REVIEWS }: { reviewId?: string; limit?: number } = {},
) {
  return db
    .select({
      ...reviewFields,
      listingId: dealIntents.listingId,
      listingTitle: buyerListings.title,
      counterpart: sql<string>`${as === "author" ? buyerProfiles.company : publisherName}`,
    })
    .from(reviews)
    .innerJoin(dealIntents, eq(dealIntents.id, reviews.dealIntentId))
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, reviews.buyerId))
    .innerJoin(publisherProfiles, eq(publisherProfiles.id, reviews.publisherId))
    .innerJoin(reviewAuthor, eq(reviewAuthor.id, publisherProfiles.userId))
    .leftJoin(buyerListings, eq(buyerListings.id, dealIntents.listingId))
    .where(
      and(
        eq(as === "author" ? publisherProfiles.userId : buyerProfiles.userId, viewer.id),
        reviewId === undefined ? undefined : eq(reviews.id, reviewId),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

const toOwnReview = (row: Awaited<ReturnType<typeof readOwnReviews>>[number]): OwnReview => ({
  ...toReview(row),
  dealIntentId: row.dealIntentId,
  listingId: row.listingId,
  listingTitle: row.listingTitle,
  counterpart: row.counterpart,
});

/**
 * GET /api/reviews/mine: the reviews the caller wrote as a publisher (hidden ones flagged, so the author
 * knows), those written about the caller's buyer profile (hidden ones flagged too), and the accepted
 * deal intents the caller may still review. The buyer's company is named: the accepted deal showed it.
 * A buyer also reads their own reliability score and its factors. `limit`: the data export reads more
 * than the workspace lists.
 */
export async function listMyReviews({
  db,
  viewer,
  limit = MAX_OWN_REVIEWS,
}: {
  db: Db;
  viewer: Viewer;
  limit?: number;
}): Promise<MyReviews> {
  const [written, received, awaiting, ownProfile] = await Promise.all([
    readOwnReviews(db, viewer, "author", { limit }),
    readOwnReviews(db, viewer, "buyer", { limit }),
    db
      .select({
        dealIntentId: dealIntents.id,
        buyerId: dealIntents.buyerId,
        buyerName: buyerProfiles.company,
        listingId: dealIntents.listingId,
        listingTitle: buyerListings.title,
        acceptedAt: dealIntents.decidedAt,
      })
      .from(dealIntents)
      .innerJoin(publisherProfiles, eq(publisherProfiles.id, dealIntents.publisherId))
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, dealIntents.buyerId))
      .leftJoin(buyerListings, eq(buyerListings.id, dealIntents.listingId))
      .where(
        and(
          eq(publisherProfiles.userId, viewer.id),
          eq(dealIntents.status, "accepted"),
          notExists(
            db.select({ id: reviews.id }).from(reviews).where(eq(reviews.dealIntentId, dealIntents.id)),
          ),
        ),
      )
      // The builder's desc() has no NULLS LAST.
      .orderBy(sql`${dealIntents.decidedAt} desc nulls last`, desc(dealIntents.id))
      .limit(limit),
    db
      .select({
        score: buyerProfiles.reliabilityScore,
        basedOn: buyerProfiles.reliabilityBasedOn,
        factors: buyerProfiles.reliabilityFactors,
        computedAt: buyerProfiles.reliabilityComputedAt,
      })
      .from(buyerProfiles)
      .where(eq(buyerProfiles.userId, viewer.id)),
  ]);
  const own = ownProfile[0];
  return {
    written: written.map(toOwnReview),
    received: received.map(toOwnReview),
    awaitingReview: awaiting.map(
      (row): AwaitingReview => ({ ...row, acceptedAt: row.acceptedAt?.toISOString() ?? null }),
    ),
    reliability: own
      ? {
          ...own,
          // The column holds JSON of any shape to the database: the factors are read as the API states them.
          factors: reliabilityFactorsSchema.nullable().parse(own.factors),
          computedAt: own.computedAt?.toISOString() ?? null,
        }
      : null,
  };
}

async function readOwnReview(db: Db, reviewId: string, viewer: Pick<Viewer, "id">, as: "author" | "buyer") {
  const [row] = await readOwnReviews(db, viewer, as, { reviewId, limit: 1 });
  return toOwnReview(row!);
}

// ---- writing -----------------------------------------------------------------------------------------

const REVIEW_NOT_ACCEPTED_MESSAGE = "You can review a buyer only after they accepted your deal request.";
const ALREADY_REVIEWED_MESSAGE = "You have already reviewed this deal.";

/**
 * POST /api/reviews: the publisher of the deal intent only (anyone else: 404, the intent is not theirs
 * to see), once the buyer accepted it (403 before, or after a reject), once per intent (409). The
 * reviewed buyer's webhooks hear of it (review.created), with the review as their workspace shows it.
 */
export async function createReview({
  db,
  jobs,
  viewer,
  dealIntentId,
  rating,
  comment,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  dealIntentId: string;
  rating: number;
  comment: string | null;
}): Promise<OwnReview> {
  const id = await db.transaction(async (tx) => {
    const intent = await lockDealIntentForParty(tx, dealIntentId, viewer, "publisher");
    if (!intent) throw new AppError("not_found", MESSAGES.dealIntentNotFound);
    if (intent.status !== "accepted") throw new AppError("forbidden", REVIEW_NOT_ACCEPTED_MESSAGE);
    if (intent.reviewed) throw new AppError("conflict", ALREADY_REVIEWED_MESSAGE);
    let reviewId: string;
    try {
      const [row] = await tx
        .insert(reviews)
        .values({
          buyerId: intent.buyerId,
          publisherId: intent.publisherId,
          dealIntentId,
          rating,
          comment,
          verifiedDeal: true,
        })
        .returning({ id: reviews.id });
      reviewId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError("conflict", ALREADY_REVIEWED_MESSAGE, { cause: error });
      throw error;
    }
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "review.created",
      targetId: reviewId,
      metaJson: { after: { dealIntentId, rating } },
    });
    await refreshBuyerReliability({ db: tx, buyerId: intent.buyerId });
    const reviewed = { id: intent.buyerUserId };
    await emitWebhookEvent(tx, jobs, {
      userId: reviewed.id,
      type: "review.created",
      data: () => readOwnReview(tx, reviewId, reviewed, "buyer"),
    });
    return reviewId;
  });
  return readOwnReview(db, id, viewer, "author");
}

/**
 * POST /api/reviews/{id}/reply: the reviewed buyer only (anyone else: 404), once (409), and not on a
 * review an admin hid (409: nobody would see the reply).
 */
export async function replyToReview({
  db,
  viewer,
  reviewId,
  body,
}: {
  db: Db;
  viewer: Viewer;
  reviewId: string;
  body: string;
}): Promise<OwnReview> {
  if (!isUuid(reviewId)) throw new AppError("not_found", MESSAGES.reviewNotFound);
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ replyBody: reviews.replyBody, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, reviews.buyerId))
      .where(and(eq(reviews.id, reviewId), eq(buyerProfiles.userId, viewer.id)))
      .for("update", { of: reviews });
    if (!review) throw new AppError("not_found", MESSAGES.reviewNotFound);
    if (review.hiddenAt !== null)
      throw new AppError("conflict", "This review was hidden by an administrator.");
    if (review.replyBody !== null) throw new AppError("conflict", "You have already replied to this review.");
    await tx.execute(sql`update reviews set reply_body = ${body}, replied_at = now() where id = ${reviewId}`);
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "review.replied",
      targetId: reviewId,
      metaJson: { after: { replied: true } },
    });
  });
  return readOwnReview(db, reviewId, viewer, "buyer");
}

/**
 * POST /api/admin/reviews/{id}/hide: an admin hides a review with a reason (audit-logged); it stops
 * counting at once. 404 unknown, 409 already hidden.
 */
export async function hideReview({
  db,
  viewer,
  reviewId,
  reason,
}: {
  db: Db;
  viewer: Viewer;
  reviewId: string;
  reason: string;
}): Promise<Review> {
  if (!isUuid(reviewId)) throw new AppError("not_found", MESSAGES.reviewNotFound);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ buyerId: reviews.buyerId, rating: reviews.rating, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!current) throw new AppError("not_found", MESSAGES.reviewNotFound);
    if (current.hiddenAt) throw new AppError("conflict", "This review is already hidden.");
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: sql`now()`, hiddenBy: viewer.id, hiddenReason: reason })
      .where(eq(reviews.id, reviewId))
      .returning(reviewFields);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "review.hidden",
      targetId: reviewId,
      before: { hidden: false },
      after: { hidden: true, reason },
      extra: { buyerId: current.buyerId, rating: current.rating },
    });
    await refreshBuyerReliability({ db: tx, buyerId: current.buyerId });
    return toReview(row!);
  });
}
