import type { AuditEntry } from "../../../shared/schemas/admin-audit";
import { auditActor, describeChanges, formatDateTime } from "./admin-format";

/** One audit entry: what, who, when, about which record, and its data as readable JSON. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.meta);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-mono text-sm font-semibold text-slate-900">{entry.action}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>
      <p className="break-all text-sm text-slate-700">
        By {auditActor(entry)}
        {entry.targetId && <> · Record {entry.targetId}</>}
      </p>
      {changes.length > 0 && (
        <ul className="space-y-0.5 break-all text-sm text-slate-800">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
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
