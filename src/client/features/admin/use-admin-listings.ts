import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_MESSAGES } from "../../../shared/constants";
import type { AdminListing, BuyerProfileOption } from "../../../shared/schemas/admin-listings";
import type { CreateAdminListing } from "../../../shared/schemas/listing-input";
import { toast, toastError } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";
import type { ComboboxOption } from "./entity-combobox";
import { useAdminList, withQuery } from "./use-admin-list";
import { STATS_PATH } from "./use-admin-stats";

export const LISTINGS_PATH = "/api/admin/buyer-listings";
const PROFILES_PATH = "/api/admin/buyer-profiles";
const AUDIT_PATH = "/api/admin/audit-logs";

export interface ListingFilters {
  search: string;
  vertical: string;
  status: string;
}

/** Pages of 24: whole rows of the card grid at two and three columns. */
const LISTING_PAGE_SIZE = "24";

export function useAdminListings(filters: ListingFilters) {
  return useAdminList<AdminListing>(LISTINGS_PATH, {
    search: filters.search.trim(),
    vertical: filters.vertical,
    status: filters.status,
    limit: LISTING_PAGE_SIZE,
  });
}

/** After any change to a listing (an edit, a boost): the admin's lists, the directory, figures and audit. */
export function useRefreshListings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      // The directory's own lists change too.
      [LISTINGS_PATH, PROFILES_PATH, STATS_PATH, AUDIT_PATH, "/api/buyer-listings"].map((path) =>
        queryClient.invalidateQueries({ queryKey: [path] }),
      ),
    );
}

const success = (description: string) => toast({ title: ADMIN_MESSAGES.success, description });

/** "Success" / "Buyer listing created successfully.", else the server's message or the fallback. */
export function useCreateListing(onDone: () => void) {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (input: CreateAdminListing) => apiRequest<AdminListing>("POST", LISTINGS_PATH, input),
    onSuccess: () => {
      success(ADMIN_MESSAGES.listingCreated);
      onDone();
      return refresh();
    },
    onError: (error) => toastError(error, ADMIN_MESSAGES.createListingFailed),
  });
}

export function useUpdateListing(listingId: string, onDone: () => void) {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (input: CreateAdminListing) =>
      apiRequest<AdminListing>("PUT", `${LISTINGS_PATH}/${listingId}`, input),
    onSuccess: () => {
      success(ADMIN_MESSAGES.listingUpdated);
      onDone();
      return refresh();
    },
    onError: (error) => toastError(error, ADMIN_MESSAGES.updateListingFailed),
  });
}

export function useDeleteListing(onDone: () => void) {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (listingId: string) => apiRequest("DELETE", `${LISTINGS_PATH}/${listingId}`),
    onSuccess: () => {
      success(ADMIN_MESSAGES.listingDeleted);
      onDone();
      return refresh();
    },
    onError: (error) => toastError(error, ADMIN_MESSAGES.deleteListingFailed),
  });
}

/** The owners an admin can choose for a listing, by company or email. */
/** A buyer profile as a choice of the owner combobox: the company, with the email beneath. */
export function buyerOption(profile: { id: string; company: string; email: string }): ComboboxOption {
  return { id: profile.id, label: profile.company, description: profile.email };
}

/** The owner combobox's search (the listing form's and the CSV import's "Buyer"). */
export function useBuyerOptions(search: string, enabled: boolean) {
  const query = useBuyerProfileOptions(search, enabled);
  return { ...query, data: query.data?.map(buyerOption) };
}

function useBuyerProfileOptions(search: string, enabled: boolean) {
  const url = withQuery(PROFILES_PATH, { search: search.trim() });
  return useQuery({
    queryKey: [PROFILES_PATH, url],
    queryFn: () => apiRequest<BuyerProfileOption[]>("GET", url),
    enabled,
  });
}
