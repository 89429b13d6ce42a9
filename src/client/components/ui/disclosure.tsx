import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { cn } from "../../lib/cn";

/**
 * A button that shows and hides a panel below it ("How is this computed?"): a disclosure rather than a
 * hover tooltip, so keyboard and touch users can read it too. `children` may be a function of the open
 * state, for a panel whose content is read only once it is opened (a delivery log).
 */
export function Disclosure({
  label,
  accessibleLabel,
  children,
}: {
  label: string;
  /** The button's name when `label` alone is not unique on the page ("Deliveries to https://…"). */
  accessibleLabel?: string;
  children: ReactNode | ((open: boolean) => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={accessibleLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <ChevronDown className={cn("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      <div id={panelId} hidden={!open} className="mt-3">
        {typeof children === "function" ? children(open) : children}
      </div>
    </div>
  );
}
