import { SMS_LIMITS } from "../../../shared/constants";
import type { SmsStatus } from "../../../shared/schemas/sms";

// How the SMS section writes numbers, times and quiet hours.

/** The user's number as the server's status describes it, once there is one. */
export type SmsNumber = NonNullable<SmsStatus["number"]>;

// The server writes numbers in its messages the same way.
export { formatUsPhone } from "../../../shared/format";

/** A time of day as "3:04 PM", in the browser's zone (when a code stops working). */
export function formatTime(value: string): string {
  return new Date(value).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

function formatHour(hour: number): string {
  if (hour === 0) return "midnight";
  if (hour === 12) return "noon";
  return hour < 12 ? `${hour} am` : `${hour - 12} pm`;
}

/** "9 pm to 8 am": the hours no alert text goes out, in the user's time zone. */
export function formatQuietHours(): string {
  return `${formatHour(SMS_LIMITS.quietStartHour)} to ${formatHour(SMS_LIMITS.quietEndHour)}`;
}

/** "No texts from 9 pm to 8 am (America/Chicago) and at most 10 a day": the rules of sending, in words. */
export function describeQuietHours(timeZone: string): string {
  return `No texts from ${formatQuietHours()} (${timeZone}): what matches meanwhile arrives in one text at ${formatHour(SMS_LIMITS.quietEndHour)}. At most ${SMS_LIMITS.textsPerDay} texts a day.`;
}

/** Whole seconds from `now` until `until` (0 once it has passed). */
export function secondsUntil(until: string | null, now: number): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
}
