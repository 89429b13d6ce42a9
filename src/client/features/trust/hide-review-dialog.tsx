import { useState } from "react";
import { REVIEW_LIMITS } from "../../../shared/constants";
import { hideReviewSchema, type Review } from "../../../shared/schemas/reviews";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { TextareaField } from "../../components/ui/textarea-field";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
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
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    hide.reset();
    setReason("");
    setSubmitted(false);
    onClose();
  };
  const invalid = hideReviewSchema.safeParse({ reason }).error?.issues[0]?.message;
  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Hide this review?</DialogTitle>
          <DialogDescription>
            It disappears from the listing and stops counting in the rating and the reliability score. Its
            author and the buyer still see it, with your reason.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!review || invalid) return;
            hide.mutate(
              { id: review.id, reason },
              {
                onSuccess: () => {
                  toast({ title: "Review Hidden", description: "It no longer counts anywhere." });
                  close();
                },
              },
            );
          }}
        >
          <TextareaField
            id="hide-review-reason"
            label="Reason (shown to the author and the buyer)"
            error={submitted ? invalid : undefined}
            length={reason.length}
            limit={REVIEW_LIMITS.hideReasonMax}
            minimum={REVIEW_LIMITS.hideReasonMin}
            rows={4}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormAlert>{hide.isError && errorMessage(hide.error)}</FormAlert>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={hide.isPending}>
              {hide.isPending ? "Hiding..." : "Hide Review"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
