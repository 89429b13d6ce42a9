import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BuyerVerificationState,
  CheckBuyerDomainInput,
  ConfirmWorkEmailInput,
  SendWorkEmailCodeInput,
} from "../../../shared/schemas/buyer-verification";
import { apiRequest } from "../../lib/api";

// The only module that knows the buyer's verification URLs, so a path changes in one place.

const STATE_KEY = ["/api/buyer-verification"] as const;

/** GET /api/buyer-verification: the badge, the latest attempt and what to publish to prove the domain. */
export function useBuyerVerification() {
  return useQuery<BuyerVerificationState>({ queryKey: STATE_KEY });
}

/**
 * One step of the verification. Whatever the step answers, refused or not, the state is read again
 * afterwards: it is the one source of what to show next (the step reached, a wrong code's tries left).
 */
function useVerificationStep<TInput>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiRequest<unknown>("POST", path, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATE_KEY }),
  });
}

/** POST /api/buyer-verification: starts an attempt (or a renewal, or a new one after a refusal). */
export function useStartVerification() {
  return useVerificationStep<Record<string, never>>("/api/buyer-verification");
}

/** POST /api/buyer-verification/domain: the server looks up the TXT record or fetches the homepage. */
export function useCheckDomain() {
  return useVerificationStep<CheckBuyerDomainInput>("/api/buyer-verification/domain");
}

/** POST /api/buyer-verification/email: a 6-digit code is mailed to the work address. */
export function useSendWorkEmailCode() {
  return useVerificationStep<SendWorkEmailCodeInput>("/api/buyer-verification/email");
}

/** POST /api/buyer-verification/email/confirm */
export function useConfirmWorkEmail() {
  return useVerificationStep<ConfirmWorkEmailInput>("/api/buyer-verification/email/confirm");
}

/** POST /api/buyer-verification/submit: both proofs done, an administrator reviews the business. */
export function useSubmitVerification() {
  return useVerificationStep<Record<string, never>>("/api/buyer-verification/submit");
}
