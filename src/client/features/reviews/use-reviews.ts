import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateReviewInput, MyReviews, OwnReview, Review } from "../../../shared/schemas/reviews";
import { apiRequest } from "../../lib/api";
import { LISTINGS_KEY } from "../listings";
import { BUYER_REVIEWS_KEY } from "./use-buyer-reviews";

// The review URLs (known only here and in use-buyer-reviews.ts): that one holds the read the listing
// detail needs, so the detail page does not load these writes (nor, through LISTINGS_KEY, the listing
// forms).

const MY_REVIEWS_KEY = ["/api/reviews/mine"] as const;

/** GET /api/reviews/mine: what the caller wrote, received, and may still write. */
export function useMyReviews() {
  return useQuery<MyReviews>({ queryKey: MY_REVIEWS_KEY });
}

/** After a review changes, every place that shows reviews or the score reads again. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MY_REVIEWS_KEY }),
      queryClient.invalidateQueries({ queryKey: [BUYER_REVIEWS_KEY] }),
      queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] }),
    ]);
}

/** POST /api/reviews */
export function useCreateReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => apiRequest<OwnReview>("POST", "/api/reviews", input),
    onSuccess: () => refresh(),
  });
}

/** POST /api/reviews/{id}/reply */
export function useReplyToReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiRequest<OwnReview>("POST", `/api/reviews/${id}/reply`, { body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/reviews/{id}/hide */
export function useHideReview() {
  const refresh = useRefreshReviews();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<Review>("POST", `/api/admin/reviews/${id}/hide`, { reason }),
    onSuccess: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ["/api/admin/audit-logs"] })]),
  });
}
