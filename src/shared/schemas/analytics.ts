import { z } from "zod";
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from "../constants";

// GET /api/buyer-analytics?days=30: the buyer's listings over the last 7, 30 or 90 UTC days, per listing,
// in total and day by day. Every figure is counted by the database from listing_events and deal_intents.

export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number({ message: `must be one of ${ANALYTICS_RANGES.join(", ")}` })
    .refine((v) => (ANALYTICS_RANGES as readonly number[]).includes(v), {
      message: `must be one of ${ANALYTICS_RANGES.join(", ")}`,
    })
    .default(DEFAULT_ANALYTICS_RANGE),
});

const figures = {
  /** Detail views (one per viewer per day; the owner's own views are not counted). */
  views: z.number().int(),
  /** Contact reveals by Premium publishers. */
  reveals: z.number().int(),
  /** First saves (a user who saves, unsaves and saves again counts once). */
  saves: z.number().int(),
  /** Deal intents received in the range. */
  dealIntents: z.number().int(),
  /** Deal intents accepted in the range (by the day of the decision). */
  accepted: z.number().int(),
};

/** reveals / views, or null when nothing was viewed. */
const conversion = z.number().nullable();

export const analyticsSchema = z.object({
  days: z.number().int(),
  /** First and last day of the range (UTC, YYYY-MM-DD); the last is today. */
  from: z.string(),
  to: z.string(),
  totals: z.object({ ...figures, conversion }),
  listings: z.array(
    z.object({ listingId: z.string(), title: z.string(), status: z.string(), ...figures, conversion }),
  ),
  /** One entry per day of the range, oldest first, zeros included. */
  daily: z.array(z.object({ day: z.string(), ...figures })),
});
export type Analytics = z.infer<typeof analyticsSchema>;
