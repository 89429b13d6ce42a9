import { type DisputeStatus, RELIABILITY } from "../../../shared/constants";
import type { Reliability, ReliabilityFactors } from "../../../shared/schemas/reliability";

// The buyer reliability score (docs/decisions/012-buyer-reliability-score.md). Computed only
// from outcomes the platform itself observed, never from anything a buyer says about themselves:
//
//   w(t)     = 0.5 ^ (age of the outcome in days / halfLifeDays)        only outcomes younger than windowDays
//   rating   = Σ w·(stars − 1)/4 / Σ w          over verified-deal reviews an admin has not hidden
//   answered = Σ w·[decided within 48 h] / Σ w  over deal requests received whose 48 hours are over
//   disputes = 1 − Σ w·penalty / max(Σ w over accepted deals, Σ w over those disputes)
//              over disputes publishers opened against the buyer: penalty 1 when an admin resolved
//              (upheld) it, 0.5 while it is open, 0 when an admin rejected it
//   score    = round(100 · Σ weight·factor / Σ weight)   weights 0.5, 0.3, 0.2; a factor without data
//              is left out and the others carry its weight
//   null while fewer than minReviewedDeals reviews are in the window; basedOn = that count.
//
// This function is pure (every factor has its own unit test); refresh-reliability.ts reads the outcomes
// and stores the result on the buyer profile.

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/** The outcomes of one buyer, as the database holds them. */
export interface ReliabilityInputs {
  /** Verified-deal reviews of the buyer an admin has not hidden. */
  reviews: readonly { rating: number; createdAt: Date }[];
  /** Deal intents the buyer received: when they arrived, and when the buyer decided (null: pending). */
  requests: readonly { createdAt: Date; decidedAt: Date | null }[];
  /** Deal intents the buyer accepted, by when they accepted: the deals a dispute could be about. */
  acceptedDeals: readonly { decidedAt: Date }[];
  /** Disputes publishers opened against the buyer (the buyer's own complaints are not counted). */
  disputesAgainst: readonly { createdAt: Date; status: DisputeStatus }[];
}

export interface ReliabilityResult extends Reliability {
  factors: ReliabilityFactors;
}

/** How much an outcome at `at` weighs at `now`: 1 today, 0.5 after one half-life, 0 outside the window. */
export function outcomeWeight(at: Date, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - at.getTime()) / DAY_MS);
  if (ageDays >= RELIABILITY.windowDays) return 0;
  return 0.5 ** (ageDays / RELIABILITY.halfLifeDays);
}

/** Rating factor, 0-1: the time-weighted average of (stars − 1) / 4. */
export function ratingFactor(
  reviews: ReliabilityInputs["reviews"],
  now: Date,
): { factor: number | null; weightedRating: number | null; count: number } {
  let weights = 0;
  let sum = 0;
  let count = 0;
  for (const review of reviews) {
    const w = outcomeWeight(review.createdAt, now);
    if (w === 0) continue;
    count++;
    weights += w;
    sum += w * review.rating;
  }
  if (weights === 0) return { factor: null, weightedRating: null, count };
  const weightedRating = sum / weights;
  return { factor: (weightedRating - 1) / 4, weightedRating, count };
}

/**
 * Responsiveness factor, 0-1: the time-weighted share of deal requests the buyer decided within
 * answerWithinHours. A request still pending counts once its hours are over (as not answered in time);
 * before that it is left out, since the buyer still has time.
 */
export function responsivenessFactor(
  requests: ReliabilityInputs["requests"],
  now: Date,
): { factor: number | null; due: number; inTime: number } {
  const limit = RELIABILITY.answerWithinHours * HOUR_MS;
  let weights = 0;
  let sum = 0;
  let due = 0;
  let inTime = 0;
  for (const request of requests) {
    const w = outcomeWeight(request.createdAt, now);
    if (w === 0) continue;
    const deadline = request.createdAt.getTime() + limit;
    const answered = request.decidedAt !== null && request.decidedAt.getTime() <= deadline;
    if (!answered && request.decidedAt === null && now.getTime() <= deadline) continue;
    due++;
    weights += w;
    if (answered) {
      inTime++;
      sum += w;
    }
  }
  return { factor: weights === 0 ? null : sum / weights, due, inTime };
}

/**
 * Dispute factor, 0-1: one minus the time-weighted penalties of the disputes publishers opened against
 * the buyer, per weighted accepted deal. The denominator is at least the disputes' own weight, so the
 * factor stays within 0-1 even when the deals are older than the window.
 */
export function disputeFactor(
  acceptedDeals: ReliabilityInputs["acceptedDeals"],
  disputes: ReliabilityInputs["disputesAgainst"],
  now: Date,
): { factor: number | null; deals: number; against: number; upheld: number; open: number } {
  let dealWeights = 0;
  let deals = 0;
  for (const deal of acceptedDeals) {
    const w = outcomeWeight(deal.decidedAt, now);
    if (w === 0) continue;
    deals++;
    dealWeights += w;
  }
  let disputeWeights = 0;
  let penalties = 0;
  let against = 0;
  let upheld = 0;
  let open = 0;
  for (const dispute of disputes) {
    const w = outcomeWeight(dispute.createdAt, now);
    if (w === 0) continue;
    against++;
    if (dispute.status === "resolved") upheld++;
    if (dispute.status === "pending") open++;
    disputeWeights += w;
    penalties += w * RELIABILITY.disputePenalty[dispute.status];
  }
  const denominator = Math.max(dealWeights, disputeWeights);
  if (denominator === 0) return { factor: null, deals, against, upheld, open };
  return { factor: 1 - Math.min(1, penalties / denominator), deals, against, upheld, open };
}

/** The score, its sample size and the factors behind it (see the formula at the top of this file). */
export function computeReliability(inputs: ReliabilityInputs, now: Date): ReliabilityResult {
  const rating = ratingFactor(inputs.reviews, now);
  const responsiveness = responsivenessFactor(inputs.requests, now);
  const disputes = disputeFactor(inputs.acceptedDeals, inputs.disputesAgainst, now);
  const { weights } = RELIABILITY;
  const parts = [
    [weights.rating, rating.factor],
    [weights.responsiveness, responsiveness.factor],
    [weights.disputes, disputes.factor],
  ] as const;
  let weightSum = 0;
  let total = 0;
  for (const [weight, factor] of parts) {
    if (factor === null) continue;
    weightSum += weight;
    total += weight * factor;
  }
  const enough = rating.count >= RELIABILITY.minReviewedDeals && weightSum > 0;
  const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
  return {
    score: enough ? Math.min(100, Math.max(0, Math.round((100 * total) / weightSum))) : null,
    basedOn: rating.count,
    factors: {
      reviewedDeals: rating.count,
      weightedRating: rating.weightedRating === null ? null : Math.round(rating.weightedRating * 100) / 100,
      ratingFactor: round(rating.factor),
      requestsDue: responsiveness.due,
      answeredInTime: responsiveness.inTime,
      responsivenessFactor: round(responsiveness.factor),
      acceptedDeals: disputes.deals,
      disputesAgainst: disputes.against,
      disputesUpheld: disputes.upheld,
      disputesOpen: disputes.open,
      disputeFactor: round(disputes.factor),
    },
  };
}
