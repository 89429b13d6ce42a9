import { z } from "zod";
import { MAX_COMPARED_LISTINGS } from "../constants";
import { plainText } from "./common";
import { LISTING_EXAMPLE, listingSchema } from "./listings";

// Comparing listings side by side (the compare page): a few listings in one read, each masked exactly
// as the directory masks it.

/** GET /api/compare-listings?ids=a,b,c: listing ids, comma separated, duplicates dropped, order kept. */
export const compareQuerySchema = z.object({
  ids: plainText()
    .max(MAX_COMPARED_LISTINGS * 40, "is too long")
    .transform((v) => [...new Set(v.split(",").map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ message: "must be listing ids (uuids)" }))
        .min(1, "must name at least one listing")
        .max(MAX_COMPARED_LISTINGS, `must name at most ${MAX_COMPARED_LISTINGS} listings`),
    )
    .describe(`Listing ids, comma separated: 1 to ${MAX_COMPARED_LISTINGS}.`),
});

const comparedListingSchema = listingSchema.extend({
  /** The buyer's visible reviews: their count and average rating (1-5), null without any. */
  reviews: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type ComparedListing = z.infer<typeof comparedListingSchema>;

export const compareResponseSchema = z
  .object({
    /** In the order the ids were asked for. */
    listings: z.array(comparedListingSchema),
    /** Ids asked for that the caller may not see or that do not exist: the page says so. */
    missing: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        listings: [{ ...LISTING_EXAMPLE, reviews: { average: 4.5, count: 3 } }],
        missing: ["0b8e2f6a-4c1d-4e7b-9f3a-5d2c1b0a9e87"],
      },
    ],
  });
export type CompareResponse = z.infer<typeof compareResponseSchema>;
