import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SMS_BLOCKED_REASONS } from "../../../shared/schemas/sms";
import type { Db } from "../../db/client";
import { notificationPreferences, smsNumbers, smsOptOuts, subscriptions, users } from "../../db/schema";
import { activeSmsAddonNow, activeSubscriptionNow } from "../../lib/premium";
import { quietHoursTimeZone } from "../alerts/alert-preferences";

// Who gets SMS alerts, in one place (docs/publishers.md, "SMS alerts"): an enabled publisher with Premium
// and the SMS Alerts add-on running now, whose number is verified and neither opted out (by the account,
// or by the number itself replying STOP, whoever holds it) nor suspended.
// The status screen (why texts are not going out) and the jobs (whom to text) read these same
// conditions. They name the user u, their sms_numbers row n (left-joined: null when they have none) and
// their preferences p: the alerts' match rule (alerts/alert-matching.ts) names p too.

type SmsBlockedReason = (typeof SMS_BLOCKED_REASONS)[number];

export const smsUser = alias(users, "u");
export const smsNumber = alias(smsNumbers, "n");
export const smsPreferences = alias(notificationPreferences, "p");
/** The join conditions of n and p to u (both left joins). */
export const numberOfSmsUser = eq(smsNumber.userId, smsUser.id);
export const preferencesOfSmsUser = eq(smsPreferences.userId, smsUser.id);

const HAS_PREMIUM = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${smsUser.id} and ${activeSubscriptionNow()})`;
const HAS_ADDON = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${smsUser.id} and ${activeSmsAddonNow()})`;
/** The number itself replied STOP (sms_opt_outs): whichever account holds it, it gets nothing. */
const NUMBER_STOPPED = sql`exists (select 1 from ${smsOptOuts} where ${smsOptOuts.phone} = ${smsNumber.phone})`;

/** The first reason, in this order, that keeps texts from this user; null when they go out. */
const BLOCKED_REASON = sql<SmsBlockedReason | null>`case
  when not ${HAS_PREMIUM} then 'no_premium'
  when not ${HAS_ADDON} then 'no_addon'
  when ${smsNumber.userId} is null then 'no_number'
  when ${smsNumber.verifiedAt} is null then 'unverified'
  when ${smsNumber.optedOutAt} is not null or ${NUMBER_STOPPED} then 'opted_out'
  when ${smsNumber.suspendedAt} is not null then 'suspended'
  else null end`;

/** SQL condition over u and n: this user receives SMS alerts now. */
export const RECEIVES_SMS = sql`(${smsUser.role} = 'publisher' and ${smsUser.disabledAt} is null
  and ${HAS_PREMIUM} and ${HAS_ADDON} and ${smsNumber.verifiedAt} is not null
  and ${smsNumber.optedOutAt} is null and ${smsNumber.suspendedAt} is null and not ${NUMBER_STOPPED})`;

export interface SmsState {
  userId: string;
  phone: string | null;
  /** The time zone quiet hours follow. */
  timeZone: string;
  hasPremium: boolean;
  hasAddon: boolean;
  blockedReason: SmsBlockedReason | null;
}

/**
 * One user's SMS state: their number, the time zone quiet hours follow, and why texts do not go out
 * (null: they do). Null for an unknown user. Not a publisher, or disabled: blocked as "no_premium"
 * cannot say it, so callers that act for a user check the role themselves (the routes) or use
 * RECEIVES_SMS (the jobs).
 */
export async function readSmsState(db: Db, userId: string): Promise<SmsState | null> {
  const [row] = await db
    .select({
      userId: smsUser.id,
      phone: smsNumber.phone,
      timeZone: smsPreferences.timeZone,
      hasPremium: sql<boolean>`${HAS_PREMIUM}`,
      hasAddon: sql<boolean>`${HAS_ADDON}`,
      blockedReason: BLOCKED_REASON,
    })
    .from(smsUser)
    .leftJoin(smsNumber, numberOfSmsUser)
    .leftJoin(smsPreferences, preferencesOfSmsUser)
    .where(eq(smsUser.id, userId));
  return row ? { ...row, timeZone: quietHoursTimeZone(row.timeZone) } : null;
}

/** Whether a state lets texts go out (the provider aside). */
export const receivesTexts = (state: SmsState | null): state is SmsState & { phone: string } =>
  state !== null && state.blockedReason === null && state.phone !== null;
