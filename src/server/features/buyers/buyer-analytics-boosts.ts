import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  BOOST_LIFT_BASELINE_DAYS,
  type BoostPeriod,
  type LiftWindow,
} from "../../../shared/schemas/analytics";

// What a Boost was worth, for the Analytics tab: the buyer's boost periods in the shown range, and per
// period the views, reveals and deal intents per day while boosted against the days just before. The
// database merges the purchases into periods and counts both windows; this file turns counts into rates.

const DAY_MS = 24 * 3600 * 1000;

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The CTEs of the boost periods, ending in `boost_lift`: one row per period that overlaps [since, now],
 * with both windows' bounds and counts. They read `mine` (the buyer's listings: id, title, created_at),
 * which the analytics statement defines first.
 *
 * A period is a run of a listing's standing purchases (active or ended: a refunded one gave its days
 * back) where each starts no later than the latest end before it, so purchases that touch or overlap
 * (a Boost bought during a boost starts where that one ends) read as one. An ended purchase's end is
 * already cut to when an admin ended it; one ended before it began covers nothing and is left out.
 * The window before a period is the 14 days before it, cut at the listing's creation and at the end of
 * the listing's previous period: the comparison is with days the listing was not boosted.
 * Views and reveals count visitors per day as the rest of the tab does (buyer-analytics.ts): a reveal is
 * its visitor's view that day too, and a visitor who revealed twice in a day counts once.
 */
export function boostLiftCtes({ buyerId, since, now }: { buyerId: string; since: string; now: string }): SQL {
  return sql`
    boost_standing as (
      select b.id, b.listing_id, b.starts_at, b.ends_at
      from boost_purchases b join mine m on m.id = b.listing_id
      where b.status in ('active', 'ended') and b.ends_at > b.starts_at
    ),
    boost_marks as (
      select s.*, case when s.starts_at <= max(s.ends_at) over (partition by s.listing_id
          order by s.starts_at, s.id rows between unbounded preceding and 1 preceding)
        then 0 else 1 end as opens
      from boost_standing s
    ),
    boost_runs as (
      select k.*, sum(k.opens) over (partition by k.listing_id order by k.starts_at, k.id
        rows unbounded preceding) as run
      from boost_marks k
    ),
    boost_periods as (
      select r.listing_id, min(r.starts_at) as starts_at, max(r.ends_at) as ends_at,
        lag(max(r.ends_at)) over (partition by r.listing_id order by min(r.starts_at)) as previous_end
      from boost_runs r group by r.listing_id, r.run
    ),
    boost_windows as (
      select p.listing_id, m.title, p.starts_at, p.ends_at,
        least(greatest(p.starts_at - ${BOOST_LIFT_BASELINE_DAYS}::int * interval '1 day', m.created_at,
          p.previous_end), p.starts_at) as before_from,
        least(p.ends_at, ${now}::timestamptz) as during_to
      from boost_periods p join mine m on m.id = p.listing_id
      where p.starts_at <= ${now}::timestamptz and p.ends_at > ${since}::timestamptz
    ),
    boost_lift as (
      select w.*, e.*, d.*
      from boost_windows w
      cross join lateral (
        select
          count(distinct (x.viewer_key, x.day)) filter (where x.created_at < w.starts_at)::int
            as before_views,
          count(distinct (x.viewer_key, x.day)) filter (where x.kind = 'reveal' and x.created_at < w.starts_at)::int
            as before_reveals,
          count(distinct (x.viewer_key, x.day)) filter (where x.created_at >= w.starts_at)::int as during_views,
          count(distinct (x.viewer_key, x.day)) filter (where x.kind = 'reveal' and x.created_at >= w.starts_at)::int
            as during_reveals
        from listing_events x
        where x.listing_id = w.listing_id and x.kind in ('view', 'reveal')
          and x.created_at >= w.before_from and x.created_at < w.during_to
      ) e
      cross join lateral (
        select
          count(*) filter (where i.created_at < w.starts_at)::int as before_intents,
          count(*) filter (where i.created_at >= w.starts_at)::int as during_intents
        from deal_intents i
        where i.listing_id = w.listing_id and i.buyer_id = ${buyerId}
          and i.created_at >= w.before_from and i.created_at < w.during_to
      ) d
    )`;
}

/** The `boosts` column over `boost_lift`: its rows as a JSON array, latest start first. */
export const boostsColumn = sql`coalesce((
    select json_agg(json_build_object('listingId', b.listing_id, 'title', b.title,
      'startsAt', ${iso("b.starts_at")}, 'endsAt', ${iso("b.ends_at")},
      'beforeFrom', ${iso("b.before_from")}, 'duringTo', ${iso("b.during_to")},
      'beforeViews', b.before_views, 'beforeReveals', b.before_reveals, 'beforeIntents', b.before_intents,
      'duringViews', b.during_views, 'duringReveals', b.during_reveals, 'duringIntents', b.during_intents)
      order by b.starts_at desc, b.title, b.listing_id)
    from boost_lift b
  ), '[]'::json)`;

export const boostRowSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  beforeFrom: z.string(),
  duringTo: z.string(),
  beforeViews: z.number().int(),
  beforeReveals: z.number().int(),
  beforeIntents: z.number().int(),
  duringViews: z.number().int(),
  duringReveals: z.number().int(),
  duringIntents: z.number().int(),
});
type BoostRow = z.infer<typeof boostRowSchema>;

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/**
 * Days are elapsed time (hours / 24), not whole calendar days: a boost that started this morning has a
 * rate already, and rounding it up to a day would understate it while rounding down would leave nothing.
 * A rate over so little time is a small sample; the screen says "too early to tell" under a day.
 */
function liftWindow(from: string, to: string, counts: Record<"views" | "reveals" | "dealIntents", number>) {
  const days = Math.max(0, Date.parse(to) - Date.parse(from)) / DAY_MS;
  const perDay = (count: number) => (days > 0 ? round(count / days, 2) : null);
  const window: LiftWindow = {
    from,
    to,
    days: round(days, 2),
    ...counts,
    perDay: {
      views: perDay(counts.views),
      reveals: perDay(counts.reveals),
      dealIntents: perDay(counts.dealIntents),
    },
  };
  return { window, days };
}

/** A period's windows, rates and change from the counts the database returned. */
export function toBoostPeriod(row: BoostRow): BoostPeriod {
  const before = liftWindow(row.beforeFrom, row.startsAt, {
    views: row.beforeViews,
    reveals: row.beforeReveals,
    dealIntents: row.beforeIntents,
  });
  const during = liftWindow(row.startsAt, row.duringTo, {
    views: row.duringViews,
    reveals: row.duringReveals,
    dealIntents: row.duringIntents,
  });
  // From the exact rates, not the rounded ones shown, so a small rate does not swing the percentage.
  const change = (duringCount: number, beforeCount: number) =>
    beforeCount > 0 && before.days > 0 && during.days > 0
      ? round(duringCount / during.days / (beforeCount / before.days) - 1, 3)
      : null;
  return {
    listingId: row.listingId,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    during: during.window,
    before: before.window,
    change: {
      views: change(row.duringViews, row.beforeViews),
      reveals: change(row.duringReveals, row.beforeReveals),
      dealIntents: change(row.duringIntents, row.beforeIntents),
    },
  };
}
