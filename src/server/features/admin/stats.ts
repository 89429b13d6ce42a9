import { sql } from "drizzle-orm";
import { z } from "zod";
import { PREMIUM_INTERVAL } from "../../../shared/constants";
import type { AdminStats } from "../../../shared/schemas/admin";
import { type Db, selectRows } from "../../db/client";
import { activeSubscriptionNow } from "../../lib/premium";

// GET /api/admin/stats (every dashboard figure is live, never made up): one statement, each
// table read once, every figure counted by the database.

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const MONTHS_PER_YEAR = 12;

const count = z.coerce.number().int();
const statsRowSchema = z.object({
  usersTotal: count,
  admins: count,
  buyers: count,
  publishers: count,
  guests: count,
  disabled: count,
  subscribers: count,
  paid: count,
  mrr: z.string(),
  pending: count,
  approvedToday: count,
  rejectedToday: count,
  publishersTotal: count,
  openDisputes: count,
  listingsTotal: count,
  listingsActive: count,
  newThisWeek: count,
  byVertical: z.array(z.object({ vertical: z.string(), total: count, active: count })),
});

/** UTC midnight of `now`: "today" when the page does not say where its day starts. */
function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function getAdminStats({
  db,
  priceCents,
  dayStart,
  now = new Date(),
}: {
  db: Db;
  /** The configured Premium price (PREMIUM_PRICE_CENTS), per year. */
  priceCents: number;
  /** Start of "today" for Approved Today and Rejected Today; default UTC midnight. */
  dayStart?: Date;
  now?: Date;
}): Promise<AdminStats> {
  const today = (dayStart ?? utcDayStart(now)).toISOString();
  const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
  const [row] = await selectRows(
    db,
    statsRowSchema,
    sql`
    with u as (
      select count(*) as "usersTotal",
        count(*) filter (where role = 'admin') as admins,
        count(*) filter (where role = 'buyer') as buyers,
        count(*) filter (where role = 'publisher') as publishers,
        count(*) filter (where role = 'guest') as guests,
        count(*) filter (where disabled_at is not null) as disabled
      -- A deleted account is no longer a person (its row stays nameless, docs/decisions/026).
      from users where deleted_at is null),
    s as (
      select count(distinct user_id) as subscribers,
        count(distinct user_id) filter (where stripe_subscription_id is not null) as paid
      from subscriptions where ${activeSubscriptionNow()}
        and not exists (select 1 from users du where du.id = subscriptions.user_id and du.deleted_at is not null)),
    p as (
      select count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'approved' and reviewed_at >= ${today}::timestamptz) as "approvedToday",
        count(*) filter (where status = 'rejected' and reviewed_at >= ${today}::timestamptz) as "rejectedToday",
        count(*) as "publishersTotal"
      from publisher_profiles pp
      where not exists (select 1 from users du where du.id = pp.user_id and du.deleted_at is not null)),
    -- Open: waiting for an admin's decision (features/disputes).
    d as (select count(*) as "openDisputes" from disputes where status = 'pending'),
    l as (
      select count(*) as "listingsTotal",
        count(*) filter (where status = 'active') as "listingsActive",
        count(*) filter (where created_at >= ${weekAgo}::timestamptz) as "newThisWeek"
      from buyer_listings),
    v as (
      select coalesce(json_agg(json_build_object('vertical', vertical, 'total', total, 'active', active)
               order by total desc, vertical), '[]'::json) as "byVertical"
      from (select vertical, count(*) as total, count(*) filter (where status = 'active') as active
            from buyer_listings group by vertical) per_vertical)
    select u.*, s.*,
      -- Paid subscribers x the yearly price, per month, in dollars (complimentary grants bring nothing).
      round(s.paid * ${priceCents}::numeric / ${MONTHS_PER_YEAR * 100}, 2)::text as mrr,
      p.*, d.*, l.*, v.*
    from u, s, p, d, l, v`,
  );
  if (!row) throw new Error("the stats query returned no row");
  return {
    users: {
      total: row.usersTotal,
      admin: row.admins,
      buyer: row.buyers,
      publisher: row.publishers,
      guest: row.guests,
      disabled: row.disabled,
    },
    premium: {
      subscribers: row.subscribers,
      paid: row.paid,
      complimentary: row.subscribers - row.paid,
      monthlyRecurringRevenue: row.mrr,
      priceCents,
      interval: PREMIUM_INTERVAL,
    },
    publishers: {
      pending: row.pending,
      approvedToday: row.approvedToday,
      rejectedToday: row.rejectedToday,
      total: row.publishersTotal,
    },
    openDisputes: row.openDisputes,
    listings: {
      total: row.listingsTotal,
      active: row.listingsActive,
      newThisWeek: row.newThisWeek,
      byVertical: row.byVertical,
    },
  };
}
