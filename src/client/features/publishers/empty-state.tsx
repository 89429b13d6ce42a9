import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A tab with nothing in it yet: an icon, a title, a line, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <Icon className="h-10 w-10 text-slate-500" aria-hidden />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-slate-600">{description}</p>
      {children}
    </div>
  );
}
