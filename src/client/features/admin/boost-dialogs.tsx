import { useState } from "react";
import { BOOST_DAYS, BOOST_GRANT_MAX_DAYS } from "../../../shared/constants";
import { formatDate, formatPriceCents } from "../../../shared/format";
import type { AdminListing } from "../../../shared/schemas/admin-listings";
import { type BoostPurchase, grantBoostSchema } from "../../../shared/schemas/boosts";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions } from "../../components/ui/dialog-form-actions";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { useZodForm } from "../../lib/use-zod-form";
import { ReasonConfirmDialog, ReasonField, sentence } from "./reason-dialog";
import { useEndBoost, useGrantBoost, useRefundBoost } from "./use-admin-boosts";

// "Grant boost" and "End boost" on an admin's listing card, and "Refund payment" on a paid boost of its
// history. Each needs a reason, which the audit log (and the history, for a grant or an end) keeps.

interface BoostDialogProps {
  listing: AdminListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A complimentary boost of 1 to BOOST_GRANT_MAX_DAYS days, added to the end of one that is running. */
export function GrantBoostDialog({ listing, open, onOpenChange, onCloseAutoFocus }: BoostDialogProps) {
  const form = useZodForm(grantBoostSchema, {
    defaultValues: { days: BOOST_DAYS, reason: "" },
  });
  const close = () => {
    grant.reset();
    form.reset();
    onOpenChange(false);
  };
  const grant = useGrantBoost(listing.id, close);
  const reasonLength = form.watch("reason")?.length ?? 0;
  const idPrefix = `grant-boost-${listing.id}`;
  const { errors } = form.formState;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Grant boost</DialogTitle>
          <DialogDescription>
            A complimentary boost for “{listing.title}”: listed first in the directory with a Boosted badge,
            at no charge.{" "}
            {listing.isBoosted && listing.boostedUntil
              ? `It is boosted until ${formatDate(listing.boostedUntil)}; the days are added to that end.`
              : "It starts now."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => grant.mutate(values))}>
          <FormField id={`${idPrefix}-days`} label="Days" error={sentence("Days", errors.days?.message)}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={BOOST_GRANT_MAX_DAYS}
                step={1}
                className="sm:w-32"
                {...form.register("days")}
              />
            )}
          </FormField>
          <p className="-mt-2 text-xs text-slate-600">From 1 to {BOOST_GRANT_MAX_DAYS} days.</p>
          <ReasonField
            id={`${idPrefix}-reason`}
            error={errors.reason?.message}
            length={reasonLength}
            {...form.register("reason")}
          />
          <DialogFormActions
            mutation={grant}
            onCancel={close}
            submitLabel="Grant boost"
            pendingLabel="Granting..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Ends the listing's boost now: it leaves the top of the directory and loses its badge. */
export function EndBoostDialog({ listing, open, onOpenChange, onCloseAutoFocus }: BoostDialogProps) {
  const end = useEndBoost(listing.id, () => onOpenChange(false));
  return (
    <ReasonConfirmDialog
      id={`end-boost-${listing.id}`}
      open={open}
      onClose={() => onOpenChange(false)}
      onCloseAutoFocus={onCloseAutoFocus}
      mutation={end}
      onConfirm={(reason) => end.mutate({ reason })}
      title="End boost?"
      description={`“${listing.title}” stops being featured now${
        listing.boostedUntil ? ` instead of on ${formatDate(listing.boostedUntil)}` : ""
      }. Nothing is refunded here: to refund a paid boost, use "Refund payment" in its history, which takes its days back too.`}
      confirmLabel="End boost"
      pendingLabel="Ending..."
    />
  );
}

/**
 * "Refund payment" under a paid boost that stands: the payment goes back in full through Stripe and the
 * boost's days come off at once (the boosts that stand are replayed without it).
 */
export function RefundBoostButton({ listingId, purchase }: { listingId: string; purchase: BoostPurchase }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundBoost(listingId, purchase.id, () => setOpen(false));
  if (purchase.source !== "stripe" || purchase.status === "refunded") return null;
  const paid = `${formatPriceCents(purchase.amountCents)} paid on ${formatDate(purchase.startsAt)}`;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Refund payment
      </Button>
      <ReasonConfirmDialog
        id={`refund-boost-${purchase.id}`}
        open={open}
        onClose={() => setOpen(false)}
        mutation={refund}
        onConfirm={(reason) => refund.mutate({ reason })}
        title="Refund boost?"
        description={`The ${paid} goes back to the buyer's card through Stripe, and this boost's days come off now.`}
        confirmLabel="Refund"
        pendingLabel="Refunding..."
      />
    </>
  );
}
