import { RefreshCw } from "lucide-react";
import { formatDateTime } from "../../../shared/format";
import type { WebhookDelivery, WebhookEndpoint } from "../../../shared/schemas/webhooks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast, toastError } from "../../components/ui/use-toast";
import { deliveryResult, deliveryStatus } from "./account-format";
import { type Column, ResponsiveTable } from "./responsive-table";
import { useRedeliver, useWebhookDeliveries } from "./use-webhooks";

interface RowProps {
  delivery: WebhookDelivery;
  redeliverName: string;
  isBusy: boolean;
  onRedeliver: (delivery: WebhookDelivery) => void;
}

function Status({ delivery }: { delivery: WebhookDelivery }) {
  const status = deliveryStatus(delivery);
  return <Badge tone={status.tone}>{status.label}</Badge>;
}

/** When it was last tried, and when it will be tried next while it waits. */
function Timing({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <span className="block space-y-0.5">
      <span className="block">
        {delivery.lastAttemptAt ? `Last tried ${formatDateTime(delivery.lastAttemptAt)}` : "Not tried yet"}
      </span>
      {delivery.status === "pending" && delivery.nextAttemptAt && (
        <span className="block text-slate-600">Next try {formatDateTime(delivery.nextAttemptAt)}</span>
      )}
    </span>
  );
}

function RedeliverButton({ delivery, redeliverName, isBusy, onRedeliver }: RowProps) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      aria-label={redeliverName}
      disabled={isBusy}
      onClick={() => onRedeliver(delivery)}
    >
      Redeliver
    </Button>
  );
}

const DELIVERY_COLUMNS: Column<RowProps>[] = [
  // In a card the status stands beside the event, in its title line.
  { label: "Status", cell: (row) => <Status delivery={row.delivery} />, inCard: false },
  { label: "Attempts", cell: (row) => row.delivery.attempts },
  {
    label: "Last result",
    cell: (row) => deliveryResult(row.delivery),
    className: "break-words",
    cardClassName: "break-words",
  },
  {
    label: "Created",
    cell: (row) => formatDateTime(row.delivery.createdAt),
    className: "whitespace-nowrap",
  },
  { label: "Timing", cell: (row) => <Timing delivery={row.delivery} /> },
];

/** One endpoint's delivery log, newest first, read when its panel opens and on Refresh. */
export function WebhookDeliveries({ endpoint, enabled }: { endpoint: WebhookEndpoint; enabled: boolean }) {
  const deliveries = useWebhookDeliveries(endpoint.id, enabled);
  const redeliver = useRedeliver();

  const send = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: ({ message }) => toast({ title: "Redelivery", description: message }),
        onError: (error) => toastError(error),
      },
    );

  if (!enabled) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-slate-600">Newest first.</p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`Refresh deliveries to ${endpoint.url}`}
          disabled={deliveries.isFetching}
          onClick={() => deliveries.refetch()}
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          {deliveries.isFetching ? "Refreshing..." : "Refresh"}
        </Button>
      </div>
      <QueryState
        query={deliveries}
        loadingLabel="Loading deliveries…"
        loading={<Skeleton className="h-12 w-full" />}
      >
        {(list) => {
          if (list.length === 0) {
            return <p className="text-slate-700">Nothing sent yet. Send a test event to try the endpoint.</p>;
          }
          const rows = list.map((delivery) => ({
            delivery,
            redeliverName: `Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`,
            // A disabled endpoint refuses redeliveries (as it does test events).
            isBusy: redeliver.isPending || endpoint.disabledAt !== null,
            onRedeliver: send,
          }));
          return (
            <ResponsiveTable
              caption={`Deliveries to ${endpoint.url}, newest first`}
              rows={rows}
              rowKey={(row) => row.delivery.id}
              rowHeader={{
                label: "Event",
                cell: (row) => row.delivery.eventType,
                className: "font-mono font-normal",
              }}
              columns={DELIVERY_COLUMNS}
              cardTitle={(row) => (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono">{row.delivery.eventType}</span>
                  <Status delivery={row.delivery} />
                </span>
              )}
              action={(row) => <RedeliverButton {...row} />}
            />
          );
        }}
      </QueryState>
    </div>
  );
}
