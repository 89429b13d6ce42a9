import { z } from "zod";

// The buyer reliability score (docs/decisions/012-buyer-reliability-score.md) as the API
// answers it. The constants of the formula are RELIABILITY in ../constants.

/** On every listing (cards and detail): the score, or null below RELIABILITY.minReviewedDeals. */
export const reliabilitySchema = z.object({
  /** 0-100; null means "Not enough data". */
  score: z.number().int().nullable(),
  /** Reviewed deals in the window: the sample the score stands on. */
  basedOn: z.number().int(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

/** What the score was computed from, for the detail page's "How is this computed?". */
export const reliabilityFactorsSchema = z.object({
  /** Verified, visible reviews in the window, and their time-weighted average rating (1-5). */
  reviewedDeals: z.number().int(),
  weightedRating: z.number().nullable(),
  /** 0-1 each; null when the factor had no data and was left out. */
  ratingFactor: z.number().nullable(),
  /** Deal requests whose 48 hours are over (decided, or still waiting past them), and those answered in time. */
  requestsDue: z.number().int(),
  answeredInTime: z.number().int(),
  responsivenessFactor: z.number().nullable(),
  /** Accepted deals, and disputes publishers opened against the buyer, by the admin's decision. */
  acceptedDeals: z.number().int(),
  disputesAgainst: z.number().int(),
  disputesUpheld: z.number().int(),
  disputesOpen: z.number().int(),
  disputeFactor: z.number().nullable(),
});
export type ReliabilityFactors = z.infer<typeof reliabilityFactorsSchema>;

export const reliabilityDetailSchema = reliabilitySchema.extend({
  factors: reliabilityFactorsSchema.nullable(),
  /** When the stored score was last computed (null: never). */
  computedAt: z.string().nullable(),
});
export type ReliabilityDetail = z.infer<typeof reliabilityDetailSchema>;
