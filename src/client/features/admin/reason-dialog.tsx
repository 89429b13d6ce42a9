import { forwardRef, type ReactNode, useEffect } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { adminReason } from "../../../shared/schemas/common";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { TextareaField } from "../../components/ui/textarea-field";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";

// The admin's steps that the audit log keeps with a reason: ending or refunding a boost, refunding a
// subscription, granting a boost (whose form has a field more, so it uses ReasonField alone).

const reasonSchema = z.object({ reason: adminReason() });

/** The shared schema's limits, read from it rather than retyped. */
const REASON = {
  min: reasonSchema.shape.reason.minLength ?? 0,
  max: reasonSchema.shape.reason.maxLength ?? 0,
};

/** The schema's messages complete a sentence that starts with the field's name. */
export const sentence = (field: string, message: string | undefined) =>
  message ? `${field} ${message}` : undefined;

/** The reason the admin's dialogs ask for, within the shared schema's limits. */
export const ReasonField = forwardRef<
  HTMLTextAreaElement,
  { id: string; error: string | undefined; length: number } & UseFormRegisterReturn<"reason">
>(({ id, error, length, ...field }, ref) => (
  <TextareaField
    ref={ref}
    id={id}
    label="Reason"
    error={sentence("Reason", error)}
    length={length}
    limit={REASON.max}
    minimum={REASON.min}
    rows={3}
    maxLength={REASON.max}
    {...field}
  />
));

/** What the dialog reads of the mutation that carries the reason. */
interface ReasonMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * Asks for the reason, then calls `onConfirm` with it. The caller closes the dialog when its mutation
 * succeeds; closed either way, the dialog opens again empty.
 */
export function ReasonConfirmDialog({
  id,
  open,
  onClose,
  onCloseAutoFocus,
  mutation,
  onConfirm,
  title,
  description,
  confirmLabel,
  pendingLabel,
}: {
  /** Unique on the page: the reason field's id. */
  id: string;
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  mutation: ReasonMutation;
  onConfirm: (reason: string) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
}) {
  const form = useZodForm(reasonSchema, { defaultValues: { reason: "" } });
  const { reset } = form;
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
  const close = () => {
    mutation.reset();
    onClose();
  };
  const submit = form.handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      isPending={mutation.isPending}
      onConfirm={() => void submit()}
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ReasonField
          id={`${id}-reason`}
          error={form.formState.errors.reason?.message}
          length={form.watch("reason")?.length ?? 0}
          {...form.register("reason")}
        />
        <FormAlert>{mutation.isError && errorMessage(mutation.error)}</FormAlert>
      </form>
    </ConfirmDialog>
  );
}
