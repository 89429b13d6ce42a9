import { errorMessage } from "../../lib/api";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { FormAlert } from "./form-alert";

/** What the actions read of a TanStack mutation: whether it runs, and why it failed. */
export type FormMutation = { isPending: boolean; isError: boolean; error: unknown };

/**
 * The end of a dialog's form: why the server refused (if it did), then Cancel and the submit button,
 * which shows `pendingLabel` and is disabled while the mutation runs, or while `disabled` says the form
 * cannot be sent yet. Without `onCancel` there is no Cancel (a form on a page, not in a dialog).
 */
export function DialogFormActions({
  mutation,
  onCancel,
  cancelLabel = "Cancel",
  submitLabel,
  pendingLabel,
  variant = "primary",
  disabled = false,
}: {
  mutation: FormMutation;
  onCancel?: () => void;
  /** The cancel button's words where "Cancel" is not what it does ("Skip for now"). */
  cancelLabel?: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: "primary" | "destructive";
  disabled?: boolean;
}) {
  return (
    <>
      <FormAlert>{mutation.isError && errorMessage(mutation.error)}</FormAlert>
      <DialogFooter>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" variant={variant} disabled={mutation.isPending || disabled}>
          {mutation.isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
