import type { QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "../../lib/api";
import { handleUnauthorized } from "./redirect-to-login";

/**
 * Any 401 from a mutation, or from a query on a protected page, means the session ended:
 * "Unauthorized" toast, then the login page. Watching the caches covers every page without each one
 * repeating the rule. The current-user query answers 401 with null (signed out), so it never fires this.
 */
export function watchSessionExpiry(
  queryClient: QueryClient,
  onUnauthorized: () => void = handleUnauthorized,
): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (isUnauthorizedError(event.action.error)) onUnauthorized();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (isUnauthorizedError(event.action.error)) onUnauthorized();
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
