import { Bookmark } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../components/ui/button";
import { QueryState } from "../components/ui/query-state";
import { CompareBar } from "../features/listings/compare-controls";
import { ListingCard } from "../features/listings/listing-card";
import { ListingGridSkeleton } from "../features/listings/listing-card-skeleton";
import { UpgradeDialog } from "../features/listings/upgrade-dialog";
import { useContactReveal, useSavedListings } from "../features/listings/use-listings";

/** The listings the signed-in user saved, newest first; Save on a card removes it from here. */
export default function SavedPage() {
  const saved = useSavedListings();
  const { reveal, isRevealing, revealed, upgradeOpen, setUpgradeOpen } = useContactReveal();
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Saved Listings</h1>
        <p className="text-slate-600">Buyers you bookmarked to compare or contact later.</p>
      </header>
      <section aria-label="Saved listings" aria-busy={saved.isPending} className="space-y-4">
        <QueryState
          query={saved}
          loadingLabel="Loading saved listings…"
          loading={<ListingGridSkeleton count={3} />}
        >
          {(listings) =>
            listings.length === 0 ? (
              <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-10 text-center">
                <Bookmark className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
                <p role="status" className="text-slate-700">
                  You have not saved any listings yet. Press Save on a buyer to find it here again.
                </p>
                <Button asChild>
                  <Link href="/browse">Browse Buyers</Link>
                </Button>
              </div>
            ) : (
              <>
                <p role="status" className="text-sm text-slate-600">
                  {listings.length} saved {listings.length === 1 ? "listing" : "listings"}
                </p>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {listings.map((listing) => (
                    <ListingCard
                      key={listing.id}
                      listing={listing}
                      isSaved
                      onReveal={reveal}
                      isRevealing={isRevealing}
                      revealedContact={revealed.get(listing.id)}
                    />
                  ))}
                </div>
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
