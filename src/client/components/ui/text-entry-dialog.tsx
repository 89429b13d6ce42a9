import { type ReactNode, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { DialogFormActions } from "./dialog-form-actions";
import { TextareaField } from "./textarea-field";

/**
 * The one-text dialogs of reviews and disputes (reply to a review, hide it, open or answer a dispute): a counted
 * text checked by the shared schema's message, the server's refusal shown in place, and the text kept
 * until it is sent or the dialog is cancelled.
 */
export function TextEntryDialog({
  open,
  onClose,
  title,
  description,
  field,
  validate,
  action,
  send,
  submitLabel,
  pendingLabel,
  destructive = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  field: { id: string; label: string; limit: number; minimum?: number; rows: number };
  /** The shared schema's first message for this text, or undefined when it is valid. */
  validate: (text: string) => string | undefined;
  /** The mutation that sends it: its state is shown here and reset on close. */
  action: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  /** Sends the text; calls `done` once it succeeded (the dialog then closes). */
  send: (text: string, done: () => void) => void;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
}) {
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    action.reset();
    setText("");
    setSubmitted(false);
    onClose();
  };
  const invalid = validate(text);
  return (
    <Dialog open={open} onOpenChange={(value) => !value && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!invalid) send(text, close);
          }}
        >
          <TextareaField
            id={field.id}
            label={field.label}
            error={submitted || text.length > field.limit ? invalid : undefined}
            length={text.length}
            limit={field.limit}
            minimum={field.minimum}
            rows={field.rows}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <DialogFormActions
            mutation={action}
            onCancel={close}
            submitLabel={submitLabel}
            pendingLabel={pendingLabel}
            variant={destructive ? "destructive" : "primary"}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
