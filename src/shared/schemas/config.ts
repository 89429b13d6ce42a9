import { z } from "zod";

/** GET /api/config: the public configuration the client needs (one Premium price for every page). */
export const publicConfigSchema = z.object({
  appName: z.string(),
  premiumPriceCents: z.number().int(),
  premiumInterval: z.literal("year"),
  /** One Boost: its price and the days of featured placement it buys. */
  boostPriceCents: z.number().int(),
  boostDays: z.number().int(),
  /** The SMS Alerts add-on's price a month. */
  smsPriceCents: z.number().int(),
  stripePublishableKey: z.string().nullable(),
  /**
   * "simulated": payments go to the development server's simulated provider (no money moves): the
   * pages say so and take test cards in a form of ours instead of loading Stripe.js.
   */
  payments: z.enum(["stripe", "simulated"]),
  legalEmail: z.string(),
  legalAddress: z.string(),
  signInMethod: z.enum(["oidc", "magic-link"]),
  isDevelopment: z.boolean(),
  /** The requirement tags a listing can carry and the directory filters by (REQUIREMENT_TAGS). */
  requirementTags: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
