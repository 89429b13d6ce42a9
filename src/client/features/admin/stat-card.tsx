import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";

/** One live figure: what it counts, the number, and what it is made of. */
export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: LucideIcon;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p className="text-2xl font-bold tabular-nums text-slate-900">{value}</p>
          {detail && <p className="text-xs text-slate-600">{detail}</p>}
        </div>
        <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
      </div>
    </Card>
  );
}

export function StatCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="space-y-2 p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-7 w-16" />
        </Card>
      ))}
    </>
  );
}
