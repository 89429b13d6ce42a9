import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { type ToastInput, toast, toastError } from "../../components/ui/use-toast";

/**
 * A buyer dashboard dialog around one form (the profile's or a listing's). The form is mounted only while
 * the dialog is open, so each opening starts from the record or the defaults.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}

/** What dialogSave needs of a TanStack mutation. */
interface SaveMutation<V> {
  reset(): void;
  mutate(variables: V, options: { onSuccess: () => void; onError: (error: Error) => void }): void;
}

/**
 * A form dialog's two ends: `close` forgets the last refusal and closes; `save` sends, then toasts
 * `success` and closes, or toasts the server's refusal (`failure` when it gave no words) and stays open.
 */
export function dialogSave<V>(
  mutation: SaveMutation<V>,
  onClose: () => void,
  { success, failure }: { success: ToastInput; failure: string },
) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  const save = (variables: V) =>
    mutation.mutate(variables, {
      onSuccess: () => {
        toast(success);
        close();
      },
      onError: (error) => toastError(error, failure),
    });
  return { close, save };
}
