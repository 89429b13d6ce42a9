import { Columns3 } from "lucide-react";
import { Link } from "wouter";
import { MAX_COMPARED_LISTINGS } from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { comparePath, useCompareSelection } from "./compare-selection";

/** The "Compare" tick of a listing card. */
export function CompareToggle({ listingId, title }: { listingId: string; title: string }) {
  const { ids, toggle } = useCompareSelection();
  const id = `compare-${listingId}`;
  return (
    <div className="flex items-center gap-2 text-sm">
      <Checkbox
        id={id}
        checked={ids.includes(listingId)}
        onCheckedChange={() => toggle(listingId)}
        aria-label={`Compare ${title}`}
      />
      <label htmlFor={id} className="cursor-pointer text-slate-700">
        Compare
      </label>
    </div>
  );
}

/**
 * The bar that appears once a listing is ticked: opens the compare page with the ticked set, or clears
 * it. Fixed to the foot of the window so it stays in reach while the person scrolls for more listings;
 * the spacer under the list keeps it from covering the last cards.
 */
export function CompareBar() {
  const { ids, clear } = useCompareSelection();
  if (ids.length === 0) return null;
  return (
    <>
      <div aria-hidden className="h-20" />
      <section
        aria-label="Listings to compare"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700" role="status">
            {ids.length} of {MAX_COMPARED_LISTINGS} listings chosen
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={clear}>
              Clear
            </Button>
            <Button asChild size="sm">
              <Link href={comparePath(ids)}>
                <Columns3 className="h-4 w-4" aria-hidden />
                Compare ({ids.length})
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
