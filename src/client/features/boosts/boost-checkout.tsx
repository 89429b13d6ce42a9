import { CheckCircle2, Clock, Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PAYMENT_MESSAGES } from "../../../shared/constants";
import { formatDate, formatPriceCents } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import type { BoostStatus } from "../../../shared/schemas/boosts";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { errorMessage } from "../../lib/api";
import { PaymentProvider, PaymentStep, useStripeJs } from "../payments";
import { formatBoostDays } from "./boost-format";
import { type BoostConfirmation, useBoostIntent } from "./use-boosts";

/** The payment card: Stripe's Payment Element for this listing's Boost, and the failure of the last attempt. */
export function BoostCheckout({
  status,
  publishableKey,
  onPaid,
}: {
  status: BoostStatus;
  publishableKey: string;
  /** Stripe confirmed the payment of this PaymentIntent; the webhook grants the days. */
  onPaid: (paymentIntentId: string) => void;
}) {
  const stripeJs = useStripeJs(publishableKey);
  const intent = useBoostIntent(status.listingId, true);
  const lastError = status.lastPayment?.status !== "succeeded" ? status.lastPayment?.lastError : null;

  const data = intent.data;
  const payment = (
    <PaymentStep
      stripeJs={stripeJs}
      intent={intent}
      clientSecret={data?.clientSecret ?? null}
      startFailedMessage={errorMessage(intent.error, PAYMENT_MESSAGES.initFailed)}
      submitLabel={`Boost for ${formatPriceCents(data?.amountCents ?? status.priceCents)}`}
      note={`One payment, no subscription. The ${formatBoostDays(status.days)} start once Stripe confirms the payment; a refund takes them back.`}
      onPaid={() => {
        if (data) onPaid(data.paymentIntentId);
      }}
    />
  );

  return (
    <Card className="md:col-span-3">
      <CardHeader>
        <CardTitle>Payment details</CardTitle>
        <CardDescription>
          <PaymentProvider />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {lastError && (
          <p className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
            Your last payment attempt did not go through. Stripe said: {lastError}
          </p>
        )}
        {payment}
      </CardContent>
    </Card>
  );
}

/**
 * After paying: waiting for Stripe's confirmation (the webhook), then the boost granted, or, when it is
 * late, a calm word that it will appear and a way to look again.
 */
export function BoostConfirmationPanel({
  confirmation,
  status,
  isRefreshing,
  onRefresh,
  onBoostAgain,
}: {
  confirmation: BoostConfirmation;
  status: BoostStatus;
  isRefreshing: boolean;
  onRefresh: () => void;
  onBoostAgain: () => void;
}) {
  let body: ReactNode;
  if (confirmation === "granted") {
    body = (
      <>
        <p className="flex items-center gap-2 font-semibold text-green-800">
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
          Boost active
        </p>
        <p>
          {status.boostedUntil
            ? `“${status.title}” is featured in the directory until ${formatDate(status.boostedUntil)}.`
            : `Stripe confirmed the payment for “${status.title}”.`}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href={listingPagePath(status.listingId)}>View the listing</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href="/buyer/dashboard">Back to My Listings</Link>
          </Button>
          <Button variant="ghost" onClick={onBoostAgain}>
            Buy another Boost
          </Button>
        </div>
      </>
    );
  } else if (confirmation === "waiting") {
    body = (
      <>
        <p className="flex items-center gap-2 font-semibold">
          <Loader2 className="h-5 w-5 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
          Payment received, waiting for Stripe's confirmation…
        </p>
        <p className="text-slate-700">
          The boost starts as soon as Stripe confirms the payment to us, usually within seconds. You can stay
          on this page.
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p className="flex items-center gap-2 font-semibold">
          <Clock className="h-5 w-5 shrink-0" aria-hidden />
          Payment received
        </p>
        <p className="text-slate-700">
          Stripe's confirmation is taking longer than usual. Your payment went through and the boost will
          appear shortly: nothing more to do. Refresh to check again, or come back later.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onRefresh} disabled={isRefreshing}>
            {isRefreshing ? "Checking..." : "Refresh"}
          </Button>
          <Button asChild variant="secondary">
            <Link href="/buyer/dashboard">Back to My Listings</Link>
          </Button>
        </div>
      </>
    );
  }
  return (
    <Card className="md:col-span-3">
      <CardHeader>
        <CardTitle>Payment</CardTitle>
      </CardHeader>
      <CardContent>
        {/* One live region for the three states, so each change is read out. */}
        <div role="status" aria-live="polite" className="space-y-4 text-sm">
          {body}
        </div>
      </CardContent>
    </Card>
  );
}
