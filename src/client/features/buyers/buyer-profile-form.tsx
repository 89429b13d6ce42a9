import { useState } from "react";
import { Controller } from "react-hook-form";
import {
  BUYER_PROFILE_DEFAULTS,
  GEOGRAPHIES,
  PAYMENT_TERMS,
  US_TIME_ZONES,
  VERTICALS,
} from "../../../shared/constants";
import {
  type BuyerProfile,
  type CreateBuyerProfile,
  type CreateBuyerProfileInput,
  createBuyerProfileSchema,
} from "../../../shared/schemas/buyers";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { DialogFormActions, type FormMutation } from "../../components/ui/dialog-form-actions";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { useZodForm } from "../../lib/use-zod-form";

// The buyer profile form on the Profile tab (the buyer onboarding creates the profile): company and
// contact email required, application URL and website web addresses, call hours in one of the US time
// zones; the shared schema checks it here and on the server.

type FormValues = CreateBuyerProfileInput;

function toFormValues(profile: BuyerProfile): FormValues {
  return {
    company: profile.company,
    contactEmail: profile.contactEmail ?? "",
    contactPhone: profile.contactPhone ?? "",
    applicationUrl: profile.applicationUrl ?? "",
    website: profile.website ?? "",
    callHours: profile.callHours ?? "",
    timeZone: (profile.timeZone ?? "") as FormValues["timeZone"],
    payoutMin: profile.payoutMin ?? "",
    payoutMax: profile.payoutMax ?? "",
    paymentTerms: (profile.paymentTerms ?? BUYER_PROFILE_DEFAULTS.paymentTerms) as FormValues["paymentTerms"],
    callDurationRequirement:
      profile.callDurationRequirement === null ? "" : String(profile.callDurationRequirement),
    dailyCap: profile.dailyCap === null ? "" : String(profile.dailyCap),
    verticals: profile.verticals as FormValues["verticals"],
    geoCoverage: profile.geoCoverage as FormValues["geoCoverage"],
    integrationOptions: profile.integrationOptions,
    notes: profile.notes ?? "",
  };
}

/** Integration options are typed as one comma-separated line; the raw text stays as typed. */
function IntegrationOptionsInput({
  value,
  onChange,
  control,
}: {
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  control: object;
}) {
  const [text, setText] = useState(() => (value ?? []).join(", "));
  return (
    <Input
      {...control}
      value={text}
      placeholder="e.g. Ringba, Retreaver, API"
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(",")
            .map((v) => v.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

export function BuyerProfileForm({
  profile,
  submitLabel,
  pendingLabel,
  onSubmit,
  mutation,
}: {
  profile: BuyerProfile;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: CreateBuyerProfile) => void;
  /** The save: its refusal is shown above the buttons while the values stay. */
  mutation: FormMutation;
}) {
  const form = useZodForm(createBuyerProfileSchema, {
    defaultValues: toFormValues(profile),
  });
  const errors = form.formState.errors;
  const message = (key: keyof FormValues) => errors[key]?.message as string | undefined;

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id="profile-company" label="Company name" error={message("company")}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register("company")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-contact-email" label="Contact email" error={message("contactEmail")}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...form.register("contactEmail")} />
          )}
        </FormField>
        <FormField
          id="profile-contact-phone"
          label="Contact phone (optional)"
          error={message("contactPhone")}
        >
          {(control) => (
            <Input {...control} type="tel" autoComplete="tel" {...form.register("contactPhone")} />
          )}
        </FormField>
      </div>
      <FormField id="profile-website" label="Company website (optional)" error={message("website")}>
        {(control) => (
          <Input {...control} type="url" placeholder="https://example.com" {...form.register("website")} />
        )}
      </FormField>
      <FormField
        id="profile-application-url"
        label="Application URL (optional)"
        error={message("applicationUrl")}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            placeholder="https://example.com/apply"
            {...form.register("applicationUrl")}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-payout-min" label="Minimum payout ($)" error={message("payoutMin")}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register("payoutMin")} />}
        </FormField>
        <FormField id="profile-payout-max" label="Maximum payout ($)" error={message("payoutMax")}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register("payoutMax")} />}
        </FormField>
        <FormField id="profile-payment-terms" label="Payment terms" error={message("paymentTerms")}>
          {(control) => <Select {...control} {...form.register("paymentTerms")} options={PAYMENT_TERMS} />}
        </FormField>
        <FormField
          id="profile-call-duration"
          label="Minimum call duration (seconds)"
          error={message("callDurationRequirement")}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" {...form.register("callDurationRequirement")} />
          )}
        </FormField>
        <FormField
          id="profile-call-hours"
          label="Hours you take calls (optional)"
          error={message("callHours")}
        >
          {(control) => <Input {...control} placeholder="Mon-Fri 9am-6pm" {...form.register("callHours")} />}
        </FormField>
        <FormField id="profile-time-zone" label="Time zone of your call hours" error={message("timeZone")}>
          {(control) => (
            <Select {...control} {...form.register("timeZone")} options={US_TIME_ZONES}>
              <option value="">Not set</option>
            </Select>
          )}
        </FormField>
        <FormField id="profile-daily-cap" label="Daily cap (calls per day)" error={message("dailyCap")}>
          {(control) => <Input {...control} inputMode="numeric" {...form.register("dailyCap")} />}
        </FormField>
        <FormField
          id="profile-integrations"
          label="Integrations (comma separated)"
          error={message("integrationOptions")}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="integrationOptions"
              render={({ field }) => (
                <IntegrationOptionsInput
                  control={control}
                  value={field.value as string[] | undefined}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <CheckboxGroupField
        control={form.control}
        name="verticals"
        id="profile-verticals"
        legend="Verticals you buy"
        options={VERTICALS}
      />
      <CheckboxGroupField
        control={form.control}
        name="geoCoverage"
        id="profile-geos"
        legend="Geographic coverage"
        options={GEOGRAPHIES}
      />
      <FormField id="profile-notes" label="Notes (optional)" error={message("notes")}>
        {(control) => <Textarea {...control} rows={3} {...form.register("notes")} />}
      </FormField>
      <DialogFormActions mutation={mutation} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
