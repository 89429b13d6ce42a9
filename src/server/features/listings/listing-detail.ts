import { createHmac } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  DEAL_INTENT_STATUSES,
  DOMAIN_PROOF_METHODS,
  LISTING_STATS_WINDOW_DAYS,
  MESSAGES,
  PAYOUT_HISTORY_LIMIT,
} from "../../../shared/constants";
import type { ListingDetail } from "../../../shared/schemas/listings";
import { reliabilityFactorsSchema } from "../../../shared/schemas/reliability";
import { type Db, ShapedStatement, selectRows, writtenOnce } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import {
  eventDay,
  LISTING_FROM,
  type ListingRow,
  listingColumnsFor,
  toListing,
  visibleTo,
} from "../../lib/listing-read";
import { sqlLimit } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { LATEST_REVIEWS_COLUMN, latestReviewsSchema, toReview } from "../reviews/reviews";

// GET /api/buyer-listings/{id} (the listing's page): one listing, its 30-day figures, its payout
// history, what the viewer may do about a deal on it, and one counted view per viewer per day.

/**
 * Who a view belongs to: the user id, or for visitors an HMAC of their address, so raw IPs are never
 * stored and the one-view-per-day rule still holds. Not the User-Agent: the client picks it freely, and
 * each new value would count as a new viewer.
 */
function viewerKeyOf(viewer: Viewer | null, ip: string, secret: string): string {
  if (viewer) return viewer.id;
  return `anon:${createHmac("sha256", secret).update(ip).digest("base64url").slice(0, 32)}`;
}

/**
 * Visitors per day over the window: views counts those who opened the page or revealed the contact (a
 * reveal through the API never loads the page, and one visitor may reveal several times a day), reveals
 * those who revealed. Counted alike, the page never shows more reveals than views.
 */
function eventCount(kinds: readonly ("view" | "reveal")[]): (since: string) => SQL {
  const head = writtenOnce(sql`(select count(distinct (e.viewer_key, e.day))::int from listing_events e
    where e.listing_id = l.id and e.kind in (${sql.raw(kinds.map((k) => `'${k}'`).join(", "))})
      and e.created_at >`);
  return (since) => sql`${head} ${since}::timestamptz)`;
}
const viewCount = eventCount(["view", "reveal"]);
const revealCount = eventCount(["reveal"]);

/**
 * What the detail reads beyond the listing's columns: counts, the buyer's trust figures and badge, and
 * json the statement builds, parsed here (the listing's own columns come typed: lib/listing-read.ts).
 */
const detailExtrasSchema = z.object({
  views: z.number().int(),
  reveals: z.number().int(),
  isSaved: z.boolean(),
  payoutHistory: z.array(z.object({ from: z.string(), to: z.string(), changedAt: z.coerce.date() })),
  canRequestDeal: z.boolean(),
  dealIntent: z
    .object({ id: z.string(), status: z.enum(DEAL_INTENT_STATUSES), createdAt: z.coerce.date() })
    .nullable(),
  // Trust: stored on the buyer profile, plus the newest visible reviews (see TRUST_COLUMNS).
  reliabilityFactors: reliabilityFactorsSchema.nullable(),
  reliabilityComputedAt: z.coerce.date().nullable(),
  reviewCount: z.number().int(),
  reviewAverage: z.string().nullable(),
  latestReviews: latestReviewsSchema,
  verification: z
    .object({
      since: z.coerce.date(),
      until: z.coerce.date(),
      domainMethod: z.enum(DOMAIN_PROOF_METHODS),
      domainVerifiedAt: z.coerce.date(),
      emailVerifiedAt: z.coerce.date(),
      reviewedAt: z.coerce.date(),
    })
    .nullable(),
});

/** The buyer's trust figures: columns of the profile row already joined, and one index probe. */
const TRUST_COLUMNS = writtenOnce(sql`bp.reliability_factors as "reliabilityFactors",
  bp.reliability_computed_at as "reliabilityComputedAt", bp.review_count as "reviewCount",
  bp.review_average::text as "reviewAverage", ${LATEST_REVIEWS_COLUMN} as "latestReviews"`);

/**
 * The buyer's badge in force, with when each check of the approval behind it passed: the newest approval
 * (a renewal's sets the profile's term), read only while the profile's badge runs. One probe of the
 * buyer's few attempts.
 */
