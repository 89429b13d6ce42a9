import { Crown, Lock } from "lucide-react";
import { Link } from "wouter";
import type { AlertFrequency } from "../../../shared/constants";
import { ALERT_MESSAGES } from "../../../shared/schemas/alerts";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import type { AlertForm } from "./alert-form-values";

// "How often": instant, daily or weekly. Instant is Premium's: without it the choice is shown locked, with
// the server's reason and the way to upgrade, rather than offered and refused on save.

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

/** What the saved toast says of each frequency. */
export function describeFrequency(frequency: AlertFrequency): string {
  if (frequency === "instant") return "You will get an email as soon as a matching listing goes live.";
  return `Matches will arrive in your ${frequency} digest.`;
}

export function AlertFrequencyFieldset({ form, isPremium }: { form: AlertForm; isPremium: boolean }) {
  return (
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
  );
}
