import { BUYER_LISTING_STATUSES } from "../../../shared/constants";
import {
  type CreateBuyerListing,
  type CreateBuyerListingInput,
  createBuyerListingSchema,
} from "../../../shared/schemas/listing-input";
import type { Listing } from "../../../shared/schemas/listings";
import { DialogFormActions, type FormMutation } from "../../components/ui/dialog-form-actions";
import { useZodForm } from "../../lib/use-zod-form";
import { type ListingFieldLabels, ListingFields, listingFieldValues } from "../listings";

// The buyer listing form: title, vertical and payout required; defaults payout 50, Net 30, duration
// 180, min volume 10, status active. Creates ("Create New Listing") and edits a listing; the
// shared schema (the admin form and the CSV import use the same rules) checks it here and on the server.

type FormValues = CreateBuyerListingInput;

const LABELS: ListingFieldLabels = {
  payout: "Payout per call ($)",
  durationRequirement: "Call duration requirement (seconds)",
  minVolume: "Minimum volume (calls per day)",
  disputeWindowDays: "Dispute window in days (optional)",
  dailyCap: "Daily cap in calls (blank: your profile's cap)",
  geos: "Geographies (none ticked: US National)",
};
const STATUS_LABELS: Record<(typeof BUYER_LISTING_STATUSES)[number], string> = {
  active: "Active (listed in the directory)",
  paused: "Paused (hidden from the directory)",
};
const STATUSES = BUYER_LISTING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

function toFormValues(listing: Listing | null, prefill: Partial<FormValues> = {}): FormValues {
  return {
    ...listingFieldValues(listing),
    ...prefill,
    status: listing?.status === "paused" ? "paused" : "active",
  };
}

/** What the form hands over: every field, and the status unless an administrator locked it. */
export type ListingFormOutput = Omit<CreateBuyerListing, "status"> &
  Partial<Pick<CreateBuyerListing, "status">>;

export function ListingForm({
  listing,
  submitLabel,
  pendingLabel,
  onSubmit,
  mutation,
  onCancel,
  cancelLabel,
  prefill,
}: {
  /** The listing being edited, or null for a new one. */
  listing: Listing | null;
  /** A new listing's starting values where they are known (the first listing, from the profile). */
  prefill?: Partial<FormValues>;
  cancelLabel?: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: ListingFormOutput) => void;
  /** The save: its refusal is shown above the buttons while the values stay. */
  mutation: FormMutation;
  onCancel: () => void;
}) {
  const form = useZodForm(createBuyerListingSchema, {
    defaultValues: toFormValues(listing, prefill),
  });
  // An administrator's "inactive" is not the buyer's to change: the form neither shows nor sends status.
  const statusIsLocked = listing?.status === "inactive";
  const submit = ({ status, ...fields }: CreateBuyerListing) =>
    onSubmit(statusIsLocked ? fields : { ...fields, status });

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(submit)}>
      <ListingFields form={form} labels={LABELS} statuses={statusIsLocked ? null : STATUSES} />
      <DialogFormActions
        mutation={mutation}
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
      />
    </form>
  );
}
