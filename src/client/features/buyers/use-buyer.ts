import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalyticsRange } from "../../../shared/constants";
import type { Analytics } from "../../../shared/schemas/analytics";
import type {
  BuyerProfile,
  BuyerStats,
  CreateBuyerProfileInput,
  UpdateBuyerProfileInput,
} from "../../../shared/schemas/buyers";
import type { CreateBuyerListingInput } from "../../../shared/schemas/listing-input";
import type { Listing } from "../../../shared/schemas/listings";
import { apiFetch, apiRequest } from "../../lib/api";
import { AUTH_USER_KEY } from "../auth";
import { LISTINGS_KEY, parseNextLink } from "../listings";

// The only module that knows the buyer workspace's URLs, so a path changes in one place.

const BUYER_PROFILE_KEY = ["/api/buyer-profile"] as const;
const BUYER_STATS_KEY = ["/api/buyer-stats"] as const;
const BUYER_ANALYTICS_KEY = "/api/buyer-analytics";
/** Under the directory's key, so any listing change refreshes browse, detail and this list together. */
const MY_LISTINGS_KEY = [LISTINGS_KEY, "mine"] as const;
const MY_LISTINGS_PAGE = 50;

/** GET /api/buyer-profile: the profile, or null before one exists. */
export function useBuyerProfile() {
  return useQuery<BuyerProfile | null>({ queryKey: BUYER_PROFILE_KEY });
}

/** POST /api/buyer-profile: creating it makes a guest a buyer, so the current user is read again. */
export function useCreateBuyerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBuyerProfileInput) =>
      apiRequest<BuyerProfile>("POST", "/api/buyer-profile", input),
    onSuccess: async (profile) => {
      queryClient.setQueryData(BUYER_PROFILE_KEY, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: BUYER_STATS_KEY }),
      ]);
    },
  });
}

/** PUT /api/buyer-profile: the company name and contact appear on every listing, so those refresh too. */
export function useUpdateBuyerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBuyerProfileInput) =>
      apiRequest<BuyerProfile>("PUT", "/api/buyer-profile", input),
    onSuccess: async (profile) => {
      queryClient.setQueryData(BUYER_PROFILE_KEY, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BUYER_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] }),
      ]);
    },
  });
}

interface ListingPage {
  listings: Listing[];
  next: string | null;
}

/**
 * The buyer's own listings, every status (GET /api/buyer-listings?mine=1; without `mine` the same path
 * is the public directory), newest first.
 */
export function useMyListings(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: MY_LISTINGS_KEY,
    enabled,
    initialPageParam: `${LISTINGS_KEY}?mine=1&sort=newest&limit=${MY_LISTINGS_PAGE}`,
    queryFn: async ({ pageParam }): Promise<ListingPage> => {
      const { data, headers } = await apiFetch<Listing[]>("GET", pageParam);
      return { listings: data, next: parseNextLink(headers.get("Link")) };
    },
    getNextPageParam: (lastPage) => lastPage.next,
  });
}

/** After any change to a listing: the directory, the detail pages, "mine", the figures and analytics. */
function useRefreshListings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] }),
      queryClient.invalidateQueries({ queryKey: BUYER_STATS_KEY }),
      queryClient.invalidateQueries({ queryKey: [BUYER_ANALYTICS_KEY] }),
    ]);
}

export function useCreateListing() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (input: CreateBuyerListingInput) => apiRequest<Listing>("POST", LISTINGS_KEY, input),
    onSuccess: refresh,
  });
}

/** PUT /api/buyer-listings/{id} with any subset of the fields (the edit form, Pause and Resume). */
export function useUpdateListing() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<CreateBuyerListingInput> }) =>
      apiRequest<Listing>("PUT", `${LISTINGS_KEY}/${id}`, changes),
    onSuccess: refresh,
  });
}

export function useDeleteListing() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `${LISTINGS_KEY}/${id}`),
    onSuccess: refresh,
  });
}

/** The dashboard's four cards, counted by the server. */
export function useBuyerStats(enabled: boolean) {
  return useQuery<BuyerStats>({ queryKey: BUYER_STATS_KEY, enabled });
}

/** The Analytics tab for the last `days` days. */
export function useBuyerAnalytics(days: AnalyticsRange) {
  return useQuery<Analytics>({
    queryKey: [BUYER_ANALYTICS_KEY, days],
    queryFn: () => apiRequest<Analytics>("GET", `${BUYER_ANALYTICS_KEY}?days=${days}`),
  });
}
