import { DollarSign, Eye, Handshake, type LucideIcon, Rows3 } from "lucide-react";
import { LISTING_STATS_WINDOW_DAYS } from "../../../shared/constants";
import { Card } from "../../components/ui/card";
import { errorMessage } from "../../lib/api";
import { useBuyerStats } from "./use-buyer";

// Buyer dashboard: four stat cards, every figure counted by the server (never a made-up number).

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-5">
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-slate-600">{hint}</p>
      </div>
      <Icon className="h-5 w-5 text-slate-500" aria-hidden />
    </Card>
  );
}

export function BuyerStats() {
  const stats = useBuyerStats(true);
  const value = (pick: (s: NonNullable<typeof stats.data>) => string) =>
    stats.data ? pick(stats.data) : stats.isError ? "--" : "…";
  return (
    <section aria-label="Your figures" aria-busy={stats.isPending} className="space-y-2">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={Rows3}
          label="Active Listings"
          value={value((s) => String(s.activeListings))}
          hint="Listed in the directory now"
        />
        <StatCard
          icon={Handshake}
          label="Deal Requests"
          value={value((s) => String(s.pendingDealIntents))}
          hint="Waiting for your answer"
        />
        <StatCard
          icon={DollarSign}
          label="Avg Payout"
          value={value((s) => (s.avgPayout === null ? "No live listings" : `$${s.avgPayout}`))}
          hint="Mean payout of your active listings"
        />
        <StatCard
          icon={Eye}
          label="Listing Views"
          value={value((s) => String(s.listingViews))}
          hint={`Listing views, last ${LISTING_STATS_WINDOW_DAYS} days`}
        />
      </div>
      {stats.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(stats.error)}
        </p>
      )}
    </section>
  );
}
