import { FileUp, X } from "lucide-react";
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  csvNamesBuyers,
  type ImportReport,
  LISTING_CSV_COLUMNS,
  LISTING_IMPORT_LIMITS,
  NO_BUYER_FOR_FILE,
} from "../../../shared/schemas/listing-import";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { type ComboboxOption, EntityCombobox } from "./entity-combobox";
import { ImportProgressBar } from "./import-progress";
import { useBuyerOptions } from "./use-admin-listings";
import { EXPORT_URL, type ImportInput, refusedReport, type useListingImport } from "./use-listing-import";

// "Import CSV" (docs/admin.md): a file (dropped or picked) or pasted text, the buyer the
// rows belong to (or a buyerEmail column), a dry run whose rows and errors show first, and only then
// "Import n listings", with progress. Nothing is written unless every row is valid. The buyer comes
// first: a file without a buyerEmail column (the documented order has none) cannot be checked until one
// is chosen, rather than failing every row for the same reason.

const count = (n: number) => n.toLocaleString("en-US");
const MAX_MB = LISTING_IMPORT_LIMITS.maxBytes / 1024 / 1024;
/** Enough of a file to read its first line (a header, or the first row). */
const HEAD_BYTES = 64 * 1024;

/**
 * Whether the chosen file or pasted text names its rows' buyers (a buyerEmail column): null while a
 * file's start is being read, or with nothing chosen.
 */
function useNamesBuyers(file: File | null, text: string): boolean | null {
  const [fromFile, setFromFile] = useState<{ file: File; names: boolean } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    file
      .slice(0, HEAD_BYTES)
      .text()
      .then(
        (head) => current && setFromFile({ file, names: csvNamesBuyers(head) }),
        // Unreadable here: the server reads it and says what is wrong.
        () => current && setFromFile({ file, names: true }),
      );
    return () => {
      current = false;
    };
  }, [file]);
  if (file) return fromFile?.file === file ? fromFile.names : null;
  return text.trim() ? csvNamesBuyers(text) : null;
}

