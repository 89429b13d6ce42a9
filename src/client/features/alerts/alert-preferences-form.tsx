import { Link } from "wouter";
import {
  type AlertPreferences,
  alertPreferencesFormSchema,
  type UpdateAlertPreferences,
} from "../../../shared/schemas/alerts";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/use-toast";
import { errorMessage, hasErrorCode } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { AlertDeliveryFieldset } from "./alert-delivery-fieldset";
import { type AlertFormValues, alertFormValues } from "./alert-form-values";
import { AlertFrequencyFieldset, describeFrequency } from "./alert-frequency-fieldset";
import { AlertMatchFieldset } from "./alert-match-fieldset";
import { useUpdateAlertPreferences } from "./use-alerts";

// The Alerts tab's form: how often and how alerts arrive, and what the main alert matches, one fieldset
// each. The server decides what is allowed (instant needs Premium); the form says so beforehand and shows
// the server's refusal, keeping everything typed. Texts have a section of their own (features/sms); their
// quiet hours follow the time zone chosen here.

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
  const form = useZodForm(alertPreferencesFormSchema, { defaultValues: initialValues });

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

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} aria-label="Alert settings" className="space-y-8">
      <AlertFrequencyFieldset form={form} isPremium={isPremium} />
      <AlertDeliveryFieldset
        form={form}
        unsubscribedAt={preferences.unsubscribedAt}
        savedTimeZone={initialValues.timeZone}
      />
      <AlertMatchFieldset form={form} />
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
