import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateDealIntentInput, DealIntent } from "../../../shared/schemas/deal-intents";
import { apiRequest } from "../../lib/api";
import { LISTINGS_KEY } from "../listings";

// The only module that knows the deal intent URLs, so a path changes in one place.

const DEAL_INTENTS_KEY = ["/api/deal-intents"] as const;
/** The buyer dashboard's pending count lives in its figures. */
const BUYER_STATS_KEY = ["/api/buyer-stats"] as const;

/** GET /api/deal-intents: a publisher's sent intents, a buyer's received ones. */
export function useDealIntents(enabled = true) {
  return useQuery<DealIntent[]>({ queryKey: DEAL_INTENTS_KEY, enabled });
}

/** POST /api/deal-intents: the listing's detail is read again (it shows the request's state). */
export function useRequestDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDealIntentInput) => apiRequest<DealIntent>("POST", "/api/deal-intents", input),
    onSuccess: (intent) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DEAL_INTENTS_KEY }),
        intent.listingId
          ? queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY, intent.listingId] })
          : Promise.resolve(),
      ]),
  });
}

/** POST /api/deal-intents/{id}/accept or /reject, with an optional note to the publisher. */
export function useDecideDealIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: "accept" | "reject"; note: string }) =>
      apiRequest<DealIntent>("POST", `/api/deal-intents/${id}/${decision}`, { note }),
    onSuccess: (intent) => {
      queryClient.setQueryData<DealIntent[]>(DEAL_INTENTS_KEY, (old) =>
        old?.map((i) => (i.id === intent.id ? intent : i)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: DEAL_INTENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: BUYER_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: ["/api/buyer-analytics"] }),
      ]);
    },
  });
}
