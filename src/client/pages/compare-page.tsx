import { Columns3 } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { MAX_COMPARED_LISTINGS } from "../../shared/constants";
import { compareQuerySchema } from "../../shared/schemas/compare";
import { Button } from "../components/ui/button";
import { QueryState } from "../components/ui/query-state";
import { comparePath, useCompareSelection } from "../features/listings/compare-selection";
import { CompareTable } from "../features/listings/compare-table";
import { useComparedListings } from "../features/listings/use-listings";

function BrowseLink() {
  return (
    <Button asChild variant="secondary">
      <Link href="/browse">Browse Buyers</Link>
    </Button>
  );
}

function Notice({ children, tone = "info" }: { children: string; tone?: "info" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
          : "rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
      }
    >
      {children}
    </p>
  );
}

/** The ids of the address, checked with the same schema the server applies; null for a link it refuses. */
function idsFromSearch(search: string): string[] | null {
  const raw = new URLSearchParams(search).get("ids");
  if (raw === null || raw.trim() === "") return [];
  const parsed = compareQuerySchema.safeParse({ ids: raw });
  return parsed.success ? parsed.data.ids : null;
}

function Compared({ ids }: { ids: string[] }) {
  const [, navigate] = useLocation();
  const selection = useCompareSelection();
  const compared = useComparedListings(ids);
  const remove = (listingId: string) => {
    if (selection.ids.includes(listingId)) selection.toggle(listingId);
    const rest = ids.filter((id) => id !== listingId);
    navigate(rest.length > 0 ? comparePath(rest) : "/compare");
  };
  return (
    <QueryState query={compared} loadingLabel="Loading the listings to compare…">
      {({ listings, missing }) => (
        <div className="space-y-4">
          {missing.length > 0 && (
            <Notice>
              {missing.length === 1
                ? "One listing in this link could not be found: it was removed or paused, or the link is wrong."
                : `${missing.length} listings in this link could not be found: they were removed or paused, or the link is wrong.`}
            </Notice>
          )}
          {listings.length > 0 ? (
            <>
              <CompareTable listings={listings} onRemove={remove} />
              {listings.length === 1 && (
                <p className="text-sm text-slate-600">
                  Tick another listing on Browse to compare it with this one.
                </p>
              )}
            </>
          ) : (
            <BrowseLink />
          )}
        </div>
      )}
    </QueryState>
  );
}

/**
 * Listings side by side, from the address (/compare?ids=a,b), so the comparison can be shared; anyone
 * opening it sees each listing's contact only if they may (the server masks it).
 */
export default function ComparePage() {
  const ids = idsFromSearch(useSearch());
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Compare Listings</h1>
        <p className="text-slate-600">
          Up to {MAX_COMPARED_LISTINGS} buyers side by side; the best value of each row is marked Best.
        </p>
      </header>
      {ids === null ? (
        <div className="space-y-4">
          <Notice tone="error">
            {`This compare link is not valid: it needs 1 to ${MAX_COMPARED_LISTINGS} listing ids.`}
          </Notice>
          <BrowseLink />
        </div>
      ) : ids.length === 0 ? (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-10 text-center">
          <Columns3 className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
          <p className="text-slate-700">
            Nothing to compare yet. Tick Compare on up to {MAX_COMPARED_LISTINGS} listings on Browse or your
            Saved Listings, then press Compare.
          </p>
          <BrowseLink />
        </div>
      ) : (
        <Compared ids={ids} />
      )}
    </main>
  );
}
