import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import {
  canonicalVertical,
  GEOGRAPHIES,
  LISTING_STATUSES,
  PAYMENT_TERMS,
  REQUIREMENT_TAGS,
  VERTICAL_ALIASES,
  VERTICALS,
} from "../../../shared/constants";
import {
  CSV_LIST_SEPARATOR,
  type ImportError,
  LISTING_CSV_COLUMNS,
  LISTING_IMPORT_LIMITS,
  type ListingCsvColumn,
} from "../../../shared/schemas/listing-import";
import { AppError } from "../../lib/app-error";

// Reading a listings CSV the way spreadsheets write them: csv-parse does the CSV; this module
// adds what a real file needs around it: a byte limit counted as the body streams, UTF-8 with or without
// a BOM, CRLF, the delimiter guessed from the first line (comma, semicolon or tab), line numbers as an
// editor shows them, and the columns found by header name or, without a header, by the documented order.

export class ImportLimitError extends AppError {
  constructor(message: string) {
    super("payload_too_large", message, { headers: { connection: "close" } });
  }
}

export const TOO_MANY_BYTES = `The file is larger than the ${LISTING_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB limit. Split it into smaller files and import each.`;
export const TOO_MANY_ROWS = `The file has more than ${LISTING_IMPORT_LIMITS.maxRows.toLocaleString("en-US")} rows, the limit of one import. Split it into smaller files and import each.`;
const NOT_UTF8 =
  "The file is not UTF-8 text. Save it as “CSV UTF-8” (Excel) or choose UTF-8 when exporting, then try again.";

/**
 * Counts bytes against the limit, decodes UTF-8 (dropping a BOM) and turns CRLF into LF. csv-parse
 * counts a CRLF inside a quoted cell as two lines, so line numbers are only right on LF text; a
 * description's CRLF is stored as LF, which is how the directory stores typed text too.
 */
class TextNormaliser extends Transform {
  bytes = 0;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private pendingCr = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onBytes: (bytes: number) => void,
  ) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new ImportLimitError(TOO_MANY_BYTES));
      return;
    }
    this.onBytes(this.bytes);
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      done(new AppError("validation", NOT_UTF8));
      return;
    }
    this.pushText(text, false);
    done();
  }

  override _flush(done: TransformCallback): void {
    try {
      this.pushText(this.decoder.decode(), true);
    } catch {
      done(new AppError("validation", NOT_UTF8));
      return;
    }
    done();
  }

  private pushText(decoded: string, last: boolean): void {
    let text = (this.pendingCr ? "\r" : "") + decoded;
    this.pendingCr = !last && text.endsWith("\r");
    if (this.pendingCr) text = text.slice(0, -1);
    if (text) this.push(text.replace(/\r\n/g, "\n"));
  }
}