const VERIFICATION_COLUMN = writtenOnce(sql`(
  select json_build_object('since', bp.verified_since, 'until', bp.verified_until,
    'domainMethod', v.domain_method, 'domainVerifiedAt', v.domain_verified_at,
    'emailVerifiedAt', v.email_verified_at, 'reviewedAt', v.decided_at)
  from buyer_verifications v
  where v.buyer_id = bp.id and v.status = 'approved' and bp.verified_until > now()
  order by v.decided_at desc limit 1
) as "verification"`);

/** Payout changes, newest first, as a JSON array (amounts as text: JSON numbers would drop ".00"). */
const payoutHistory = writtenOnce(sql`coalesce((
  select json_agg(json_build_object('from', h.from_payout::text, 'to', h.to_payout::text, 'changedAt', h.changed_at)
    order by h.changed_at desc)
  from (
    select c.from_payout, c.to_payout, c.changed_at from listing_payout_changes c
    where c.listing_id = l.id order by c.changed_at desc limit ${sqlLimit(PAYOUT_HISTORY_LIMIT)}
  ) h
), '[]'::json)`);

const VISITOR_DEAL_COLUMNS = sql.raw(`false as "canRequestDeal", null::json as "dealIntent"`);

/** What the viewer may do about a deal on this listing: are they an approved publisher, did they ask. */
function dealColumns(viewer: Viewer | null) {
  if (!viewer) return VISITOR_DEAL_COLUMNS;
  const publisher = sql`(select pp.id from publisher_profiles pp where pp.user_id = ${viewer.id})`;
  return sql`exists (
      select 1 from publisher_profiles pp where pp.user_id = ${viewer.id} and pp.status = 'approved'
    ) as "canRequestDeal",
    (select json_build_object('id', di.id, 'status', di.status, 'createdAt', di.created_at)
      from deal_intents di
      where di.listing_id = l.id and di.publisher_id = ${publisher}
      order by di.created_at desc limit 1) as "dealIntent"`;
}

interface DetailRequest {
  viewer: Viewer | null;
  listingId: string;
  /** The visitor's address and the secret that hashes it into a viewer key (see viewerKeyOf). */
  ip: string;
  keySecret: string;
  /** False for a HEAD request: only someone who got the page is a view. */
  recordView?: boolean;
  now?: Date;
}

/** What the detail statement takes per request; everything else in its text is fixed by its shape. */
interface DetailValues extends Record<string, unknown> {
  listingId: string;
  viewerId: string | null;
  /** See viewerKeyOf. */
  viewerKey: string;
  /** The view's day (eventDay). */
  day: string;
  /** The start of the figures' window, as ISO text. */
  since: string;
}

function detailValues({ viewer, listingId, ip, keySecret, now = new Date() }: DetailRequest): DetailValues {
  return {
    listingId,
    viewerId: viewer?.id ?? null,
    viewerKey: viewerKeyOf(viewer, ip, keySecret),
    day: eventDay(now),
    since: new Date(now.getTime() - LISTING_STATS_WINDOW_DAYS * 24 * 3600 * 1000).toISOString(),
  };
}

/**
 * The statement's shape: what its text depends on beyond DetailValues. The text branches on who reads
 * (visitor, an admin, someone who sees every contact) and on whether a view is recorded; it reads the
 * viewer only through viewerStandIn, which this key fixes, so the same key always means the same text
 * (listing-detail.test.ts builds every kind of viewer both ways and compares).
 */
const detailShape = (viewer: Viewer | null, recordView: boolean) =>
  `${viewer ? `${viewer.role}:${viewer.hasActiveSubscription}` : "visitor"}:${recordView ? "view" : "read"}`;

/** The viewer as the statement sees them: role and subscription as they are, the id as a value. */
const viewerStandIn = (viewer: Viewer | null, values: DetailValues): Viewer | null =>
  viewer && {
    id: values.viewerId as string,
    email: "",
    role: viewer.role,
    hasActiveSubscription: viewer.hasActiveSubscription,
  };

/**
 * The one statement of GET /api/buyer-listings/{id}: the view is recorded by a data-modifying CTE, under
 * the same visibility rule as the read (the owner looking at their own listing is not a view), and the
 * figures are read beside the row.
 */
function detailStatement(reader: Viewer | null, recordView: boolean, values: DetailValues): SQL {
  const viewer = viewerStandIn(reader, values);
  const recordedView = recordView ? sql`with recorded_view as (${viewInsert(viewer, values)})` : sql``;
  return sql`${recordedView}
        select ${listingColumnsFor(viewer)},
          ${viewCount(values.since)} as "views",
          ${revealCount(values.since)} as "reveals",
          ${viewer ? sql`exists (select 1 from saved_listings s where s.listing_id = l.id and s.user_id = ${viewer.id})` : sql`false`} as "isSaved",
          ${payoutHistory} as "payoutHistory",
          ${dealColumns(viewer)},
          ${TRUST_COLUMNS},
          ${VERIFICATION_COLUMN}
        from ${LISTING_FROM} where l.id = ${values.listingId} and ${visibleTo(viewer)}`;
}

