import { REVIEW_REASON_LIMITS } from "../../../shared/constants";
import { rejectPublisherSchema } from "../../../shared/schemas/admin-publishers";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions } from "../../components/ui/dialog-form-actions";
import { TextareaField } from "../../components/ui/textarea-field";
import { useZodForm } from "../../lib/use-zod-form";
import { applicantName } from "./admin-format";
import { type DecisionDialogProps, useDecidePublisher } from "./use-publisher-review";

/** A rejection needs a reason: the publisher reads it in the email and on their dashboard. */
export function RejectPublisherDialog({
  publisher,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onDecided,
}: DecisionDialogProps) {
  const form = useZodForm(rejectPublisherSchema, {
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Reject Publisher</DialogTitle>
          <DialogDescription>
            Tell {applicantName(publisher)} why the application is not approved. They receive the reason by
            email and see it on their dashboard.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) =>
            reject.mutate({ publisherId: publisher.id, reason: values.reason }),
          )}
        >
          <TextareaField
            id={`reject-reason-${publisher.id}`}
            label="Reason for rejection"
            error={form.formState.errors.reason?.message}
            length={length}
            limit={REVIEW_REASON_LIMITS.max}
            minimum={REVIEW_REASON_LIMITS.min}
            rows={5}
            maxLength={REVIEW_REASON_LIMITS.max}
            {...form.register("reason")}
          />
          <DialogFormActions
            mutation={reject}
            onCancel={() => onOpenChange(false)}
            submitLabel="Reject Publisher"
            pendingLabel="Rejecting..."
            variant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
