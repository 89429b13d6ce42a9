import { z } from "zod";

/**
 * GET /api/stats/public: the directory's live figures, for the landing and home pages' numbers. Counted
 * over exactly the listings a visitor can see; the pages round them down (formatCountAtLeast).
 */
export const marketFiguresSchema = z.object({
  /** Buyer companies with at least one listing in the directory. */
  activeBuyers: z.number().int(),
  /** Of those, the buyers whose "Verified buyer" badge is in force. */
  verifiedBuyers: z.number().int(),
  /** Listings in the directory. */
  activeListings: z.number().int(),
  /** Distinct verticals of those listings. */
  verticals: z.number().int(),
  /** Mean payout per call of those listings, 2 decimals ("87.45"); null when there are none. */
  averagePayout: z.string().nullable(),
});
export type MarketFigures = z.infer<typeof marketFiguresSchema>;
