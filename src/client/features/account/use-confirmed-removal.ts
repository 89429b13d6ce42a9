import { useRef, useState } from "react";

/** What the hook reads of a TanStack mutation that removes one row. */
interface RemoveMutation<T> {
  isPending: boolean;
  reset: () => void;
  mutate: (row: T, options: { onSuccess: () => void }) => void;
}

/**
 * Removing one row of a section's list behind a ConfirmDialog: which row is being asked about, the
 * dialog's open, close and confirm handlers, and the outcome for the section's live region. The removed
 * row (and the button that opened the dialog) is gone once it succeeds, so focus goes to the section's
 * heading rather than back to nothing.
 */
export function useConfirmedRemoval<T>({
  mutation,
  headingId,
  describeOutcome,
}: {
  mutation: RemoveMutation<T>;
  headingId: string;
  /** The announcement once it is removed, e.g. "Revoked key Billing sync." */
  describeOutcome: (row: T) => string;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const removed = useRef(false);
  const [outcome, setOutcome] = useState("");

  const onOpenChange = (open: boolean) => {
    // The dialog stays while the request runs: a refusal is shown in it.
    if (open || mutation.isPending) return;
    setTarget(null);
    mutation.reset();
  };
  const onConfirm = () => {
    if (target === null) return;
    // Worded now: the row leaves the list (and its data the cache) once the request succeeds.
    const message = describeOutcome(target);
    mutation.mutate(target, {
      onSuccess: () => {
        removed.current = true;
        setOutcome(message);
        setTarget(null);
      },
    });
  };
  const onCloseAutoFocus = (event: Event) => {
    if (!removed.current) return;
    removed.current = false;
    event.preventDefault();
    document.getElementById(headingId)?.focus();
  };

  return {
    /** The row the dialog asks about, or null while it is closed. */
    target,
    ask: setTarget,
    outcome,
    /** Spread onto the ConfirmDialog. */
    dialog: {
      open: target !== null,
      onOpenChange,
      onCloseAutoFocus,
      isPending: mutation.isPending,
      onConfirm,
    },
  };
}
