import { eq, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES, REVIEW_LIMITS } from "../../../shared/constants";
import { shortId } from "../../../shared/format";
import { FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
import { reliabilityFactorsSchema } from "../../../shared/schemas/reliability";
import type { AwaitingReview, MyReviews, OwnReview, Review } from "../../../shared/schemas/reviews";
import { type Db, selectRows } from "../../db/client";
import { auditLogs, reviews } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { partyName } from "../../lib/deleted-account";
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

/** The columns of one review row under alias r, by the names reviewRowSchema reads. */
const REVIEW_COLUMNS = sql`r.id, r.buyer_id as "buyerId", r.publisher_id as "publisherId",
  r.deal_intent_id as "dealIntentId", r.rating, r.comment, r.verified_deal as "verifiedDeal",
  r.created_at as "createdAt", r.reply_body as "replyBody", r.replied_at as "repliedAt",
  r.hidden_at as "hiddenAt", r.hidden_reason as "hiddenReason",
  ${reviewerDeleted(sql`r.publisher_id`)} as "reviewerDeleted"`;

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

// REVIEW_COLUMNS's row (ReviewRow, which toReview takes) through the query builder.
const BUYER_REVIEWS = {
  keyed: reviews,
  rows: (db: Db) =>
    db
      .select({
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
        reviewerDeleted: sql<boolean>`${reviewerDeleted(sql`${reviews.publisherId}`)}`,
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
    ? await selectRows(
        db,
        z.object({ id: z.string() }),
        sql`select bp.id from buyer_profiles bp join users u on u.id = bp.user_id
            where bp.id = ${buyerId} and u.deleted_at is null
              ${isAdmin ? sql`` : sql`and u.disabled_at is null`}`,
      )
    : [];
  if (!buyer) throw new AppError("not_found", MESSAGES.buyerNotFound);
  const filters: SQL[] = [eq(reviews.buyerId, buyerId)];
  if (!isAdmin) filters.push(isNull(reviews.hiddenAt));
  return readPage(db, BUYER_REVIEWS, { filters, cursor, limit, direction: "desc" }, toReview);
}

// ---- the workspaces ----------------------------------------------------------------------------------

const ownRowSchema = reviewRowSchema.extend({
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  counterpart: z.string(),
});

// The reviewer as the reviewed buyer reads them: their name, website or id; "Former member" once deleted.
const publisherName = partyName(
  "pu",
  sql`coalesce(nullif(trim(concat_ws(' ', pu.first_name, pu.last_name)), ''), pp.website,
    'Publisher ' || left(pp.id::text, 8))`,
);

function readOwnReviews(db: Db, condition: SQL, counterpart: SQL, limit = MAX_OWN_REVIEWS) {
  return selectRows(
    db,
    ownRowSchema,
    sql`select ${REVIEW_COLUMNS}, di.listing_id as "listingId", l.title as "listingTitle",
          ${counterpart} as counterpart
        from reviews r
        join deal_intents di on di.id = r.deal_intent_id
        join buyer_profiles bp on bp.id = r.buyer_id
        join publisher_profiles pp on pp.id = r.publisher_id
        join users pu on pu.id = pp.user_id
        left join buyer_listings l on l.id = di.listing_id
        where ${condition}
        order by r.created_at desc, r.id desc limit ${sqlLimit(limit)}`,
  );
}

const toOwnReview = (row: z.infer<typeof ownRowSchema>): OwnReview => ({
  ...toReview(row),
  dealIntentId: row.dealIntentId,
  listingId: row.listingId,
  listingTitle: row.listingTitle,
  counterpart: row.counterpart,
});

const awaitingRowSchema = z.object({
  dealIntentId: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  acceptedAt: when.nullable(),
});

const ownReliabilitySchema = z.object({
  score: z.number().int().nullable(),
  basedOn: z.number().int(),
  factors: reliabilityFactorsSchema.nullable(),
  computedAt: when.nullable(),
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
    readOwnReviews(db, sql`pp.user_id = ${viewer.id}`, sql`bp.company`, limit),
    readOwnReviews(db, sql`bp.user_id = ${viewer.id}`, publisherName, limit),
    selectRows(
      db,
      awaitingRowSchema,
      sql`select di.id as "dealIntentId", di.buyer_id as "buyerId", bp.company as "buyerName",
            di.listing_id as "listingId", l.title as "listingTitle", di.decided_at as "acceptedAt"
          from deal_intents di
          join publisher_profiles pp on pp.id = di.publisher_id
          join buyer_profiles bp on bp.id = di.buyer_id
          left join buyer_listings l on l.id = di.listing_id
          where pp.user_id = ${viewer.id} and di.status = 'accepted'
            and not exists (select 1 from reviews r where r.deal_intent_id = di.id)
          order by di.decided_at desc nulls last, di.id desc limit ${sqlLimit(limit)}`,
    ),
    selectRows(
      db,
      ownReliabilitySchema,
      sql`select reliability_score as score, reliability_based_on as "basedOn",
            reliability_factors as factors, reliability_computed_at as "computedAt"
          from buyer_profiles where user_id = ${viewer.id}`,
    ),
  ]);
  const own = ownProfile[0];
  return {
    written: written.map(toOwnReview),
    received: received.map(toOwnReview),
    awaitingReview: awaiting.map(
      (row): AwaitingReview => ({ ...row, acceptedAt: row.acceptedAt?.toISOString() ?? null }),
    ),
    reliability: own ? { ...own, computedAt: own.computedAt?.toISOString() ?? null } : null,
  };
}

async function readOwnReview(db: Db, reviewId: string, viewer: Pick<Viewer, "id">, as: "author" | "buyer") {
  const [row] =
    as === "author"
      ? await readOwnReviews(db, sql`r.id = ${reviewId} and pp.user_id = ${viewer.id}`, sql`bp.company`)
      : await readOwnReviews(db, sql`r.id = ${reviewId} and bp.user_id = ${viewer.id}`, publisherName);
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
    const [intent] = await selectRows(
      tx,
      z.object({
        status: z.string(),
        buyerId: z.string(),
        publisherId: z.string(),
        buyerUserId: z.string(),
        reviewed: z.boolean(),
      }),
      sql`select di.status, di.buyer_id as "buyerId", di.publisher_id as "publisherId",
            bp.user_id as "buyerUserId",
            exists (select 1 from reviews r where r.deal_intent_id = di.id) as reviewed
          from deal_intents di join publisher_profiles pp on pp.id = di.publisher_id
          join buyer_profiles bp on bp.id = di.buyer_id
          where di.id = ${dealIntentId} and pp.user_id = ${viewer.id} for update of di`,
    );
    if (!intent) throw new AppError("not_found", MESSAGES.dealIntentNotFound);
    if (intent.status !== "accepted") throw new AppError("forbidden", REVIEW_NOT_ACCEPTED_MESSAGE);
    if (intent.reviewed) throw new AppError("conflict", ALREADY_REVIEWED_MESSAGE);
    let reviewId: string;
    try {
      const [row] = await selectRows(
        tx,
        z.object({ id: z.string() }),
        sql`insert into reviews (buyer_id, publisher_id, deal_intent_id, rating, comment, verified_deal)
            values (${intent.buyerId}, ${intent.publisherId}, ${dealIntentId}, ${rating}, ${comment}, true)
            returning id`,
      );
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
    const [review] = await selectRows(
      tx,
      z.object({ replied: z.boolean(), hidden: z.boolean() }),
      sql`select r.reply_body is not null as replied, r.hidden_at is not null as hidden
          from reviews r join buyer_profiles bp on bp.id = r.buyer_id
          where r.id = ${reviewId} and bp.user_id = ${viewer.id} for update of r`,
    );
    if (!review) throw new AppError("not_found", MESSAGES.reviewNotFound);
    if (review.hidden) throw new AppError("conflict", "This review was hidden by an administrator.");
    if (review.replied) throw new AppError("conflict", "You have already replied to this review.");
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
    const [current] = await selectRows(
      tx,
      reviewRowSchema,
      sql`select ${REVIEW_COLUMNS} from reviews r where r.id = ${reviewId} for update`,
    );
    if (!current) throw new AppError("not_found", MESSAGES.reviewNotFound);
    if (current.hiddenAt) throw new AppError("conflict", "This review is already hidden.");
    const [row] = await selectRows(
      tx,
      reviewRowSchema,
      sql`update reviews r set hidden_at = now(), hidden_by = ${viewer.id}, hidden_reason = ${reason}
          where r.id = ${reviewId} returning ${REVIEW_COLUMNS}`,
    );
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
