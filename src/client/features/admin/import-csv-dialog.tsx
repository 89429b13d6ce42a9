import { useId, useState } from "react";
import { formatCount } from "../../../shared/format";
import {
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
import { CsvDropZone, MAX_MB } from "./csv-drop-zone";
import { type ComboboxOption, EntityCombobox } from "./entity-combobox";
import { ImportProgressBar } from "./import-progress";
import { ImportReportView } from "./import-report-view";
import { useBuyerOptions } from "./use-admin-listings";
import { EXPORT_URL, type ImportInput, refusedReport, type useListingImport } from "./use-listing-import";
import { useNamesBuyers } from "./use-names-buyers";

// "Import CSV" (docs/admin.md): a file (dropped or picked) or pasted text, the buyer the
// rows belong to (or a buyerEmail column), a dry run whose rows and errors show first, and only then
// "Import n listings", with progress. Nothing is written unless every row is valid. The buyer comes
// first: a file without a buyerEmail column (the documented order has none) cannot be checked until one
// is chosen, rather than failing every row for the same reason.

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
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [buyer, setBuyer] = useState<ComboboxOption | null>(null);
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

            <CsvDropZone
              file={file}
              onChoose={chooseFile}
              onRemove={() => {
                changed();
                setFile(null);
              }}
            />

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
              {run.isPending ? "Importing…" : `Import ${formatCount(report.rowCount)} listings`}
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
