import { DEFAULT_PAYMENT_TERMS, FLEXIBLE } from "../../../shared/constants";

// Display rules for listings, with the defaults shown when a field is empty: one formatter for each figure.
// Payout, duration and geography are in src/shared: the server writes them into a listing page's head.
export { formatDuration, formatGeos, formatPayout } from "../../../shared/format";

export function formatPerDay(value: number | null): string {
  return value ? `${value} calls/day` : FLEXIBLE;
}

export function formatTerms(terms: string | null): string {
  return terms || DEFAULT_PAYMENT_TERMS;
}
