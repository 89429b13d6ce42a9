import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { US_NATIONAL } from "../../../shared/constants";
import { type Db, selectRows, selectTypedRows } from "../../db/client";
import { subscriptions } from "../../db/schema";
import type { DigestFrequency } from "../../jobs/queues";
import { LISTING_COLUMNS, LISTING_FROM, type ListingRow } from "../../lib/listing-read";
import { MIN_TRIGRAM_LENGTH } from "../../lib/paging";
import { activeSubscriptionNow } from "../../lib/premium";

// Which listing reaches which user (docs/publishers.md, "Listing alerts"): one set-based query per job, never a loop
// over users. A user's alerts are the filters of their preferences (when enabled) and each of their
// saved searches; a listing matching any of them is a match. The saved searches apply the directory's
// own rules (features/listings/directory-query.ts), so a saved search alerts about exactly what the
// browse page would show for it. Aliases: l listing, bp its buyer profile, p preferences, u the user.

/** A user Premium now: the one Premium rule (lib/premium.ts). */
const userIsPremium = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = u.id and ${activeSubscriptionNow()})`;

/**
 * Who can receive alert mail at all: a publisher (the Alerts tab is theirs), enabled, with email among
 * the channels (the unsubscribe link takes it off). SMS is stored but never sent (no provider).
 */
const RECEIVES_EMAIL = sql`u.role = 'publisher' and u.disabled_at is null and 'email' = any(p.channels)`;

/** A listing anyone may see: active, its owner not disabled (lib/listing-read.ts visibleTo for nobody). */
export const LISTING_IS_LIVE = sql`l.status = 'active' and not exists (
  select 1 from users du where du.id = bp.user_id and du.disabled_at is not null)`;

/** The preferences' own filters; empty lists mean any. "US National" and no geos serve every state. */
const MATCHES_PREFERENCES = sql`(p.filters_enabled
  and (cardinality(p.verticals) = 0 or l.vertical = any(p.verticals))
  and (cardinality(p.geos) = 0 or l.geos = '{}'::text[] or ${US_NATIONAL} = any(l.geos) or l.geos && p.geos)
  and (p.min_payout is null or l.payout >= p.min_payout)
  and l.tags @> p.tags)`;

/** One saved search s, with the directory's rules for each filter (directory-query.ts filterConditions). */
const MATCHES_SAVED_SEARCH = sql`exists (
  select 1 from saved_searches s
  where s.user_id = p.user_id
    and (s.vertical is null or l.vertical = s.vertical)
    and (s.payout_min is null or l.payout >= s.payout_min)
    and (s.payout_max is null or l.payout < s.payout_max)
    and l.tags @> s.tags
    and (s.geo is null or l.geos = '{}'::text[] or l.geos && (case when s.geo = ${US_NATIONAL}
      then array[${US_NATIONAL}]::text[] else array[s.geo, ${US_NATIONAL}]::text[] end))
    and (s.search is null
      or l.search_vector @@ websearch_to_tsquery('english', s.search)
      or (char_length(s.search) >= ${MIN_TRIGRAM_LENGTH}
        and l.title ilike '%' || replace(replace(replace(s.search, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')))`;

/**
 * The listing l matches one of the alerts of the user of preferences p: its filters or a saved search.
 * SMS alerts (features/sms) apply this same rule, whatever the email frequency and channels say.
 */
export const MATCHES_AN_ALERT = sql`(${MATCHES_PREFERENCES} or ${MATCHES_SAVED_SEARCH})`;

/** Not sent to this user by email before, by any alert (the idempotency key, schema.ts). */
const NOT_YET_DELIVERED = sql`not exists (
  select 1 from alert_deliveries d where d.user_id = p.user_id and d.listing_id = l.id and d.channel = 'email')`;

const FROM_PREFERENCES = sql`notification_preferences p join users u on u.id = p.user_id`;

const pairSchema = z.object({ userId: z.string(), listingId: z.string() });

/**
 * The instant alerts a set of newly active listings calls for: Premium users whose frequency is instant,
 * paired with each live listing that matches one of their alerts and that they were not sent yet.
 */
export async function findInstantMatches(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  return selectRows(
    db,
    pairSchema,
    sql`select p.user_id as "userId", l.id as "listingId"
        from ${LISTING_FROM} cross join ${FROM_PREFERENCES}
        where l.id = any(${sql.param(listingIds)}::uuid[]) and ${LISTING_IS_LIVE}
          and p.frequency = 'instant' and ${RECEIVES_EMAIL} and ${userIsPremium}
          and ${MATCHES_AN_ALERT} and ${NOT_YET_DELIVERED}
        order by p.user_id, l.activated_at, l.id`,
  );
}

/**
 * The listing.matched webhook events a set of newly active listings calls for: publishers with an
 * enabled endpoint subscribed to it, paired with each live listing that matches one of their alerts and
 * that no event announced to them before. Premium and the mail's frequency and channels do not matter:
 * the endpoint is a channel of its own, and what the event shows is masked like the directory.
 */
export async function findWebhookMatches(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  return selectRows(
    db,
    pairSchema,
    sql`select p.user_id as "userId", l.id as "listingId"
        from ${LISTING_FROM} cross join ${FROM_PREFERENCES}
        where l.id = any(${sql.param(listingIds)}::uuid[]) and ${LISTING_IS_LIVE}
          and u.role = 'publisher' and u.disabled_at is null
          and exists (select 1 from webhook_endpoints e where e.user_id = p.user_id
            and e.disabled_at is null and 'listing.matched' = any(e.events))
          and ${MATCHES_AN_ALERT}
          and not exists (select 1 from alert_deliveries d
            where d.user_id = p.user_id and d.listing_id = l.id and d.channel = 'webhook')
        order by p.user_id, l.activated_at, l.id`,
  );
}

/** The user an alert mail goes to, as the mail needs them; null when they no longer receive alert mail. */
const recipientSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  frequency: z.enum(["instant", "daily", "weekly"]),
  isPremium: z.boolean(),
  filtersEnabled: z.boolean(),
  since: z.coerce.date(),
  /** No digest was sent before: the window starts when alerts were set up. */
  isFirstDigest: z.boolean(),
});
export type AlertRecipient = z.infer<typeof recipientSchema>;

/**
 * The user if they still receive alert mail, with Premium and the start of their next digest window:
 * the last digest's start, or when they set up alerts.
 */
export async function findRecipient(db: Db, userId: string): Promise<AlertRecipient | null> {
  const [row] = await selectRows(
    db,
    recipientSchema,
    sql`select p.user_id as "userId", u.email, u.first_name as "firstName", p.frequency,
          ${userIsPremium} as "isPremium", p.filters_enabled as "filtersEnabled",
          coalesce(p.last_digest_at, p.created_at) as since, p.last_digest_at is null as "isFirstDigest"
        from ${FROM_PREFERENCES}
        where p.user_id = ${userId} and ${RECEIVES_EMAIL}`,
  );
  return row ?? null;
}

/** Of these listings, the ones still live, still matching one of the user's alerts and not yet sent. */
export async function findUndeliveredMatches(
  db: Db,
  userId: string,
  listingIds: string[],
): Promise<ListingRow[]> {
  if (listingIds.length === 0) return [];
  return selectTypedRows<ListingRow>(
    db,
    sql`select ${LISTING_COLUMNS} from ${LISTING_FROM} cross join ${FROM_PREFERENCES}
        where p.user_id = ${userId} and l.id = any(${sql.param(listingIds)}::uuid[]) and ${LISTING_IS_LIVE}
          and ${MATCHES_AN_ALERT} and ${NOT_YET_DELIVERED}
        order by l.activated_at desc, l.id desc`,
  );
}

/**
 * A digest's listings: live, activated after `since`, matching one of the user's alerts, not sent yet;
 * newest first, at most `limit`, and how many matched in all.
 */
export async function findDigestMatches(
  db: Db,
  { userId, since, limit }: { userId: string; since: Date; limit: number },
): Promise<{ listings: ListingRow[]; total: number }> {
  const rows = await selectTypedRows<ListingRow & { total: number }>(
    db,
    sql`select ${LISTING_COLUMNS}, (count(*) over ())::int as total
        from ${LISTING_FROM} cross join ${FROM_PREFERENCES}
        where p.user_id = ${userId} and l.activated_at > ${since.toISOString()}::timestamptz
          and ${LISTING_IS_LIVE} and ${MATCHES_AN_ALERT} and ${NOT_YET_DELIVERED}
        order by l.activated_at desc, l.id desc
        limit ${limit}`,
  );
  return { listings: rows, total: rows[0]?.total ?? 0 };
}

/**
 * Who a digest round is for. Daily: daily users, and instant users without Premium (instant is
 * Premium's: for the others it reads as daily, whatever the row still says). Weekly: weekly users.
 */
export async function findDigestRecipients(db: Db, frequency: DigestFrequency): Promise<string[]> {
  const due: SQL =
    frequency === "daily"
      ? sql`(p.frequency = 'daily' or (p.frequency = 'instant' and not ${userIsPremium}))`
      : sql`p.frequency = 'weekly'`;
  const rows = await selectRows(
    db,
    z.object({ userId: z.string() }),
    sql`select p.user_id as "userId" from ${FROM_PREFERENCES} where ${RECEIVES_EMAIL} and ${due}
        order by p.user_id`,
  );
  return rows.map((r) => r.userId);
}
