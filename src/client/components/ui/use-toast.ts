import { useSyncExternalStore } from "react";
import { errorMessage, GENERIC_ERROR_MESSAGE, isUnauthorizedError } from "../../lib/api";

// One toast at a time, so a new message replaces the old instead of stacking; dismissed toasts are
// removed after TOAST_REMOVE_DELAY_MS.

/** How long a toast stays open (the Toaster's duration). */
export const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }]; // limit 1: a new toast replaces the old
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

/**
 * A failed change: an "Error" toast with the server's message (never its raw body), so the user reads
 * why it was refused. A 401 is left to the session-expiry watcher (features/auth/session-expiry.ts),
 * which toasts and redirects.
 */
export function toastError(error: unknown, fallback = GENERIC_ERROR_MESSAGE): void {
  if (isUnauthorizedError(error)) return;
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const NO_TOASTS: ToastItem[] = [];

/** The toasts on screen; none on the server and while a server-drawn page hydrates. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
