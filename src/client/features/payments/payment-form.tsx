import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Lock } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { PAYMENT_MESSAGES } from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { usePublicConfig } from "../config";

/**
 * Stripe's Payment Element and the pay button (idle, 'Processing...' while paying, then a success or
 * failure toast), for whatever is being bought: Premium, a Boost. Card details go straight from Stripe's
 * iframe to Stripe, never through us. A declined card leaves the form as it was, so the person can try
 * another card at once.
 */
export function PaymentForm({
  submitLabel,
  note,
  onPaid,
}: {
  /** The pay button's words, e.g. "Subscribe for $499/year". */
  submitLabel: string;
  /** The line under the button, after who processes the payment: what happens next, what can be undone. */
  note: ReactNode;
  /** After Stripe confirmed the payment (the webhook may not have arrived yet). */
  onPaid: () => Promise<void> | void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  const [isProcessing, setIsProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isSimulated = usePublicConfig().data?.payments === "simulated";

  function fail(message: string) {
    setFailure(message);
    toast({ title: PAYMENT_MESSAGES.paymentFailed, description: message, variant: "destructive" });
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || isProcessing) return;
    setIsProcessing(true);
    setFailure(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        // A payment method that must leave the page (3-D Secure, bank redirects) returns to the origin.
        confirmParams: { return_url: window.location.origin },
        redirect: "if_required",
      });
      if (result.error) {
        fail(result.error.message ?? "Your payment could not be completed.");
        return;
      }
      await onPaid();
    } catch {
      fail("Your payment could not be completed. Please try again.");
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    <form onSubmit={pay} className="space-y-5" aria-busy={isProcessing}>
      <PaymentElement
        options={{ layout: "tabs" }}
        onReady={() => setIsReady(true)}
        onChange={() => setFailure(null)}
      />
      {failure && (
        <div role="alert" className="space-y-1 rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{PAYMENT_MESSAGES.paymentFailed}</p>
          <p>{failure}</p>
        </div>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || !isReady || isProcessing}
      >
        {isProcessing ? (
          PAYMENT_MESSAGES.processing
        ) : (
          <>
            <Lock className="h-4 w-4" aria-hidden />
            {submitLabel}
          </>
        )}
      </Button>
      <p className="text-center text-xs text-slate-600">
        {isSimulated
          ? "This payment is simulated: no money moves."
          : "Payments are processed securely by Stripe."}{" "}
        {note}
      </p>
    </form>
  );
}
