import { DEFAULT_TIME_ZONE, SMS_LIMITS } from "../../../shared/constants";

// When texts may go out, on the user's own clock (docs/publishers.md, "When texts go out"): not between
// SMS_LIMITS.quietStartHour and quietEndHour local time, and at most textsPerDay alert texts per local
// day. Pure functions of an instant and an IANA time zone (an unknown zone reads as DEFAULT_TIME_ZONE).

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      return formatterFor(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `instant`. */
function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * The instant the wall clock of `timeZone` shows this date at `hour`:00. Across a DST change the offset
 * is read twice; an hour that does not exist that day comes out an hour later.
 */
function instantAt(timeZone: string, date: { year: number; month: number; day: number }, hour: number): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  const offsetAt = (t: number) => {
    const l = localTime(new Date(t), timeZone);
    return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - t;
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess);
}

const nextDay = ({ year, month, day }: { year: number; month: number; day: number }) => {
  const d = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** Whether it is quiet hours (SMS_LIMITS.quietStartHour to quietEndHour) in `timeZone` at `now`. */
export function isQuietHours(now: Date, timeZone: string): boolean {
  const { hour } = localTime(now, timeZone);
  return hour >= SMS_LIMITS.quietStartHour || hour < SMS_LIMITS.quietEndHour;
}

/** The next end of quiet hours (quietEndHour:00 local) after `now`: today's if still ahead, else tomorrow's. */
export function nextMorning(now: Date, timeZone: string): Date {
  const local = localTime(now, timeZone);
  const today = instantAt(timeZone, local, SMS_LIMITS.quietEndHour);
  return today.getTime() > now.getTime()
    ? today
    : instantAt(timeZone, nextDay(local), SMS_LIMITS.quietEndHour);
}

/** The local day `now` falls in, as [start, end): the span the daily cap counts texts in. */
export function localDay(now: Date, timeZone: string): { start: Date; end: Date } {
  const local = localTime(now, timeZone);
  return { start: instantAt(timeZone, local, 0), end: instantAt(timeZone, nextDay(local), 0) };
}
