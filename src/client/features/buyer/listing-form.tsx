import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import {
  BUYER_LISTING_STATUSES,
  GEOGRAPHIES,
  LISTING_DEFAULTS,
  LISTING_VERTICALS,
  PAYMENT_TERMS,
  REQUIREMENT_TAGS,
} from "../../../shared/constants";
import {
  type CreateBuyerListing,
  type CreateBuyerListingInput,
  createBuyerListingSchema,
} from "../../../shared/schemas/listing-input";
import type { Listing } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { CheckboxGroup } from "../../components/ui/checkbox-group";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";

// SPEC §5 buyer listing form: title, vertical and payout required; defaults payout 50, Net 30, duration
// 180, min volume 10, status active (SPEC §9). Creates ("Create New Listing") and edits a listing; the
// shared schema (the admin form and the CSV import use the same rules) checks it here and on the server.

type FormValues = CreateBuyerListingInput;

const STATUS_LABELS: Record<(typeof BUYER_LISTING_STATUSES)[number], string> = {
  active: "Active (listed in the directory)",
  paused: "Paused (hidden from the directory)",
};
const TAG_OPTIONS = REQUIREMENT_TAGS.map((t) => ({ value: t.id, label: t.label }));

function toFormValues(listing: Listing | null): FormValues {
  if (!listing) {
    return {
      title: "",
      description: "",
      vertical: "",
      payout: LISTING_DEFAULTS.payout,
      paymentTerms: LISTING_DEFAULTS.paymentTerms,
      durationRequirement: String(LISTING_DEFAULTS.durationRequirement),
      minVolume: String(LISTING_DEFAULTS.minVolume),
      geos: [],
      tags: [],
      disputeWindowDays: "",
      status: LISTING_DEFAULTS.status,
    };
  }
  return {
    title: listing.title,
    description: listing.description ?? "",
    vertical: listing.vertical,
    payout: listing.payout,
    paymentTerms: (listing.paymentTerms ?? LISTING_DEFAULTS.paymentTerms) as FormValues["paymentTerms"],
    durationRequirement: listing.durationRequirement === null ? "" : String(listing.durationRequirement),
    minVolume: listing.minVolume === null ? "" : String(listing.minVolume),
    geos: listing.geos as FormValues["geos"],
    tags: listing.tags as FormValues["tags"],
    disputeWindowDays: listing.disputeWindowDays === null ? "" : String(listing.disputeWindowDays),
    // An administrator's "inactive" is not the buyer's to change: the form leaves status out then.
    status: listing.status === "paused" ? "paused" : "active",
  };
}

export function ListingForm({
  listing,
  submitLabel,
  pendingLabel,
  onSubmit,
  isPending,
  error,
  onCancel,
}: {
  /** The listing being edited, or null for a new one. */
  listing: Listing | null;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: CreateBuyerListing) => void;
  isPending: boolean;
  error: unknown;
  onCancel: () => void;
}) {
  const form = useForm<FormValues, unknown, CreateBuyerListing>({
    resolver: zodResolver(createBuyerListingSchema),
    defaultValues: toFormValues(listing),
  });
  const errors = form.formState.errors;
  const message = (key: keyof FormValues) => errors[key]?.message as string | undefined;
  const statusIsLocked = listing?.status === "inactive";

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id="listing-title" label="Title" error={message("title")}>
        {(control) => <Input {...control} {...form.register("title")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="listing-vertical" label="Vertical" error={message("vertical")}>
          {(control) => (
            <Select {...control} {...form.register("vertical")}>
              <option value="">Choose a vertical</option>
              {LISTING_VERTICALS.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="listing-payout" label="Payout per call ($)" error={message("payout")}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register("payout")} />}
        </FormField>
        <FormField id="listing-terms" label="Payment terms" error={message("paymentTerms")}>
          {(control) => (
            <Select {...control} {...form.register("paymentTerms")}>
              {PAYMENT_TERMS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="listing-duration"
          label="Call duration requirement (seconds)"
          error={message("durationRequirement")}
        >
          {(control) => <Input {...control} inputMode="numeric" {...form.register("durationRequirement")} />}
        </FormField>
        <FormField
          id="listing-min-volume"
          label="Minimum volume (calls per day)"
          error={message("minVolume")}
        >
          {(control) => <Input {...control} inputMode="numeric" {...form.register("minVolume")} />}
        </FormField>
        <FormField
          id="listing-dispute-window"
          label="Dispute window in days (optional)"
          error={message("disputeWindowDays")}
        >
          {(control) => <Input {...control} inputMode="numeric" {...form.register("disputeWindowDays")} />}
        </FormField>
        {!statusIsLocked && (
          <FormField id="listing-status" label="Status" error={message("status")}>
            {(control) => (
              <Select {...control} {...form.register("status")}>
                {BUYER_LISTING_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
      </div>
      <Controller
        control={form.control}
        name="geos"
        render={({ field }) => (
          <CheckboxGroup
            id="listing-geos"
            legend="Geographies (none ticked: US National)"
            options={GEOGRAPHIES}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            error={message("geos")}
            firstRef={field.ref}
          />
        )}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <CheckboxGroup
            id="listing-tags"
            legend="Requirements"
            options={TAG_OPTIONS}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            error={message("tags")}
            firstRef={field.ref}
          />
        )}
      />
      <FormField id="listing-description" label="Description (optional)" error={message("description")}>
        {(control) => <Textarea {...control} rows={4} {...form.register("description")} />}
      </FormField>
      {error !== null && error !== undefined && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(error)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
