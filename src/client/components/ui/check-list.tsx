import { Check } from "lucide-react";
import { cn } from "../../lib/cn";

/** A list of benefits, each with a check mark (plans, upgrade dialog, subscribe page, welcome dialog). */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2 text-sm", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}
