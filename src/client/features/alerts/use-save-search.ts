import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SavedSearch } from "../../../shared/schemas/alerts";
import { apiRequest } from "../../lib/api";

// "Save this search" on the directory, apart from the Alerts tab's hooks (use-alerts.ts): the directory
// loads this module before the browser takes over its page, and the tab's hooks bring the SMS feature.

export const ALERT_PREFERENCES_KEY = "/api/notification-preferences";
export const SAVED_SEARCHES_KEY = "/api/saved-searches";

/** The browse filters as the page holds them ("" for none); the server checks each. */
export interface SearchFilters {
  search: string;
  vertical: string;
  payout: string;
  geo: string;
  tags: readonly string[];
}

/** Save this search (/browse): the first one also sets alerts up, so the settings are read again. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: SearchFilters) => apiRequest<SavedSearch>("POST", SAVED_SEARCHES_KEY, filters),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SAVED_SEARCHES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [ALERT_PREFERENCES_KEY] }),
      ]),
  });
}
