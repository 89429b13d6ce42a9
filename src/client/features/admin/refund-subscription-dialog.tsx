import type { SubscriptionProduct } from "../../../shared/constants";
import type { AdminUser } from "../../../shared/schemas/admin-users";
import { ReasonConfirmDialog } from "./reason-dialog";
import { useRefundSubscription } from "./use-admin-users";

export const PRODUCT_NAMES: Record<SubscriptionProduct, string> = { premium: "Premium", sms: "SMS Alerts" };

/**
 * "Refund Premium" (or the SMS add-on) on a user's card: the money-back guarantee. The latest payment goes
 * back through Stripe and the subscription ends at once; the reason goes to the audit log.
 */
export function RefundSubscriptionDialog({
  user,
  product,
  onClose,
  onCloseAutoFocus,
}: {
  user: AdminUser;
  /** The subscription to refund; null: the dialog is closed. */
  product: SubscriptionProduct | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const refund = useRefundSubscription(onClose);
  const name = product ? PRODUCT_NAMES[product] : "";
  return (
    <ReasonConfirmDialog
      id={`refund-${user.id}`}
      open={product !== null}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      mutation={refund}
      onConfirm={(reason) => {
        if (product) refund.mutate({ userId: user.id, input: { product, reason } });
      }}
      title={`Refund ${name}?`}
      description={`The latest payment for ${user.email}'s ${name} goes back to their card through Stripe, and the subscription ends now instead of at the end of the period.`}
      confirmLabel="Refund and end"
      pendingLabel="Refunding..."
    />
  );
}
