import { forwardRef } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { BOOST_DAYS, BOOST_GRANT_MAX_DAYS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import type { AdminListing } from "../../../shared/schemas/admin-listings";
import { endBoostSchema, grantBoostSchema } from "../../../shared/schemas/boosts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions } from "../../components/ui/dialog-form-actions";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { TextareaField } from "../../components/ui/textarea-field";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { useEndBoost, useGrantBoost } from "./use-admin-boosts";

// "Grant boost" and "End boost" on an admin's listing card. Both need a reason, which the audit log
// and the listing's boost history keep.

/** The shared schema's limits, read from it rather than retyped. */
const REASON = {
  min: grantBoostSchema.shape.reason.minLength ?? 0,
  max: grantBoostSchema.shape.reason.maxLength ?? 0,
};

/** The schema's messages complete a sentence that starts with the field's name. */
const sentence = (field: string, message: string | undefined) =>
  message ? `${field} ${message}` : undefined;

/** The reason both dialogs ask for, within the shared schema's limits. */
const ReasonField = forwardRef<
  HTMLTextAreaElement,
  { id: string; error: string | undefined; length: number } & UseFormRegisterReturn<"reason">
>(({ id, error, length, ...field }, ref) => (
  <TextareaField
    ref={ref}
    id={id}
    label="Reason"
    error={sentence("Reason", error)}
    length={length}
    limit={REASON.max}
    minimum={REASON.min}
    rows={3}
    maxLength={REASON.max}
    {...field}
  />
));

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
  const form = useZodForm(endBoostSchema, {
    defaultValues: { reason: "" },
  });
  const close = () => {
    end.reset();
    form.reset();
    onOpenChange(false);
  };
  const end = useEndBoost(listing.id, close);
  const reasonLength = form.watch("reason")?.length ?? 0;
  const submit = form.handleSubmit((values) => end.mutate(values));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      onCloseAutoFocus={onCloseAutoFocus}
      title="End boost?"
      description={`“${listing.title}” stops being featured now${
        listing.boostedUntil ? ` instead of on ${formatDate(listing.boostedUntil)}` : ""
      }. Nothing is refunded here: to refund a paid boost, refund it in Stripe, which takes its days back by itself.`}
      confirmLabel="End boost"
      pendingLabel="Ending..."
      isPending={end.isPending}
      onConfirm={() => void submit()}
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ReasonField
          id={`end-boost-${listing.id}-reason`}
          error={form.formState.errors.reason?.message}
          length={reasonLength}
          {...form.register("reason")}
        />
        <FormAlert>{end.isError && errorMessage(end.error)}</FormAlert>
      </form>
    </ConfirmDialog>
  );
}
