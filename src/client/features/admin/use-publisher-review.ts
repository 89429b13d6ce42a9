import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ADMIN_MESSAGES } from "../../../shared/constants";
import type { PublisherDecision, ReviewPublisher } from "../../../shared/schemas/admin-publishers";
import { toast, toastError } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";
import { useAdminList } from "./use-admin-list";
import { STATS_PATH } from "./use-admin-stats";

const PUBLISHERS_PATH = "/api/admin/pending-publishers";
const AUDIT_PATH = "/api/admin/audit-logs";

/** The status filter's choices; "all" asks for every status. */
export const PUBLISHER_FILTERS = ["all", "pending", "approved", "rejected"] as const;

/** Publisher applications; a status that is not one of the filter's choices (a hand-edited URL) reads as all. */
export function usePublishersForReview({
  status,
  search,
  limit,
}: {
  status: string;
  search: string;
  limit?: number;
}) {
  const known = status !== "all" && (PUBLISHER_FILTERS as readonly string[]).includes(status);
  return useAdminList<ReviewPublisher>(PUBLISHERS_PATH, {
    status: known ? status : undefined,
    search: search.trim(),
    limit: limit ? String(limit) : undefined,
  });
}

/**
 * Approve or reject, each with its toast. The lists, the figures and the audit log are refetched, since
 * each of them changed.
 */
/** What the Approve and Reject dialogs take: whom they decide, their open state, where focus returns. */
export interface DecisionDialogProps {
  publisher: ReviewPublisher;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
  onDecided?: () => void;
}

export function useDecidePublisher(options: { onDecided?: (decision: PublisherDecision) => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [PUBLISHERS_PATH, STATS_PATH, AUDIT_PATH].map((path) =>
        queryClient.invalidateQueries({ queryKey: [path] }),
      ),
    );
  const approve = useMutation({
    mutationFn: (publisherId: string) =>
      apiRequest<PublisherDecision>("POST", `/api/admin/approve-publisher/${publisherId}`),
    onSuccess: (decision) => {
      toast({
        title: ADMIN_MESSAGES.publisherApproved,
        description: ADMIN_MESSAGES.publisherApprovedDescription,
      });
      options.onDecided?.(decision);
      return refresh();
    },
    onError: (error) => toastError(error),
  });
  const reject = useMutation({
    mutationFn: ({ publisherId, reason }: { publisherId: string; reason: string }) =>
      apiRequest<PublisherDecision>("POST", `/api/admin/reject-publisher/${publisherId}`, { reason }),
    onSuccess: (decision) => {
      toast({
        title: ADMIN_MESSAGES.publisherRejected,
        description: ADMIN_MESSAGES.publisherRejectedDescription,
      });
      options.onDecided?.(decision);
      return refresh();
    },
    onError: (error) => toastError(error),
  });
  return { approve, reject };
}
