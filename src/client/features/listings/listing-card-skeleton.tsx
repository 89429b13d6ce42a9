import { Card } from "../../components/ui/card";
import { SkeletonBadge, SkeletonLine } from "../../components/ui/skeleton";

// Placeholders that take the room the listing cards will take, so the page does not move when the
// listings arrive (Lighthouse's layout shift). Lines are SkeletonLines in the type classes of
// the text they stand for, and the blocks are the card's own (listing-card.tsx): badges beside the Save
// toggle, title, buyer, the reliability line, the four figures, one line of requirement tags, the masked
// contact (three lines, what most visitors get) and the buttons. A change to the card's layout belongs
// here too.

function FactSkeleton({ valueClass = "text-sm" }: { valueClass?: string }) {
  return (
    <div>
      <SkeletonLine className="text-sm" width="w-16" />
      <SkeletonLine className={valueClass} width="w-20" />
    </div>
  );
}

function ListingCardSkeleton() {
  return (
    <Card className="flex flex-col">
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="space-y-2">
          <div className="flex items-start justify-between gap-2">
            <div className="flex gap-1.5">
              <SkeletonBadge />
            </div>
            {/* The card's Save toggle (save-listing-button.tsx, size sm). */}
            <div className="h-8 w-20 shrink-0 animate-pulse rounded-md bg-slate-200" />
          </div>
          <SkeletonLine className="text-lg leading-snug" width="w-3/4" />
          <SkeletonLine className="text-sm" width="w-1/3" />
          {/* The reliability line (reliability-line.tsx). */}
          <SkeletonLine className="text-sm" width="w-2/3" />
        </div>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2">
          <FactSkeleton valueClass="text-base" />
          <FactSkeleton />
          <FactSkeleton />
          <FactSkeleton />
        </div>
        <SkeletonLine className="py-0.5 text-xs leading-4 border-y border-transparent" width="w-28" />
        <div className="mt-auto space-y-1.5 rounded-md border border-slate-200 bg-slate-50 p-3">
          <SkeletonLine className="text-sm" width="w-1/2" />
          <SkeletonLine className="text-sm" width="w-2/3" />
          <SkeletonLine className="text-sm" width="w-2/5" />
        </div>
        <div className="flex gap-2">
          <div className="h-8 flex-1 animate-pulse rounded-md bg-slate-200" />
          <div className="h-8 flex-1 animate-pulse rounded-md bg-slate-200" />
        </div>
      </div>
    </Card>
  );
}

/**
 * What the browse page shows while the first page loads: the "Showing N buyers" line and two rows of
 * cards, in the same grid as the results.
 */
export function ListingGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="space-y-6">
      <SkeletonLine className="text-sm" width="w-40" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ListingCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
