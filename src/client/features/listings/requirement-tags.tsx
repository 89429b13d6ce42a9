import { ShieldCheck } from "lucide-react";
import { REQUIREMENT_TAGS } from "../../../shared/constants";
import { cn } from "../../lib/cn";

const LABELS: ReadonlyMap<string, string> = new Map(REQUIREMENT_TAGS.map((t) => [t.id, t.label]));

/** The label people read for a requirement tag id (an id the client does not know reads as itself). */
export function requirementTagLabel(id: string): string {
  return LABELS.get(id) ?? id;
}

/** A listing's requirement tags, in the shared list's order; nothing when it has none. */
export function RequirementTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  const ordered = [...tags].sort(
    (a, b) => REQUIREMENT_TAGS.findIndex((t) => t.id === a) - REQUIREMENT_TAGS.findIndex((t) => t.id === b),
  );
  return (
    <ul aria-label="Requirements" className={cn("flex flex-wrap gap-1.5", className)}>
      {ordered.map((id) => (
        <li
          key={id}
          className="inline-flex items-center gap-1 rounded-md border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs text-slate-800"
        >
          <ShieldCheck className="h-3.5 w-3.5 text-slate-600" aria-hidden />
          {requirementTagLabel(id)}
        </li>
      ))}
    </ul>
  );
}
