import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type {
  AdminUser,
  RefundSubscriptionInput,
  UpdateAdminUser,
} from "../../../shared/schemas/admin-users";
import { toast, toastError } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";
import { AUTH_USER_KEY } from "../auth";
import { useAdminList, withQuery } from "./use-admin-list";
import { STATS_PATH } from "./use-admin-stats";

const USERS_PATH = "/api/admin/users";

export interface UserFilters {
  search: string;
  role: string;
  state: string;
}

export function useAdminUsers(filters: UserFilters) {
  return useAdminList<AdminUser>(USERS_PATH, {
    search: filters.search.trim(),
    role: filters.role,
    state: filters.state,
  });
}

/** What a change did, in words for the toast. */
function describeChange(user: AdminUser, changes: UpdateAdminUser): string {
  if (changes.role !== undefined)
    return `${user.email} is now ${user.role === "admin" ? "an" : "a"} ${user.role} and signed out everywhere.`;
  if (changes.disabled === true) return `${user.email} is disabled and signed out everywhere.`;
  if (changes.disabled === false) return `${user.email} can sign in again.`;
  return changes.complimentaryPremium
    ? `${user.email} has complimentary Premium.`
    : `${user.email} no longer has complimentary Premium.`;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, changes }: { userId: string; changes: UpdateAdminUser }) =>
      apiRequest<AdminUser>("PATCH", `${USERS_PATH}/${userId}`, changes),
    onSuccess: (user, { changes }) => {
      toast({ title: "User Updated", description: describeChange(user, changes) });
      return Promise.all(
        // A disabled owner's listings leave the directory, so the listing lists change too.
        [
          USERS_PATH,
          STATS_PATH,
          "/api/admin/audit-logs",
          "/api/admin/buyer-listings",
          "/api/buyer-listings",
        ].map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
      );
    },
    onError: (error) => toastError(error),
  });
}

/**
 * Signs the user out everywhere (POST /api/admin/users/{id}/sessions/end); their account stays as it is.
 * When that user is the viewer, this browser's session ended too: every further read would answer 401.
 */
export function useEndUserSessions(viewerId: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (user: AdminUser) =>
      apiRequest<{ ended: number }>("POST", `${USERS_PATH}/${user.id}/sessions/end`),
    onSuccess: ({ ended }, user) => {
      toast({
        title: "Sessions Ended",
        description: `${user.email} is signed out everywhere (${ended === 1 ? "1 session" : `${ended} sessions`} ended).`,
      });
      if (user.id === viewerId) {
        navigate("/", { replace: true });
        queryClient.setQueryData(AUTH_USER_KEY, null);
        return;
      }
      return Promise.all(
        [USERS_PATH, "/api/admin/audit-logs"].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      );
    },
    onError: (error) => toastError(error),
  });
}

/** POST /api/admin/users/{id}/refund: a paid subscription refunded in full and ended now. */
export function useRefundSubscription(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: RefundSubscriptionInput }) =>
      apiRequest<AdminUser>("POST", `${USERS_PATH}/${userId}/refund`, input),
    onSuccess: (user, { input }) => {
      const product = input.product === "premium" ? "Premium" : "SMS Alerts";
      toast({
        title: "Refund issued",
        description: `${user.email}'s ${product} was refunded through Stripe and has ended.`,
      });
      onDone();
      return Promise.all(
        [USERS_PATH, STATS_PATH, "/api/admin/audit-logs"].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      );
    },
  });
}

const OPTION_LIMIT = "10";

/** Users matching a search, for a picker (the audit log's user filter). */
export function useUserOptions(search: string, enabled: boolean) {
  const url = withQuery(USERS_PATH, { search: search.trim(), limit: OPTION_LIMIT });
  return useQuery({
    queryKey: [USERS_PATH, "options", url],
    queryFn: () => apiRequest<AdminUser[]>("GET", url),
    enabled,
  });
}

/** One user by id (the picker's current choice after a reload). */
export function useUserById(userId: string) {
  const url = withQuery(USERS_PATH, { id: userId });
  return useQuery({
    queryKey: [USERS_PATH, "one", url],
    queryFn: async () => (await apiRequest<AdminUser[]>("GET", url))[0] ?? null,
    enabled: Boolean(userId),
  });
}
