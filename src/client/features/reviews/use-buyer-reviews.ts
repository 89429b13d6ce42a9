import { useInfiniteQuery } from "@tanstack/react-query";
import type { Review } from "../../../shared/schemas/reviews";
import { apiFetch, parseNextLink } from "../../lib/api";

// The public read of a buyer's reviews (the listing detail's "Show all reviews"). Its key is what the
// review writes (use-reviews.ts) invalidate.

export const BUYER_REVIEWS_KEY = "/api/buyers/reviews";

/** GET /api/buyers/{id}/reviews, page by page ("Load More"); only asked for once `enabled`. */
export function useBuyerReviews(buyerId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [BUYER_REVIEWS_KEY, buyerId],
    enabled,
    initialPageParam: `/api/buyers/${buyerId}/reviews`,
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await apiFetch<Review[]>("GET", pageParam);
      return { reviews: data, next: parseNextLink(headers.get("Link")) };
    },
    getNextPageParam: (last) => last.next,
  });
}
