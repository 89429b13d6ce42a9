import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { REVIEW_REASON_LIMITS } from "../../../shared/constants";
import {
  type RejectPublisherInput,
  type ReviewPublisher,
  rejectPublisherSchema,
} from "../../../shared/schemas/admin-publishers";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { errorMessage } from "../../lib/api";
import { textareaClass } from "./form-controls";
import { useDecidePublisher } from "./use-publisher-review";

/** A rejection needs a reason: the publisher reads it in the email and on their dashboard. */
export function RejectPublisherDialog({
  publisher,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onDecided,
}: {
  publisher: ReviewPublisher;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
  onDecided?: () => void;
}) {
  const form = useForm<RejectPublisherInput>({
    resolver: zodResolver(rejectPublisherSchema),
    defaultValues: { reason: "" },
  });
  const { reject } = useDecidePublisher({
    onDecided: () => {
      onOpenChange(false);
      form.reset();
      onDecided?.();
    },
  });
  const length = form.watch("reason")?.length ?? 0;
  const fieldId = `reject-reason-${publisher.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Reject Publisher</DialogTitle>
          <DialogDescription>
            Tell {publisher.website ?? publisher.email} why. They receive the reason by email and see it on
            their dashboard.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) =>
            reject.mutate({ publisherId: publisher.id, reason: values.reason }),
          )}
        >
          <FormField id={fieldId} label="Reason for rejection" error={form.formState.errors.reason?.message}>
            {(control) => (
              <textarea
                {...control}
                rows={5}
                maxLength={REVIEW_REASON_LIMITS.max}
                className={textareaClass}
                {...form.register("reason")}
              />
            )}
          </FormField>
          <p className="text-xs text-slate-600">
            {length}/{REVIEW_REASON_LIMITS.max} characters (at least {REVIEW_REASON_LIMITS.min})
          </p>
          {reject.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(reject.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? "Rejecting..." : "Reject Publisher"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
