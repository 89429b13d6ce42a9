import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { ContactActionKind, ListingSort } from "../../../shared/constants";
import {
  canonicalVertical,
  LISTING_SORTS,
  PAYOUT_BUCKETS,
  REQUIREMENT_TAG_IDS,
} from "../../../shared/constants";
import type { CompareResponse } from "../../../shared/schemas/compare";
import type {
  Listing,
  ListingContact,
  ListingDetail,
  RevealContactResponse,
} from "../../../shared/schemas/listings";
import { toast, toastError } from "../../components/ui/use-toast";
import { ApiError, apiFetch, apiRequest, hasErrorCode, parseNextLink } from "../../lib/api";
import { goToLogin, useAuth } from "../auth";
import { LISTINGS_KEY } from "./listing-api";

// With listing-api.ts, the only module that knows the directory's URLs, so a path changes in one place.

export { LISTINGS_KEY } from "./listing-api";

const SAVED_LISTINGS_KEY = "/api/saved-listings";

/** Browse filters as they live in the page URL (shareable, survive reload). */
export interface BrowseFilters {
  search: string;
  vertical: string;
  payout: string;
  geo: string;
  /** Requirement tag ids, comma separated, as in the URL (tags=trustedform,no-ivr). */
  tags: string;
  /** "1": verified buyers only (the "Verified buyer" badge in force); "" for everyone. */
  verified: string;
  /** The order, one of LISTING_SORTS; "" is the default (Featured: boosted first), left out of the URL. */
  sort: ListingSort | "";
}

/** The order a page URL asks for; an unknown one (a hand-edited URL) reads as the default. */
const sortFromParam = (value: string | null): ListingSort | "" =>
  LISTING_SORTS.find((sort) => sort === value && sort !== "boosted") ?? "";

export function filtersFromSearch(search: string): BrowseFilters {
  const params = new URLSearchParams(search);
  return {
    search: params.get("search") ?? "",
    // A link saved before a vertical was renamed ("Auto") shows today's name in the filter.
    vertical: canonicalVertical(params.get("vertical") ?? "") ?? params.get("vertical") ?? "",
    payout: params.get("payout") ?? "",
    geo: params.get("geo") ?? "",
    tags: params.get("tags") ?? "",
    verified: params.get("verified") === "1" ? "1" : "",
    sort: sortFromParam(params.get("sort")),
  };
}

/** The tag ids of a filter, in REQUIREMENT_TAGS order, unknown ids dropped (a hand-edited URL). */
export function selectedTags(filters: Pick<BrowseFilters, "tags">): string[] {
  const chosen = new Set(filters.tags.split(","));
  return REQUIREMENT_TAG_IDS.filter((id) => chosen.has(id));
}

/** The page URL's query for a set of filters; empty filters are left out. */
export function filtersToSearch(filters: BrowseFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value.trim()) params.set(key, value.trim());
  }
  return params.toString();
}

/** The API query: the payout bucket becomes payoutMin/payoutMax (min inclusive, max exclusive). */
export function filtersToApiQuery(filters: BrowseFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.vertical) params.set("vertical", filters.vertical);
  const bucket = PAYOUT_BUCKETS.find((b) => b.id === filters.payout);
  if (bucket) {
    params.set("payoutMin", String(bucket.min));
    if (bucket.max !== null) params.set("payoutMax", String(bucket.max));
  }
  if (filters.geo) params.set("geo", filters.geo);
  const tags = selectedTags(filters);
  if (tags.length > 0) params.set("tags", tags.join(","));
  if (filters.verified === "1") params.set("verified", "1");
  if (filters.sort) params.set("sort", filters.sort);
  return params.toString();
}

// The directory's pages are announced the way every list's are (lib/api.ts).
export { parseNextLink } from "../../lib/api";

interface ListingPage {
  listings: Listing[];
  next: string | null;
}

/** The API URL of the directory's first page for these filters (later pages follow its Link header). */
export function directoryFirstPageUrl(filters: BrowseFilters): string {
  const query = filtersToApiQuery(filters);
  return query ? `${LISTINGS_KEY}?${query}` : LISTINGS_KEY;
}

/** A directory's query key: its first page's API query. */
const directoryKey = (firstPageUrl: string) => [LISTINGS_KEY, "browse", firstPageUrl.split("?")[1] ?? ""];

/**
 * Puts a directory's first page, read beforehand (by the server drawing the page), where useListings
 * finds it, as if it had fetched it: Load More goes on from `next`.
 */
export function seedDirectoryPage(
  queryClient: QueryClient,
  { url, listings, next }: { url: string; listings: Listing[]; next: string | null },
): void {
  const data: InfiniteData<ListingPage, string> = { pages: [{ listings, next }], pageParams: [url] };
  queryClient.setQueryData(directoryKey(url), data);
}

/** Puts a listing, read beforehand, where useListing(id) finds it. */
export function seedListing(queryClient: QueryClient, id: string, listing: ListingDetail): void {
  queryClient.setQueryData([LISTINGS_KEY, id], listing);
}

