import type { Analytics } from "../../../shared/schemas/analytics";

// CSV export of the Analytics table: the same rows and columns the table shows, plus the total.

const HEADER = [
  "Listing",
  "Status",
  "Views",
  "Contact reveals",
  "Saves",
  "Deal requests",
  "Accepted",
  "Reveal rate (%)",
];

/** A reveal-to-view ratio as people read it: "33.3%", or an em dash when nothing was viewed. */
export function formatConversion(conversion: number | null): string {
  return conversion === null ? "—" : `${(conversion * 100).toFixed(1)}%`;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; and a cell that a spreadsheet would
 * run as a formula (starting with = + - @, tab or carriage return: listing titles are typed by people)
 * is prefixed with an apostrophe so it stays text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rate = (conversion: number | null) =>
  conversion === null ? null : Number((conversion * 100).toFixed(1));

export function analyticsToCsv(analytics: Analytics): string {
  const rows: (string | number | null)[][] = [
    HEADER,
    ...analytics.listings.map((l) => [
      l.title,
      l.status,
      l.views,
      l.reveals,
      l.saves,
      l.dealIntents,
      l.accepted,
      rate(l.conversion),
    ]),
    [
      `Total (${analytics.from} to ${analytics.to})`,
      "",
      analytics.totals.views,
      analytics.totals.reveals,
      analytics.totals.saves,
      analytics.totals.dealIntents,
      analytics.totals.accepted,
      rate(analytics.totals.conversion),
    ],
  ];
  // CRLF line ends (RFC 4180), which every spreadsheet reads.
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export function analyticsCsvFilename(analytics: Analytics): string {
  return `listing-analytics-${analytics.from}-to-${analytics.to}.csv`;
}
