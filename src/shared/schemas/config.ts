import { z } from "zod";

/** GET /api/config: the public configuration the client needs (DESIGN.md §2: one price everywhere). */
export const publicConfigSchema = z.object({
  appName: z.string(),
  premiumPriceCents: z.number().int(),
  premiumInterval: z.literal("year"),
  stripePublishableKey: z.string().nullable(),
  legalEmail: z.string(),
  legalAddress: z.string(),
  signInMethod: z.enum(["oidc", "magic-link"]),
  isDevelopment: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
