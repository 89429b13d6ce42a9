import type { Ref } from "react";
import { cn } from "../../lib/cn";
import { Checkbox } from "./checkbox";
import { Label } from "./label";

export interface CheckboxOption {
  value: string;
  label: string;
}

/**
 * A set of checkboxes for a list value (geographies, verticals, tags, traffic sources) under one legend,
 * for forms: `value` in, `onChange(next)` out (react-hook-form's Controller). The legend names the group
 * for screen readers, the error is tied to it, and the chosen values keep the order of `options`. An
 * option given as a plain string is its own label.
 */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  firstRef,
  columns = 2,
  className,
}: {
  id: string;
  legend: string;
  options: readonly (string | CheckboxOption)[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
  /** Given to the first box, so a failed submit can move focus to the group (Controller's field.ref). */
  firstRef?: Ref<HTMLButtonElement>;
  /** 1 for options that read as sentences (they would wrap in two columns). */
  columns?: 1 | 2;
  className?: string;
}) {
  const errorId = `${id}-error`;
  const choices = options.map((o) => (typeof o === "string" ? { value: o, label: o } : o));
  const toggle = (option: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    onChange(choices.map((c) => c.value).filter((v) => chosen.has(v)));
  };
  return (
    <fieldset id={id} aria-describedby={error ? errorId : undefined} className={cn("space-y-3", className)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn("grid grid-cols-1 gap-x-4 gap-y-2", columns === 2 && "sm:grid-cols-2")}>
        {choices.map((choice, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={choice.value} className="flex min-h-8 items-center gap-2">
              <Checkbox
                id={optionId}
                ref={index === 0 ? firstRef : undefined}
                checked={value.includes(choice.value)}
                aria-invalid={error ? true : undefined}
                onCheckedChange={(checked) => toggle(choice.value, checked === true)}
              />
              <Label htmlFor={optionId} className="font-normal">
                {choice.label}
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
