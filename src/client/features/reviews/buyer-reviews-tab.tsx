import { MessageSquareReply, Star } from "lucide-react";
import { useState } from "react";
import { REVIEW_LIMITS } from "../../../shared/constants";
import { type OwnReview, replyReviewSchema } from "../../../shared/schemas/reviews";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { TextEntryDialog } from "../../components/ui/text-entry-dialog";
import { toast } from "../../components/ui/use-toast";
import { ReliabilityCard } from "../reliability";
import { DealLabel } from "./publisher-reviews-tab";
import { ReviewItem } from "./review-item";
import { useMyReviews, useReplyToReview } from "./use-reviews";

function ReplyDialog({ review, onClose }: { review: OwnReview | null; onClose: () => void }) {
  const reply = useReplyToReview();
  return (
    <TextEntryDialog
      open={review !== null}
      onClose={onClose}
      title={`Reply to ${review?.counterpart ?? "this review"}`}
      description="Your reply shows under the review on your listings, for everyone. You can reply once."
      field={{ id: "review-reply", label: "Your reply", limit: REVIEW_LIMITS.replyMax, rows: 5 }}
      validate={(body) => replyReviewSchema.safeParse({ body }).error?.issues[0]?.message}
      action={reply}
      send={(body, done) =>
        review &&
        reply.mutate(
          { id: review.id, body },
          {
            onSuccess: () => {
              toast({ title: "Reply Published" });
              done();
            },
          },
        )
      }
      submitLabel="Publish Reply"
      pendingLabel="Publishing..."
    />
  );
}

/**
 * The buyer workspace's Reviews tab: the buyer's own reliability score and how it is
 * computed, and the reviews publishers wrote about them, each with a Reply button until they replied.
 */
export function BuyerReviewsTab() {
  const reviews = useMyReviews();
  const [replying, setReplying] = useState<OwnReview | null>(null);
  return (
    <>
      <QueryState
        query={reviews}
        loadingLabel="Loading your reviews…"
        loading={<Skeleton className="h-40 w-full" />}
      >
        {({ received, reliability }) => (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <Card>
                <CardHeader>
                  <CardTitle>Reviews of your company</CardTitle>
                </CardHeader>
                <CardContent>
                  {received.length === 0 ? (
                    <div className="flex items-center gap-2 text-sm text-slate-700">
                      <Star className="h-5 w-5 text-slate-400" aria-hidden />
                      <p>No reviews yet. Publishers can review you after you accept their deal request.</p>
                    </div>
                  ) : (
                    <ul aria-label="Reviews of your company" className="divide-y divide-slate-100">
                      {received.map((review) => (
                        <ReviewItem key={review.id} review={review} heading={review.counterpart}>
                          <p className="text-xs text-slate-600">
                            Deal:{" "}
                            <DealLabel listingId={review.listingId} listingTitle={review.listingTitle} />
                          </p>
                          {!review.reply && !review.hidden && (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setReplying(review)}
                              aria-label={`Reply to the review by ${review.counterpart}`}
                            >
                              <MessageSquareReply className="h-4 w-4" aria-hidden />
                              Reply
                            </Button>
                          )}
                        </ReviewItem>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </div>
            {reliability && <ReliabilityCard reliability={reliability} title="Your reliability score" />}
          </div>
        )}
      </QueryState>
      <ReplyDialog review={replying} onClose={() => setReplying(null)} />
    </>
  );
}
