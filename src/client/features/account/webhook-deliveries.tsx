import { RefreshCw } from "lucide-react";
import { formatDateTime } from "../../../shared/format";
import type { WebhookDelivery, WebhookEndpoint } from "../../../shared/schemas/webhooks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast, toastError } from "../../components/ui/use-toast";
import { deliveryResult, deliveryStatus } from "./account-format";
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

function DeliveryTable({ rows, caption }: { rows: RowProps[]; caption: string }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Event
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Attempts
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last result
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Created
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Timing
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.delivery.id} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="py-3 pr-4 text-left font-mono font-normal">
                {row.delivery.eventType}
              </th>
              <td className="py-3 pr-4">
                <Status delivery={row.delivery} />
              </td>
              <td className="py-3 pr-4">{row.delivery.attempts}</td>
              <td className="break-words py-3 pr-4">{deliveryResult(row.delivery)}</td>
              <td className="whitespace-nowrap py-3 pr-4">{formatDateTime(row.delivery.createdAt)}</td>
              <td className="py-3 pr-4">
                <Timing delivery={row.delivery} />
              </td>
              <td className="py-3 text-right">
                <RedeliverButton {...row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below the md breakpoint: one stacked card per delivery. */
function DeliveryList({ rows, caption }: { rows: RowProps[]; caption: string }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={caption}>
      {rows.map((row) => (
        <li key={row.delivery.id} className="space-y-2 rounded-md border border-slate-200 p-3">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{row.delivery.eventType}</span>
            <Status delivery={row.delivery} />
          </span>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-600">Attempts</dt>
            <dd>{row.delivery.attempts}</dd>
            <dt className="text-slate-600">Last result</dt>
            <dd className="break-words">{deliveryResult(row.delivery)}</dd>
            <dt className="text-slate-600">Created</dt>
            <dd>{formatDateTime(row.delivery.createdAt)}</dd>
            <dt className="text-slate-600">Timing</dt>
            <dd>
              <Timing delivery={row.delivery} />
            </dd>
          </dl>
          <RedeliverButton {...row} />
        </li>
      ))}
    </ul>
  );
}

/** One endpoint's delivery log, newest first, read when its panel opens and on Refresh. */
export function WebhookDeliveries({ endpoint, enabled }: { endpoint: WebhookEndpoint; enabled: boolean }) {
  const deliveries = useWebhookDeliveries(endpoint.id, enabled);
  const redeliver = useRedeliver();
  const caption = `Deliveries to ${endpoint.url}, newest first`;

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
            isBusy: redeliver.isPending,
            onRedeliver: send,
          }));
          return (
            <>
              <DeliveryTable rows={rows} caption={caption} />
              <DeliveryList rows={rows} caption={caption} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
