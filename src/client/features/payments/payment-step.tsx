import { Elements } from "@stripe/react-stripe-js";
import type { ReactNode } from "react";
import { PaymentForm } from "./payment-form";
import { PaymentFormSkeleton, PaymentStartFailed, PaymentUnavailable } from "./payment-notices";
import type { StripeJsState } from "./use-stripe-js";

/**
 * The one way a payment is shown, for Premium, SMS Alerts and Boost: Stripe.js that cannot load, the
 * server that could not start the payment (with a retry), nothing to pay, a skeleton while either is on
 * its way, then the Payment Element for the client secret.
 */
export function PaymentStep({
  stripeJs,
  intent,
  clientSecret,
  startFailedMessage,
  nothingToPay,
  submitLabel,
  note,
  onPaid,
}: {
  stripeJs: StripeJsState;
  /** The query that starts the payment on the server. */
  intent: { isError: boolean; refetch: () => unknown };
  /** The payment to confirm, once the server answered it (null meanwhile, or when nothing is to pay). */
  clientSecret: string | null;
  /** What the notice says when the server could not start the payment. */
  startFailedMessage: string;
  /** Shown instead of the form when the server says there is nothing to pay. */
  nothingToPay?: ReactNode;
  submitLabel: string;
  note: string;
  onPaid: () => void;
}) {
  if (stripeJs.status === "unavailable") return <PaymentUnavailable />;
  if (intent.isError) {
    return <PaymentStartFailed message={startFailedMessage} onRetry={() => intent.refetch()} />;
  }
  if (nothingToPay) return nothingToPay;
  if (stripeJs.status === "loading" || !clientSecret) return <PaymentFormSkeleton />;
  return (
    <Elements
      key={clientSecret}
      stripe={stripeJs.stripe}
      options={{ clientSecret, appearance: { theme: "stripe" } }}
    >
      <PaymentForm submitLabel={submitLabel} note={note} onPaid={onPaid} />
    </Elements>
  );
}
