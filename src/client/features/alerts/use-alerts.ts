import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AlertPreferences,
  SavedSearch,
  UnsubscribeInfo,
  UnsubscribeResult,
  UpdateAlertPreferencesInput,
} from "../../../shared/schemas/alerts";
import { apiRequest } from "../../lib/api";
import { SMS_STATUS_KEY } from "../sms";
import { ALERT_PREFERENCES_KEY, SAVED_SEARCHES_KEY } from "./use-save-search";

// With use-save-search.ts, the only modules that know the alerts' URLs (each feature's hooks own its
// URLs, so a path changes in one place): the Alerts tab's settings, saved searches, and the unsubscribe
// link's page.

export function useAlertPreferences() {
  return useQuery<AlertPreferences>({ queryKey: [ALERT_PREFERENCES_KEY] });
}

export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateAlertPreferencesInput) =>
      apiRequest<AlertPreferences>("PUT", ALERT_PREFERENCES_KEY, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData([ALERT_PREFERENCES_KEY], saved);
      // The SMS section names the time zone its quiet hours follow.
      return queryClient.invalidateQueries({ queryKey: [SMS_STATUS_KEY] });
    },
  });
}

export function useSavedSearches() {
  return useQuery<SavedSearch[]>({ queryKey: [SAVED_SEARCHES_KEY] });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${SAVED_SEARCHES_KEY}/${id}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SavedSearch[]>([SAVED_SEARCHES_KEY], (old) => old?.filter((s) => s.id !== id));
    },
  });
}

/** The unsubscribe page: whose alerts the link stops (GET /api/unsubscribe/{token}). */
export function useUnsubscribeInfo(token: string) {
  return useQuery<UnsubscribeInfo>({ queryKey: ["/api/unsubscribe", token] });
}

/**
 * The page's button posts to its own address, the URL the mail's List-Unsubscribe header names (the
 * server answers RFC 8058 one-click there too).
 */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<UnsubscribeResult>("POST", `/unsubscribe/${encodeURIComponent(token)}`, {}),
  });
}