/** Browse: the filtered directory, one keyset page at a time ("Load More"). */
export function useListings(filters: BrowseFilters) {
  const firstPageUrl = directoryFirstPageUrl(filters);
  return useInfiniteQuery({
    queryKey: directoryKey(firstPageUrl),
    initialPageParam: firstPageUrl,
    queryFn: async ({ pageParam }): Promise<ListingPage> => {
      const { data, headers } = await apiFetch<Listing[]>("GET", pageParam);
      return { listings: data, next: parseNextLink(headers.get("Link")) };
    },
    getNextPageParam: (lastPage) => lastPage.next,
  });
}

/** What the browse page says when the list cannot be fetched: it names the status text. */
export function describeListingsFailure(error: unknown): string {
  const reason = error instanceof ApiError ? error.statusText || String(error.status) : "Network error";
  return `Failed to fetch buyer listings: ${reason}`;
}

/** One listing; its key makes the default fetcher GET /api/buyer-listings/{id}. */
export function useListing(id: string) {
  return useQuery<ListingDetail>({ queryKey: [LISTINGS_KEY, id] });
}

/**
 * Contact reveal: signed out goes to login; without Premium the upgrade dialog opens;
 * with Premium the reveal is recorded, "Contact Revealed" shows and the listing is refetched.
 * `revealed` holds the contacts the server answered with, by listing: where one is, "Contact Buyer"
 * gives way to its actions (ContactActions).
 */
export function useContactReveal() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [revealed, setRevealed] = useState<ReadonlyMap<string, ListingContact>>(new Map());
  const mutation = useMutation({
    mutationFn: (listingId: string) =>
      apiRequest<RevealContactResponse>("POST", `/api/reveal-contact/${listingId}`),
    onSuccess: ({ contact }, listingId) => {
      setRevealed((previous) => new Map(previous).set(listingId, contact));
      toast({
        title: "Contact Revealed",
        description: [contact.company, contact.email, contact.phone].filter(Boolean).join(" · "),
      });
      return queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] });
    },
    onError: (error) => {
      // Premium ended since the page loaded: the server refuses with premium_required.
      if (hasErrorCode(error, "premium_required")) return setUpgradeOpen(true);
      toastError(error);
    },
  });
  const reveal = (listing: Listing) => {
    if (!user) return goToLogin();
    // The server sends a contact only to those who may see it: no copy of that rule here.
    if (!listing.contact) return setUpgradeOpen(true);
    mutation.mutate(listing.id);
  };
  return { reveal, isRevealing: mutation.isPending, revealed, upgradeOpen, setUpgradeOpen };
}

/**
 * Reports what the viewer did with a shown contact (wrote, called, copied) for the buyer's analytics.
 * The action itself has already happened in the browser, so a failed report is not the viewer's
 * problem and shows nothing, except that the server no longer lets them see the contact (Premium
 * ended since the page loaded): the listing is then refetched, masked, with the upgrade offer.
 */
export function useRecordContactAction(listingId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (kind: ContactActionKind) =>
      apiRequest<void>("POST", `/api/contact-actions/${listingId}`, { kind }),
    onError: (error) => {
      if (hasErrorCode(error, "premium_required")) {
        return queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] });
      }
    },
  });
  return mutation.mutate;
}

/** The signed-in viewer's saved listings, newest first; nothing is asked for a signed-out visitor. */
export function useSavedListings() {
  const { user } = useAuth();
  return useQuery<Listing[]>({ queryKey: [SAVED_LISTINGS_KEY], enabled: Boolean(user) });
}

/**
 * Which listings the viewer saved, to mark the directory's cards. One request for the whole list (at
 * most 200, the server's cap) instead of a saved flag computed on every directory row.
 */
export function useSavedIds(): ReadonlySet<string> {
  const { data } = useSavedListings();
  return useMemo(() => new Set(data?.map((listing) => listing.id)), [data]);
}

/**
 * Save toggles a bookmark for the signed-in user; signed-out visitors are sent to log in. The detail
 * page and the saved list are updated at once, then the saved list is read again from the server.
 */
export function useToggleSaved(listing: Listing, isSaved: boolean) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (save: boolean) => apiRequest(save ? "PUT" : "DELETE", `/api/saved-listings/${listing.id}`),
    onSuccess: (_data, save) => {
      queryClient.setQueryData<ListingDetail>([LISTINGS_KEY, listing.id], (old) =>
        old ? { ...old, isSaved: save } : old,
      );
      queryClient.setQueryData<Listing[]>([SAVED_LISTINGS_KEY], (old) => {
        if (!old) return old;
        const others = old.filter((saved) => saved.id !== listing.id);
        return save ? [listing, ...others] : others;
      });
      toast({ title: save ? "Listing Saved" : "Listing Removed", description: listing.title });
      return queryClient.invalidateQueries({ queryKey: [SAVED_LISTINGS_KEY] });
    },
    onError: (error) => toastError(error),
  });
  const toggle = () => {
    if (!user) return goToLogin();
    mutation.mutate(!isSaved);
  };
  return { toggle, isPending: mutation.isPending };
}

/** The compare page's listings, in the order of `ids` (already checked against the shared schema). */
export function useComparedListings(ids: readonly string[]) {
  return useQuery<CompareResponse>({
    queryKey: [`/api/compare-listings?ids=${ids.join(",")}`],
    enabled: ids.length > 0,
  });
}
