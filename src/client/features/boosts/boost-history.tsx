import type { ReactNode } from "react";
import { formatDate } from "../../../shared/format";
import type { BoostPurchase } from "../../../shared/schemas/boosts";
import { Badge } from "../../components/ui/badge";
import {
  boostPurchaseState,
  boostSourceLabel,
  formatBoostAmount,
  formatBoostDays,
  formatBoostPeriod,
} from "./boost-format";

type HistoryPurchase = BoostPurchase & { actorEmail?: string | null };

/**
 * A listing's boosts, newest first: where each stands, how it came (paid or complimentary), what it cost,
 * its days and period, the admin's reasons (for a grant, for an early end) and when it was ended or
 * refunded. `showActor` adds who paid or granted it (the admin's view).
 */
export function BoostHistory({
  purchases,
  showActor = false,
  label,
  actions,
}: {
  purchases: HistoryPurchase[];
  showActor?: boolean;
  /** The list's accessible name, e.g. "Boost history". */
  label: string;
  /** What may be done to a purchase (the admin's refund), under it. */
  actions?: (purchase: HistoryPurchase) => ReactNode;
}) {
  if (purchases.length === 0) return <p className="text-sm text-slate-600">No boosts yet.</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 text-sm">
      {purchases.map((purchase) => {
        const state = boostPurchaseState(purchase);
        return (
          <li key={purchase.id} className="space-y-1 py-2.5">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{boostSourceLabel(purchase.source)}</span>
              <span aria-hidden>·</span>
              <span>{formatBoostAmount(purchase.amountCents)}</span>
              <span aria-hidden>·</span>
              <span>{formatBoostDays(purchase.days)}</span>
              <Badge tone={state.tone}>{state.label}</Badge>
            </div>
            <p className="text-slate-700">{formatBoostPeriod(purchase)}</p>
            {purchase.reason && <p className="break-words text-slate-700">Reason: {purchase.reason}</p>}
            {purchase.endedAt && (
              <p className="break-words text-slate-700">
                Ended {formatDate(purchase.endedAt)}
                {purchase.endReason ? `: ${purchase.endReason}` : ""}
              </p>
            )}
            {purchase.refundedAt && (
              <p className="text-slate-700">Refunded {formatDate(purchase.refundedAt)}</p>
            )}
            {showActor && (
              <p className="break-words text-slate-600">
                {purchase.source === "stripe" ? "Paid by " : "Granted by "}
                {purchase.actorEmail ?? "a deleted account"}
              </p>
            )}
            {actions?.(purchase)}
          </li>
        );
      })}
    </ul>
  );
}
