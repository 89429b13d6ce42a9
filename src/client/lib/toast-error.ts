import { toast } from "../components/ui/use-toast";
import { ApiError, isUnauthorizedError } from "./api";

/**
 * SPEC §8 "other mutation errors": an "Error" toast with the server's message. A 401 is left to the
 * session-expiry watcher (features/auth/session-expiry.ts), which already toasts and redirects.
 */
export function toastError(error: unknown, fallback = "Something went wrong. Please try again."): void {
  if (isUnauthorizedError(error)) return;
  const description = error instanceof ApiError ? error.serverMessage || fallback : fallback;
  toast({ title: "Error", description, variant: "destructive" });
}
