import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SmsPhoneInput, SmsStatus, SmsVerifyInput } from "../../../shared/schemas/sms";
import { apiRequest } from "../../lib/api";

// The only module that knows the SMS alerts' URLs. Every action answers the whole status, which replaces
// the one the section shows: the screen never guesses what the server decided.

export const SMS_STATUS_KEY = "/api/sms";
const SUBSCRIPTION_INTENT_KEY = "/api/sms/subscription";

/** How often the section asks whether Stripe's webhook has turned the add-on on. */
const ACTIVATION_POLL_MS = 1500;

/**
 * GET /api/sms. While `awaitingActivation` (just paid), read again every 1.5 s until the add-on is
 * active: Stripe's webhook, not the browser, turns it on.
 */
export function useSmsStatus(awaitingActivation = false) {
  return useQuery<SmsStatus>({
    queryKey: [SMS_STATUS_KEY],
    // Read at each visit: a STOP reply or a renewal changes it without this page's doing.
    staleTime: 0,
    refetchInterval: (query) =>
      awaitingActivation && !query.state.data?.addon.active ? ACTIVATION_POLL_MS : false,
  });
}

export type SmsSubscriptionIntent = { subscriptionId: string; clientSecret: string } | { status: "active" };

/**
 * POST /api/sms/subscription: the add-on's client secret for the Payment Element ({status: "active"} when
 * it already runs). A query rather than a mutation so a re-render never asks twice (the server answers the
 * same open subscription anyway); dropped once the checkout closes, so the next one asks afresh.
 */
export function useSmsSubscriptionIntent(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery<SmsSubscriptionIntent>({
    queryKey: [SUBSCRIPTION_INTENT_KEY],
    queryFn: async () => {
      const answer = await apiRequest<SmsSubscriptionIntent>("POST", SUBSCRIPTION_INTENT_KEY);
      // Already running (paid in another tab): the status the section shows is out of date.
      if ("status" in answer) await queryClient.invalidateQueries({ queryKey: [SMS_STATUS_KEY] });
      return answer;
    },
    enabled,
    gcTime: 0,
  });
}

/** A mutation whose answer is the new status. */
function useSmsAction<TInput>(method: string, url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiRequest<SmsStatus>(method, url, input),
    onSuccess: (status) => queryClient.setQueryData([SMS_STATUS_KEY], status),
  });
}

/** POST /api/sms/phone: the number and the consent ticked for it; the server texts a code. */
export function useSendSmsCode() {
  return useSmsAction<SmsPhoneInput>("POST", "/api/sms/phone");
}

/** POST /api/sms/phone/verify */
export function useVerifySmsCode() {
  return useSmsAction<SmsVerifyInput>("POST", "/api/sms/phone/verify");
}

/** POST /api/sms/phone/resend: another code to the number waiting for one. */
export function useResendSmsCode() {
  return useSmsAction<Record<string, never>>("POST", "/api/sms/phone/resend");
}

/** POST /api/sms/opt-out: no more texts until the number is entered and agreed to again. */
export function useSmsOptOut() {
  return useSmsAction<Record<string, never>>("POST", "/api/sms/opt-out");
}
