import { CreditCard } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toastError } from "../../components/ui/use-toast";
import { useOpenBillingPortal } from "./use-subscription";

/**
 * Stripe's billing portal, where Premium and the SMS add-on are cancelled and the card changed. It stays
 * disabled once the portal answers, while the browser leaves for Stripe.
 */
export function ManageBillingButton() {
  const portal = useOpenBillingPortal();
  const isOpening = portal.isPending || portal.isSuccess;
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={isOpening}
      onClick={() =>
        portal.mutate(undefined, { onError: (error) => toastError(error, "Billing could not be opened.") })
      }
    >
      <CreditCard className="h-4 w-4" aria-hidden />
      {isOpening ? "Opening billing..." : "Manage billing"}
    </Button>
  );
}
