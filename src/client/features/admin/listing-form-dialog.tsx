import { useState } from "react";
import { Controller } from "react-hook-form";
import { LISTING_STATUSES, US_NATIONAL } from "../../../shared/constants";
import type { AdminListing } from "../../../shared/schemas/admin-listings";
import {
  type CreateAdminListing,
  type CreateAdminListingInput,
  createAdminListingSchema,
} from "../../../shared/schemas/listing-input";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions, type FormMutation } from "../../components/ui/dialog-form-actions";
import { FormField } from "../../components/ui/form-field";
import { useZodForm } from "../../lib/use-zod-form";
import { type ListingFieldLabels, ListingFields, listingFieldValues } from "../listings";
import { capitalize } from "./admin-format";
import { type ComboboxOption, EntityCombobox } from "./entity-combobox";
import { buyerOption, useBuyerOptions, useCreateListing, useUpdateListing } from "./use-admin-listings";

// The admin listing form: the listing fields of the buyer's form, on the shared schema (the server
// parses the same one), plus the buyer profile that owns the listing (an admin creates listings on a
// buyer's behalf) and every status.

// Form inputs hold text; the schema turns "120" into 120 and "" into its message.
type FormValues = CreateAdminListingInput;

const LABELS: ListingFieldLabels = {
  payout: "Payout ($)",
  durationRequirement: "Duration requirement (seconds)",
  minVolume: "Minimum volume (calls/day)",
  disputeWindowDays: "Dispute window (days, optional)",
  dailyCap: "Daily cap (calls/day; blank: the buyer's cap)",
  geos: `Geographies (none means ${US_NATIONAL})`,
};
const STATUSES = LISTING_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));

function valuesOf(listing: AdminListing | null): FormValues {
  const status = LISTING_STATUSES.find((s) => s === listing?.status) ?? "active";
  return { ...listingFieldValues(listing), status, buyerId: listing?.buyerId ?? "" };
}

/** Create (no `listing`) or edit a listing; the values typed survive a refusal. */
export function ListingFormDialog({
  listing,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  listing?: AdminListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{listing ? "Edit Buyer Listing" : "Add listing"}</DialogTitle>
          <DialogDescription>
            {listing
              ? "Change any field; only what changes is saved and recorded in the audit log."
              : "Create a listing on behalf of a buyer. It belongs to the buyer profile you choose."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the listing (or the defaults). */}
        {open && (listing ? <EditForm listing={listing} onDone={close} /> : <CreateForm onDone={close} />)}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const mutation = useCreateListing(onDone);
  return (
    <ListingForm
      defaults={valuesOf(null)}
      owner={null}
      submitLabel="Create Listing"
      pendingLabel="Creating..."
      mutation={mutation}
      onSubmit={(values) => mutation.mutate(values)}
      onCancel={onDone}
    />
  );
}

function EditForm({ listing, onDone }: { listing: AdminListing; onDone: () => void }) {
  const mutation = useUpdateListing(listing.id, onDone);
  return (
    <ListingForm
      defaults={valuesOf(listing)}
      owner={buyerOption({ id: listing.buyerId, company: listing.owner.company, email: listing.owner.email })}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      mutation={mutation}
      onSubmit={(values) => mutation.mutate(values)}
      onCancel={onDone}
    />
  );
}

function ListingForm({
  defaults,
  owner,
  submitLabel,
  pendingLabel,
  mutation,
  onSubmit,
  onCancel,
}: {
  defaults: FormValues;
  owner: ComboboxOption | null;
  submitLabel: string;
  pendingLabel: string;
  mutation: FormMutation;
  onSubmit: (values: CreateAdminListing) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(createAdminListingSchema, {
    defaultValues: defaults,
  });

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
      <Controller
        control={form.control}
        name="buyerId"
        render={({ field, fieldState }) => (
          <OwnerField
            initial={owner}
            error={fieldState.error?.message}
            onChange={(option) => field.onChange(option?.id ?? "")}
          />
        )}
      />
      <ListingFields form={form} labels={LABELS} statuses={STATUSES} />
      <DialogFormActions
        mutation={mutation}
        onCancel={onCancel}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
      />
    </form>
  );
}

function OwnerField({
  initial,
  error,
  onChange,
}: {
  initial: ComboboxOption | null;
  error: string | undefined;
  onChange: (option: ComboboxOption | null) => void;
}) {
  const [selected, setSelected] = useState<ComboboxOption | null>(initial);
  return (
    <FormField id="listing-buyer" label="Buyer" error={error}>
      {(control) => (
        <EntityCombobox
          {...control}
          selected={selected}
          onSelect={(option) => {
            setSelected(option);
            onChange(option);
          }}
          useOptions={useBuyerOptions}
          placeholder="Search buyers by company or email"
        />
      )}
    </FormField>
  );
}
