import { Check } from "lucide-react";
import { ONBOARDING_STEPS } from "../../../shared/schemas/publisher";
import { cn } from "../../lib/cn";

/**
 * Where the user is among the five steps (SPEC §2): the current step is marked aria-current="step",
 * done steps carry a tick and say so to screen readers. Names show from the small breakpoint up; the
 * step's own heading names it on a phone.
 */
export function StepIndicator({ current, completed }: { current: number; completed: readonly number[] }) {
  return (
    <nav aria-label="Onboarding progress">
      <ol className="flex items-start justify-between gap-1">
        {ONBOARDING_STEPS.map((name, index) => {
          const isDone = completed.includes(index) && index !== current;
          const isCurrent = index === current;
          return (
            <li
              key={name}
              aria-current={isCurrent ? "step" : undefined}
              className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center"
            >
              <span
                aria-hidden
                className={cn(
                  "flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  isDone && "border-green-700 bg-green-700 text-white",
                  isCurrent && "border-brand-600 bg-brand-600 text-white",
                  !isDone && !isCurrent && "border-slate-300 bg-white text-slate-600",
                )}
              >
                {isDone ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <span
                className={cn(
                  "sr-only text-xs sm:not-sr-only",
                  isCurrent ? "font-semibold text-slate-900" : "text-slate-600",
                )}
              >
                {`Step ${index + 1}: ${name}`}
                <span className="sr-only">{isDone ? " (completed)" : isCurrent ? " (current)" : ""}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
