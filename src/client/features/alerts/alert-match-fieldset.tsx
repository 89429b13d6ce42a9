import { Controller } from "react-hook-form";
import { GEOGRAPHIES, REQUIREMENT_TAGS, VERTICALS } from "../../../shared/constants";
import { Checkbox } from "../../components/ui/checkbox";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { AlertForm } from "./alert-form-values";

// "What to match": the main alert's filters, as on Browse, and the switch that turns them off (saved
// searches alert either way).

const TAG_OPTIONS = REQUIREMENT_TAGS.map((t) => ({ value: t.id, label: t.label }));

export function AlertMatchFieldset({ form }: { form: AlertForm }) {
  const { errors } = form.formState;
  const filtersEnabled = form.watch("filtersEnabled");
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">What to match</legend>
      <Controller
        control={form.control}
        name="filtersEnabled"
        render={({ field }) => (
          <div className="flex items-start gap-2">
            <Checkbox
              id="alert-filters-enabled"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby="alert-filters-hint"
            />
            <Label htmlFor="alert-filters-enabled">
              Alert me about new listings that match these filters
            </Label>
          </div>
        )}
      />
      <p id="alert-filters-hint" className="text-sm text-slate-600">
        {filtersEnabled
          ? "Leave a list empty to match any. A listing must carry every requirement you tick, as on Browse."
          : "Off: only your saved searches send alerts."}
      </p>
      {/* Disabled, not hidden, while off: the choices are kept and can be switched back on. */}
      <fieldset disabled={!filtersEnabled} className="space-y-6 disabled:opacity-60">
        <CheckboxGroupField
          control={form.control}
          name="verticals"
          id="alert-verticals"
          legend="Verticals"
          options={VERTICALS}
        />
        <CheckboxGroupField
          control={form.control}
          name="geos"
          id="alert-geos"
          legend="Geographies (a US National listing serves every state)"
          options={GEOGRAPHIES}
        />
        <div className="max-w-xs">
          <FormField id="alert-min-payout" label="Minimum payout ($)" error={errors.minPayout?.message}>
            {(control) => (
              <Input {...control} inputMode="decimal" placeholder="Any" {...form.register("minPayout")} />
            )}
          </FormField>
        </div>
        <CheckboxGroupField
          control={form.control}
          name="tags"
          id="alert-tags"
          legend="Requirements"
          options={TAG_OPTIONS}
        />
      </fieldset>
    </fieldset>
  );
}
