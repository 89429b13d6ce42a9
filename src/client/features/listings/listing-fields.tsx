import type { FieldErrors, FieldPathByValue, Path, UseFormReturn } from "react-hook-form";
import {
  GEOGRAPHIES,
  LISTING_DEFAULTS,
  PAYMENT_TERMS,
  REQUIREMENT_TAG_IDS,
  REQUIREMENT_TAGS,
  VERTICALS,
} from "../../../shared/constants";
import type { CreateBuyerListingInput } from "../../../shared/schemas/listing-input";
import type { Listing } from "../../../shared/schemas/listings";
import type { CheckboxOption } from "../../components/ui/checkbox-group";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";

// The listing's own fields, written through the shared schemas of listing-input.ts: the buyer's listing
// form and the admin's listing form both render these. Each form adds what is its own (the admin's
// owner, which statuses may be chosen) and its buttons.

/** What both forms hold, before the schema parses it; status is each form's own list. */
export type ListingFieldValues = Omit<CreateBuyerListingInput, "status"> & { status?: string };

/** Labels the two forms word differently (the admin console's are the shorter ones). */
export interface ListingFieldLabels {
  payout: string;
  durationRequirement: string;
  minVolume: string;
  disputeWindowDays: string;
  dailyCap: string;
  geos: string;
}

const TAG_OPTIONS = REQUIREMENT_TAGS.map((t) => ({ value: t.id, label: t.label }));

const isKnown = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/**
 * The form's starting values: the listing defaults for a new listing, else the listing's own. A value the
 * lists no longer offer (a retired tag or payment term) is dropped, so saving cannot trip on it unseen.
 */
export function listingFieldValues(listing: Listing | null): Omit<ListingFieldValues, "status"> {
  if (!listing) {
    return {
      title: "",
      description: "",
      vertical: "",
      payout: LISTING_DEFAULTS.payout,
      paymentTerms: LISTING_DEFAULTS.paymentTerms,
      durationRequirement: LISTING_DEFAULTS.durationRequirement,
      minVolume: LISTING_DEFAULTS.minVolume,
      geos: [],
      tags: [],
      disputeWindowDays: "",
      dailyCap: "",
    };
  }
  return {
    title: listing.title,
    description: listing.description ?? "",
    vertical: listing.vertical,
    payout: listing.payout,
    paymentTerms: isKnown(PAYMENT_TERMS, listing.paymentTerms)
      ? listing.paymentTerms
      : LISTING_DEFAULTS.paymentTerms,
    durationRequirement: listing.durationRequirement ?? "",
    minVolume: listing.minVolume ?? "",
    geos: listing.geos.filter((geo) => isKnown(GEOGRAPHIES, geo)),
    tags: listing.tags.filter((tag) => isKnown(REQUIREMENT_TAG_IDS, tag)),
    disputeWindowDays: listing.disputeWindowDays ?? "",
    // Only the listing's own cap: left blank, the listing keeps following its buyer profile's.
    dailyCap: listing.listingDailyCap ?? "",
  };
}

/**
 * Title, vertical, payout, terms, duration, volume, dispute window, status, geographies, requirement tags
 * and description, bound to `form`. Numbers are typed as text (inputMode shows the keypad), so the
 * schema, not the browser, says what is wrong with them. `statuses` null leaves status out.
 */
export function ListingFields<T extends ListingFieldValues, O>({
  form,
  labels,
  statuses,
}: {
  form: UseFormReturn<T, unknown, O>;
  labels: ListingFieldLabels;
  statuses: readonly { value: string; label: string }[] | null;
}) {
  // T is any form that holds these fields; the names below are its paths.
  const name = (key: keyof ListingFieldValues) => key as Path<T>;
  const listName = (key: "geos" | "tags") => key as FieldPathByValue<T, readonly string[] | undefined>;
  const errors = form.formState.errors as FieldErrors<ListingFieldValues>;
  const message = (key: keyof ListingFieldValues) => errors[key]?.message;
  const checkboxes = (
    key: "geos" | "tags",
    id: string,
    legend: string,
    options: readonly (string | CheckboxOption)[],
  ) => (
    <CheckboxGroupField
      control={form.control}
      name={listName(key)}
      id={id}
      legend={legend}
      options={options}
    />
  );

  return (
    <>
      <FormField id="listing-title" label="Title" error={message("title")}>
        {(control) => <Input {...control} {...form.register(name("title"))} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="listing-vertical" label="Vertical" error={message("vertical")}>
          {(control) => (
            <Select {...control} {...form.register(name("vertical"))} options={VERTICALS}>
              <option value="">Choose a vertical</option>
            </Select>
          )}
        </FormField>
        <FormField id="listing-payout" label={labels.payout} error={message("payout")}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register(name("payout"))} />}
        </FormField>
        <FormField id="listing-terms" label="Payment terms" error={message("paymentTerms")}>
          {(control) => (
            <Select {...control} {...form.register(name("paymentTerms"))} options={PAYMENT_TERMS} />
          )}
        </FormField>
        <FormField
          id="listing-duration"
          label={labels.durationRequirement}
          error={message("durationRequirement")}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" {...form.register(name("durationRequirement"))} />
          )}
        </FormField>
        <FormField id="listing-min-volume" label={labels.minVolume} error={message("minVolume")}>
          {(control) => <Input {...control} inputMode="numeric" {...form.register(name("minVolume"))} />}
        </FormField>
        <FormField
          id="listing-dispute-window"
          label={labels.disputeWindowDays}
          error={message("disputeWindowDays")}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" {...form.register(name("disputeWindowDays"))} />
          )}
        </FormField>
        <FormField id="listing-daily-cap" label={labels.dailyCap} error={message("dailyCap")}>
          {(control) => <Input {...control} inputMode="numeric" {...form.register(name("dailyCap"))} />}
        </FormField>
        {statuses && (
          <FormField id="listing-status" label="Status" error={message("status")}>
            {(control) => (
              <Select {...control} {...form.register(name("status"))}>
                {statuses.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
      </div>
      {checkboxes("geos", "listing-geos", labels.geos, GEOGRAPHIES)}
      {checkboxes("tags", "listing-tags", "Requirements", TAG_OPTIONS)}
      <FormField id="listing-description" label="Description (optional)" error={message("description")}>
        {(control) => <Textarea {...control} rows={4} {...form.register(name("description"))} />}
      </FormField>
    </>
  );
}
