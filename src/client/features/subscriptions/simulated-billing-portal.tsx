import { FlaskConical } from "lucide-react";
import { ADDONS } from "../../../shared/constants";
import { formatDate, formatPriceCents } from "../../../shared/format";
import type {
  SimulatedPortalAction,
  SimulatedPortalSubscription,
} from "../../../shared/schemas/payment-simulation";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast, toastError } from "../../components/ui/use-toast";
import { useChangeSimulatedSubscription, useSimulatedPortal } from "./use-simulated-portal";

// What Stripe's customer portal does for our customers, as a page of ours while payments are simulated:
// each subscription with its price, status and date, cancelling at the end of the period (and taking it
// back), and, for the simulation only, the end of the period reached now: a renewal (paid, or declined
// to see a failed one) or, for a plan set to cancel, its end.

const PRODUCT_NAMES = { premium: "Premium", sms: ADDONS.smsAlerts.name } as const;

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  trialing: { label: "Trial", tone: "green" },
  past_due: { label: "Past due", tone: "red" },
  unpaid: { label: "Unpaid", tone: "red" },
  canceled: { label: "Ended", tone: "grey" },
};

function describe(subscription: SimulatedPortalSubscription): string {
  const end = formatDate(subscription.currentPeriodEnd);
  if (subscription.status === "canceled") return "This plan has ended.";
  if (subscription.status === "past_due") {
    return `The renewal payment was declined; the period that began runs to ${end} once it is paid.`;
  }
  return subscription.cancelAtPeriodEnd ? `Cancelled: ends on ${end}, no renewal.` : `Renews on ${end}.`;
}

function SubscriptionCard({
  subscription,
  onChange,
  isChanging,
}: {
  subscription: SimulatedPortalSubscription;
  onChange: (action: SimulatedPortalAction) => void;
  isChanging: boolean;
}) {
  const name = PRODUCT_NAMES[subscription.product];
  const status = STATUS[subscription.status] ?? { label: subscription.status, tone: "grey" as const };
  const isLive = subscription.status !== "canceled";
  const headingId = `portal-${subscription.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {name}
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm">
        {formatPriceCents(subscription.amountCents)}/{subscription.interval}
      </p>
      <p className="text-sm text-slate-700" data-testid="portal-subscription-status">
        {describe(subscription)}
      </p>
      {isLive && (
        <div className="flex flex-wrap gap-3">
          {subscription.cancelAtPeriodEnd ? (
            <Button variant="secondary" disabled={isChanging} onClick={() => onChange("resume")}>
              Don't cancel
            </Button>
          ) : (
            <Button variant="secondary" disabled={isChanging} onClick={() => onChange("cancel")}>
              Cancel plan
            </Button>
          )}
        </div>
      )}
      {isLive && (
        <div className="space-y-2 rounded-md border border-dashed border-amber-400 bg-amber-50 p-3">
          <p className="text-xs font-semibold text-amber-900">Simulation only</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" disabled={isChanging} onClick={() => onChange("renew")}>
              {subscription.cancelAtPeriodEnd ? "End the period now" : "Renew now"}
            </Button>
            {!subscription.cancelAtPeriodEnd && (
              <Button
                variant="secondary"
                size="sm"
                disabled={isChanging}
                onClick={() => onChange("renew-declined")}
              >
                Renew with a declined card
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

const DONE: Record<SimulatedPortalAction, string> = {
  cancel: "Your plan will end at the end of the period.",
  resume: "Your plan will renew.",
  renew: "The end of the period was reached.",
  "renew-declined": "The renewal payment was declined.",
};

export function SimulatedBillingPortal({ session }: { session: string }) {
  const portal = useSimulatedPortal(session);
  const change = useChangeSimulatedSubscription(session);
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">Billing</h1>
        <CardDescription className="flex items-start gap-2">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Simulated billing portal: payments here are simulated and no money moves. With real payments this is
          Stripe's customer portal.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState
          query={portal}
          loadingLabel="Loading your billing…"
          loading={<Skeleton className="h-32 w-full" />}
        >
          {(data) => (
            <>
              {data.subscriptions.length === 0 ? (
                <p className="text-sm">You have no subscriptions.</p>
              ) : (
                data.subscriptions.map((subscription) => (
                  <SubscriptionCard
                    key={subscription.id}
                    subscription={subscription}
                    isChanging={change.isPending}
                    onChange={(action) =>
                      change.mutate(
                        { id: subscription.id, action },
                        {
                          onSuccess: () =>
                            toast({ title: PRODUCT_NAMES[subscription.product], description: DONE[action] }),
                          onError: (error) => toastError(error, "The change could not be made."),
                        },
                      )
                    }
                  />
                ))
              )}
              {data.returnUrl && (
                <Button asChild variant="secondary">
                  <a href={data.returnUrl}>Return to Pricing &amp; Settings</a>
                </Button>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
