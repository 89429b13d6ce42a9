import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminDispute,
  Dispute,
  OpenDisputeInput,
  ResolveDisputeInput,
} from "../../../shared/schemas/disputes";
import { apiRequest } from "../../lib/api";

// The only module that knows the dispute URLs, so a path changes in one place. The admin's list is
// read by the admin feature's list hook (GET /api/admin/disputes); its key starts with ADMIN_DISPUTES_PATH.

const MY_DISPUTES_KEY = ["/api/disputes"] as const;
export const ADMIN_DISPUTES_PATH = "/api/admin/disputes";
const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;

/** GET /api/disputes: the caller's, as either party. */
export function useMyDisputes() {
  return useQuery<Dispute[]>({ queryKey: MY_DISPUTES_KEY });
}

/** POST /api/disputes */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenDisputeInput) => apiRequest<Dispute>("POST", "/api/disputes", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_DISPUTES_KEY }),
  });
}

/** POST /api/disputes/{id}/respond */
export function useRespondToDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, response }: { id: string; response: string }) =>
      apiRequest<Dispute>("POST", `/api/disputes/${id}/respond`, { response }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_DISPUTES_KEY }),
  });
}

/** POST /api/admin/disputes/{id}/resolve: the list, the dashboard figures and the audit log change. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ResolveDisputeInput & { id: string }) =>
      apiRequest<AdminDispute>("POST", `/api/admin/disputes/${id}/resolve`, input),
    onSuccess: () =>
      Promise.all(
        [[ADMIN_DISPUTES_PATH], ADMIN_STATS_KEY, ["/api/admin/audit-logs"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
