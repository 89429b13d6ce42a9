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

// The only module that knows the alerts' URLs (each feature's hooks own its URLs, so a path changes in
// one place): the Alerts tab's settings, saved searches, and the unsubscribe link's page.

const ALERT_PREFERENCES_KEY = "/api/notification-preferences";
const SAVED_SEARCHES_KEY = "/api/saved-searches";

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

/** The browse filters as the page holds them ("" for none); the server checks each. */
export interface SearchFilters {
  search: string;
  vertical: string;
  payout: string;
  geo: string;
  tags: readonly string[];
}

export function useSavedSearches() {
  return useQuery<SavedSearch[]>({ queryKey: [SAVED_SEARCHES_KEY] });
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
