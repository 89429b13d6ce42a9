import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { PAYMENT_MESSAGES } from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";

/**
 * Stripe's Payment Element and the pay button (idle, 'Processing...' while paying, then a
 * success or failure toast). Card details go straight from Stripe's iframe to Stripe, never through us.
 */
export function PaymentForm({
  priceLabel,
  onPaid,
}: {
  priceLabel: string | undefined;
  onPaid: () => Promise<void>;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  const [isProcessing, setIsProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

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
        const message = result.error.message ?? "Your payment could not be completed.";
        setFailure(message);
        toast({ title: PAYMENT_MESSAGES.paymentFailed, description: message, variant: "destructive" });
        return;
      }
      await onPaid();
    } catch {
      const message = "Your payment could not be completed. Please try again.";
      setFailure(message);
      toast({ title: PAYMENT_MESSAGES.paymentFailed, description: message, variant: "destructive" });
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
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
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
            {priceLabel ? `Subscribe for ${priceLabel}` : "Subscribe"}
          </>
        )}
      </Button>
      <p className="text-center text-xs text-slate-600">
        Payments are processed securely by Stripe. Cancel anytime; access continues to the end of the paid
        year.
      </p>
    </form>
  );
}
