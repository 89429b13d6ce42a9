import { sql } from "drizzle-orm";
import { z } from "zod";
import type { MarketFigures } from "../../../shared/schemas/market-figures";
import { type Db, selectRows } from "../../db/client";
import { LISTING_FROM, visibleTo } from "../../lib/listing-read";

// The directory's live figures: how many buyers, listings and verticals a visitor can find, and what they
// pay on average. The landing and home pages show them (rounded down) instead of invented claims; the
// publisher dashboard shows them as they are.

/** How long the public figures are reused: they change slowly, and the landing page is the busiest page. */
export const MARKET_FIGURES_CACHE_MS = 60_000;

const figuresSchema = z.object({
  activeBuyers: z.coerce.number().int(),
  verifiedBuyers: z.coerce.number().int(),
  activeListings: z.coerce.number().int(),
  verticals: z.coerce.number().int(),
  averagePayout: z.string().nullable(),
});

/** One statement over exactly the listings a visitor sees (the directory's own rule, visibleTo). */
export async function readMarketFigures(db: Db): Promise<MarketFigures> {
  const [figures] = await selectRows(
    db,
    figuresSchema,
    sql`select count(distinct l.buyer_id) as "activeBuyers",
               count(distinct l.buyer_id) filter (where bp.verified_until > now()) as "verifiedBuyers",
               count(*) as "activeListings",
               count(distinct l.vertical) as verticals,
               round(avg(l.payout), 2)::text as "averagePayout"
        from ${LISTING_FROM} where ${visibleTo(null)}`,
  );
  return (
    figures ?? { activeBuyers: 0, verifiedBuyers: 0, activeListings: 0, verticals: 0, averagePayout: null }
  );
}

/**
 * The figures, read at most once per `ttlMs` per instance; requests arriving meanwhile share the read in
 * flight. A failed read is not kept, so the next request tries again.
 */
export function cachedMarketFigures(
  db: Db,
  { ttlMs = MARKET_FIGURES_CACHE_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): () => Promise<MarketFigures> {
  let cached: { at: number; figures: Promise<MarketFigures> } | null = null;
  return () => {
    const at = now();
    if (!cached || at - cached.at >= ttlMs) {
      const figures = readMarketFigures(db);
      const entry = { at, figures };
      cached = entry;
      figures.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.figures;
  };
}
