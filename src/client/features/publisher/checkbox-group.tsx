import type { Ref } from "react";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";

/**
 * A labelled group of checkboxes over a list of choices (SPEC §2 step 2: traffic sources, verticals,
 * geographies). The fieldset's legend names the group for screen readers, the error is tied to it, and
 * the chosen values keep the order of `options`.
 */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  firstRef,
}: {
  id: string;
  legend: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
  /** Given to the first box, so a failed submit can move focus to the group. */
  firstRef?: Ref<HTMLButtonElement>;
}) {
  const errorId = `${id}-error`;
  const toggle = (option: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    onChange(options.filter((o) => chosen.has(o)));
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={option} className="flex min-h-8 items-center gap-2">
              <Checkbox
                id={optionId}
                ref={index === 0 ? firstRef : undefined}
                checked={value.includes(option)}
                aria-invalid={error ? true : undefined}
                onCheckedChange={(checked) => toggle(option, checked === true)}
              />
              <Label htmlFor={optionId} className="font-normal">
                {option}
              </Label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