const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter that splits the first line most often, counting outside quotes; a comma on a tie. */
export function detectDelimiter(firstLine: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (char === "\n" && !quoted) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: (typeof DELIMITERS)[number] = ",";
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

export interface CsvRecord {
  /** The line the record starts on, as an editor numbers lines (1-based, counting blank lines). */
  line: number;
  cells: string[];
  /** Set when the row could not be read as CSV (its cells are then empty): the row's error. */
  error?: string;
}

/** A double quote inside a cell that does not start with one: that row is wrong, the rows after it read on. */
const STRAY_QUOTE = "INVALID_OPENING_QUOTE";

const PARSER_MESSAGES: Record<string, string> = {
  [STRAY_QUOTE]:
    'A cell holds a double quote (") but does not start with one: put the whole cell in double quotes and write the quote as two ("")',
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is never closed: a double quote (") is missing',
  CSV_INVALID_CLOSING_QUOTE:
    'A quoted cell goes on after its closing quote: write a quote inside a cell as two quotes ("")',
  CSV_MAX_RECORD_SIZE: "A row is longer than 1 MB: a quoted cell is probably never closed",
};

/** A CSV the parser cannot read past; the import reports it as the row's error and stops there. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The records of a CSV body, streamed: blank lines (and rows of empty cells) are skipped, the body stops
 * at the byte limit with a 413. Backpressure flows from the consumer to the request body.
 */
export async function* readCsvRecords(
  source: Readable,
  options: { maxBytes?: number; onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<CsvRecord> {
  const text = new TextNormaliser(
    options.maxBytes ?? LISTING_IMPORT_LIMITS.maxBytes,
    options.onBytes ?? noop,
  );
  // Not pipeline(): at the limit the request must stay open, so the 413 can still be answered on it.
  source.on("error", (error) => text.destroy(error));
  source.pipe(text);
  const chunks = text[Symbol.asyncIterator]() as AsyncIterator<string>;
  // Enough of the start to see the first line, for the delimiter.
  let head = "";
  while (!head.includes("\n") && head.length < 65_536) {
    const next = await chunks.next();
    if (next.done) break;
    head += next.value;
  }
  const parser = parse({
    delimiter: detectDelimiter(head),
    relax_column_count: true,
    // A stray quote is an error, never text: `5" screen` unquoted is a row the author must fix. The
    // parser skips that row and reads on; any other syntax error leaves it lost, so it ends the reading.
    relax_quotes: false,
    skip_records_with_error: true,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
    info: true,
  });
  const skipped: CsvError[] = [];
  parser.on("skip", (error: CsvError) => skipped.push(error));
  const lineOf = (error: CsvError) => Number((error as CsvError & { lines?: number }).lines ?? 0);
  /** The rows skipped before `line`, in order: a stray quote is that row's error; any other ends here. */
  function* skippedBefore(line: number): Generator<CsvRecord> {
    while (skipped[0] && lineOf(skipped[0]) < line) {
      const error = skipped.shift()!;
      const message = PARSER_MESSAGES[error.code] ?? error.message;
      if (error.code !== STRAY_QUOTE) throw new CsvSyntaxError(lineOf(error), message);
      yield { line: lineOf(error), cells: [], error: message };
    }
  }
  const feeding = pipeline(
    (async function* () {
      if (head) yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })(),
    parser,
  );
  // A failure of the feed destroys the parser with it, so the loop below sees it.
  feeding.catch(noop);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (record.every((cell) => cell.trim() === "")) continue;
      let breaks = 0;
      for (const cell of record) for (const char of cell) if (char === "\n") breaks++;
      const line = info.lines - breaks;
      yield* skippedBefore(line);
      yield { line, cells: record };
    }
    yield* skippedBefore(Number.POSITIVE_INFINITY);
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      throw new CsvSyntaxError(line, PARSER_MESSAGES[error.code] ?? error.message);
    }
    throw error;
  } finally {
    source.unpipe(text);
  }
}

function noop(): void {}

// ---- columns ----------------------------------------------------------------------------------------

const normalise = (name: string) => name.toLowerCase().replace(/[\s_\-.]/g, "");

/** Header names, compared without case or spacing, with the spellings spreadsheets commonly use. */
const COLUMN_NAMES = new Map<string, ListingCsvColumn>([
  ...LISTING_CSV_COLUMNS.map((c) => [normalise(c), c] as const),
  ["terms", "paymentTerms"],
  ["duration", "durationRequirement"],
  ["durationseconds", "durationRequirement"],
  ["minimumvolume", "minVolume"],
  ["geo", "geos"],
  ["geography", "geos"],
  ["geographies", "geos"],
  ["requirementtags", "tags"],
  ["requirements", "tags"],
  ["disputewindow", "disputeWindowDays"],
  ["cap", "dailyCap"],
  ["buyer", "buyerEmail"],
  ["email", "buyerEmail"],
]);

const REQUIRED_COLUMNS: ListingCsvColumn[] = ["title", "vertical", "payout"];

export interface ColumnLayout {
  /** True when the first record named the columns. */
  header: boolean;
  columns: ListingCsvColumn[];
  /** How many cells a row may have: the header's, or every documented column without one. */
  width: number;
  errors: ImportError[];
}

/**
 * Reads the first record as a header when at least two of its cells name known columns (a listing's
 * title and vertical never both do); otherwise the documented order applies and the record is data.
 */
export function columnLayout(first: CsvRecord): ColumnLayout {
  const named = first.cells.map((cell) => COLUMN_NAMES.get(normalise(cell)));
  if (named.filter(Boolean).length < 2)
    return {
      header: false,
      columns: [...LISTING_CSV_COLUMNS],
      width: LISTING_CSV_COLUMNS.length,
      errors: [],
    };
  const errors: ImportError[] = [];
  const columns: ListingCsvColumn[] = [];
  const seen = new Set<ListingCsvColumn>();
  first.cells.forEach((cell, index) => {
    const column = named[index];
    if (!column) {
      if (cell.trim() !== "") {
        errors.push({
          line: first.line,
          column: cell,
          message: `Unknown column "${cell}". Columns are: ${LISTING_CSV_COLUMNS.join(", ")}`,
        });
      }
    } else if (seen.has(column)) {
      errors.push({ line: first.line, column: cell, message: `The column ${column} appears twice` });
    } else {
      seen.add(column);
      columns[index] = column;
    }
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!seen.has(required)) {
      errors.push({ line: first.line, column: required, message: `The header has no ${required} column` });
    }
  }
  return { header: true, columns, width: first.cells.length, errors };
}

// A spreadsheet runs a cell that starts with one of these as a formula (the full-width ＝ ＋ － ＠ too,
// which some spreadsheets read as their ASCII forms); the export writes such a cell with a leading
// apostrophe (OWASP's advice on CSV injection) and the import takes it off again, so a round trip is
// exact and a cell typed as text stays text.
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function unescapeFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

const TAG_IDS = new Map<string, string>(
  REQUIREMENT_TAGS.flatMap((t) => [
    [normalise(t.id), t.id],
    [normalise(t.label), t.id],
  ]),
);

/** A cell's value spelled as the list spells it ("solar" is Solar); an unknown one stays as typed. */
const spelledAs = (values: readonly string[]) => {
  const byName = new Map(values.map((v) => [normalise(v), v]));
  return (cell: string) => byName.get(normalise(cell)) ?? cell;
};
// A file written before "Auto" became "Automotive" still imports: the old name reads as the new one.
const verticalName = spelledAs([...VERTICALS, ...Object.keys(VERTICAL_ALIASES)]);
const CANONICAL: Partial<Record<ListingCsvColumn, (cell: string) => string>> = {
  vertical: (cell) => canonicalVertical(verticalName(cell)) ?? cell,
  status: spelledAs(LISTING_STATUSES),
  paymentTerms: spelledAs(PAYMENT_TERMS),
};
const geoName = spelledAs(GEOGRAPHIES);

const list = (cell: string) =>
  cell
    .split(CSV_LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);

export interface RowCells {
  /** The fields for listingImportRowSchema; blank cells are left out so the defaults apply. */
  fields: Record<string, unknown>;
  buyerEmail: string | null;
  /** Filled cells beyond the row's width (the header's, or every documented column without one). */
  extraCells: number;
}

/** A record's cells by column name, as the listing schema reads them. */
export function rowCells(record: CsvRecord, layout: ColumnLayout): RowCells {
  const fields: Record<string, unknown> = {};
  let buyerEmail: string | null = null;
  let extraCells = 0;
  record.cells.forEach((raw, index) => {
    const column = layout.columns[index];
    const cell = unescapeFormula(raw);
    if (!column) {
      // A cell under an unknown header column was reported with the header; one past the last column
      // belongs to no column at all, and dropping it would import the row other than it was written.
      if (cell.trim() !== "" && index >= layout.width) extraCells++;
      return;
    }
    if (cell.trim() === "") return;
    if (column === "buyerEmail") buyerEmail = cell.trim().toLowerCase();
    else if (column === "geos") fields.geos = list(cell).map(geoName);
    // An unknown tag stays as typed, so the schema names it in its message.
    else if (column === "tags") fields.tags = list(cell).map((t) => TAG_IDS.get(normalise(t)) ?? t);
    else fields[column] = CANONICAL[column]?.(cell) ?? cell;
  });
  return { fields, buyerEmail, extraCells };
}