export function ImportCsvDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  listingImport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  listingImport: ReturnType<typeof useListingImport>;
}) {
  const { check, run, pending, status } = listingImport;
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [buyer, setBuyer] = useState<ComboboxOption | null>(null);
  const [dragging, setDragging] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const namesBuyers = useNamesBuyers(file, text);
  // Nothing to send until the rows have a buyer: the one chosen here, or the file's buyerEmail column.
  const needsBuyer = !buyer && namesBuyers === false;

  const input: ImportInput | null = file
    ? { file, fileName: file.name, buyerId: buyer?.id ?? null }
    : text.trim()
      ? { file: new Blob([text], { type: "text/csv" }), fileName: "pasted.csv", buyerId: buyer?.id ?? null }
      : null;

  // Any change to what would be imported makes the last check stale.
  const changed = () => {
    setReport(null);
    setProblem(null);
    check.reset();
    run.reset();
  };
  const chooseFile = (chosen: File | undefined) => {
    changed();
    if (!chosen) return;
    if (chosen.size > LISTING_IMPORT_LIMITS.maxBytes) {
      setProblem(
        `${chosen.name} is larger than the ${MAX_MB} MB limit. Split it into smaller files and import each.`,
      );
      return;
    }
    setFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    chooseFile(event.dataTransfer.files[0]);
  };

  const onCheck = () => {
    if (!input) return;
    setProblem(null);
    check.mutate(input, {
      onSuccess: setReport,
      onError: (error) => setProblem(errorMessage(error, "The file could not be checked.")),
    });
  };
  const onImport = () => {
    if (!input) return;
    setProblem(null);
    run.mutate(input, {
      onSuccess: () => {
        setFile(null);
        setText("");
        setReport(null);
      },
      onError: (error) => {
        const refused = refusedReport(error);
        if (refused) setReport(refused);
        setProblem(errorMessage(error, "Failed to import CSV data."));
      },
    });
  };

  const canImport = report !== null && report.errorTotal === 0 && report.rowCount > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Import buyer listings from CSV</DialogTitle>
          <DialogDescription>
            Check the file first: nothing is written until every row is valid, and then all rows are written
            at once.
          </DialogDescription>
        </DialogHeader>

        {pending ? (
          <ImportProgressBar
            status={status}
            label={run.isPending ? "Importing listings" : "Checking the file"}
          />
        ) : (
          <>
            <FormField id={`${ids}-buyer`} label="1. Buyer these listings belong to" error={undefined}>
              {(control) => (
                <EntityCombobox
                  {...control}
                  aria-describedby={`${ids}-buyer-hint`}
                  selected={buyer}
                  onSelect={(option) => {
                    changed();
                    setBuyer(option);
                  }}
                  useOptions={useBuyerOptions}
                  placeholder="Search buyers by company or email"
                  clearLabel="Clear buyer"
                />
              )}
            </FormField>
            <p id={`${ids}-buyer-hint`} className="-mt-2 text-sm text-slate-600">
              Required unless the file has a buyerEmail column; a row's buyerEmail takes precedence.
            </p>
            <p className="text-sm font-medium text-slate-900">2. The listings</p>

            {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the "Choose a file" button is the keyboard and screen-reader way. */}
            <div
              className={cn(
                "grid gap-2 rounded-lg border-2 border-dashed p-4 text-center",
                dragging ? "border-brand-600 bg-brand-50" : "border-slate-300",
              )}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="csv-drop-zone"
            >
              <FileUp className="mx-auto h-6 w-6 text-slate-500" aria-hidden />
              {file ? (
                <p className="text-sm text-slate-800">
                  <span className="font-medium">{file.name}</span> ({count(Math.ceil(file.size / 1024))} KB){" "}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => {
                      changed();
                      setFile(null);
                      if (fileInput.current) fileInput.current.value = "";
                    }}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                </p>
              ) : (
                <p className="text-sm text-slate-700">Drop a .csv file here, or</p>
              )}
              <div>
                <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
                  Choose a file
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,.tsv,.txt,text/csv,text/plain"
                  className="sr-only"
                  aria-label="CSV file"
                  tabIndex={-1}
                  onChange={(event) => chooseFile(event.target.files?.[0])}
                />
              </div>
              <p className="text-xs text-slate-600">
                Up to {MAX_MB} MB and {count(LISTING_IMPORT_LIMITS.maxRows)} rows; comma, semicolon or tab
                separated, UTF-8.
              </p>
            </div>

            {!file && (
              <FormField id={`${ids}-text`} label="Or paste CSV text" error={undefined}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={5}
                    className="font-mono text-xs"
                    value={text}
                    onChange={(event) => {
                      changed();
                      setText(event.target.value);
                    }}
                    placeholder={"title,vertical,payout\nSolar Appointment Calls,Solar,65"}
                  />
                )}
              </FormField>
            )}

            <details className="text-sm text-slate-700">
              <summary className="cursor-pointer font-medium">Which columns?</summary>
              <p className="mt-2">
                With a header row, columns are matched by name in any order. Without one they are read in this
                order: <code className="break-words">{LISTING_CSV_COLUMNS.join(", ")}</code>. Only title,
                vertical and payout are required; blank cells take the defaults (Net 30, 180 seconds, 10 calls
                a day, active). Separate several geos or tags with “|”.{" "}
                <a className="text-brand-700 underline" href={EXPORT_URL} download>
                  Download the current listings as CSV
                </a>{" "}
                for an example that imports back as it is.
              </p>
            </details>
          </>
        )}

        {report && !pending && <ImportReportView report={report} />}
        {needsBuyer && !pending && (
          <p id={`${ids}-needs-buyer`} className="text-sm font-medium text-amber-800">
            {NO_BUYER_FOR_FILE}
          </p>
        )}
        <FormAlert>{problem}</FormAlert>

        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {pending ? "Close (the import goes on)" : "Cancel"}
          </Button>
          {canImport ? (
            <Button onClick={onImport} disabled={pending || needsBuyer}>
              {run.isPending ? "Importing…" : `Import ${count(report.rowCount)} listings`}
            </Button>
          ) : (
            <Button
              onClick={onCheck}
              disabled={!input || pending || needsBuyer || namesBuyers === null}
              aria-describedby={needsBuyer ? `${ids}-needs-buyer` : undefined}
            >
              {check.isPending ? "Checking…" : "Check file"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const { rowCount, errors, errorTotal, preview } = report;
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm font-medium text-slate-900">
        {count(rowCount)} {rowCount === 1 ? "row" : "rows"},{" "}
        {errorTotal === 0
          ? "no errors: ready to import."
          : `${count(errorTotal)} ${errorTotal === 1 ? "error" : "errors"} to fix first.`}
      </p>
      {errors.length > 0 && (
        <Table caption="Errors" head={["Line", "Column", "Problem"]}>
          {errors.map((e) => (
            <tr key={`${e.line}-${e.column}-${e.message}`} className="border-t border-slate-200 align-top">
              <td className="px-2 py-1 tabular-nums">{e.line}</td>
              <td className="px-2 py-1">{e.column ?? "—"}</td>
              <td className="px-2 py-1">{e.message}</td>
            </tr>
          ))}
          {errorTotal > errors.length && (
            <tr className="border-t border-slate-200">
              <td colSpan={3} className="px-2 py-1 text-slate-600">
                …and {count(errorTotal - errors.length)} more
              </td>
            </tr>
          )}
        </Table>
      )}
      {errorTotal === 0 && preview.length > 0 && (
        <Table
          caption={`First ${preview.length} of ${count(rowCount)} listings`}
          head={["Line", "Title", "Vertical", "Payout", "Status", "Buyer"]}
        >
          {preview.map((row) => (
            <tr key={row.line} className="border-t border-slate-200 align-top">
              <td className="px-2 py-1 tabular-nums">{row.line}</td>
              <td className="px-2 py-1">{row.title}</td>
              <td className="px-2 py-1">{row.vertical}</td>
              <td className="px-2 py-1 tabular-nums">${row.payout}</td>
              <td className="px-2 py-1">{row.status}</td>
              <td className="px-2 py-1">{row.buyer}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="max-h-64 overflow-auto rounded border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="bg-slate-50 px-2 py-1 text-left font-medium text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
