import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

// Colours meet WCAG AA contrast on their backgrounds (axe checks every page).
const tones = {
  grey: "bg-slate-100 text-slate-800 border-slate-200",
  blue: "bg-blue-100 text-blue-900 border-blue-200",
  green: "bg-green-100 text-green-900 border-green-200",
  yellow: "bg-yellow-100 text-yellow-900 border-yellow-200",
  red: "bg-red-100 text-red-900 border-red-200",
  purple: "bg-purple-100 text-purple-900 border-purple-200",
  brand: "bg-brand-600 text-white border-brand-600",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({
  className,
  tone = "grey",
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
