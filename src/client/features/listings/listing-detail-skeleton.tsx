import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { SkeletonBadge, SkeletonLine } from "../../components/ui/skeleton";

// The listing detail page while it loads, block for block as it will render (listing-page.tsx):
// the header (badges, title, buyer), the description, the requirements, the contact; beside them the
// deal request, the figures and the buyer's reliability. Room held for the content keeps the page still
// when it arrives (Lighthouse's layout shift).

function CardSkeleton({ lines, lineClass = "text-sm" }: { lines: string[]; lineClass?: string }) {
  return (
    <Card>
      <CardHeader>
        <SkeletonLine className="text-lg leading-tight" width="w-40" />
      </CardHeader>
      <CardContent className="space-y-2">
        {lines.map((width, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <SkeletonLine key={i} className={lineClass} width={width} />
        ))}
      </CardContent>
    </Card>
  );
}

/** Eight requirement rows, each as tall as a Figure row (text-sm with py-2 and a rule). */
function RequirementsSkeleton() {
  return (
    <Card>
      <CardHeader>
        <SkeletonLine className="text-lg leading-tight" width="w-32" />
      </CardHeader>
      <CardContent>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="flex justify-between border-b border-slate-100 py-2 text-sm last:border-0">
            <SkeletonLine width="w-28" />
            <SkeletonLine width="w-20" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export function ListingDetailSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <div className="space-y-3">
          <div className="flex gap-1.5">
            <SkeletonBadge />
          </div>
          <SkeletonLine className="text-3xl font-bold" width="w-2/3" />
          <SkeletonLine width="w-1/3" />
        </div>
        <CardSkeleton lines={["w-full", "w-5/6"]} lineClass="" />
        <RequirementsSkeleton />
      </div>
      <div className="space-y-4">
        <CardSkeleton lines={["w-full"]} />
        <CardSkeleton lines={["w-2/3", "w-1/2", "w-1/2"]} />
        {/* The buyer's reliability card. */}
        <CardSkeleton lines={["w-1/3", "w-2/3", "w-1/2"]} />
      </div>
    </div>
  );
}
