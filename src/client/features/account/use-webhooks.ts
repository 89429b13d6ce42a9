import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreatedWebhook,
  CreateWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
} from "../../../shared/schemas/webhooks";
import { apiRequest } from "../../lib/api";

// The only module that knows the webhooks' URLs: the endpoints, a new one (its signing secret answered
// this once), deletion, the test event, and each endpoint's delivery log and redelivery.

const WEBHOOKS_KEY = "/api/webhooks";
type Message = { message: string };

const endpointPath = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}`;
const deliveriesPath = (id: string) => `${endpointPath(id)}/deliveries`;

export function useWebhooks(enabled: boolean) {
  // Read at each visit: an endpoint starts failing, or is disabled, without this page's doing.
  return useQuery<WebhookEndpoint[]>({ queryKey: [WEBHOOKS_KEY], staleTime: 0, enabled });
}

/** Registers an endpoint; the secret lives only in this mutation's answer, like a new API key. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => apiRequest<CreatedWebhook>("POST", WEBHOOKS_KEY, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS_KEY] }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => apiRequest("DELETE", endpointPath(endpoint.id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS_KEY] }),
  });
}

/** The delivery log of one endpoint, read only while its panel is open. */
export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  return useQuery<WebhookDelivery[]>({
    queryKey: [deliveriesPath(endpointId)],
    staleTime: 0,
    enabled,
  });
}

/** Queues a "ping" to the endpoint; its delivery joins the log. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      apiRequest<Message>("POST", `${endpointPath(endpoint.id)}/test`),
    onSuccess: (_answer, endpoint) =>
      queryClient.invalidateQueries({ queryKey: [deliveriesPath(endpoint.id)] }),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiRequest<Message>(
        "POST",
        `${deliveriesPath(endpointId)}/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    onSuccess: (_answer, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: [deliveriesPath(endpointId)] }),
  });
}
