import { X } from "lucide-react";
import { useState } from "react";
import { importedListingsMessage } from "../../../shared/constants";
import { formatCount } from "../../../shared/format";
import type { ListingImportStatus } from "../../../shared/schemas/listing-import";
import { Button } from "../../components/ui/button";
import { useLatestImport } from "./use-listing-import";

// How far an import got: a progress bar over the bytes read (the upload's size is known), the rows
// processed beside it, then "Saving…" while the valid rows are committed.

export function ImportProgressBar({ status, label }: { status: ListingImportStatus | null; label: string }) {
  const writing = status?.status === "writing";
  const fraction =
    status?.sizeBytes && !writing ? Math.min(1, status.bytesRead / status.sizeBytes) : writing ? 1 : 0;
  const percent = Math.round(fraction * 100);
  const text = !status
    ? "Starting…"
    : writing
      ? `Saving ${formatCount(status.rowsProcessed)} listings…`
      : `${formatCount(status.rowsProcessed)} rows processed`;
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {text}
      </p>
    </div>
  );
}

// A finished import stays on the page this long, for the admin who left and came back.
const RECENT_MS = 15 * 60_000;
const DISMISSED_KEY = "listing-import-dismissed";

/**
 * The latest import on the Manage Buyers page: its progress while it runs (from any tab, after a reload),
 * then how it ended, until dismissed. Dry runs only show while they run.
 */
export function ImportStatusPanel({ live }: { live: ListingImportStatus | null | undefined }) {
  const latest = useLatestImport();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  // This page's own import in flight: its polled progress (null until the first answer).
  if (live !== undefined) {
    return (
      <section
        aria-label="Import in progress"
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4"
      >
        <ImportProgressBar status={live} label={live ? `Importing ${live.fileName}` : "Importing listings"} />
      </section>
    );
  }
  const status = latest.data?.import;
  if (!status || status.id === dismissed) return null;
  const running = status.status === "running" || status.status === "writing";
  const recent = Date.now() - new Date(status.updatedAt).getTime() < RECENT_MS;
  if (!running && (status.dryRun || !recent)) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, status.id);
    setDismissed(status.id);
  };
  const result = status.result;
  return (
    <section
      aria-labelledby="import-status-heading"
      className="relative grid gap-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="import-status-heading" className="pr-8 text-sm font-semibold text-slate-900">
        {running ? `Importing ${status.fileName}` : `Import of ${status.fileName}`}
      </h2>
      {running ? (
        <ImportProgressBar status={status} label={`Importing ${status.fileName}`} />
      ) : (
        <p className="text-sm text-slate-700" role="status">
          {result?.imported !== undefined
            ? importedListingsMessage(result.imported)
            : result?.report
              ? `Nothing was imported: the file has ${formatCount(result.report.errorTotal)} errors. Open Import CSV to check it again.`
              : (result?.message ?? "The import failed. Nothing was written.")}
        </p>
      )}
      {!running && (
        <Button
          variant="ghost"
          size="sm"
          className="absolute right-2 top-2"
          aria-label="Dismiss import result"
          onClick={dismiss}
        >
          <X className="h-4 w-4" aria-hidden />
        </Button>
      )}
    </section>
  );
}
