import { z } from "zod";
import { plainText } from "./common";
import { createAdminListingSchema } from "./listing-input";

// CSV import and export of buyer listings (POST /api/admin/buyer-listings/import-csv; docs/admin.md).
// A row is validated by the admin form's own schema, so a CSV cell and a form field fail alike.

export const LISTING_IMPORT_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  /** Errors listed in an answer; the total counts them all. */
  maxErrors: 1_000,
  previewRows: 20,
} as const;

/**
 * Every column an import understands, in the order a file without a header uses: the original eight
 * (title to description) first, so older headerless files still import, then the later ones. The export
 * writes this order with a header, so an export imports back unchanged.
 */
export const LISTING_CSV_COLUMNS = [
  "title",
  "vertical",
  "payout",
  "paymentTerms",
  "durationRequirement",
  "minVolume",
  "status",
  "description",
  "geos",
  "tags",
  "disputeWindowDays",
  "buyerEmail",
  "dailyCap",
] as const;
export type ListingCsvColumn = (typeof LISTING_CSV_COLUMNS)[number];

/** Cells holding several values (geos, tags) separate them with this. */
export const CSV_LIST_SEPARATOR = "|";

/** One data row's fields, as the admin form takes them minus the buyer (chosen per import or per row). */
export const listingImportRowSchema = createAdminListingSchema.omit({ buyerId: true });
export type ListingImportRow = z.output<typeof listingImportRowSchema>;

const flag = z
  .enum(["1", "0", "true", "false"], { message: "must be 1 or 0" })
  .optional()
  .transform((v) => v === "1" || v === "true");

/** The import's query: a dry run, the buyer profile owning the rows, the client's id for its progress. */
export const listingImportQuerySchema = z.object({
  dryRun: flag,
  buyerId: z.uuid("must be a buyer profile id").optional(),
  importId: z.uuid("must be a UUID").optional(),
  fileName: plainText().trim().max(255, "must be at most 255 characters").optional(),
});
export type ListingImportQuery = z.output<typeof listingImportQuerySchema>;

/** The JSON body `{csvData}`, for small pastes; files come as text/csv or multipart (field `file`). */
export const listingImportJsonSchema = z.object({
  csvData: z.string({ message: "csvData is required" }),
});

/** A problem with a cell or a row; `line` is the line an editor shows for the row's first line. */
const importErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

const importPreviewRowSchema = z.object({
  line: z.number().int(),
  title: z.string(),
  vertical: z.string(),
  payout: z.string(),
  status: z.string(),
  paymentTerms: z.string(),
  minVolume: z.number().int(),
  geos: z.array(z.string()),
  buyer: z.string(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** What a dry run answers, and what a refused import carries beside its message. */
export const importReportSchema = z.object({
  rowCount: z.number().int(),
  preview: z.array(importPreviewRowSchema),
  errors: z.array(importErrorSchema),
  errorTotal: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importDoneSchema = z.object({ imported: z.number().int() });

/** 400 of a real import with invalid rows: nothing was written. */
export const importRefusedSchema = z.object({
  message: z.string(),
  code: z.literal("validation"),
  ...importReportSchema.shape,
});

const IMPORT_STATUSES = ["running", "writing", "succeeded", "failed"] as const;

/** GET /api/admin/buyer-listings/imports/{id}: the progress a screen polls, then the answer. */
export const listingImportStatusSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  bytesRead: z.number().int(),
  rowsProcessed: z.number().int(),
  dryRun: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  /** Set when done: the report (dry run, refused), `{imported}`, or `{message}` for a failure. */
  result: z
    .object({
      imported: z.number().int().optional(),
      message: z.string().optional(),
      report: importReportSchema.optional(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListingImportStatus = z.infer<typeof listingImportStatusSchema>;

// ---- whose listings -----------------------------------------------------------------------------------

/** Said once, as a 400, when neither the import nor the file names the buyer the rows belong to. */
export const NO_BUYER_FOR_FILE =
  "Choose the buyer these listings belong to: the file has no buyerEmail column, so its rows do not say whose they are.";

const columnKey = (name: string) =>
  name
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .toLowerCase()
    .replace(/[\s_\-.]/g, "");
/** Header names that stand for the buyerEmail column. */
const BUYER_COLUMN_KEYS = new Set(["buyeremail", "buyer", "email"]);
const COLUMN_KEYS = new Set<string>([...LISTING_CSV_COLUMNS.map(columnKey), ...BUYER_COLUMN_KEYS]);
const BUYER_CELL = LISTING_CSV_COLUMNS.indexOf("buyerEmail");

/**
 * Whether a file's first line gives its rows a buyer: a header naming a buyerEmail column, or a row
 * without a header long enough to reach that column. The import dialog asks before sending the file
 * (the server reads the same from its own parse of the header and refuses the file otherwise).
 */
export function csvNamesBuyers(text: string): boolean {
  const firstLine =
    text
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)
      .find((line) => line.trim() !== "") ?? "";
  const cellsBy = (delimiter: string) => {
    const cells = [""];
    let quoted = false;
    for (const char of firstLine) {
      if (char === '"') quoted = !quoted;
      if (char === delimiter && !quoted) cells.push("");
      else cells[cells.length - 1] += char;
    }
    return cells;
  };
  // The delimiter splitting the line most often outside quotes (a comma on a tie), as the import guesses.
  const cells = [";", "\t"].reduce(
    (best, d) => (cellsBy(d).length > best.length ? cellsBy(d) : best),
    cellsBy(","),
  );
  const keys = cells.map(columnKey);
  const isHeader = keys.filter((key) => COLUMN_KEYS.has(key)).length >= 2;
  if (isHeader) return keys.some((key) => BUYER_COLUMN_KEYS.has(key));
  return cells.length > BUYER_CELL;
}
