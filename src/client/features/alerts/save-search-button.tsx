import { BellPlus } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { toast, toastError } from "../../components/ui/use-toast";
import { goToLogin, useAuth } from "../auth";
import { type SearchFilters, useCreateSavedSearch } from "./use-save-search";

/**
 * "Save this search" on /browse: the filters on screen become one more alert of the user's,
 * listed in the dashboard's Alerts tab. Signed out, it leads to sign-in; with no filter chosen there
 * is nothing to save (the preferences already cover "every listing").
 */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const { user } = useAuth();
  const save = useCreateSavedSearch();
  const isEmpty =
    !filters.search?.trim() && !filters.vertical && !filters.payout && !filters.geo && !filters.tags?.length;
  const onSave = () => {
    if (!user) return goToLogin();
    save.mutate(filters, {
      onSuccess: () =>
        toast({
          title: "Search Saved",
          description:
            "New listings that match will reach you with your alerts. Manage them in your dashboard's Alerts tab.",
        }),
      onError: (error) => toastError(error),
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={onSave}
        disabled={isEmpty || save.isPending}
        aria-describedby={isEmpty ? "save-search-hint" : undefined}
      >
        <BellPlus className="h-4 w-4" aria-hidden />
        {save.isPending ? "Saving..." : "Save this search"}
      </Button>
      {isEmpty && (
        <span id="save-search-hint" className="text-sm text-slate-600">
          Choose a filter or search for a keyword to save it as an alert.
        </span>
      )}
      {user?.role === "publisher" && (
        <Link href="/publisher/dashboard?tab=alerts" className="text-sm font-medium text-brand-700 underline">
          Manage alerts
        </Link>
      )}
    </div>
  );
}
