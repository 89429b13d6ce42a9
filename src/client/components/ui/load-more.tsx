import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "./button";

/** What LoadMore reads of an infinite query (TanStack Query's useInfiniteQuery answer fits). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/**
 * "Load More" under a paged list while there is a next page, and the inline message when that page
 * fails (the list above stays). `describeError` words the failure; the server's message by default.
 */
export function LoadMore({
  query,
  describeError = errorMessage,
  className,
}: {
  query: PagedQuery;
  describeError?: (error: unknown) => string;
  className?: string;
}) {
  if (!query.hasNextPage && !query.isFetchNextPageError) return null;
  return (
    <div className={cn("flex flex-col items-center gap-2", className)}>
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading..." : "Load More"}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          {describeError(query.error)}
        </p>
      )}
    </div>
  );
}
