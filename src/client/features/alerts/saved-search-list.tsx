import { Search, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import { describeSavedSearch, type SavedSearch } from "../../../shared/schemas/alerts";
import { Button } from "../../components/ui/button";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast, toastError } from "../../components/ui/use-toast";
import { useDeleteSavedSearch, useSavedSearches } from "./use-alerts";

// The saved searches of /browse, each an alert of its own with the settings above: open one
// on Browse, or delete it.

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  const description = describeSavedSearch(search);
  const onDelete = () =>
    remove.mutate(search.id, {
      onSuccess: () => toast({ title: "Saved Search Deleted", description }),
      onError: (error) => toastError(error),
    });
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="break-words font-medium">{description}</p>
        <p className="text-xs text-slate-600">Saved {formatDate(search.createdAt)}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild variant="secondary" size="sm">
          <Link href={`/browse?${search.query}`} aria-label={`Open on Browse: ${description}`}>
            <Search className="h-4 w-4" aria-hidden />
            Open
          </Link>
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={onDelete}
          disabled={remove.isPending}
          aria-label={`Delete saved search: ${description}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          {remove.isPending ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </li>
  );
}

export function SavedSearchList() {
  const searches = useSavedSearches();
  return (
    <QueryState
      query={searches}
      loadingLabel="Loading saved searches…"
      loading={<Skeleton className="h-20 w-full" />}
    >
      {(list) =>
        list.length === 0 ? (
          <div className="space-y-2 rounded-lg border border-dashed border-slate-300 p-6 text-center">
            <p className="text-sm text-slate-700">
              No saved searches yet. On Browse Buyers, choose filters and press “Save this search”.
            </p>
            <Button asChild variant="link">
              <Link href="/browse">Browse Buyers</Link>
            </Button>
          </div>
        ) : (
          <ul aria-label="Saved searches" className="space-y-3">
            {list.map((search) => (
              <SavedSearchItem key={search.id} search={search} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
