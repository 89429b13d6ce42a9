import { GEOGRAPHIES, US_NATIONAL } from "../../../shared/constants";
import type { ComparedListing } from "../../../shared/schemas/compare";

// Which listing is best on each row of the compare table, seen from the publisher's side: more money,
// sooner, wider, fewer hoops. "Best" is only claimed from figures the buyer stated: an empty field is
// shown with its usual wording but never wins a row.

/** A listing's standing on one row: higher is better; null takes no part. */
export type RowScore = (listing: ComparedListing) => number | null;

const BUSINESS_HOURS_TAG = "business-hours";

/** "Net 15" → 15 days; terms in other words ("Weekly", "On delivery") are not ranked. */
function netDays(terms: string | null): number | null {
  const match = terms?.match(/\bnet\s*(\d{1,3})\b/i);
  return match ? Number(match[1]) : null;
}

/** No geography or US National covers every state: more than any list of states. */
function coverage(geos: readonly string[]): number {
  return geos.length === 0 || geos.includes(US_NATIONAL) ? GEOGRAPHIES.length + 1 : geos.length;
}

export const ROW_SCORES = {
  payout: (l) => Number(l.payout),
  // A shorter required call is easier to deliver.
  duration: (l) => (l.durationRequirement === null ? null : -l.durationRequirement),
  geographies: (l) => coverage(l.geos),
  dailyCap: (l) => l.dailyCap,
  // Calls at any hour beat business hours only.
  hours: (l) => (l.tags.includes(BUSINESS_HOURS_TAG) ? 0 : 1),
  // Paid sooner is better.
  paymentTerms: (l) => {
    const days = netDays(l.paymentTerms);
    return days === null ? null : -days;
  },
  // Fewer requirements to meet. Business hours has its own row.
  tags: (l) => -l.tags.filter((t) => t !== BUSINESS_HOURS_TAG).length,
  // More days to dispute a bad call.
  disputeWindow: (l) => l.disputeWindowDays,
  reliability: (l) => l.reliability.score,
  reviews: (l) => (l.reviews.count > 0 ? l.reviews.average : null),
  verified: (l) => (l.isVerified ? 1 : 0),
} satisfies Record<string, RowScore>;

/**
 * The ids of the listings holding the row's best value (ties all win). Nothing with fewer than two
 * listings, or when every listing holds the same value: a "Best" on every column says nothing.
 */
export function bestListingIds(listings: readonly ComparedListing[], score: RowScore): ReadonlySet<string> {
  if (listings.length < 2) return new Set();
  const scored = listings.map((listing) => ({ id: listing.id, value: score(listing) }));
  const values = scored.flatMap((s) => (s.value === null ? [] : [s.value]));
  if (values.length === 0) return new Set();
  const top = Math.max(...values);
  const best = scored.filter((s) => s.value === top);
  return best.length === listings.length ? new Set() : new Set(best.map((s) => s.id));
}
