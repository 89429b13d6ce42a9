// Pure display helpers shared by pages (one formatter for each thing).

export function formatPriceCents(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** "$1,234.50" from an API dollar string ("1234.5"): the cents are kept as sent, never through a float. */
export function formatDollars(amount: string): string {
  const [whole = "0", cents = "00"] = amount.split(".");
  return `$${Number(whole).toLocaleString("en-US")}.${cents.padEnd(2, "0")}`;
}

/** The sample a reliability score stands on: "based on 5 reviewed deals" (issue 15). */
export function formatBasedOn(reviewedDeals: number): string {
  return `based on ${reviewedDeals} reviewed deal${reviewedDeals === 1 ? "" : "s"}`;
}

/** What a reliability score reads as below RELIABILITY.minReviewedDeals reviewed deals. */
export const NOT_ENOUGH_DATA = "Not enough data";

export function shortId(id: string): string {
  return id.slice(0, 8);
}

export function formatDate(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
