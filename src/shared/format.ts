import { FLEXIBLE, US_NATIONAL } from "./constants";

// Pure display helpers shared by pages (one formatter for each thing).

/** A listing's payout per call: money travels as a string ("50.00"), so it is shown as sent, never through a float. */
export function formatPayout(payout: string): string {
  return `$${payout}`;
}

/** durationRequirement is stored in seconds; listings show minutes ("1.5 min"), "Flexible" when absent. */
export function formatDuration(seconds: number | null): string {
  if (!seconds) return FLEXIBLE;
  const minutes = Math.round((seconds / 60) * 10) / 10;
  return `${minutes} min`;
}

/** A listing's geographies; none means US National. */
export function formatGeos(geos: readonly string[]): string {
  return geos.length ? geos.join(", ") : US_NATIONAL;
}

export function formatPriceCents(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** "$1,234.50" from an API dollar string ("1234.5"): the cents are kept as sent, never through a float. */
export function formatDollars(amount: string): string {
  const [whole = "0", cents = "00"] = amount.split(".");
  return `$${Number(whole).toLocaleString("en-US")}.${cents.padEnd(2, "0")}`;
}

/** A count with thousands separators ("12,500"), the same in every browser. */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

/**
 * A count as a public page may claim it: exact below 20 ("5"), else rounded down, to a multiple of 5
 * below 100 and to two leading digits above ("47" is "45+", "45" is "45", "1,234" is "1,200+"), with
 * "+" only when something was rounded away. Null for nothing (0): a figure that is not true yet is
 * left out rather than shown.
 */
export function formatCountAtLeast(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  const whole = Math.floor(count);
  if (whole < 20) return String(whole);
  const step = whole < 100 ? 5 : 10 ** (String(whole).length - 2);
  const floor = whole - (whole % step);
  return `${floor.toLocaleString("en-US")}${floor < whole ? "+" : ""}`;
}

/** A dollar amount ("87.45") rounded down to whole dollars ("$87"); null below $1 or for none. */
export function formatWholeDollarsDown(amount: string | null): string | null {
  const whole = amount === null ? Number.NaN : Math.floor(Number(amount));
  return Number.isFinite(whole) && whole >= 1 ? `$${whole.toLocaleString("en-US")}` : null;
}

/** The sample a reliability score stands on: "based on 5 reviewed deals". */
export function formatBasedOn(reviewedDeals: number): string {
  return `based on ${reviewedDeals} reviewed deal${reviewedDeals === 1 ? "" : "s"}`;
}

/** What a reliability score reads as below RELIABILITY.minReviewedDeals reviewed deals. */
export const NOT_ENOUGH_DATA = "Not enough data";

export function shortId(id: string): string {
  return id.slice(0, 8);
}

// toLocaleDateString with options builds a new Intl formatter on every call, a millisecond or more
// each on a phone (a directory page's dates were a tenth of its hydration). The runtime's own zone and
// UTC need no formatter at all; another named zone gets one, kept.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 26, 2026", in the runtime's own time zone unless one is named ("UTC"). */
export function formatDate(value: string | Date, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  if (timeZone === undefined) {
    return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  }
  if (timeZone === "UTC") {
    return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  }
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone });
    dateFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** As toLocaleString answers a date that is not one; a formatter throws instead. */
const formatValid = (format: Intl.DateTimeFormat, date: Date) =>
  Number.isNaN(date.getTime()) ? "Invalid Date" : format.format(date);

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A date and time: "Nov 26, 2026, 3:04 PM" (audit entries, reviews, sessions). */
export function formatDateTime(value: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return formatValid(dateTimeFormat, new Date(value));
}

/** "+12015550123" as "(201) 555-0123"; anything else (not a US number) as it is. */
export function formatUsPhone(e164: string): string {
  const match = e164.match(/^\+1(\d{3})(\d{3})(\d{4})$/);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
