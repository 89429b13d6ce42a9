import { Clock, Loader2 } from "lucide-react";
import { ADDONS, PAYMENT_MESSAGES } from "../../../shared/constants";
import { formatPriceCents } from "../../../shared/format";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { PaymentProvider, PaymentStep, useStripeJs } from "../payments";
import { useSmsSubscriptionIntent } from "./use-sms";

// Buying the SMS Alerts add-on in the Alerts tab: Stripe's Payment Element for the add-on's monthly
// subscription, as Premium and Boost are bought, then the wait for Stripe's webhook, which alone turns
// the add-on on.

/** "$49/month" from the status's price (the server's SMS_PRICE_CENTS). */
export function formatSmsPrice(priceCents: number): string {
  return `${formatPriceCents(priceCents)}/${ADDONS.smsAlerts.per}`;
}

/** The Payment Element for the add-on's subscription, with a way back. */
export function SmsCheckout({
  priceCents,
  publishableKey,
  onPaid,
  onCancel,
}: {
  priceCents: number;
  publishableKey: string;
  /** Stripe confirmed the first payment; the webhook turns the add-on on. */
  onPaid: () => void;
  onCancel: () => void;
}) {
  const stripeJs = useStripeJs(publishableKey);
  const intent = useSmsSubscriptionIntent(true);

  const data = intent.data;
  const payment = (
    <PaymentStep
      stripeJs={stripeJs}
      intent={intent}
      clientSecret={data && "clientSecret" in data ? data.clientSecret : null}
      startFailedMessage={errorMessage(intent.error, PAYMENT_MESSAGES.initFailed)}
      nothingToPay={
        data && "status" in data ? (
          <p className="text-sm">SMS Alerts is already active: there is nothing to pay.</p>
        ) : undefined
      }
      submitLabel={`Subscribe for ${formatSmsPrice(priceCents)}`}
      note="Billed monthly; cancel anytime in billing, and texts continue to the end of the paid month."
      onPaid={onPaid}
    />
  );

  return (
    <section
      aria-labelledby="sms-checkout-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sms-checkout-heading" className="text-base font-semibold">
          Payment details
        </h3>
        <p className="text-sm text-slate-600">
          <PaymentProvider />
        </p>
      </div>
      {payment}
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}

/** After paying, until Stripe's webhook turns the add-on on (or, when it is late, a calm word). */
export function SmsActivationWait({
  isLate,
  isRefreshing,
  onRefresh,
}: {
  isLate: boolean;
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div role="status" aria-live="polite" className="space-y-3 text-sm">
      {isLate ? (
        <>
          <p className="flex items-center gap-2 font-semibold">
            <Clock className="h-5 w-5 shrink-0" aria-hidden />
            Payment received
          </p>
          <p className="text-slate-700">
            Stripe's confirmation is taking longer than usual. Your payment went through and SMS Alerts will
            turn on shortly: nothing more to do. Refresh to check again, or come back later.
          </p>
          <Button onClick={onRefresh} disabled={isRefreshing}>
            {isRefreshing ? "Checking..." : "Refresh"}
          </Button>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2 font-semibold">
            <Loader2 className="h-5 w-5 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
            Payment received, waiting for Stripe's confirmation…
          </p>
          <p className="text-slate-700">
            SMS Alerts turns on as soon as Stripe confirms the payment to us, usually within seconds. Then add
            your mobile number here.
          </p>
        </>
      )}
    </div>
  );
}
