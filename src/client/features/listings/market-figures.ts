import { type QueryClient, useQuery } from "@tanstack/react-query";
import { formatCountAtLeast, formatWholeDollarsDown } from "../../../shared/format";
import type { MarketFigures } from "../../../shared/schemas/market-figures";

// The directory's live figures for the landing and home pages (GET /api/stats/public), rounded down as a
// public page may claim them. A figure that is not true yet (nothing to count) is left out, never made up.

const MARKET_FIGURES_KEY = "/api/stats/public";

export function useMarketFigures() {
  return useQuery<MarketFigures>({ queryKey: [MARKET_FIGURES_KEY] });
}

/** Puts the figures, read beforehand (by the server drawing the page), where useMarketFigures finds them. */
export function seedMarketFigures(queryClient: QueryClient, figures: MarketFigures): void {
  queryClient.setQueryData([MARKET_FIGURES_KEY], figures);
}

export type MarketFigureKey = "buyers" | "verified" | "listings" | "verticals" | "payout";

export interface MarketFigureTile {
  key: MarketFigureKey;
  value: string;
  label: string;
}

/** The figures to show, in order; those with nothing to count are left out. */
export function marketFigureTiles(figures: MarketFigures): MarketFigureTile[] {
  const tiles: { key: MarketFigureKey; value: string | null; label: string }[] = [
    { key: "buyers", value: formatCountAtLeast(figures.activeBuyers), label: "Active buyers" },
    // Absent from an answer that predates the badge: then there is nothing to claim.
    { key: "verified", value: formatCountAtLeast(figures.verifiedBuyers ?? 0), label: "Verified buyers" },
    { key: "listings", value: formatCountAtLeast(figures.activeListings), label: "Listings" },
    { key: "verticals", value: formatCountAtLeast(figures.verticals), label: "Verticals" },
    { key: "payout", value: formatWholeDollarsDown(figures.averagePayout), label: "Average payout per call" },
  ];
  return tiles.filter((tile): tile is MarketFigureTile => tile.value !== null);
}

/** What the figures' place says when they cannot be read: no number at all rather than an old claim. */
export const MARKET_FIGURES_UNAVAILABLE = "Live marketplace figures are not available right now.";
