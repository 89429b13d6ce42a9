import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { alertDeliveries, buyerListings, buyerProfiles } from "../../db/schema";
import { LISTING_IS_LIVE, MATCHES_AN_ALERT } from "../alerts/alert-matching";
import {
  numberOfSmsUser,
  preferencesOfSmsUser,
  RECEIVES_SMS,
  smsNumber,
  smsPreferences,
  smsUser,
} from "./sms-eligibility";

// Which listing is texted to whom: the email alerts' own match rule (alerts/alert-matching.ts: the
// preferences' filters when enabled, or a saved search) for users who receive texts
// (sms-eligibility.ts), whatever their email frequency and channels say. One set-based query per job.
// Aliases: l listing, bp its buyer profile (the names the alerts' conditions use), u the user, n their
// number, p their preferences (sms-eligibility.ts).

const listing = alias(buyerListings, "l");
const buyer = alias(buyerProfiles, "bp");

/** Not texted (nor held for a text) to this user before: the SMS channel's idempotency key. */
const NOT_YET_TEXTED = sql`not exists (select 1 from ${alertDeliveries}
  where ${alertDeliveries.userId} = ${smsUser.id} and ${alertDeliveries.listingId} = ${listing.id}
    and ${alertDeliveries.channel} = 'sms')`;

/**
 * The pairs of a listing among `listingIds` and a user it may be texted to: the listing is live and
 * matches one of the user's alerts, and the user receives texts; `more` narrows them further.
 */
function textablePairs(db: Db, listingIds: string[], ...more: SQL[]) {
  return db
    .select({
      userId: smsUser.id,
      id: listing.id,
      title: listing.title,
      vertical: listing.vertical,
      payout: listing.payout,
    })
    .from(listing)
    .innerJoin(buyer, eq(buyer.id, listing.buyerId))
    .crossJoin(smsUser)
    .leftJoin(smsNumber, numberOfSmsUser)
    .leftJoin(smsPreferences, preferencesOfSmsUser)
    .where(
      and(
        inArray(listing.id, listingIds),
        LISTING_IS_LIVE,
        isNotNull(smsPreferences.userId),
        RECEIVES_SMS,
        MATCHES_AN_ALERT,
        ...more,
      ),
    );
}

/** Every (user, listing) pair these newly active listings call a text for. */
export async function findSmsMatches(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  const pairs = await textablePairs(db, listingIds, NOT_YET_TEXTED).orderBy(
    asc(smsUser.id),
    asc(listing.activatedAt),
    asc(listing.id),
  );
  return pairs.map(({ userId, id }) => ({ userId, listingId: id }));
}

export interface SmsListing {
  id: string;
  title: string;
  vertical: string;
  payout: string;
}

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
  const listings = await textablePairs(db, listingIds, eq(smsUser.id, userId)).orderBy(
    desc(listing.activatedAt),
    desc(listing.id),
  );
  return listings.map(({ id, title, vertical, payout }) => ({ id, title, vertical, payout }));
}
