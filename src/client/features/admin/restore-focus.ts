import { useEffect, useRef } from "react";

// Keyboard and screen-reader users keep their place: focus goes back to what opened a dialog, and when
// the row that held focus leaves a list (approved, deleted...), to the list's heading.

/**
 * For a dialog opened from a button or a select (not a Radix DialogTrigger, which Radix handles itself):
 * `remember()` as it opens, `restore` as DialogContent's onCloseAutoFocus.
 */
export function useFocusReturn() {
  const target = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      target.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore: (event: Event) => {
      const element = target.current;
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}

/**
 * When `signal` changes (the list's rows) and focus was lost to the page body because its element went
 * away, focus the element with `fallbackId` (a heading with tabIndex -1). Never on the first load.
 */
export function useFocusRescue(fallbackId: string, signal: unknown) {
  const previous = useRef<unknown>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = signal;
    if (before === undefined || before === signal) return;
    if (document.activeElement === null || document.activeElement === document.body) {
      document.getElementById(fallbackId)?.focus();
    }
  }, [fallbackId, signal]);
}
