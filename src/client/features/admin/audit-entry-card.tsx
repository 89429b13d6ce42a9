import { formatDateTime } from "../../../shared/format";
import type { AuditEntry } from "../../../shared/schemas/admin-audit";
import { describeAuditEntry, describeChanges } from "./audit-sentences";

/**
 * One audit entry: what happened as a sentence, when, its changes field by field, and for reference the
 * action's key (the filter's value), the record and the whole data as readable JSON.
 */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.meta);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="break-words text-sm font-semibold text-slate-900">{describeAuditEntry(entry)}</p>
        <p className="shrink-0 text-xs text-slate-600">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>
      {changes.length > 0 && (
        <ul className="space-y-0.5 break-words text-sm text-slate-800">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="break-all text-xs text-slate-600">
        Action <code className="font-mono">{entry.action}</code>
        {entry.targetId && <> · Record {entry.targetId}</>}
      </p>
      {entry.meta !== null && (
        <details>
          <summary className="cursor-pointer text-sm text-brand-700">Full details (JSON)</summary>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
            className="mt-2 max-h-80 overflow-auto rounded-md bg-slate-50 p-3 text-xs text-slate-800"
          >
            {JSON.stringify(entry.meta, null, 2)}
          </pre>
        </details>
      )}
    </li>
  );
}
