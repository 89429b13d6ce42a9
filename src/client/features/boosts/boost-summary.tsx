import { ArrowUpToLine, CalendarClock, Zap } from "lucide-react";
import { formatDate, formatPriceCents } from "../../../shared/format";
import type { BoostStatus } from "../../../shared/schemas/boosts";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { formatBoostDays } from "./boost-format";

/**
 * What a Boost is and what this one would do: the price and days the server is configured with, what
 * featured placement means, and where the listing's boost ends now and would end after this purchase.
 */
export function BoostSummary({ status }: { status: BoostStatus }) {
  const days = formatBoostDays(status.days);
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle>Boost</CardTitle>
        <p data-testid="boost-price">
          <span className="text-4xl font-bold">{formatPriceCents(status.priceCents)}</span>
          <span className="text-slate-600"> for {days}</span>
        </p>
        <CardDescription>One payment, no subscription.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <ul className="space-y-3">
          <li className="flex gap-2">
            <ArrowUpToLine className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            <span>Listed first in the directory, ahead of listings that are not boosted, for {days}.</span>
          </li>
          <li className="flex gap-2">
            <Zap className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            <span>
              A <Badge tone="purple">Boosted</Badge> badge on its card and its page while it lasts.
            </span>
          </li>
          <li className="flex gap-2">
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            <span>Bought while a boost is running, the new days are added to its end.</span>
          </li>
        </ul>
        <p className="rounded-md bg-slate-50 p-3 text-slate-800" data-testid="boost-period">
          {status.boostedUntil
            ? `Boosted until ${formatDate(status.boostedUntil)}; a new Boost extends it to ${formatDate(status.extendsTo)}.`
            : `Not boosted now; a Boost bought today runs until ${formatDate(status.extendsTo)}.`}
        </p>
      </CardContent>
    </Card>
  );
}
