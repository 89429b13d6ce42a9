import { TrendingDown, TrendingUp } from "lucide-react";
import { lazy, Suspense } from "react";
import type { PayoutChange } from "../../../shared/schemas/listings";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useFormatDate, useHydrated } from "../../lib/use-hydrated";
import { formatPayout } from "./listing-format";

// The chart is its own chunk: most listings never change their payout, and the listing page is one of
// the pages held to the speed budget, so it downloads only when there is a history to draw.
const PayoutHistoryChart = lazy(() => import("./payout-history-chart"));

/**
 * The listing's payout changes (the server keeps them; docs/buyers.md): a small chart for the eye and
 * the list, newest first, which says the same in words for everyone else.
 */
export function PayoutHistory({ history, payout }: { history: PayoutChange[]; payout: string }) {
  const formatDate = useFormatDate();
  // The chart draws on a canvas in the browser: the server leaves its box empty, and so does hydration.
  const canDraw = useHydrated();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payout history</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">
            The payout has not changed since the listing was posted: {formatPayout(payout)} per call.
          </p>
        ) : (
          <>
            {/* The chart's box is sized here, so nothing below it moves while its code loads. */}
            <div className="aspect-[8/3] w-full max-w-xl">
              {canDraw && (
                <Suspense fallback={null}>
                  <PayoutHistoryChart history={history} />
                </Suspense>
              )}
            </div>
            <ol aria-label="Payout changes, newest first" className="divide-y divide-slate-100 text-sm">
              {history.map((change) => {
                const rose = Number(change.to) > Number(change.from);
                return (
                  <li
                    key={change.changedAt}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                  >
                    <span className="inline-flex items-center gap-1.5">
                      {rose ? (
                        <TrendingUp className="h-4 w-4 text-green-700" aria-hidden />
                      ) : (
                        <TrendingDown className="h-4 w-4 text-slate-600" aria-hidden />
                      )}
                      <span className="sr-only">{rose ? "Raised" : "Lowered"} from</span>
                      {formatPayout(change.from)} <span aria-hidden>→</span>
                      <span className="sr-only">to</span> {formatPayout(change.to)}
                    </span>
                    <time dateTime={change.changedAt} className="text-slate-600">
                      {formatDate(change.changedAt)}
                    </time>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
