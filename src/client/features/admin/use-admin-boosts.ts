import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDate } from "../../../shared/format";
import type { AdminBoostHistory, EndBoostInput, GrantBoostInput } from "../../../shared/schemas/boosts";
import { toast, toastError } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";
import { LISTINGS_PATH, useRefreshListings } from "./use-admin-listings";

// An admin's side of Boost: a listing's boost history, a complimentary grant (no Stripe needed), an
// early end, and the refund of a paid one through Stripe. The server audit-logs each change.

/** Under the admin listings' key, so a listing change refreshes its history with the list. */
const historyKey = (listingId: string) => [LISTINGS_PATH, listingId, "boosts"] as const;

/** GET /api/admin/buyer-listings/{id}/boosts, while `enabled` (a dialog that shows it is open). */
export function useAdminBoostHistory(listingId: string, enabled: boolean) {
  return useQuery<AdminBoostHistory>({ queryKey: historyKey(listingId), enabled });
}

/** The grant's and the end's answer is the new history: kept, then every list that shows the badge. */
function useBoostChange<V>(
  listingId: string,
  send: (input: V) => Promise<AdminBoostHistory>,
  describe: (history: AdminBoostHistory) => { title: string; description: string },
  failure: string,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: send,
    onSuccess: (history) => {
      queryClient.setQueryData(historyKey(listingId), history);
      toast(describe(history));
      onDone();
      return refresh();
    },
    onError: (error) => toastError(error, failure),
  });
}

/** POST /api/admin/buyer-listings/{id}/boosts: `days` of complimentary boost, from now or the current end. */
export function useGrantBoost(listingId: string, onDone: () => void) {
  return useBoostChange<GrantBoostInput>(
    listingId,
    (input) => apiRequest<AdminBoostHistory>("POST", `${LISTINGS_PATH}/${listingId}/boosts`, input),
    (history) => ({
      title: "Boost granted",
      description: history.boostedUntil
        ? `The listing is boosted until ${formatDate(history.boostedUntil)}.`
        : "The complimentary boost was recorded.",
    }),
    "Failed to grant the boost.",
    onDone,
  );
}

/** POST /api/admin/buyer-listings/{id}/boosts/end: the boost stops now (409 when there is none). */
export function useEndBoost(listingId: string, onDone: () => void) {
  return useBoostChange<EndBoostInput>(
    listingId,
    (input) => apiRequest<AdminBoostHistory>("POST", `${LISTINGS_PATH}/${listingId}/boosts/end`, input),
    () => ({ title: "Boost ended", description: "The listing is no longer featured in the directory." }),
    "Failed to end the boost.",
    onDone,
  );
}

/** POST /api/admin/buyer-listings/{id}/boosts/{purchaseId}/refund: refunded in full, its days taken back. */
export function useRefundBoost(listingId: string, purchaseId: string, onDone: () => void) {
  return useBoostChange<EndBoostInput>(
    listingId,
    (input) =>
      apiRequest<AdminBoostHistory>(
        "POST",
        `${LISTINGS_PATH}/${listingId}/boosts/${purchaseId}/refund`,
        input,
      ),
    (history) => ({
      title: "Boost refunded",
      description: history.boostedUntil
        ? `The payment went back through Stripe; the listing stays boosted until ${formatDate(history.boostedUntil)}.`
        : "The payment went back through Stripe, and the listing is no longer boosted.",
    }),
    "Failed to refund the boost.",
    onDone,
  );
}
