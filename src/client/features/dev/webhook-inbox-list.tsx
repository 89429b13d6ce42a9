import { formatDateTime } from "../../../shared/format";
import type { InboxDelivery, InboxSignatureResult } from "../../../shared/schemas/dev";
import { Badge, type BadgeTone } from "../../components/ui/badge";

const SIGNATURE_LABELS: Record<InboxSignatureResult, { label: string; tone: BadgeTone; hint: string }> = {
  valid: { label: "Signature valid", tone: "green", hint: "" },
  invalid: {
    label: "Signature invalid",
    tone: "red",
    hint: "X-Signature is missing, malformed, or not the HMAC of this body with the endpoint's secret.",
  },
  unknown_endpoint: {
    label: "Unknown endpoint",
    tone: "yellow",
    hint: "No webhook endpoint is registered at the URL this was posted to, so there is no secret to check with.",
  },
  stale: {
    label: "Signature too old",
    tone: "yellow",
    hint: "The HMAC matches, but its time is more than 5 minutes from the server's: a receiver refuses it as a replay.",
  },
};

/** The body as sent, indented when it is JSON. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function DeliveryItem({ delivery }: { delivery: InboxDelivery }) {
  const signature = SIGNATURE_LABELS[delivery.signature];
  const event = delivery.headers["x-webhook-event"] ?? "Delivery";
  const headingId = `inbox-${delivery.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="inbox-delivery"
      >
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="break-all font-mono text-sm font-semibold text-slate-900">
            {event}
          </h3>
          <Badge tone={signature.tone}>{signature.label}</Badge>
        </header>
        <p className="text-sm text-slate-600">
          Received <time dateTime={delivery.receivedAt}>{formatDateTime(delivery.receivedAt)}</time> at{" "}
          <code className="break-all">{delivery.path}</code>
        </p>
        {signature.hint && <p className="text-sm text-slate-700">{signature.hint}</p>}
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Headers</summary>
          <dl className="grid gap-x-4 gap-y-1 border-t border-slate-200 p-3 text-xs sm:grid-cols-[max-content_1fr]">
            {Object.entries(delivery.headers).map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-mono font-semibold text-slate-700">{name}</dt>
                <dd className="break-all font-mono text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </details>
        <div className="space-y-1">
          <h4 className="text-sm font-medium text-slate-800">Body</h4>
          <pre className="whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-900">
            {prettyBody(delivery.body)}
          </pre>
        </div>
      </article>
    </li>
  );
}

/** The inbox's deliveries, newest first. */
export function WebhookInboxList({ deliveries }: { deliveries: InboxDelivery[] }) {
  return (
    <ol className="space-y-4" aria-label="Deliveries, newest first">
      {deliveries.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} />
      ))}
    </ol>
  );
}
