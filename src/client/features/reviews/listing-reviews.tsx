import { EyeOff, Star } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { Review, ReviewSummary } from "../../../shared/schemas/reviews";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadMore } from "../../components/ui/load-more";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { ReviewItem } from "./review-item";
import { Stars } from "./stars";
import { useBuyerReviews } from "./use-buyer-reviews";

// The hide form is its own chunk (zod and the shared schema): the detail page loads it only for an
// admin who presses Hide.
const HideReviewDialog = lazy(() => import("./hide-review-dialog"));

/**
 * The listing detail's Reviews card: the buyer's average and count, the newest reviews, and
 * every review page by page on request. Admins also get a Hide button on each review (and see the
 * hidden ones in the full list, marked).
 */
export function ListingReviews({
  buyerId,
  summary,
  isAdmin,
}: {
  buyerId: string;
  summary: ReviewSummary;
  isAdmin: boolean;
}) {
  const [showAll, setShowAll] = useState(false);
  const [hiding, setHiding] = useState<Review | null>(null);
  const all = useBuyerReviews(buyerId, showAll);
  const hideButton = (review: Review) =>
    isAdmin && !review.hidden ? (
      <Button size="sm" variant="secondary" onClick={() => setHiding(review)}>
        <EyeOff className="h-4 w-4" aria-hidden />
        Hide review
      </Button>
    ) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reviews</CardTitle>
        <CardDescription>
          Written by publishers after a deal this buyer accepted: only verified deals can be reviewed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {summary.count === 0 || summary.average === null ? (
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <Star className="h-5 w-5 text-slate-400" aria-hidden />
            <p>No reviews yet.</p>
          </div>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-2xl font-bold">{summary.average.toFixed(1)}</span>
              <Stars rating={summary.average} />
              <span className="text-sm text-slate-600">
                from {summary.count} review{summary.count === 1 ? "" : "s"}
              </span>
            </p>
            {showAll ? (
              <QueryState
                query={all}
                loadingLabel="Loading every review…"
                loading={<Skeleton className="h-32 w-full" />}
              >
                {(data) => (
                  <div className="space-y-4">
                    <ul aria-label="Every review" className="divide-y divide-slate-100">
                      {data.pages
                        .flatMap((page) => page.reviews)
                        .map((review) => (
                          <ReviewItem key={review.id} review={review}>
                            {hideButton(review)}
                          </ReviewItem>
                        ))}
                    </ul>
                    <LoadMore query={all} />
                  </div>
                )}
              </QueryState>
            ) : (
              <>
                <ul aria-label="Latest reviews" className="divide-y divide-slate-100">
                  {summary.latest.map((review) => (
                    <ReviewItem key={review.id} review={review}>
                      {hideButton(review)}
                    </ReviewItem>
                  ))}
                </ul>
                {(summary.count > summary.latest.length || isAdmin) && (
                  <Button variant="secondary" onClick={() => setShowAll(true)}>
                    Show all reviews
                  </Button>
                )}
              </>
            )}
          </>
        )}
      </CardContent>
      {hiding && (
        <Suspense fallback={null}>
          <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />
        </Suspense>
      )}
    </Card>
  );
}
