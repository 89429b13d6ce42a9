import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SimulatedPortal, SimulatedPortalAction } from "../../../shared/schemas/payment-simulation";
import { apiRequest } from "../../lib/api";
import { AUTH_USER_KEY } from "../auth";

// The simulated billing portal's URLs (PAYMENTS=simulated): the page Stripe's customer portal becomes.

const portalKey = (session: string) => ["/api/simulated-payments/portal", session] as const;

export function useSimulatedPortal(session: string) {
  return useQuery<SimulatedPortal>({
    queryKey: portalKey(session),
    queryFn: () => apiRequest<SimulatedPortal>("GET", `/api/simulated-payments/portal/${session}`),
  });
}

/**
 * A change to one subscription. The server answers once the provider's events have reached the app's
 * webhook, so what Premium and the add-on unlock is read again at once.
 */
export function useChangeSimulatedSubscription(session: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SimulatedPortalAction }) =>
      apiRequest<SimulatedPortal>("POST", `/api/simulated-payments/portal/${session}/subscriptions/${id}`, {
        action,
      }),
    onSuccess: async (portal) => {
      queryClient.setQueryData(portalKey(session), portal);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== portalKey(session)[0],
      });
    },
  });
}
