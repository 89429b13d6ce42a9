import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { BoostIntent, BoostStatus } from "../../../shared/schemas/boosts";
import { apiRequest } from "../../lib/api";
import { LISTINGS_KEY } from "../listings";

// The only module that knows the buyer's boost URLs. The status sits under the directory's key, so any
// listing change (a pause, an edit) refreshes it with the lists.

const boostStatusKey = (listingId: string) => [LISTINGS_KEY, listingId, "boost"] as const;

/** How often the screen asks whether Stripe's webhook has granted the days, and for how long. */
const CONFIRMATION_POLL_MS = 1500;
const CONFIRMATION_WAIT_MS = 60_000;

/** GET /api/buyer-listings/{id}/boost: the owner's view of the listing's boost (404 for anyone else's). */
export function useBoostStatus(listingId: string) {
  return useQuery<BoostStatus>({ queryKey: boostStatusKey(listingId) });
}

/**
 * POST /api/buyer-listings/{id}/boost: the PaymentIntent's client secret for the Payment Element. A query
 * rather than a mutation so a re-render or React's double effects never ask twice (the server answers
 * the same open intent anyway); dropped once the screen is left, so the next visit starts afresh.
 */
export function useBoostIntent(listingId: string, enabled: boolean) {
  return useQuery<BoostIntent>({
    queryKey: ["boost-intent", listingId],
    queryFn: () => apiRequest<BoostIntent>("POST", `${LISTINGS_KEY}/${listingId}/boost`),
    enabled,
    gcTime: 0,
  });
}

export type BoostConfirmation = "waiting" | "granted" | "late";

/**
 * After Stripe confirmed a payment in the browser: the days are granted only when Stripe's webhook
 * reaches the server, so the status is read again every 1.5 s until it lists a purchase paid by this
 * PaymentIntent. After a minute it stops and says "late" (the webhook still grants the days; Refresh reads
 * the status again). Null while nothing was paid.
 */
export function useBoostConfirmation(
  listingId: string,
  paymentIntentId: string | null,
): BoostConfirmation | null {
  const queryClient = useQueryClient();
  const [lateFor, setLateFor] = useState<string | null>(null);
  const isLate = paymentIntentId !== null && lateFor === paymentIntentId;
  const status = useQuery<BoostStatus>({
    queryKey: boostStatusKey(listingId),
    enabled: paymentIntentId !== null,
    refetchInterval: (query) =>
      paymentIntentId && !isLate && !isPaidBy(query.state.data, paymentIntentId)
        ? CONFIRMATION_POLL_MS
        : false,
  });
  const isGranted = paymentIntentId !== null && isPaidBy(status.data, paymentIntentId);

  useEffect(() => {
    if (!paymentIntentId) return;
    const timer = setTimeout(() => setLateFor(paymentIntentId), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [paymentIntentId]);

  useEffect(() => {
    if (!isGranted) return;
    // The Boosted badge and the order of the directory changed; the paid intent is spent.
    queryClient.removeQueries({ queryKey: ["boost-intent", listingId] });
    void queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] });
  }, [isGranted, listingId, queryClient]);

  if (!paymentIntentId) return null;
  if (isGranted) return "granted";
  return isLate ? "late" : "waiting";
}

function isPaidBy(status: BoostStatus | undefined, paymentIntentId: string): boolean {
  return Boolean(status?.purchases.some((purchase) => purchase.paymentIntentId === paymentIntentId));
}
