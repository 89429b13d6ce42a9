import { Check, Minus } from "lucide-react";
import { ONBOARDING_STEPS } from "../../../shared/schemas/publisher";
import { cn } from "../../lib/cn";
import { STEP_STATUS_TEXT, stepStatus } from "./step-status";

/**
 * Where the user is among the five steps: the current step is marked aria-current="step",
 * done steps carry a tick, a step passed without doing it (domain verification left for later) a dash
 * and the word "Skipped", and screen readers hear which. Names show from the small breakpoint up; the
 * step's own heading names it on a phone.
 */
export function StepIndicator({
  current,
  completed,
  skipped = [],
}: {
  current: number;
  completed: readonly number[];
  skipped?: readonly number[];
}) {
  return (
    <nav aria-label="Onboarding progress">
      <ol className="flex items-start justify-between gap-1">
        {ONBOARDING_STEPS.map((name, index) => {
          const status = stepStatus(index, { current, completed, skipped });
          return (
            <li
              key={name}
              aria-current={status === "current" ? "step" : undefined}
              data-status={status}
              className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center"
            >
              <span
                aria-hidden
                className={cn(
                  "flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  status === "done" && "border-green-700 bg-green-700 text-white",
                  status === "current" && "border-brand-600 bg-brand-600 text-white",
                  status === "skipped" && "border-dashed border-amber-700 bg-amber-50 text-amber-800",
                  status === "upcoming" && "border-slate-300 bg-white text-slate-600",
                )}
              >
                {status === "done" ? (
                  <Check className="h-4 w-4" />
                ) : status === "skipped" ? (
                  <Minus className="h-4 w-4" />
                ) : (
                  index + 1
                )}
              </span>
              <span
                className={cn(
                  "sr-only text-xs sm:not-sr-only",
                  status === "current" ? "font-semibold text-slate-900" : "text-slate-600",
                )}
              >
                {`Step ${index + 1}: ${name}`}
                <span className="sr-only">{STEP_STATUS_TEXT[status]}</span>
                {status === "skipped" && (
                  <span aria-hidden className="block font-medium text-amber-800">
                    Skipped
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
