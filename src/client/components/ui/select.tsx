import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** A native select styled like Input: keyboard, screen readers and mobile pickers work as the platform's. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => (
    <select
      ref={ref}
      className={cn(
        "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-600",
        className,
      )}
      {...props}
    />
  ),
);
Select.displayName = "Select";
