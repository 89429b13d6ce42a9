import type { ReactNode } from "react";
import { errorMessage, isNotFoundError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "./button";

/** The part of a TanStack Query result (plain or infinite) this component reads. */
interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * The one way a page shows a query's loading, error and not-found states (docs/decisions/008): data
 * renders `children` (even when a later page failed: the caller shows that inline), loading renders the
 * caller's skeleton with a spoken label, a 404 renders `notFound` when given, and any other error says
 * what the server said (or `errorMessage`) with a "Try again" button.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  loading,
  notFound,
  errorMessage: describeError = errorMessage,
  className,
  children,
}: {
  query: QueryLike<T>;
  /** Read by screen readers while loading, e.g. "Loading buyer listings…". */
  loadingLabel: string;
  /** The visual placeholder (skeletons); hidden from screen readers. */
  loading?: ReactNode;
  notFound?: ReactNode;
  errorMessage?: (error: unknown) => string;
  /** Extra classes for the error panel (e.g. margins inside a card). */
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
        {/* Keyed, so React never reuses the placeholder's box for the content that replaces it: a
            reused box counts as moved when the content lays out differently (a layout shift). */}
        {loading && (
          <div key="loading" aria-hidden>
            {loading}
          </div>
        )}
      </>
    );
  }
  if (notFound && isNotFoundError(query.error)) return notFound;
  return (
    <div
      role="alert"
      className={cn("space-y-3 rounded-lg border border-red-200 bg-red-50 p-6 text-red-900", className)}
    >
      <p>{describeError(query.error)}</p>
      <Button variant="secondary" onClick={() => query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
