import { FileUp, X } from "lucide-react";
import { useRef, useState } from "react";
import { formatCount } from "../../../shared/format";
import { LISTING_IMPORT_LIMITS } from "../../../shared/schemas/listing-import";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";

// Where the import's file comes from: dropped on the zone, or picked with "Choose a file" (the keyboard
// and screen-reader way; dropping is a pointer shortcut). The chosen file shows with a button to remove it.

export const MAX_MB = LISTING_IMPORT_LIMITS.maxBytes / 1024 / 1024;

export function CsvDropZone({
  file,
  onChoose,
  onRemove,
}: {
  file: File | null;
  /** A file dropped or picked (undefined: the picker was closed without one). */
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the "Choose a file" button is the keyboard and screen-reader way.
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
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onChoose(event.dataTransfer.files[0]);
      }}
      data-testid="csv-drop-zone"
    >
      <FileUp className="mx-auto h-6 w-6 text-slate-500" aria-hidden />
      {file ? (
        <p className="text-sm text-slate-800">
          <span className="font-medium">{file.name}</span> ({formatCount(Math.ceil(file.size / 1024))} KB){" "}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${file.name}`}
            onClick={() => {
              onRemove();
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
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
      </div>
      <p className="text-xs text-slate-600">
        Up to {MAX_MB} MB and {formatCount(LISTING_IMPORT_LIMITS.maxRows)} rows; comma, semicolon or tab
        separated, UTF-8.
      </p>
    </div>
  );
}
