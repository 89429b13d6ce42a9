import { Link, useLocation, useSearch } from "wouter";
import { browsePageHead } from "../../shared/page-head";
import { Button } from "../components/ui/button";
import { LoadMore } from "../components/ui/load-more";
import { QueryState } from "../components/ui/query-state";
// Straight from its file: the alerts feature's other modules carry zod and react-hook-form, which the
// directory's speed budget keeps out of this page (features/listings/listing-filters.tsx).
import { SaveSearchButton } from "../features/alerts/save-search-button";
import { useBrowsePlace } from "../features/listings/browse-place";
import { CompareBar } from "../features/listings/compare-controls";
import { ListingCard } from "../features/listings/listing-card";
import { ListingGridSkeleton } from "../features/listings/listing-card-skeleton";
import { type ApplyOptions, ListingFilters } from "../features/listings/listing-filters";
import { ListingSortSelect } from "../features/listings/listing-sort-select";
import { PremiumBanner } from "../features/listings/premium-banner";
import { UpgradeDialog } from "../features/listings/upgrade-dialog";
import {
  type BrowseFilters,
  describeListingsFailure,
  filtersFromSearch,
  filtersToSearch,
  selectedTags,
  useContactReveal,
  useListings,
  useSavedIds,
} from "../features/listings/use-listings";
import { usePageHead } from "../features/shell/use-page-head";

export default function BrowsePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersFromSearch(search);
  const listings = useListings(filters);
  const { reveal, isRevealing, revealed, upgradeOpen, setUpgradeOpen } = useContactReveal();
  const items = listings.data?.pages.flatMap((p) => p.listings) ?? [];
  const savedIds = useSavedIds();
  useBrowsePlace(search ? `/browse?${search}` : "/browse", listings.data !== undefined);
  // One vertical and/or one location make a page of their own ("Legal Call Buyers in Texas").
  usePageHead((appName) => browsePageHead(filters, appName));

  // Filters live in the URL so a search can be shared and survives a reload; a keyword being typed
  // replaces its own history entry (one entry per search, not per keystroke).
  const apply = (next: BrowseFilters, { replace }: ApplyOptions) => {
    const query = filtersToSearch(next);
    navigate(query ? `/browse?${query}` : "/browse", { replace });
  };

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Browse Buyers</h1>
        <p className="text-slate-600">Compare payouts and requirements from buyers of calls and leads.</p>
      </header>
      {/* For every viewer without Premium, from the first paint and on empty results too. */}
      <PremiumBanner />
      <ListingFilters initial={filters} onApply={apply} />
      <ListingSortSelect
        value={filters.sort}
        onChange={(sort) => apply({ ...filters, sort }, { replace: false })}
      />
      {/* The filters in the URL (what the list shows), not a draft still being typed. */}
      <SaveSearchButton
        filters={{
          search: filters.search,
          vertical: filters.vertical,
          payout: filters.payout,
          geo: filters.geo,
          tags: selectedTags(filters),
        }}
      />

      <section aria-label="Buyer listings" aria-busy={listings.isLoading} className="space-y-6">
        <QueryState
          query={listings}
          loadingLabel="Loading buyer listings…"
          loading={<ListingGridSkeleton />}
          errorMessage={describeListingsFailure}
        >
          {() =>
            items.length === 0 ? (
              <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-10 text-center">
                <p role="status" className="text-slate-700">
                  No buyers found matching your criteria.
                </p>
                {search && (
                  <Button asChild variant="link">
                    <Link href="/browse">Clear filters</Link>
                  </Button>
                )}
              </div>
            ) : (
              <>
                <p role="status" className="text-sm text-slate-600">
                  Showing {items.length} {items.length === 1 ? "buyer" : "buyers"}
                  {listings.hasNextPage ? " (more available)" : ""}
                </p>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {items.map((listing) => (
                    <ListingCard
                      key={listing.id}
                      listing={listing}
                      isSaved={savedIds.has(listing.id)}
                      onReveal={reveal}
                      isRevealing={isRevealing}
                      revealedContact={revealed.get(listing.id)}
                    />
                  ))}
                </div>
                <LoadMore query={listings} describeError={describeListingsFailure} />
              </>
            )
          }
        </QueryState>
      </section>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      <CompareBar />
    </main>
  );
}
