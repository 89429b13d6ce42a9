import { Crown, Lock } from "lucide-react";
import { Controller } from "react-hook-form";
import { Link } from "wouter";
import { type AlertFrequency, GEOGRAPHIES, REQUIREMENT_TAGS, VERTICALS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  ALERT_MESSAGES,
  type AlertPreferences,
  alertPreferencesFormSchema,
  type UpdateAlertPreferences,
} from "../../../shared/schemas/alerts";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { errorMessage, hasErrorCode } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useZodForm } from "../../lib/use-zod-form";
import { formatQuietHours } from "../sms";
import { useUpdateAlertPreferences } from "./use-alerts";

// The Alerts tab's form: how often and how alerts arrive, and what the main alert matches.
// The server decides what is allowed (instant needs Premium); the form says so beforehand (without
// Premium, Instant is shown locked, with the way to upgrade, rather than offered and refused on save) and
// shows the server's refusal, keeping everything typed. Texts have a section of their own (features/sms);
// their quiet hours follow the time zone chosen here.

/** The settings as the form holds them: checkbox values are plain strings, blank fields "". */
export interface AlertFormValues {
  frequency: AlertFrequency;
  channels: string[];
  timeZone: string;
  filtersEnabled: boolean;
  verticals: string[];
  geos: string[];
  tags: string[];
  minPayout: string;
}

export function alertFormValues(preferences: AlertPreferences): AlertFormValues {
  return {
    frequency: preferences.frequency,
    channels: preferences.channels,
    timeZone: preferences.timeZone,
    filtersEnabled: preferences.filtersEnabled,
    verticals: preferences.verticals,
    geos: preferences.geos,
    tags: preferences.tags,
    minPayout: preferences.minPayout ?? "",
  };
}

/** Every IANA zone the browser knows, plus the chosen one should the list lack it ("UTC" in some). */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones].sort();
}

const FREQUENCIES: { value: AlertFrequency; label: string; description: string }[] = [
  {
    value: "instant",
    label: "Instant",
    description: "An email as soon as a matching listing goes live, with the buyer's contact details.",
  },
  { value: "daily", label: "Daily digest", description: "One email a day with every new match." },
  { value: "weekly", label: "Weekly digest", description: "One email a week with every new match." },
];

/** Says why Instant is locked without Premium: the server's own reason for refusing it. */
const INSTANT_LOCKED_ID = "alert-frequency-instant-locked";

const TAG_OPTIONS = REQUIREMENT_TAGS.map((t) => ({ value: t.id, label: t.label }));

function describeFrequency(frequency: AlertFrequency): string {
  if (frequency === "instant") return "You will get an email as soon as a matching listing goes live.";
  return `Matches will arrive in your ${frequency} digest.`;
}

export function AlertPreferencesForm({
  preferences,
  initialValues,
  isPremium,
}: {
  preferences: AlertPreferences;
  /** What the form starts from (the saved settings, or suggestions before the first save). */
  initialValues: AlertFormValues;
  isPremium: boolean;
}) {
  const update = useUpdateAlertPreferences();
  const form = useZodForm(alertPreferencesFormSchema, {
    defaultValues: initialValues,
  });
  const { errors } = form.formState;
  const channels = form.watch("channels");
  const zones = timeZoneOptions(initialValues.timeZone);
  const filtersEnabled = form.watch("filtersEnabled");

  // The zone is sent only when the user picked another: it is the SMS section's too, so a save of
  // other settings must leave it exactly as the server holds it.
  const save = ({ timeZone, ...values }: UpdateAlertPreferences) =>
    update.mutate(form.formState.dirtyFields.timeZone ? { ...values, timeZone } : values, {
      onSuccess: (saved) => {
        form.reset(alertFormValues(saved));
        const off = saved.channels.length === 0;
        toast({
          title: "Alerts Saved",
          description: off
            ? "No channel is chosen, so no alerts will be sent."
            : describeFrequency(saved.frequency),
        });
      },
    });

  const unsubscribed = preferences.unsubscribedAt && !channels.includes("email");

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} aria-label="Alert settings" className="space-y-8">
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">How often</legend>
        <div className="grid gap-3 md:grid-cols-3">
          {FREQUENCIES.map((option) => {
            const locked = option.value === "instant" && !isPremium;
            const described = `alert-frequency-${option.value}-description`;
            return (
              <label
                key={option.value}
                htmlFor={`alert-frequency-${option.value}`}
                className={cn(
                  "flex gap-3 rounded-lg border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50",
                  locked ? "cursor-not-allowed bg-slate-50" : "cursor-pointer",
                )}
              >
                <input
                  id={`alert-frequency-${option.value}`}
                  type="radio"
                  value={option.value}
                  className="mt-1 h-4 w-4 accent-brand-600"
                  aria-describedby={locked ? `${described} ${INSTANT_LOCKED_ID}` : described}
                  {...form.register("frequency")}
                  disabled={locked}
                />
                <span className="space-y-1">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {option.label}
                    {option.value === "instant" && (
                      <Badge tone="purple">
                        {locked ? (
                          <Lock className="h-3 w-3" aria-hidden />
                        ) : (
                          <Crown className="h-3 w-3" aria-hidden />
                        )}
                        Premium
                      </Badge>
                    )}
                  </span>
                  <span id={described} className="block text-sm text-slate-600">
                    {option.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {!isPremium && (
          <p id={INSTANT_LOCKED_ID} className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <Lock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            {ALERT_MESSAGES.instantNeedsPremium}
            <Link href="/pricing" className="font-medium text-brand-700 underline">
              Upgrade to Premium
            </Link>
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">How to reach you</legend>
        <CheckboxGroupField
          control={form.control}
          name="channels"
          id="alert-channels"
          legend="Channels"
          options={[{ value: "email", label: "Email" }]}
        />
        {unsubscribed && (
          <p className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
            You unsubscribed from alert emails on {formatDate(preferences.unsubscribedAt ?? "")}. Tick Email
            and save to get them again.
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
            SMS alerts are not sent from {formatQuietHours()} in this time zone: what matches meanwhile
            arrives in one text in the morning.
          </p>
        </div>
      </fieldset>

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

      <FormAlert>
        {update.isError && (
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(update.error)}
            {hasErrorCode(update.error, "premium_required") && (
              <Button asChild size="sm">
                <Link href="/pricing">Upgrade to Premium</Link>
              </Button>
            )}
          </span>
        )}
      </FormAlert>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Alerts"}
        </Button>
      </div>
    </form>
  );
}
