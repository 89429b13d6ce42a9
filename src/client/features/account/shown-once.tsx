import { Copy } from "lucide-react";
import { type FormEventHandler, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions, type FormMutation } from "../../components/ui/dialog-form-actions";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";

/**
 * A secret the server answers once (a new API key, a webhook's signing secret): read-only, selected
 * whole on focus, with a Copy button and the warning that it will not be shown again.
 */
function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  const inputId = useId();
  const warningId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");
  // It replaces the form whose button had focus: focus (and so select) the secret, ready to copy.
  useEffect(() => input.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("Copied.");
    } catch {
      // The browser refused the clipboard (no permission, not a secure page): leave it selected to copy by hand.
      input.current?.select();
      setCopied("Your browser did not allow copying: the text is selected, copy it with your keyboard.");
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          readOnly
          value={value}
          aria-describedby={warningId}
          spellCheck={false}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden />
          Copy
        </Button>
      </div>
      <p
        id={warningId}
        className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900"
      >
        {warning}
      </p>
      <p role="status" className="text-sm text-slate-700">
        {copied}
      </p>
    </div>
  );
}

/** What the dialog shows once the server made the thing: its header and the secret it answered. */
export interface ShownSecret {
  title: string;
  description: ReactNode;
  descriptionClassName?: string;
  label: string;
  value: string;
  warning: string;
}

/**
 * A form in a dialog that creates something with a secret (an API key, a webhook endpoint), then, once
 * the server made it, that secret, this one time. Closing forgets the secret: the mutation's answer is
 * the only place it was held, so closing resets the mutation, and the form with it.
 */
export function CreateWithSecretDialog<TData>({
  open,
  onOpenChange,
  mutation,
  resetForm,
  onSubmit,
  title,
  description,
  submitLabel,
  pendingLabel,
  shown,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mutation: FormMutation & { isSuccess: boolean; data: TData | undefined; reset: () => void };
  resetForm: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  shown: (data: TData) => ShownSecret;
  /** The form's fields. */
  children: ReactNode;
}) {
  const close = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) {
      mutation.reset();
      resetForm();
    }
    onOpenChange(next);
  };
  const secret = mutation.isSuccess && mutation.data !== undefined ? shown(mutation.data) : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {secret ? (
          <>
            <DialogHeader>
              <DialogTitle>{secret.title}</DialogTitle>
              <DialogDescription className={secret.descriptionClassName}>
                {secret.description}
              </DialogDescription>
            </DialogHeader>
            <ShownOnce label={secret.label} value={secret.value} warning={secret.warning} />
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            <form noValidate className="space-y-4" onSubmit={onSubmit}>
              {children}
              <DialogFormActions
                mutation={mutation}
                onCancel={() => close(false)}
                submitLabel={submitLabel}
                pendingLabel={pendingLabel}
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
