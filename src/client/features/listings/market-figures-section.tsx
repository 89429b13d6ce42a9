import type { ReactNode } from "react";
import {
  MARKET_FIGURES_UNAVAILABLE,
  type MarketFigureTile,
  marketFigureTiles,
  useMarketFigures,
} from "./market-figures";

/**
 * The marketplace in numbers, in whatever layout a page gives it: the live figures (rounded down);
 * placeholders of their size while they load (no number); a sentence when they cannot be read; nothing
 * at all when there is nothing to count. Pages draw the placeholders and the tiles, this owns the rest.
 */
export function MarketFiguresSection({
  className,
  unavailableClassName,
  placeholders,
  children,
}: {
  className?: string;
  unavailableClassName?: string;
  /** What stands in for the figures while they load. */
  placeholders: ReactNode;
  children: (tiles: MarketFigureTile[]) => ReactNode;
}) {
  const figures = useMarketFigures();
  const tiles = figures.data ? marketFigureTiles(figures.data) : [];
  if (figures.isSuccess && tiles.length === 0) return null;
  return (
    <section aria-labelledby="stats-heading" aria-busy={figures.isPending} className={className}>
      <h2 id="stats-heading" className="sr-only">
        The marketplace in numbers
      </h2>
      {figures.isError ? (
        <p className={unavailableClassName ?? "text-sm text-slate-600"}>{MARKET_FIGURES_UNAVAILABLE}</p>
      ) : figures.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading marketplace figures…
          </span>
          {placeholders}
        </>
      ) : (
        children(tiles)
      )}
    </section>
  );
}
