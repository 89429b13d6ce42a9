import { type ReactNode, useEffect } from "react";
import type { FieldValues, UseFormWatch } from "react-hook-form";
import { PAYMENT_TERMS, US_TIME_ZONES, VERTICALS } from "../../../shared/constants";
import { buyerOnboardingStepSchemas } from "../../../shared/schemas/buyers";
import { Button } from "../../components/ui/button";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { useZodForm } from "../../lib/use-zod-form";

// The buyer onboarding's three input steps, each its own form over its own shared schema (the server
// parses the whole profile again on create): they report what is typed as it is typed (the draft) and
// hand their values to the wizard when they pass.

/** Every field of the wizard, as typed (numbers and amounts are text until the schema reads them). */
export interface BuyerOnboardingValues {
  company: string;
  website: string;
  contactEmail: string;
  contactPhone: string;
  verticals: string[];
  payoutMin: string;
  payoutMax: string;
  paymentTerms: string;
  callHours: string;
  timeZone: string;
  dailyCap: string;
}

export interface BuyerStepProps {
  values: BuyerOnboardingValues;
  onChange: (values: Partial<BuyerOnboardingValues>) => void;
  onNext: (values: Partial<BuyerOnboardingValues>) => void;
  onBack?: () => void;
}

export function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}

function useReportChanges<T extends FieldValues>(
  watch: UseFormWatch<T>,
  onChange: (values: Partial<BuyerOnboardingValues>) => void,
) {
  useEffect(() => {
    const subscription = watch((values) => onChange(values as Partial<BuyerOnboardingValues>));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);
}

/** The fields of one step, as typed so far: the step's form starts from them. */
function pick<K extends keyof BuyerOnboardingValues>(
  values: BuyerOnboardingValues,
  keys: readonly K[],
): Pick<BuyerOnboardingValues, K> {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Pick<BuyerOnboardingValues, K>;
}

const COMPANY_KEYS = ["company", "website", "contactEmail", "contactPhone"] as const;

export function CompanyStep({ values, onChange, onNext }: BuyerStepProps) {
  const form = useZodForm(buyerOnboardingStepSchemas[0], { defaultValues: pick(values, COMPANY_KEYS) });
  useReportChanges(form.watch, onChange);
  const error = (key: (typeof COMPANY_KEYS)[number]) => form.formState.errors[key]?.message;
  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <FormField id="buyer-onboarding-company" label="Company name" error={error("company")}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register("company")} />}
      </FormField>
      <FormField id="buyer-onboarding-website" label="Company website" error={error("website")}>
        {(control) => (
          <Input {...control} type="url" placeholder="https://example.com" {...form.register("website")} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="buyer-onboarding-email" label="Contact email" error={error("contactEmail")}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...form.register("contactEmail")} />
          )}
        </FormField>
        <FormField id="buyer-onboarding-phone" label="Contact phone (optional)" error={error("contactPhone")}>
          {(control) => (
            <Input {...control} type="tel" autoComplete="tel" {...form.register("contactPhone")} />
          )}
        </FormField>
      </div>
      <StepActions>
        <Button type="submit">Continue</Button>
      </StepActions>
    </form>
  );
}

const BUYING_KEYS = ["verticals", "payoutMin", "payoutMax", "paymentTerms"] as const;

export function BuyingStep({ values, onChange, onNext, onBack }: BuyerStepProps) {
  const form = useZodForm(buyerOnboardingStepSchemas[1], { defaultValues: pick(values, BUYING_KEYS) });
  useReportChanges(form.watch, onChange);
  const error = (key: (typeof BUYING_KEYS)[number]) => form.formState.errors[key]?.message;
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <CheckboxGroupField
        control={form.control}
        name="verticals"
        id="buyer-onboarding-verticals"
        legend="Verticals you buy"
        options={VERTICALS}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField id="buyer-onboarding-payout-min" label="Minimum payout ($)" error={error("payoutMin")}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register("payoutMin")} />}
        </FormField>
        <FormField id="buyer-onboarding-payout-max" label="Maximum payout ($)" error={error("payoutMax")}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register("payoutMax")} />}
        </FormField>
        <FormField id="buyer-onboarding-terms" label="Payment terms" error={error("paymentTerms")}>
          {(control) => <Select {...control} {...form.register("paymentTerms")} options={PAYMENT_TERMS} />}
        </FormField>
      </div>
      <StepActions onBack={onBack}>
        <Button type="submit">Continue</Button>
      </StepActions>
    </form>
  );
}

const HOURS_KEYS = ["callHours", "timeZone", "dailyCap"] as const;

export function CallHoursStep({ values, onChange, onNext, onBack }: BuyerStepProps) {
  const form = useZodForm(buyerOnboardingStepSchemas[2], { defaultValues: pick(values, HOURS_KEYS) });
  useReportChanges(form.watch, onChange);
  const error = (key: (typeof HOURS_KEYS)[number]) => form.formState.errors[key]?.message;
  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="buyer-onboarding-hours" label="Hours you take calls" error={error("callHours")}>
          {(control) => <Input {...control} placeholder="Mon-Fri 9am-6pm" {...form.register("callHours")} />}
        </FormField>
        <FormField id="buyer-onboarding-time-zone" label="Time zone" error={error("timeZone")}>
          {(control) => (
            <Select {...control} {...form.register("timeZone")} options={US_TIME_ZONES}>
              <option value="">Choose a time zone</option>
            </Select>
          )}
        </FormField>
      </div>
      <FormField id="buyer-onboarding-daily-cap" label="Daily cap (calls per day)" error={error("dailyCap")}>
        {(control) => <Input {...control} inputMode="numeric" {...form.register("dailyCap")} />}
      </FormField>
      <StepActions onBack={onBack}>
        <Button type="submit">Continue</Button>
      </StepActions>
    </form>
  );
}
