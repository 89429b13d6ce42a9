import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** An option list: plain values (shown as they are) or value/label pairs. */
type SelectOptions = readonly string[] | readonly { value: string; label: string }[];

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The choices, drawn after any `children` (a "Choose…" placeholder option, say). */
  options?: SelectOptions;
}

/** A native select styled like Input: keyboard, screen readers and mobile pickers work as the platform's. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(
  ({ className, options, children, ...props }, ref) => (
    <select
      ref={ref}
      className={cn(
        "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-600",
        className,
      )}
      {...props}
    >
      {children}
      {options?.map((option) => {
        const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  ),
);
Select.displayName = "Select";
