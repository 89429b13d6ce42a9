import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { LISTING_STATS_WINDOW_DAYS } from "../../../shared/constants";
import type { Analytics } from "../../../shared/schemas/analytics";
import type { BuyerStats } from "../../../shared/schemas/buyers";
import { type Db, selectRows } from "../../db/client";
import { buyerListings, buyerProfiles, dealIntents, listingEvents } from "../../db/schema";
import { eventDay } from "../../lib/listing-read";
import type { Viewer } from "../../lib/viewer";
import { boostLiftCtes, boostRowSchema, boostsColumn, toBoostPeriod } from "./buyer-analytics-boosts";
import { requireBuyerProfile } from "./buyer-profile";
import { countContactActions } from "./contact-action-counts";

// The buyer dashboard's figures (live, never made up) and the Analytics
// tab. Everything is counted by the database in one statement each: listing_events (views, reveals,
// saves) and deal_intents, over the buyer's own listings only.

const DAY_MS = 24 * 3600 * 1000;

/** GET /api/buyer-stats: the four cards of the buyer dashboard. */
export async function getBuyerStats({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<BuyerStats> {
  const profile = await requireBuyerProfile(db, viewer);
  const since = new Date(now.getTime() - LISTING_STATS_WINDOW_DAYS * DAY_MS);
  const activeOfBuyer = and(eq(buyerListings.buyerId, buyerProfiles.id), eq(buyerListings.status, "active"));
  // Avg Payout is what the buyer pays today: the rounded mean payout of the listings publishers can see
  // now. The profile's payout range is only a statement of intent, so with no live listing there is no
  // figure (null), never one made up from the range.
  const avgPayout = db
    .select({ avg: sql<number | null>`round(avg(${buyerListings.payout}))::int` })
    .from(buyerListings)
    .where(activeOfBuyer);
  const listingViews = db
    .select({
      n: sql<number>`count(distinct (${listingEvents.listingId}, ${listingEvents.viewerKey}, ${listingEvents.day}))::int`,
    })
    .from(listingEvents)
    .innerJoin(buyerListings, eq(buyerListings.id, listingEvents.listingId))
    .where(
      and(
        eq(buyerListings.buyerId, buyerProfiles.id),
        inArray(listingEvents.kind, ["view", "reveal"]),
        gt(listingEvents.createdAt, since),
      ),
    );
  const [row] = await db
    .select({
      activeListings: db.$count(buyerListings, activeOfBuyer),
      pendingDealIntents: db.$count(
        dealIntents,
        and(eq(dealIntents.buyerId, buyerProfiles.id), eq(dealIntents.status, "pending")),
      ),
      avgPayout: sql<number | null>`(${avgPayout})`,
      listingViews: sql<number>`(${listingViews})`,
    })
    .from(buyerProfiles)
    .where(eq(buyerProfiles.id, profile.id));
  return row!;
}

const figuresSchema = {
  views: z.number().int(),
  reveals: z.number().int(),
  saves: z.number().int(),
  dealIntents: z.number().int(),
  accepted: z.number().int(),
};
const analyticsRowSchema = z.object({
  totals: z.object(figuresSchema),
  listings: z.array(
    z.object({ listingId: z.string(), title: z.string(), status: z.string(), ...figuresSchema }),
  ),
  daily: z.array(z.object({ day: z.string(), ...figuresSchema })),
  boosts: z.array(boostRowSchema),
});

/** The five counts over facts `f` (kind: view, reveal, save, intent, accepted), as columns. */
const COUNTS = sql`
  count(f.kind) filter (where f.kind = 'view')::int as views,
  count(f.kind) filter (where f.kind = 'reveal')::int as reveals,
  count(f.kind) filter (where f.kind = 'save')::int as saves,
  count(f.kind) filter (where f.kind = 'intent')::int as "dealIntents",
  count(f.kind) filter (where f.kind = 'accepted')::int as accepted`;

/** The same five of row `r` as json_build_object pairs. */
const figurePairs = (r: string) => {
  const a = sql.raw(r);
  return sql`'views', ${a}.views, 'reveals', ${a}.reveals, 'saves', ${a}.saves,
    'dealIntents', ${a}."dealIntents", 'accepted', ${a}.accepted`;
};

const conversionOf = (f: { views: number; reveals: number }) => (f.views > 0 ? f.reveals / f.views : null);

/**
 * GET /api/buyer-analytics?days=N: the buyer's listings over the last N UTC days (today included), per
 * listing, in total and per day. Deal intents count on the day they arrived, acceptances on the day of
 * the decision. Views and reveals count visitors: one per visitor per listing per day, and a reveal
 * counts as its visitor's view that day too (a reveal through the API never loaded the page), so no
 * figure shows more reveals than views. One statement: the facts are gathered once and grouped three ways; the boost periods
 * that overlap the range (up to now) and their lift are counted in it too (buyer-analytics-boosts.ts).
 */
export async function getBuyerAnalytics({
  db,
  viewer,
  days,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  days: number;
  now?: Date;
}): Promise<Analytics> {
  const profile = await requireBuyerProfile(db, viewer);
  const to = eventDay(now);
  const from = eventDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const since = `${from}T00:00:00.000Z`;
  // Raw: one statement of CTEs over a union of facts, a lateral VALUES list, generate_series and
  // json_agg rows, which the builder cannot say.
  const [row] = await selectRows(
    db,
    analyticsRowSchema,
    sql`with mine as (
        select l.id, l.title, l.status, l.created_at from buyer_listings l where l.buyer_id = ${profile.id}
      ),
      facts as (
        select distinct e.listing_id, k.kind, e.viewer_key, (e.created_at at time zone 'UTC')::date as day
          from listing_events e join mine m on m.id = e.listing_id
          cross join lateral (values
            (case e.kind when 'reveal' then 'view' else e.kind end),
            (case e.kind when 'reveal' then 'reveal' end)
          ) k(kind)
          where e.created_at >= ${since}::timestamptz and k.kind is not null
        union all
        select d.listing_id, 'intent', null, (d.created_at at time zone 'UTC')::date
          from deal_intents d join mine m on m.id = d.listing_id
          where d.buyer_id = ${profile.id} and d.created_at >= ${since}::timestamptz
        union all
        select d.listing_id, 'accepted', null, (d.decided_at at time zone 'UTC')::date
          from deal_intents d join mine m on m.id = d.listing_id
          where d.buyer_id = ${profile.id} and d.status = 'accepted' and d.decided_at >= ${since}::timestamptz
      ),
      per_listing as (
        select m.id, m.title, m.status, m.created_at, ${COUNTS}
        from mine m left join facts f on f.listing_id = m.id
        group by m.id, m.title, m.status, m.created_at
      ),
      per_day as (
        select g.day, ${COUNTS}
        from (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day) g
        left join facts f on f.day = g.day
        group by g.day
      ),
      total as (select ${COUNTS} from facts f),
      ${boostLiftCtes({ buyerId: profile.id, since, now: now.toISOString() })}
      select
        (select json_build_object(${figurePairs("t")}) from total t) as totals,
        coalesce((
          select json_agg(json_build_object('listingId', p.id, 'title', p.title, 'status', p.status,
            ${figurePairs("p")}) order by p.created_at desc, p.id)
          from per_listing p
        ), '[]'::json) as listings,
        coalesce((
          select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), ${figurePairs("d")})
            order by d.day)
          from per_day d
        ), '[]'::json) as daily,
        ${boostsColumn} as boosts`,
  );
  const result = row!;
  const contactActions = await countContactActions({ db, buyerId: profile.id, since });
  return {
    days,
    from,
    to,
    totals: { ...result.totals, conversion: conversionOf(result.totals) },
    listings: result.listings.map((l) => ({
      listingId: l.listingId,
      title: l.title,
      status: l.status,
      views: l.views,
      reveals: l.reveals,
      saves: l.saves,
      dealIntents: l.dealIntents,
      accepted: l.accepted,
      conversion: conversionOf(l),
    })),
    daily: result.daily,
    boosts: result.boosts.map(toBoostPeriod),
    contactActions,
  };
}
