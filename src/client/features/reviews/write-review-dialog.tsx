import { useState } from "react";
import { REVIEW_LIMITS } from "../../../shared/constants";
import { type AwaitingReview, createReviewSchema } from "../../../shared/schemas/reviews";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions } from "../../components/ui/dialog-form-actions";
import { TextareaField } from "../../components/ui/textarea-field";
import { toast } from "../../components/ui/use-toast";
import { StarRatingInput } from "./stars";
import { useCreateReview } from "./use-reviews";

/**
 * "Review this buyer": 1 to 5 stars and an optional comment about one accepted deal. The server's own
 * schema checks the input as the user types; on a refusal the text stays and the server's reason shows.
 */
export function WriteReviewDialog({ deal, onClose }: { deal: AwaitingReview | null; onClose: () => void }) {
  const create = useCreateReview();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    create.reset();
    setRating(null);
    setComment("");
    setSubmitted(false);
    onClose();
  };
  const issues = createReviewSchema.safeParse({
    dealIntentId: deal?.dealIntentId,
    rating: rating ?? undefined,
    comment,
  }).error?.issues;
  const issueOf = (field: string) => issues?.find((issue) => issue.path[0] === field)?.message;
  const ratingError = submitted ? issueOf("rating") : undefined;
  const commentError = issueOf("comment");
  return (
    <Dialog open={deal !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Review {deal?.buyerName ?? "this buyer"}</DialogTitle>
          <DialogDescription>
            About your deal on {deal?.listingTitle ? `"${deal.listingTitle}"` : "a listing since deleted"}.
            Your review is public (you are shown as a publisher, not by name) and counts in the buyer's
            reliability score. One review per deal; the buyer may reply once.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!deal || rating === null || issues) return;
            create.mutate(
              { dealIntentId: deal.dealIntentId, rating, comment },
              {
                onSuccess: () => {
                  toast({ title: "Review Published", description: deal.buyerName });
                  close();
                },
              },
            );
          }}
        >
          <StarRatingInput name="review-rating" value={rating} onChange={setRating} error={ratingError} />
          <TextareaField
            id="review-comment"
            label="Comment (optional)"
            error={commentError}
            length={comment.length}
            limit={REVIEW_LIMITS.commentMax}
            rows={5}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <DialogFormActions
            mutation={create}
            onCancel={close}
            submitLabel="Publish Review"
            pendingLabel="Publishing..."
            disabled={commentError !== undefined}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
