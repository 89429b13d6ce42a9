// Dates in mail, where the reader's time zone is unknown: spelled out, in UTC, and saying so.

/** "November 26, 2026" */
export const mailDay = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "November 26, 2026, 2:21 PM UTC" */
export const mailMoment = (date: Date) =>
  `${mailDay(date)}, ${date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" })} UTC`;
