import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import {
  GEOGRAPHIES,
  LISTING_DEFAULTS,
  LISTING_STATUSES,
  LISTING_VERTICALS,
  PAYMENT_TERMS,
  REQUIREMENT_TAGS,
} from "../../../shared/constants";
import type { AdminListing } from "../../../shared/schemas/admin-listings";
import {
  type CreateAdminListing,
  type CreateAdminListingInput,
  createAdminListingSchema,
} from "../../../shared/schemas/listing-input";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { capitalize } from "./admin-format";
import { type ComboboxOption, EntityCombobox } from "./entity-combobox";
import { selectClass, textareaClass } from "./form-controls";
import { useBuyerProfileOptions, useCreateListing, useUpdateListing } from "./use-admin-listings";

// SPEC §5 admin listing form, on the shared schema (the server parses the same one), plus the buyer
// profile that owns the listing (DESIGN.md §2), its requirement tags and dispute window.

// Form inputs hold text; the schema turns "120" into 120 and "" into its message.
type FormValues = CreateAdminListingInput;

const NEW_LISTING: FormValues = {
  buyerId: "",
  title: "",
  description: "",
  vertical: "",
  payout: LISTING_DEFAULTS.payout,
  paymentTerms: LISTING_DEFAULTS.paymentTerms,
  durationRequirement: LISTING_DEFAULTS.durationRequirement,
  geos: [],
  minVolume: LISTING_DEFAULTS.minVolume,
  status: LISTING_DEFAULTS.status,
  tags: [],
  disputeWindowDays: "",
};

const isKnown = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

function valuesOf(listing: AdminListing): FormValues {
  return {
    buyerId: listing.buyerId,
    title: listing.title,
    description: listing.description ?? "",
    vertical: listing.vertical,
    payout: listing.payout,
    paymentTerms: isKnown(PAYMENT_TERMS, listing.paymentTerms)
      ? listing.paymentTerms
      : LISTING_DEFAULTS.paymentTerms,
    durationRequirement: listing.durationRequirement ?? "",
    geos: listing.geos.filter((geo) => isKnown(GEOGRAPHIES, geo)),
    minVolume: listing.minVolume ?? "",
    status: isKnown(LISTING_STATUSES, listing.status) ? listing.status : "active",
    tags: listing.tags.filter((tag) => REQUIREMENT_TAGS.some((t) => t.id === tag)) as FormValues["tags"],
    disputeWindowDays: listing.disputeWindowDays ?? "",
  };
}

function toOption(profile: { id: string; company: string; email: string }): ComboboxOption {
  return { id: profile.id, label: profile.company, description: profile.email };
}

function useOwnerOptions(search: string, enabled: boolean) {
  const query = useBuyerProfileOptions(search, enabled);
  return { ...query, data: query.data?.map(toOption) };
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
          <DialogTitle>{listing ? "Edit Buyer Listing" : "Add New Buyer"}</DialogTitle>
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
      defaults={NEW_LISTING}
      owner={null}
      submitLabel="Create Listing"
      pendingLabel="Creating..."
      error={mutation.isError ? errorMessage(mutation.error) : null}
      isPending={mutation.isPending}
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
      owner={toOption({ id: listing.buyerId, company: listing.owner.company, email: listing.owner.email })}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      error={mutation.isError ? errorMessage(mutation.error) : null}
      isPending={mutation.isPending}
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
  error,
  isPending,
  onSubmit,
  onCancel,
}: {
  defaults: FormValues;
  owner: ComboboxOption | null;
  submitLabel: string;
  pendingLabel: string;
  error: string | null;
  isPending: boolean;
  onSubmit: (values: CreateAdminListing) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormValues, unknown, CreateAdminListing>({
    resolver: zodResolver(createAdminListingSchema),
    defaultValues: defaults,
  });
  const errors = form.formState.errors;
  const checkboxClass = "h-4 w-4 rounded border-slate-500 accent-brand-600";

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
      <Controller
        control={form.control}
        name="buyerId"
        render={({ field }) => (
          <OwnerField
            initial={owner}
            error={errors.buyerId?.message}
            onChange={(option) => field.onChange(option?.id ?? "")}
          />
        )}
      />
      <FormField id="listing-title" label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} {...form.register("title")} />}
      </FormField>
      <FormField id="listing-description" label="Description (optional)" error={errors.description?.message}>
        {(control) => (
          <textarea {...control} rows={3} className={textareaClass} {...form.register("description")} />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="listing-vertical" label="Vertical" error={errors.vertical?.message}>
          {(control) => (
            <select {...control} className={selectClass} {...form.register("vertical")}>
              <option value="">Choose a vertical</option>
              {LISTING_VERTICALS.map((vertical) => (
                <option key={vertical} value={vertical}>
                  {vertical}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="listing-payout" label="Payout ($)" error={errors.payout?.message}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register("payout")} />}
        </FormField>
        <FormField id="listing-terms" label="Payment terms" error={errors.paymentTerms?.message}>
          {(control) => (
            <select {...control} className={selectClass} {...form.register("paymentTerms")}>
              {PAYMENT_TERMS.map((terms) => (
                <option key={terms} value={terms}>
                  {terms}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="listing-duration"
          label="Duration requirement (seconds)"
          error={errors.durationRequirement?.message}
        >
          {(control) => (
            <Input {...control} type="number" min={1} {...form.register("durationRequirement")} />
          )}
        </FormField>
        <FormField
          id="listing-min-volume"
          label="Minimum volume (calls/day)"
          error={errors.minVolume?.message}
        >
          {(control) => <Input {...control} type="number" min={1} {...form.register("minVolume")} />}
        </FormField>
        <FormField id="listing-status" label="Status" error={errors.status?.message}>
          {(control) => (
            <select {...control} className={selectClass} {...form.register("status")}>
              {LISTING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {capitalize(status)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="listing-dispute-window"
          label="Dispute window (days, optional)"
          error={errors.disputeWindowDays?.message}
        >
          {(control) => <Input {...control} type="number" min={1} {...form.register("disputeWindowDays")} />}
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Geographies (none means All Geos)</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {GEOGRAPHIES.map((geo) => (
            <label key={geo} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={geo} className={checkboxClass} {...form.register("geos")} />
              {geo}
            </label>
          ))}
        </div>
        {errors.geos?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.geos.message}
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Requirements</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {REQUIREMENT_TAGS.map((tag) => (
            <label key={tag.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={tag.id} className={checkboxClass} {...form.register("tags")} />
              {tag.label}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
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
          useOptions={useOwnerOptions}
          placeholder="Search buyers by company or email"
        />
      )}
    </FormField>
  );
}
