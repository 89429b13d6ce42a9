import { formatDate } from "../../../shared/format";
import type { Analytics, BoostPeriod, LiftWindow } from "../../../shared/schemas/analytics";

// The words of the Analytics tab's "Boost lift" section and the chart's boosted days, kept apart from the
// components so they are tested as plain functions.

/** Under a day of boosting, a rate is a few events divided by a few hours: the screen does not judge it. */
const TOO_EARLY_DAYS = 1;

/**
 * Below this many views over both windows together, a handful more or fewer would move the rates a lot:
 * the screen says the sample is small (views are the most frequent fact, so the others are smaller still).
 */
const SMALL_SAMPLE_VIEWS = 20;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A per-day rate as shown: at most 2 decimals (the server's rounding), "0" for none. */
export function formatRate(perDay: number | null): string {
  return perDay === null ? "—" : perDay.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

/** A window's length: whole days read as such, part days to one decimal, under a day in hours. */
export function formatLiftDays(days: number): string {
  if (days < 1) return plural(Math.round(days * 24), "hour");
  const rounded = Math.round(days * 10) / 10;
  return `${rounded.toLocaleString("en-US")} ${rounded === 1 ? "day" : "days"}`;
}

/** A window's raw counts: "25 views, 3 reveals, 1 deal request". */
export function describeCounts(window: LiftWindow): string {
  return [
    plural(window.views, "view"),
    plural(window.reveals, "reveal"),
    plural(window.dealIntents, "deal request"),
  ].join(", ");
}

/** "2.5 views/day, 0.3 reveals/day, 0.1 deal requests/day over 10 days (25 views, 3 reveals, 1 deal request)" */
export function describeWindow(window: LiftWindow): string {
  const rates = [
    `${formatRate(window.perDay.views)} views/day`,
    `${formatRate(window.perDay.reveals)} reveals/day`,
    `${formatRate(window.perDay.dealIntents)} deal requests/day`,
  ].join(", ");
  return `${rates} over ${formatLiftDays(window.days)} (${describeCounts(window)})`;
}

/** Still boosted: the server measured it up to now, before its end. */
export const isRunning = (period: BoostPeriod) => Date.parse(period.during.to) < Date.parse(period.endsAt);

/** One figure's change in words: "up 400%", "down 30%", "up from none", "none either way". */
export function describeChange(change: number | null, during: number, before: number): string {
  if (change !== null) {
    const percent = Math.round(change * 100);
    if (percent === 0) return "about the same";
    return `${percent > 0 ? "up" : "down"} ${Math.abs(percent).toLocaleString("en-US")}%`;
  }
  if (before === 0 && during === 0) return "none either way";
  if (before === 0) return "up from none";
  return "no rate to compare";
}

export type LiftReading =
  /** Boosted for less than TOO_EARLY_DAYS: counts only. */
  | { kind: "too-early" }
  /** The listing existed less than a day before the boost: nothing fair to compare with. */
  | { kind: "no-baseline" }
  | { kind: "compared"; smallSample: boolean };

/** How honestly a period's figures can be read. */
export function readLift(period: BoostPeriod): LiftReading {
  if (period.during.days < TOO_EARLY_DAYS) return { kind: "too-early" };
  if (period.before.days < TOO_EARLY_DAYS) return { kind: "no-baseline" };
  return { kind: "compared", smallSample: period.during.views + period.before.views < SMALL_SAMPLE_VIEWS };
}

/** "Nov 6, 2026 to Nov 20, 2026" */
export function formatPeriod(period: Pick<BoostPeriod, "startsAt" | "endsAt">): string {
  return `${formatDate(period.startsAt)} to ${formatDate(period.endsAt)}`;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The chart's boosted days: for each period, the first and last UTC day of the range it touches (any part
 * of the day), as Unix seconds of those days' midnights (the chart's points). Periods outside the range
 * give nothing; the periods are measured up to now, so a running one stops at today.
 */
export function boostedDayBands(analytics: Pick<Analytics, "from" | "to" | "boosts">) {
  const first = Date.parse(`${analytics.from}T00:00:00Z`);
  const last = Date.parse(`${analytics.to}T00:00:00Z`);
  const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  return analytics.boosts.flatMap((period) => {
    const start = Math.max(first, dayOf(Date.parse(period.startsAt)));
    // The end is excluded: a period ending at midnight does not touch the day that begins then.
    const end = Math.min(last, dayOf(Date.parse(period.during.to) - 1));
    if (end < start) return [];
    return [{ title: period.title, from: start / 1000, to: end / 1000 }];
  });
}
