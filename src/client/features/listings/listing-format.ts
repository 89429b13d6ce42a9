import { DEFAULT_PAYMENT_TERMS, FLEXIBLE, US_NATIONAL } from "../../../shared/constants";

// Display rules for listings, with the defaults shown when a field is empty: one formatter for each figure.

/** Money travels as a string ("50.00"), so it is shown as sent, never through a float. */
export function formatPayout(payout: string): string {
  return `$${payout}`;
}

/** durationRequirement is stored in seconds; cards show minutes. */
export function formatDuration(seconds: number | null): string {
  if (!seconds) return FLEXIBLE;
  const minutes = Math.round((seconds / 60) * 10) / 10;
  return `${minutes} min`;
}

export function formatGeos(geos: string[]): string {
  return geos.length ? geos.join(", ") : US_NATIONAL;
}

export function formatPerDay(value: number | null): string {
  return value ? `${value} calls/day` : FLEXIBLE;
}

export function formatTerms(terms: string | null): string {
  return terms || DEFAULT_PAYMENT_TERMS;
}
