import { cn } from "../../lib/cn";

export interface CheckboxOption {
  value: string;
  label: string;
}

/**
 * A set of checkboxes for a list value (geographies, verticals, tags) under one legend, for forms:
 * `value` in, `onChange(next)` out (react-hook-form's Controller). Native inputs, so the keyboard and
 * screen readers work as everywhere else; the order of `options` is the order of the value.
 */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  className,
}: {
  id: string;
  legend: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  className?: string;
}) {
  const errorId = `${id}-error`;
  const toggle = (option: string) => {
    const chosen = new Set(value);
    if (chosen.has(option)) chosen.delete(option);
    else chosen.add(option);
    onChange(options.map((o) => o.value).filter((v) => chosen.has(v)));
  };
  return (
    <fieldset id={id} className={cn("space-y-2", className)} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 shrink-0 accent-brand-600"
              checked={value.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
