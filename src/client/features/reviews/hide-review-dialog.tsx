import { REVIEW_LIMITS } from "../../../shared/constants";
import { hideReviewSchema, type Review } from "../../../shared/schemas/reviews";
import { TextEntryDialog } from "../../components/ui/text-entry-dialog";
import { toast } from "../../components/ui/use-toast";
import { useHideReview } from "./use-reviews";

/** An admin hides a review with a reason (audit-logged); it stops counting anywhere at once. */
export default function HideReviewDialog({
  review,
  onClose,
}: {
  review: Review | null;
  onClose: () => void;
}) {
  const hide = useHideReview();
  return (
    <TextEntryDialog
      open={review !== null}
      onClose={onClose}
      title="Hide this review?"
      description="It disappears from the listing and stops counting in the rating and the reliability score. Its author and the buyer still see it, with your reason."
      field={{
        id: "hide-review-reason",
        label: "Reason (shown to the author and the buyer)",
        limit: REVIEW_LIMITS.hideReasonMax,
        minimum: REVIEW_LIMITS.hideReasonMin,
        rows: 4,
      }}
      validate={(reason) => hideReviewSchema.safeParse({ reason }).error?.issues[0]?.message}
      action={hide}
      send={(reason, done) =>
        review &&
        hide.mutate(
          { id: review.id, reason },
          {
            onSuccess: () => {
              toast({ title: "Review Hidden", description: "It no longer counts anywhere." });
              done();
            },
          },
        )
      }
      submitLabel="Hide Review"
      pendingLabel="Hiding..."
      destructive
    />
  );
}
