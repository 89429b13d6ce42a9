import type { QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "../../lib/api";
import { handleUnauthorized } from "./redirect-to-login";

/**
 * Set `meta: { handlesUnauthorized: true }` on a query or mutation that answers a 401 itself (for
 * example with its own "Login Required" toast); every other 401 gets the SPEC §8 treatment.
 */
export interface SessionExpiryMeta extends Record<string, unknown> {
  handlesUnauthorized?: boolean;
}

/**
 * SPEC §8: any 401 from a mutation, or from a query on a protected page, means the session ended:
 * "Unauthorized" toast, then the login page. Watching the caches covers every page without each one
 * repeating the rule. The current-user query answers 401 with null (signed out), so it never fires this.
 */
export function watchSessionExpiry(
  queryClient: QueryClient,
  onUnauthorized: () => void = handleUnauthorized,
): () => void {
  const optedOut = (meta: Record<string, unknown> | undefined) =>
    (meta as SessionExpiryMeta | undefined)?.handlesUnauthorized === true;

  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (optedOut(event.query.meta)) return;
    if (isUnauthorizedError(event.action.error)) onUnauthorized();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (optedOut(event.mutation.options.meta)) return;
    if (isUnauthorizedError(event.action.error)) onUnauthorized();
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
