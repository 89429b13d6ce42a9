import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuyerVerificationStatus } from "../../../shared/constants";
import {
  type AdminBuyerVerification,
  BUYER_VERIFICATION_MESSAGES,
  type VerificationChecklist,
} from "../../../shared/schemas/buyer-verification";
import { toast } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";
import { useAdminList } from "./use-admin-list";

// The only module that knows the buyer verification review's URLs.

const VERIFICATIONS_PATH = "/api/admin/buyer-verifications";
const AUDIT_PATH = "/api/admin/audit-logs";
/** The directory shows the badge: approving or revoking changes its cards and pages. */
const LISTINGS_PATH = "/api/buyer-listings";

/** The screen's filter: the queue first, then the decided ones (the approved are where Revoke is). */
export const VERIFICATION_FILTERS = ["submitted", "approved", "rejected", "revoked"] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

export const VERIFICATION_FILTER_LABELS: Record<VerificationFilter, string> = {
  submitted: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  revoked: "Revoked",
};

/** A status in the URL that is not a filter's choice (a hand-edited link) reads as the queue. */
export function verificationFilter(status: string): VerificationFilter {
  return (VERIFICATION_FILTERS as readonly string[]).includes(status)
    ? (status as VerificationFilter)
    : "submitted";
}

/** GET /api/admin/buyer-verifications?status=: the queue oldest first, or one state's list. */
export function useBuyerVerificationsForReview(status: BuyerVerificationStatus) {
  return useAdminList<AdminBuyerVerification>(VERIFICATIONS_PATH, { status });
}

/** What each decision dialog takes: whose attempt, its open state, where focus returns. */
export interface VerificationDialogProps {
  verification: AdminBuyerVerification;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Approve, reject and revoke, each with its toast; the lists, the audit log and the directory refresh.
 * A refusal is said in the dialog that asked (its form keeps what was typed), not in a toast.
 */
export function useDecideVerification(options: { onDecided?: () => void } = {}) {
  const queryClient = useQueryClient();
  const decided = (title: string) => {
    toast({ title });
    options.onDecided?.();
    return Promise.all(
      [VERIFICATIONS_PATH, AUDIT_PATH, LISTINGS_PATH].map((path) =>
        queryClient.invalidateQueries({ queryKey: [path] }),
      ),
    );
  };
  const approve = useMutation({
    mutationFn: ({ id, ...body }: { id: string; checklist: VerificationChecklist; reason?: string }) =>
      apiRequest<unknown>("POST", `${VERIFICATIONS_PATH}/${id}/approve`, body),
    onSuccess: () => decided(BUYER_VERIFICATION_MESSAGES.approved),
  });
  const reject = useMutation({
    mutationFn: ({ id, ...body }: { id: string; reason: string; checklist?: VerificationChecklist }) =>
      apiRequest<unknown>("POST", `${VERIFICATIONS_PATH}/${id}/reject`, body),
    onSuccess: () => decided(BUYER_VERIFICATION_MESSAGES.rejected),
  });
  const revoke = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<unknown>("POST", `${VERIFICATIONS_PATH}/${id}/revoke`, { reason }),
    onSuccess: () => decided(BUYER_VERIFICATION_MESSAGES.revoked),
  });
  return { approve, reject, revoke };
}
