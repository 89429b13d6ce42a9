import { Inbox } from "lucide-react";
import { WEBHOOK_INBOX_PATH } from "../../shared/schemas/dev";
import { CopyField } from "../components/ui/copy-field";
import { QueryState } from "../components/ui/query-state";
import { DevToolsLayout, DevToolsUnavailable } from "../features/dev/dev-tools-layout";
import { useWebhookInbox } from "../features/dev/use-dev-tools";
import { WebhookInboxList } from "../features/dev/webhook-inbox-list";

/** The development webhook inbox: signed deliveries to this server's own receiver, newest first. */
export default function DevWebhooksPage() {
  const inbox = useWebhookInbox();
  // The address this browser reaches the server at is one the server's delivery worker reaches too.
  const inboxUrl = `${typeof window === "undefined" ? "" : window.location.origin}${WEBHOOK_INBOX_PATH}`;
  return (
    <DevToolsLayout
      title="Webhook Inbox"
      description="A receiver on this server: webhook deliveries posted to it are listed here, each with its signature checked the way the API guide tells a receiver to, using the secret of the endpoint registered at its address."
    >
      <section aria-labelledby="inbox-heading" aria-busy={inbox.isPending} className="space-y-4">
        <h2 id="inbox-heading" className="text-xl font-semibold">
          Deliveries
        </h2>
        <QueryState
          query={inbox}
          loadingLabel="Loading the webhook inbox…"
          loading={<div className="h-40 animate-pulse rounded-lg bg-slate-100" />}
          notFound={<DevToolsUnavailable />}
        >
          {(deliveries) => (
            <>
              <p role="status" className="text-sm text-slate-600">
                {deliveries.length === 0
                  ? "No deliveries yet."
                  : `${deliveries.length} ${deliveries.length === 1 ? "delivery" : "deliveries"}, newest first (the latest 200 since the server started).`}
              </p>
              {deliveries.length === 0 ? (
                <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
                  <Inbox className="h-8 w-8 text-slate-400" aria-hidden />
                  <p className="text-slate-700">
                    Register a webhook endpoint with this address, as a publisher or a buyer (under Webhooks
                    on your Account page, or with <code>POST /api/webhooks</code>). A development server
                    accepts plain <code>http://</code> addresses on this machine.
                  </p>
                  <CopyField
                    label="Endpoint URL to paste"
                    value={inboxUrl}
                    copyLabel="Copy the inbox URL"
                    noun="URL"
                    testId="inbox-url"
                  />
                  <p className="text-slate-700">
                    Then press <strong>Send test event</strong> on the endpoint, or do what fires one of its
                    events: the delivery shows up here within seconds.
                  </p>
                </div>
              ) : (
                <WebhookInboxList deliveries={deliveries} />
              )}
            </>
          )}
        </QueryState>
      </section>
    </DevToolsLayout>
  );
}
