import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, selectRows } from "../../db/client";
import { LISTING_FROM } from "../../lib/listing-read";
import { LISTING_IS_LIVE, MATCHES_AN_ALERT } from "../alerts/alert-matching";
import { RECEIVES_SMS, SMS_USER_FROM } from "./sms-eligibility";

// Which listing is texted to whom: the email alerts' own match rule (alerts/alert-matching.ts: the
// preferences' filters when enabled, or a saved search) for users who receive texts
// (sms-eligibility.ts), whatever their email frequency and channels say. One set-based query per job.
// Aliases: l listing, bp its buyer profile, u the user, n their number, p their preferences.

/** Not texted (nor held for a text) to this user before: the SMS channel's idempotency key. */
const NOT_YET_TEXTED = sql`not exists (
  select 1 from alert_deliveries d where d.user_id = u.id and d.listing_id = l.id and d.channel = 'sms')`;

const pairSchema = z.object({ userId: z.string(), listingId: z.string() });

/** Every (user, listing) pair these newly active listings call a text for. */
export async function findSmsMatches(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  return selectRows(
    db,
    pairSchema,
    sql`select u.id as "userId", l.id as "listingId"
        from ${LISTING_FROM} cross join ${SMS_USER_FROM}
        where l.id = any(${sql.param(listingIds)}::uuid[]) and ${LISTING_IS_LIVE}
          and p.user_id is not null and ${RECEIVES_SMS} and ${MATCHES_AN_ALERT} and ${NOT_YET_TEXTED}
        order by u.id, l.activated_at, l.id`,
  );
}

const textListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  vertical: z.string(),
  payout: z.string(),
});
export type SmsListing = z.infer<typeof textListingSchema>;

/**
 * Of these listings, the ones that may be texted to this user now: they still receive texts, the listing
 * is live and still matches one of their alerts. Newest first. (Whether it was texted already is the
 * claim's business: alert_deliveries.)
 */
export async function findTextableListings(
  db: Db,
  userId: string,
  listingIds: string[],
): Promise<SmsListing[]> {
  if (listingIds.length === 0) return [];
  return selectRows(
    db,
    textListingSchema,
    sql`select l.id, l.title, l.vertical, l.payout::text as payout
        from ${LISTING_FROM} cross join ${SMS_USER_FROM}
        where u.id = ${userId} and l.id = any(${sql.param(listingIds)}::uuid[]) and ${LISTING_IS_LIVE}
          and p.user_id is not null and ${RECEIVES_SMS} and ${MATCHES_AN_ALERT}
        order by l.activated_at desc, l.id desc`,
  );
}
