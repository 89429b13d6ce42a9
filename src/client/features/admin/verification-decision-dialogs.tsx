import { Controller } from "react-hook-form";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import {
  approveBuyerVerificationSchema,
  BUYER_VERIFICATION_MESSAGES,
  rejectBuyerVerificationSchema,
  revokeBuyerVerificationSchema,
} from "../../../shared/schemas/buyer-verification";
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
import { useDecideVerification, type VerificationDialogProps } from "./use-buyer-verification-review";
import {
  EMPTY_CHECKLIST,
  isChecklistComplete,
  VerificationChecklistFields,
} from "./verification-checklist-fields";

// The review's three decisions. Each asks in a dialog whose form keeps what was typed when the server
// refuses, and says the refusal above its buttons.

/** Approve: the three checks ticked (the button waits for them), and an optional note for the record. */
export function ApproveVerificationDialog({
  verification,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: VerificationDialogProps) {
  const form = useZodForm(approveBuyerVerificationSchema, {
    defaultValues: { checklist: EMPTY_CHECKLIST, reason: "" },
  });
  const { approve } = useDecideVerification({
    onDecided: () => {
      onOpenChange(false);
      form.reset();
    },
  });
  const checklist = form.watch("checklist");
  const complete = isChecklistComplete(checklist);
  const length = form.watch("reason")?.length ?? 0;
  const idPrefix = `approve-verification-${verification.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Approve Buyer Verification</DialogTitle>
          <DialogDescription>
            {verification.company} gets the “Verified buyer” badge for {BUYER_VERIFICATION.termMonths} months.
            Tick each check you made.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) =>
            approve.mutate({ id: verification.id, checklist: values.checklist, reason: values.reason }),
          )}
        >
          <Controller
            control={form.control}
            name="checklist"
            render={({ field }) => (
              <VerificationChecklistFields
                id={`${idPrefix}-checklist`}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {!complete && (
            <p id={`${idPrefix}-incomplete`} className="text-sm text-slate-700">
              {BUYER_VERIFICATION_MESSAGES.checklistIncomplete}.
            </p>
          )}
          <TextareaField
            id={`${idPrefix}-note`}
            label="Note (optional)"
            error={form.formState.errors.reason?.message}
            length={length}
            limit={BUYER_VERIFICATION.reasonMax}
            rows={3}
            maxLength={BUYER_VERIFICATION.reasonMax}
            {...form.register("reason")}
          />
          <DialogFormActions
            mutation={approve}
            onCancel={() => onOpenChange(false)}
            submitLabel="Approve"
            pendingLabel="Approving..."
            disabled={!complete}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Reject: the reason is required (the buyer reads it); the checklist as far as it went, for the record. */
export function RejectVerificationDialog({
  verification,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: VerificationDialogProps) {
  const form = useZodForm(rejectBuyerVerificationSchema, {
    defaultValues: { checklist: EMPTY_CHECKLIST, reason: "" },
  });
  const { reject } = useDecideVerification({
    onDecided: () => {
      onOpenChange(false);
      form.reset();
    },
  });
  const length = form.watch("reason")?.length ?? 0;
  const idPrefix = `reject-verification-${verification.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Reject Buyer Verification</DialogTitle>
          <DialogDescription>
            Tell {verification.company} why the verification is not approved. They read the reason in the
            email and in their workspace, and can start again.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) =>
            reject.mutate({ id: verification.id, reason: values.reason, checklist: values.checklist }),
          )}
        >
          <Controller
            control={form.control}
            name="checklist"
            render={({ field }) => (
              <VerificationChecklistFields
                id={`${idPrefix}-checklist`}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <TextareaField
            id={`${idPrefix}-reason`}
            label="Reason for rejection"
            error={form.formState.errors.reason?.message}
            length={length}
            limit={BUYER_VERIFICATION.reasonMax}
            minimum={BUYER_VERIFICATION.reasonMin}
            rows={4}
            maxLength={BUYER_VERIFICATION.reasonMax}
            {...form.register("reason")}
          />
          <DialogFormActions
            mutation={reject}
            onCancel={() => onOpenChange(false)}
            submitLabel="Reject"
            pendingLabel="Rejecting..."
            variant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Revoke a badge in force: the reason is required; the dialog is the confirmation. */
export function RevokeVerificationDialog({
  verification,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: VerificationDialogProps) {
  const form = useZodForm(revokeBuyerVerificationSchema, {
    defaultValues: { reason: "" },
  });
  const { revoke } = useDecideVerification({
    onDecided: () => {
      onOpenChange(false);
      form.reset();
    },
  });
  const length = form.watch("reason")?.length ?? 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Revoke Verified Buyer Badge</DialogTitle>
          <DialogDescription>
            The badge leaves {verification.company}'s listings at once. They are told the reason and can apply
            again.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) =>
            revoke.mutate({ id: verification.id, reason: values.reason }),
          )}
        >
          <TextareaField
            id={`revoke-verification-${verification.id}-reason`}
            label="Reason for revoking"
            error={form.formState.errors.reason?.message}
            length={length}
            limit={BUYER_VERIFICATION.reasonMax}
            minimum={BUYER_VERIFICATION.reasonMin}
            rows={4}
            maxLength={BUYER_VERIFICATION.reasonMax}
            {...form.register("reason")}
          />
          <DialogFormActions
            mutation={revoke}
            onCancel={() => onOpenChange(false)}
            submitLabel="Revoke badge"
            pendingLabel="Revoking..."
            variant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
