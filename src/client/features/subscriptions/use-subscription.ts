import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillingPortalSession,
  SubscriptionIntent,
  SubscriptionSummary,
} from "../../../shared/schemas/subscriptions";
import { apiRequest } from "../../lib/api";
import { AUTH_USER_KEY } from "../auth";

// The only place that knows the subscription URLs, so a path changes in one place.

const SUBSCRIPTION_KEY = ["/api/subscription"] as const;
const INTENT_KEY = ["/api/get-or-create-subscription"] as const;

export function useSubscriptionSummary() {
  return useQuery<SubscriptionSummary>({ queryKey: SUBSCRIPTION_KEY });
}

/**
 * The open subscription's client secret for the Payment Element. A query rather than a mutation so a
 * re-render or React's double effects never ask twice; the server makes repeated calls safe anyway.
 * Not kept once the page is left: the next visit asks Stripe's current state again.
 */
export function useSubscriptionIntent() {
  return useQuery<SubscriptionIntent>({
    queryKey: INTENT_KEY,
    queryFn: () => apiRequest<SubscriptionIntent>("POST", "/api/get-or-create-subscription"),
    gcTime: 0,
  });
}

/**
 * After confirmPayment succeeds: the server re-reads the subscription from Stripe (the webhook may be
 * late), then everything Premium changes is read again: the nav badge and the masked contacts.
 */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SubscriptionSummary>("POST", "/api/subscription/refresh"),
    onSuccess: async (summary) => {
      queryClient.setQueryData(SUBSCRIPTION_KEY, summary);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      await queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== INTENT_KEY[0] && query.queryKey[0] !== SUBSCRIPTION_KEY[0],
      });
    },
  });
}

/** Stripe's customer portal: card, invoices and cancellation live there. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => apiRequest<BillingPortalSession>("POST", "/api/billing-portal"),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
