import { DEFAULT_PAYMENT_TERMS, FLEXIBLE } from "../../../shared/constants";
import type { Listing } from "../../../shared/schemas/listings";

// Display rules for listings, with the defaults shown when a field is empty: one formatter for each figure.
// Payout, duration and geography are in src/shared: the server writes them into a listing page's head.
export { formatDuration, formatGeos, formatPayout } from "../../../shared/format";

export function formatPerDay(value: number | null): string {
  return value ? `${value} calls/day` : FLEXIBLE;
}

/**
 * A listing's daily cap: its own, or else its buyer profile's, said so (that one follows the profile, and
 * a publisher should know whose limit it is).
 */
export function formatDailyCap(listing: Pick<Listing, "dailyCap" | "listingDailyCap">): string {
  const perDay = formatPerDay(listing.dailyCap);
  return listing.dailyCap !== null && listing.listingDailyCap === null ? `${perDay} (buyer's cap)` : perDay;
}

export function formatTerms(terms: string | null): string {
  return terms || DEFAULT_PAYMENT_TERMS;
}
