import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import type { SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { usePremiumPrice } from "../config";
import { ManageBillingButton } from "./manage-billing-button";
import { useSubscriptionSummary } from "./use-subscription";

/** What the user's plan is doing, in one sentence (after cancelling, access continues to the period end). */
function describePlan(summary: SubscriptionSummary): string {
  const end = summary.currentPeriodEnd ? formatDate(summary.currentPeriodEnd) : null;
  if (summary.hasActiveSubscription) {
    if (summary.isComplimentary) return "Complimentary Premium: no charge and no renewal date.";
    if (summary.cancelAtPeriodEnd && end) {
      return `Cancelled: Premium stays on until ${end} and will not renew.`;
    }
    return end ? `Renews on ${end}.` : "Active.";
  }
  if (summary.status === "past_due" || summary.status === "unpaid") {
    return "Your last payment failed, so Premium is paused. Update your card in billing to restore it.";
  }
  if (summary.status === "canceled" || (summary.status === "active" && end)) {
    return end ? `Premium ended on ${end}.` : "Premium has ended.";
  }
  return "You are on the Free plan: buyer contact details are hidden.";
}

/** "Pricing & Settings": the signed-in user's subscription, with Stripe's billing portal. */
export function SubscriptionSettings() {
  const summary = useSubscriptionSummary();
  const price = usePremiumPrice();

  function renderSummary(data: SubscriptionSummary) {
    return (
      <>
        <CardContent className="space-y-3">
          <p className="flex items-center gap-2">
            <span className="text-sm text-slate-700">Plan</span>
            {data.hasActiveSubscription ? (
              <Badge tone="purple">Premium</Badge>
            ) : (
              <Badge tone="grey">Free</Badge>
            )}
          </p>
          <p className="text-sm" data-testid="subscription-status">
            {describePlan(data)}
          </p>
          {data.canManageBilling && (
            <p className="text-sm text-slate-600">
              Update your card, download invoices or cancel in Stripe's billing portal.
            </p>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-3">
          {!data.hasActiveSubscription && (
            <Button asChild>
              <Link href="/subscribe">
                {price.label ? `Upgrade to Premium: ${price.label}` : "Upgrade to Premium"}
              </Link>
            </Button>
          )}
          {data.canManageBilling && <ManageBillingButton />}
        </CardFooter>
      </>
    );
  }

  return (
    <section aria-labelledby="subscription-heading">
      <Card>
        <CardHeader>
          <h2 id="subscription-heading" className="text-2xl font-bold">
            Your subscription
          </h2>
          <CardDescription>Your plan, its renewal and your billing.</CardDescription>
        </CardHeader>
        <QueryState
          query={summary}
          loadingLabel="Loading your subscription…"
          loading={
            <CardContent className="space-y-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-5 w-72 max-w-full" />
            </CardContent>
          }
          errorMessage={() => "Your subscription could not be loaded."}
          className="mx-6 mb-6"
        >
          {renderSummary}
        </QueryState>
      </Card>
    </section>
  );
}
