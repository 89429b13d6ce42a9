import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ActivityEntry,
  CreatePublisherProfileInput,
  PublisherDashboard,
  PublisherProfile,
  UpdatePublisherProfileInput,
  VerifyDomainInput,
  VerifyDomainResult,
} from "../../../shared/schemas/publisher";
import type { ComplianceInput, ComplianceRecord } from "../../../shared/schemas/publisher-compliance";
import { apiRequest } from "../../lib/api";
import { AUTH_USER_KEY } from "../auth";

// The only place that knows the publisher URLs, so a path changes in one place. Keys are the URL's
// segments: the default read joins them into the path.

const PUBLISHER_PROFILE_KEY = ["/api/publisher-profile"] as const;
const ACTIVITY_KEY = ["/api/publisher-profile", "activity"] as const;
const COMPLIANCE_KEY = ["/api/compliance"] as const;
const DASHBOARD_KEY = ["/api/publisher-dashboard"] as const;

/** The viewer's profile; `null` when they have none yet. `enabled: false` skips asking (not a publisher). */
export function usePublisherProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<PublisherProfile | null>({ queryKey: PUBLISHER_PROFILE_KEY, enabled });
}

export function usePublisherActivity() {
  return useQuery<ActivityEntry[]>({ queryKey: ACTIVITY_KEY });
}

export function useLatestCompliance() {
  return useQuery<ComplianceRecord | null>({ queryKey: COMPLIANCE_KEY });
}

export function usePublisherDashboard() {
  return useQuery<PublisherDashboard>({ queryKey: DASHBOARD_KEY });
}

/**
 * Reads again everything a publisher change can move (the profile and its activity, the record, the
 * nav's role): the wizard calls it after step 5, or after a failed one changed the server's state.
 */
export function usePublisherRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: PUBLISHER_PROFILE_KEY }),
      queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
      queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    ]);
  };
}

/** POST /api/publisher-profile. The caller refreshes (the wizard does it once, at the end). */
export function useCreatePublisherProfile() {
  return useMutation({
    mutationFn: (input: CreatePublisherProfileInput) =>
      apiRequest<PublisherProfile>("POST", "/api/publisher-profile", input),
  });
}

/** POST /api/compliance. */
export function useSubmitCompliance() {
  return useMutation({
    mutationFn: (input: ComplianceInput) => apiRequest<ComplianceRecord>("POST", "/api/compliance", input),
  });
}

/** PUT /api/publisher-profile/{id} with only the changed fields. */
export function useUpdatePublisherProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePublisherProfileInput }) =>
      apiRequest<PublisherProfile>("PUT", `/api/publisher-profile/${id}`, changes),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PUBLISHER_PROFILE_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}

/** POST /api/publisher-profile/verify-domain: the server fetches the homepage and looks for the tag. */
export function useVerifyDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyDomainInput) =>
      apiRequest<VerifyDomainResult>("POST", "/api/publisher-profile/verify-domain", input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PUBLISHER_PROFILE_KEY });
    },
  });
}

/** Reads the profile from the server now (the wizard checks whether a refused creation raced another). */
export function useFetchPublisherProfile() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery<PublisherProfile | null>({ queryKey: PUBLISHER_PROFILE_KEY, staleTime: 0 });
}
