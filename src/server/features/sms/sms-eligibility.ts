import { sql } from "drizzle-orm";
import { z } from "zod";
import { SMS_BLOCKED_REASONS } from "../../../shared/schemas/sms";
import { type Db, selectRows } from "../../db/client";
import { smsOptOuts, subscriptions } from "../../db/schema";
import { activeSmsAddonNow, activeSubscriptionNow } from "../../lib/premium";
import { quietHoursTimeZone } from "../alerts/alert-preferences";

// Who gets SMS alerts, in one place (docs/publishers.md, "SMS alerts"): an enabled publisher with Premium
// and the SMS Alerts add-on running now, whose number is verified and neither opted out (by the account,
// or by the number itself replying STOP, whoever holds it) nor suspended.
// The status screen (why texts are not going out) and the jobs (whom to text) read these same
// conditions. Aliases: u the user, n their sms_numbers row (left-joined: null when they have none).

const HAS_PREMIUM = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = u.id and ${activeSubscriptionNow()})`;
const HAS_ADDON = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = u.id and ${activeSmsAddonNow()})`;
/** The number itself replied STOP (sms_opt_outs): whichever account holds it, it gets nothing. */
const NUMBER_STOPPED = sql`exists (select 1 from ${smsOptOuts} where ${smsOptOuts.phone} = n.phone)`;

/** The first reason, in this order, that keeps texts from this user; null when they go out. */
const BLOCKED_REASON = sql`case
  when not ${HAS_PREMIUM} then 'no_premium'
  when not ${HAS_ADDON} then 'no_addon'
  when n.user_id is null then 'no_number'
  when n.verified_at is null then 'unverified'
  when n.opted_out_at is not null or ${NUMBER_STOPPED} then 'opted_out'
  when n.suspended_at is not null then 'suspended'
  else null end`;

/** SQL condition over u and n: this user receives SMS alerts now. */
export const RECEIVES_SMS = sql`(u.role = 'publisher' and u.disabled_at is null and ${HAS_PREMIUM} and ${HAS_ADDON}
  and n.verified_at is not null and n.opted_out_at is null and n.suspended_at is null and not ${NUMBER_STOPPED})`;

/** users u left joined with their number n and their preferences p (for the time zone). */
export const SMS_USER_FROM = sql`users u
  left join sms_numbers n on n.user_id = u.id
  left join notification_preferences p on p.user_id = u.id`;

const smsStateSchema = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  timeZone: z.string().nullable().transform(quietHoursTimeZone),
  hasPremium: z.boolean(),
  hasAddon: z.boolean(),
  blockedReason: z.enum(SMS_BLOCKED_REASONS).nullable(),
});
export type SmsState = z.infer<typeof smsStateSchema>;

/**
 * One user's SMS state: their number, the time zone quiet hours follow, and why texts do not go out
 * (null: they do). Null for an unknown user. Not a publisher, or disabled: blocked as "no_premium"
 * cannot say it, so callers that act for a user check the role themselves (the routes) or use
 * RECEIVES_SMS (the jobs).
 */
export async function readSmsState(db: Db, userId: string): Promise<SmsState | null> {
  const [row] = await selectRows(
    db,
    smsStateSchema,
    sql`select u.id as "userId", n.phone, p.time_zone as "timeZone",
          ${HAS_PREMIUM} as "hasPremium", ${HAS_ADDON} as "hasAddon", ${BLOCKED_REASON} as "blockedReason"
        from ${SMS_USER_FROM}
        where u.id = ${userId}`,
  );
  return row ?? null;
}

/** Whether a state lets texts go out (the provider aside). */
export const receivesTexts = (state: SmsState | null): state is SmsState & { phone: string } =>
  state !== null && state.blockedReason === null && state.phone !== null;
