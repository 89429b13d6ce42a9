import { Download } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ANALYTICS_RANGES, type AnalyticsRange, DEFAULT_ANALYTICS_RANGE } from "../../../shared/constants";
import type { Analytics } from "../../../shared/schemas/analytics";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { BoostLift } from "./analytics-boost-lift";
import { ContactActionCounts } from "./analytics-contact-actions";
import { analyticsCsvFilename, analyticsToCsv, formatConversion } from "./analytics-csv";
import { useBuyerAnalytics } from "./use-buyer";

// The buyer's Analytics tab: 7, 30 or 90 days of views, contact reveals, saves and deal intents, per
// listing and per day, and what each Boost in the range was worth, from GET /api/buyer-analytics. The
// chart library loads with this tab only.

const AnalyticsChart = lazy(() => import("./analytics-chart"));

const FIGURES = [
  { key: "views", label: "Views" },
  { key: "reveals", label: "Contact reveals" },
  { key: "saves", label: "Saves" },
  { key: "dealIntents", label: "Deal requests" },
  { key: "accepted", label: "Accepted" },
] as const;

function RangePicker({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Time range</legend>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
        {ANALYTICS_RANGES.map((range) => (
          <label
            key={range}
            className={cn(
              "cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
              value === range ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <input
              type="radio"
              name="analytics-range"
              className="sr-only"
              value={range}
              checked={value === range}
              onChange={() => onChange(range)}
            />
            {range} days
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function downloadCsv(analytics: Analytics) {
  const blob = new Blob([analyticsToCsv(analytics)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = analyticsCsvFilename(analytics);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Totals({ analytics }: { analytics: Analytics }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {FIGURES.map((f) => (
        <div key={f.key} className="rounded-md border border-slate-200 p-3">
          <dt className="text-xs font-medium text-slate-600">{f.label}</dt>
          <dd className="text-xl font-bold tabular-nums">{analytics.totals[f.key]}</dd>
        </div>
      ))}
      <div className="rounded-md border border-slate-200 p-3">
        <dt className="text-xs font-medium text-slate-600">Reveal rate</dt>
        <dd className="text-xl font-bold tabular-nums">{formatConversion(analytics.totals.conversion)}</dd>
      </div>
    </dl>
  );
}

/** A table row's figures, in the header's order: a listing's, or the total's. */
function FigureCells({ figures }: { figures: Analytics["totals"] }) {
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <>
      {FIGURES.map((f) => (
        <td key={f.key} className={cell}>
          {figures[f.key]}
        </td>
      ))}
      <td className={cell}>{formatConversion(figures.conversion)}</td>
    </>
  );
}

function ListingTable({ analytics }: { analytics: Analytics }) {
  if (analytics.listings.length === 0) {
    return (
      <p className="text-sm text-slate-600">You have no listings yet: create one to see its figures here.</p>
    );
  }
  return (
    <ScrollRegion label="Figures per listing" className="rounded-md border border-slate-200">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">
          Figures per listing from {analytics.from} to {analytics.to}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Listing
            </th>
            {FIGURES.map((f) => (
              <th key={f.key} scope="col" className="px-3 py-2 text-right font-medium">
                {f.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Reveal rate
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {analytics.listings.map((l) => (
            <tr key={l.listingId}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {l.title}
                {l.status !== "active" && (
                  <span className="ml-2 text-xs font-normal text-slate-600">({l.status})</span>
                )}
              </th>
              <FigureCells figures={l} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            <FigureCells figures={analytics.totals} />
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

function AnalyticsSkeleton() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

export function AnalyticsTab() {
  const [days, setDays] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const analytics = useBuyerAnalytics(days);
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Analytics</CardTitle>
          <CardDescription>
            How publishers respond to your listings: views of the detail page, contact reveals, saves and deal
            intents, by day (UTC).
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RangePicker value={days} onChange={setDays} />
          <Button
            variant="secondary"
            size="sm"
            disabled={!analytics.data}
            onClick={() => analytics.data && downloadCsv(analytics.data)}
          >
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-6" aria-busy={analytics.isFetching}>
        <QueryState query={analytics} loadingLabel="Loading analytics…" loading={<AnalyticsSkeleton />}>
          {(data) => (
            <>
              <Totals analytics={data} />
              <ContactActionCounts actions={data.contactActions} />
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <AnalyticsChart analytics={data} />
              </Suspense>
              <BoostLift boosts={data.boosts} hasListings={data.listings.length > 0} />
              <ListingTable analytics={data} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
