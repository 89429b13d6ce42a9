import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from "../../../shared/schemas/api-keys";
import { apiRequest } from "../../lib/api";

// The only module that knows the API keys' URLs: the list, a new key (answered whole this once) and a
// revocation. Every answer is the server's; the section shows it as it is.

const API_KEYS_KEY = "/api/api-keys";

export function useApiKeys() {
  // Read at each visit: "last used" moves with every call a script makes.
  return useQuery<ApiKey[]>({ queryKey: [API_KEYS_KEY], staleTime: 0 });
}

/**
 * Makes a key. Its whole value lives only in this mutation's answer (never in the query cache), so it
 * is gone from the page once the dialog that shows it resets the mutation.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => apiRequest<CreatedApiKey>("POST", API_KEYS_KEY, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [API_KEYS_KEY] }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) => apiRequest("DELETE", `${API_KEYS_KEY}/${encodeURIComponent(key.id)}`),
    // Also after a 404 (revoked meanwhile, from another tab): the list on screen is out of date either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [API_KEYS_KEY] }),
  });
}
