import { formatDate } from "../../../shared/format";
import type { AlertPreferences } from "../../../shared/schemas/alerts";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { FormField } from "../../components/ui/form-field";
import { Select } from "../../components/ui/select";
import { formatQuietHours } from "../sms";
import type { AlertForm } from "./alert-form-values";

// "How to reach you": the channels (email; texts have a section of their own, features/sms), a word
// after an unsubscribe link took email off, and the time zone the texts' quiet hours follow.

/** Every IANA zone the browser knows, plus the chosen one should the list lack it ("UTC" in some). */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones].sort();
}

export function AlertDeliveryFieldset({
  form,
  unsubscribedAt,
  savedTimeZone,
}: {
  form: AlertForm;
  unsubscribedAt: AlertPreferences["unsubscribedAt"];
  /** The zone the form started from: the list offers it even if the browser does not know it. */
  savedTimeZone: string;
}) {
  const { errors } = form.formState;
  const hasEmail = form.watch("channels").includes("email");
  const zones = timeZoneOptions(savedTimeZone);
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">How to reach you</legend>
      <CheckboxGroupField
        control={form.control}
        name="channels"
        id="alert-channels"
        legend="Channels"
        options={[{ value: "email", label: "Email" }]}
      />
      {unsubscribedAt && !hasEmail && (
        <p className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
          You unsubscribed from alert emails on {formatDate(unsubscribedAt)}. Tick Email and save to get them
          again.
        </p>
      )}
      <div className="max-w-sm">
        <FormField
          id="alert-time-zone"
          label="Time zone for SMS quiet hours"
          error={errors.timeZone?.message}
        >
          {(control) => (
            <Select
              {...control}
              aria-describedby={[control["aria-describedby"], "alert-time-zone-hint"]
                .filter(Boolean)
                .join(" ")}
              {...form.register("timeZone")}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <p id="alert-time-zone-hint" className="mt-1 text-xs text-slate-600">
          SMS alerts are not sent from {formatQuietHours()} in this time zone: what matches meanwhile arrives
          in one text in the morning.
        </p>
      </div>
    </fieldset>
  );
}
