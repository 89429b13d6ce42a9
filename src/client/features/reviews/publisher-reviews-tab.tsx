import { PenLine, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import type { AwaitingReview, OwnReview } from "../../../shared/schemas/reviews";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { ReviewItem } from "./review-item";
import { useMyReviews } from "./use-reviews";
import { WriteReviewDialog } from "./write-review-dialog";

/** Which deal a review is about, linked to its listing while it exists. */
export function DealLabel({ listingId, listingTitle }: Pick<OwnReview, "listingId" | "listingTitle">) {
  if (listingId && listingTitle) {
    return (
      <Link className="text-brand-700 underline underline-offset-2" href={listingPagePath(listingId)}>
        {listingTitle}
      </Link>
    );
  }
  return <span className="italic">Listing deleted</span>;
}

function ReviewPrompts({
  deals,
  onReview,
}: {
  deals: AwaitingReview[];
  onReview: (deal: AwaitingReview) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Deals to review</CardTitle>
        <CardDescription>
          These buyers accepted your deal requests. Your review helps other publishers and counts in the
          buyer's reliability score.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Deals to review" className="divide-y divide-slate-100">
          {deals.map((deal) => (
            <li
              key={deal.dealIntentId}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold">{deal.buyerName}</p>
                <p className="text-slate-700">
                  <DealLabel listingId={deal.listingId} listingTitle={deal.listingTitle} />
                  {deal.acceptedAt ? ` · accepted ${formatDate(deal.acceptedAt)}` : ""}
                </p>
              </div>
              <Button
                size="sm"
                onClick={() => onReview(deal)}
                aria-label={`Review this buyer: ${deal.buyerName}, ${deal.listingTitle ?? "deleted listing"}`}
              >
                <PenLine className="h-4 w-4" aria-hidden />
                Review this buyer
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * The publisher dashboard's Reviews tab: the reviews the publisher wrote,
 * and a "Review this buyer" prompt for each accepted deal without one. Empty: "No Reviews Yet"
 * with "Find Your First Deal".
 */
export function PublisherReviewsTab() {
  const reviews = useMyReviews();
  const [reviewing, setReviewing] = useState<AwaitingReview | null>(null);
  return (
    <>
      <QueryState
        query={reviews}
        loadingLabel="Loading your reviews…"
        loading={<Skeleton className="h-40 w-full" />}
      >
        {({ written, awaitingReview }) => (
          <div className="space-y-6">
            {awaitingReview.length > 0 && <ReviewPrompts deals={awaitingReview} onReview={setReviewing} />}
            {written.length > 0 ? (
              <Card>
                <CardHeader>
                  <CardTitle>Reviews you wrote</CardTitle>
                </CardHeader>
                <CardContent>
                  <ul aria-label="Reviews you wrote" className="divide-y divide-slate-100">
                    {written.map((review) => (
                      <ReviewItem key={review.id} review={review} heading={review.counterpart}>
                        <p className="text-xs text-slate-600">
                          Deal: <DealLabel listingId={review.listingId} listingTitle={review.listingTitle} />
                        </p>
                      </ReviewItem>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ) : (
              awaitingReview.length === 0 && (
                <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
                  <Star className="h-10 w-10 text-slate-500" aria-hidden />
                  <h3 className="text-lg font-semibold">No Reviews Yet</h3>
                  <p className="max-w-md text-sm text-slate-600">
                    Once a buyer accepts one of your deal requests, you can review them here.
                  </p>
                  <Button asChild>
                    <Link href="/browse">Find Your First Deal</Link>
                  </Button>
                </div>
              )
            )}
          </div>
        )}
      </QueryState>
      <WriteReviewDialog deal={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
