import type { ReactNode } from "react";
import { LoadMore } from "../../components/ui/load-more";
import { QueryState } from "../../components/ui/query-state";
import { EmptyList, ListSkeleton } from "./list-states";
import { useFocusRescue } from "./restore-focus";
import type { AdminListResult } from "./use-admin-list";

/**
 * The results of an admin list screen: its heading, the loading and error states, the empty message,
 * the rows and "Load More". When the row that held focus leaves the list (approved, deleted...), focus
 * goes to the heading.
 */
export function AdminListSection<T>({
  headingId,
  heading,
  list: { query, items },
  loadingLabel,
  emptyMessage,
  children,
}: {
  headingId: string;
  heading: string;
  list: AdminListResult<T>;
  loadingLabel: string;
  emptyMessage: string;
  /** The rows, drawn only when there is at least one. */
  children: (items: T[]) => ReactNode;
}) {
  useFocusRescue(headingId, query.data);
  return (
    <section aria-labelledby={headingId} aria-busy={query.isLoading} className="space-y-4">
      <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold">
        {heading}
      </h2>
      <QueryState query={query} loadingLabel={loadingLabel} loading={<ListSkeleton />}>
        {() =>
          items.length === 0 ? (
            <EmptyList message={emptyMessage} />
          ) : (
            <>
              {children(items)}
              <LoadMore query={query} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