/** The detail's statement, its shape and values: what getListing runs (exported for its test). */
export function detailQuery(request: DetailRequest) {
  const recordView = request.recordView ?? true;
  return {
    shape: detailShape(request.viewer, recordView),
    values: detailValues(request),
    build: (values: DetailValues) => detailStatement(request.viewer, recordView, values),
  };
}

/** The detail's statement with this request's values, for the bench's floor server (scripts/bench-floor.ts). */
export function listingDetailStatement(request: DetailRequest): SQL {
  const { values, build } = detailQuery(request);
  return build(values);
}

/**
 * One view of a listing by this viewer today, under the rule every view follows: only a listing the
 * viewer may see, never its owner's own look, at most one per viewer and day.
 */
function viewInsert(viewer: Viewer | null, values: DetailValues): SQL {
  return sql`insert into listing_events (listing_id, user_id, kind, viewer_key, day)
    select l.id, ${values.viewerId}::uuid, 'view', ${values.viewerKey}, ${values.day}
    from ${LISTING_FROM}
    where l.id = ${values.listingId} and ${visibleTo(viewer)} and bp.user_id is distinct from ${values.viewerId}::uuid
    on conflict (listing_id, viewer_key, day) where kind = 'view' do nothing`;
}

/**
 * Counts a view without reading the listing: the page the server drew for a visitor already holds it
 * (POST /api/buyer-listings/{id}/views). Anything the viewer may not see counts nothing and says so only
 * as the read would: 404.
 */
export async function recordListingView(
  request: Omit<DetailRequest, "recordView"> & { db: Db },
): Promise<void> {
  const { db, listingId, now = new Date() } = request;
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  const values = detailValues({ ...request, now });
  const [row] = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`with recorded_view as (${viewInsert(request.viewer, values)})
      select l.id from ${LISTING_FROM} where l.id = ${listingId} and ${visibleTo(request.viewer)}`,
  );
  if (!row) throw new AppError("not_found", MESSAGES.listingNotFound);
}

const DETAIL = new ShapedStatement<DetailValues>();

export async function getListing(request: DetailRequest & { db: Db }): Promise<ListingDetail> {
  const { db, viewer, listingId, now = new Date() } = request;
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  const { shape, values, build } = detailQuery({ ...request, now });
  const [listing] = await DETAIL.select<ListingRow>(db, shape, values, build);
  if (!listing) throw new AppError("not_found", MESSAGES.listingNotFound);
  // The listing's own columns come typed; the extras (json, counts) are parsed, and read beside them
  // rather than merged into a copy of the whole row.
  const extras = detailExtrasSchema.parse(listing);
  const history = extras.payoutHistory.map((change) => ({
    from: change.from,
    to: change.to,
    changedAt: change.changedAt.toISOString(),
  }));
  const isOwn = viewer?.id === listing.ownerUserId;
  return {
    ...toListing(listing, viewer, now),
    isSaved: extras.isSaved,
    stats: { views: extras.views, reveals: extras.reveals },
    payoutChangedAt: history[0]?.changedAt ?? null,
    payoutHistory: history,
    isOwn,
    canRequestDeal: extras.canRequestDeal && !isOwn,
    dealIntent: extras.dealIntent
      ? { ...extras.dealIntent, createdAt: extras.dealIntent.createdAt.toISOString() }
      : null,
    reliability: {
      score: listing.reliabilityScore,
      basedOn: listing.reliabilityBasedOn,
      factors: extras.reliabilityFactors,
      computedAt: extras.reliabilityComputedAt?.toISOString() ?? null,
    },
    reviews: {
      average: extras.reviewAverage === null ? null : Number(extras.reviewAverage),
      count: extras.reviewCount,
      latest: extras.latestReviews.map(toReview),
    },
    verification: extras.verification
      ? {
          since: extras.verification.since.toISOString(),
          until: extras.verification.until.toISOString(),
          domainMethod: extras.verification.domainMethod,
          domainVerifiedAt: extras.verification.domainVerifiedAt.toISOString(),
          emailVerifiedAt: extras.verification.emailVerifiedAt.toISOString(),
          reviewedAt: extras.verification.reviewedAt.toISOString(),
        }
      : null,
  };
}
