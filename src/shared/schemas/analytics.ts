import { z } from "zod";
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from "../constants";

// GET /api/buyer-analytics?days=30: the buyer's listings over the last 7, 30 or 90 UTC days, per listing,
// in total and day by day, and what each Boost in that range was worth. Every figure is counted by the
// database from listing_events and deal_intents.

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

/** A boost's lift compares its days with this many days before it (fewer if the listing is younger). */
export const BOOST_LIFT_BASELINE_DAYS = 14;

const liftFigures = {
  views: z.number().int(),
  reveals: z.number().int(),
  dealIntents: z.number().int(),
};

/**
 * One window of a boost's lift: the time it covers, the raw counts in it, and those counts per day. Days
 * are elapsed time, not calendar days (six hours is 0.25), so a boost that started this morning already
 * has a window; small windows are small samples, and the screen says so.
 */
const liftWindowSchema = z.object({
  /** ISO start (included) and end (excluded). */
  from: z.string(),
  to: z.string(),
  /** Length in days, rounded to 2 decimals. */
  days: z.number(),
  ...liftFigures,
  /** Count divided by the exact length in days, rounded to 2 decimals; null for an empty window. */
  perDay: z.object({
    views: z.number().nullable(),
    reveals: z.number().nullable(),
    dealIntents: z.number().nullable(),
  }),
});
export type LiftWindow = z.infer<typeof liftWindowSchema>;

/**
 * A boost period: one listing's contiguous run of standing (not refunded) boosts, purchases that touch
 * or overlap merged. Its lift is a comparison of rates, not proof that the boost caused the change.
 */
const boostPeriodSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  /** ISO start and end of the period; the end may be in the future. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** From the start to the end or now, whichever comes first. */
  during: liftWindowSchema,
  /** The BOOST_LIFT_BASELINE_DAYS before the start, cut at the listing's creation. */
  before: liftWindowSchema,
  /**
   * during's rate over before's, minus 1 (0.5 is +50 %), rounded to 3 decimals; null when before's
   * count is zero or a window is empty (no rate to compare with).
   */
  change: z.object({
    views: z.number().nullable(),
    reveals: z.number().nullable(),
    dealIntents: z.number().nullable(),
  }),
});
export type BoostPeriod = z.infer<typeof boostPeriodSchema>;

/** Contact actions in the range, by kind: mailto: and tel: links followed, address and number copied. */
const contactActionsSchema = z.object({
  email: z.number().int(),
  call: z.number().int(),
  copyEmail: z.number().int(),
  copyPhone: z.number().int(),
});
export type ContactActions = z.infer<typeof contactActionsSchema>;

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
  /** The buyer's boost periods overlapping the range (up to now), latest start first. */
  boosts: z.array(boostPeriodSchema),
  contactActions: contactActionsSchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;
