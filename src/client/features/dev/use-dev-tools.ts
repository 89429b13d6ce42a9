import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type DevSmsInbound,
  type DevSmsInboundResult,
  type InboxDelivery,
  WEBHOOK_INBOX_PATH,
} from "../../../shared/schemas/dev";
import type { OutboxSms } from "../../../shared/schemas/sms";
import { apiRequest } from "../../lib/api";

// The only module that knows the development tools' URLs. Both lists are read again every few seconds
// while their page is open: deliveries and texts arrive from the job workers, not from this page.

const SMS_OUTBOX_PATH = "/api/dev/sms-outbox";
const POLL_MS = 2000;

/** GET /api/dev/webhook-inbox: the deliveries received, newest first (404 outside development). */
export function useWebhookInbox() {
  return useQuery<InboxDelivery[]>({
    queryKey: [WEBHOOK_INBOX_PATH],
    staleTime: 0,
    // Not after a refusal: a production server answers 404 for good.
    refetchInterval: (query) => (query.state.status === "error" ? false : POLL_MS),
  });
}

/** GET /api/dev/sms-outbox: the texts the development server "sent", newest first. */
export function useSmsOutbox() {
  return useQuery<OutboxSms[]>({
    queryKey: [SMS_OUTBOX_PATH],
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === "error" ? false : POLL_MS),
  });
}

/** POST /api/dev/sms-inbound: a reply to our number, posted to the real inbound route; the outbox is read again. */
export function useSendSmsReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevSmsInbound) =>
      apiRequest<DevSmsInboundResult>("POST", "/api/dev/sms-inbound", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SMS_OUTBOX_PATH] }),
  });
}
