import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import {
  type ImportError,
  type ImportPreviewRow,
  type ImportReport,
  LISTING_CSV_COLUMNS,
  LISTING_IMPORT_LIMITS,
  type ListingImportQuery,
  type ListingImportRow,
  listingImportRowSchema,
  NO_BUYER_FOR_FILE,
} from "../../../shared/schemas/listing-import";
import type { Database, Db } from "../../db/client";
import { buyerProfiles, users } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import type { AppMetrics, ImportMetricOutcome } from "../../lib/metrics";
import type { Viewer } from "../../lib/viewer";
import { announceListingsActivated } from "../alerts/alert-jobs";
import { type ImportProgress, startImportProgress } from "./import-progress";
import {
  type ColumnLayout,
  type CsvRecord,
  CsvSyntaxError,
  columnLayout,
  ImportLimitError,
  readCsvRecords,
  rowCells,
  TOO_MANY_ROWS,
} from "./listing-csv";
import { type ListingWriter, openListingWriter } from "./listing-writer";

// POST /api/admin/buyer-listings/import-csv: one pass over the streamed body. Each record is
// parsed, validated by the admin form's schema and given its buyer; valid rows go to the writer (unless
// it is a dry run or an error has already been found), errors are collected with their line. At the end
// either every row is committed with one audit entry, or nothing is and the errors come back.

const BATCH_ROWS = 1_000;

export interface ImportSource {
  stream: Readable;
  fileName: string;
  /** The announced body size (Content-Length), when there is one. */
  sizeBytes: number | null;
}

export type ImportOutcome =
  | { kind: "report"; report: ImportReport }
  | { kind: "refused"; report: ImportReport }
  | { kind: "imported"; imported: number };

interface Buyer {
  id: string;
  company: string;
}

/** Buyer profiles by email: a user's sign-in email first, else a profile's contact email if only one has it. */
class BuyerDirectory {
  private readonly known = new Map<string, Buyer | string>();

  constructor(private readonly db: Db) {}

  async load(emails: Iterable<string>): Promise<void> {
    const missing = [...new Set(emails)].filter((email) => !this.known.has(email));
    if (missing.length === 0) return;
    // A buyer found by their sign-in address or by their profile's contact address.
    const byAddress = (address: AnyPgColumn, byUser: boolean) => {
      const email = sql<string>`lower(${address})`;
      return this.db
        .select({
          email,
          id: buyerProfiles.id,
          company: buyerProfiles.company,
          byUser: sql<boolean>`${sql.raw(String(byUser))}`,
        })
        .from(buyerProfiles)
        .innerJoin(users, eq(users.id, buyerProfiles.userId))
        .where(and(inArray(email, missing), isNull(users.deletedAt)));
    };
    const rows = await byAddress(users.email, true).unionAll(byAddress(buyerProfiles.contactEmail, false));
    for (const email of missing) {
      const matches = rows.filter((r) => r.email === email);
      const byUser = matches.find((r) => r.byUser);
      const profiles = new Map(matches.map((r) => [r.id, r]));
      if (byUser) this.known.set(email, { id: byUser.id, company: byUser.company });
      else if (profiles.size === 1) {
        const [only] = profiles.values();
        if (only) this.known.set(email, { id: only.id, company: only.company });
      } else if (profiles.size > 1) {
        this.known.set(
          email,
          `${email} is the contact email of several buyer profiles: use the buyer's sign-in email`,
        );
      } else this.known.set(email, `No buyer profile has the email ${email}`);
    }
  }

  /** The buyer, or the reason there is none. */
  get(email: string): Buyer | string {
    return this.known.get(email) ?? `No buyer profile has the email ${email}`;
  }
}

const NO_BUYER = "No buyer for this row: choose the buyer for the import or fill the buyerEmail column";

/**
 * Whether the file can name its rows' buyers: its header has a buyerEmail column, or (without a header)
 * its first row reaches that column. Otherwise, with no buyer chosen, every row would fail alike.
 */
export function namesBuyers(layout: ColumnLayout, first: CsvRecord): boolean {
  if (layout.header) return layout.columns.includes("buyerEmail");
  return first.cells.length > LISTING_CSV_COLUMNS.indexOf("buyerEmail");
}

interface PendingRow {
  record: CsvRecord;
  cells: ReturnType<typeof rowCells>;
  error?: undefined;
}

/** A row the CSV reader could not read (a stray quote): its error is the whole report of it. */
interface UnreadableRow {
  record: CsvRecord;
  cells: null;
  error: string;
}

/** Runs an import (or its dry run) to the end and records its progress and answer under `progress`. */
export async function importListings({
  database,
  jobs,
  viewer,
  query,
  source,
  log,
  metrics,
}: {
  database: Database;
  jobs: JobQueue;
  viewer: Viewer;
  query: ListingImportQuery;
  source: ImportSource;
  log: FastifyBaseLogger;
  metrics: AppMetrics;
}): Promise<ImportOutcome> {
  const { db } = database;
  let defaultBuyer: Buyer | null = null;
  if (query.buyerId) {
    const [buyer] = await db
      .select({ id: buyerProfiles.id, company: buyerProfiles.company })
      .from(buyerProfiles)
      .where(eq(buyerProfiles.id, query.buyerId));
    if (!buyer) throw new AppError("validation", "That buyer profile does not exist: choose another buyer");
    defaultBuyer = buyer;
  }
  const progress = await startImportProgress(
    db,
    {
      id: query.importId ?? randomUUID(),
      adminId: viewer.id,
      fileName: source.fileName,
      sizeBytes: source.sizeBytes,
      dryRun: query.dryRun,
    },
    (error) => log.warn({ err: error }, "import progress not recorded"),
  );

  const run = new ImportRun(db, defaultBuyer, progress);
  const count = (outcome: ImportMetricOutcome) => {
    metrics.listingImports.inc({ outcome });
    metrics.listingImportRows.inc({ outcome }, run.rowCount);
  };
  let writer: ListingWriter | null = null;
  try {
    if (!query.dryRun) writer = await openListingWriter(database);
    await run.read(source, writer);
    const report = run.report();
    if (query.dryRun || report.errorTotal > 0 || !writer) {
      await writer?.abort();
      await progress.finish("succeeded", { report }, run.counts());
      count(query.dryRun ? "dry_run" : "refused");
      return { kind: query.dryRun ? "report" : "refused", report };
    }
    await progress.writing(run.rowCount);
    const written = await writer.commit(
      {
        actorId: viewer.id,
        targetId: progress.id,
        meta: { count: run.rowCount, fileName: source.fileName, sizeBytes: run.bytesRead },
      },
      // Publishers' alerts for the new active listings, committed with them.
      (within, { activeIds }) => announceListingsActivated({ jobs, listingIds: activeIds, within }),
    );
    await progress.finish("succeeded", { imported: written.count }, run.counts());
    count("imported");
    return { kind: "imported", imported: written.count };
  } catch (error) {
    count("failed");
    await writer?.abort();
    const message = error instanceof AppError ? error.message : "The import failed. Nothing was written.";
    await progress.finish("failed", { message }, run.counts());
    throw error;
  }
}

class ImportRun {
  rowCount = 0;
  bytesRead = 0;
  private readonly errors: ImportError[] = [];
  private errorTotal = 0;
  private readonly preview: ImportPreviewRow[] = [];
  private readonly buyers: BuyerDirectory;
  private layout: ColumnLayout | null = null;

  constructor(
    db: Db,
    private readonly defaultBuyer: Buyer | null,
    private readonly progress: ImportProgress,
  ) {
    this.buyers = new BuyerDirectory(db);
  }

  counts() {
    return { bytesRead: this.bytesRead, rowsProcessed: this.rowCount };
  }

  report(): ImportReport {
    return {
      rowCount: this.rowCount,
      preview: this.preview,
      errors: this.errors,
      errorTotal: this.errorTotal,
    };
  }

  private addError(error: ImportError): void {
    this.errorTotal++;
    if (this.errors.length < LISTING_IMPORT_LIMITS.maxErrors) this.errors.push(error);
  }

  async read(source: ImportSource, writer: ListingWriter | null): Promise<void> {
    let batch: (PendingRow | UnreadableRow)[] = [];
    try {
      const records = readCsvRecords(source.stream, {
        onBytes: (bytes) => {
          this.bytesRead = bytes;
        },
      });
      for await (const record of records) {
        if (!this.layout && !record.error) {
          this.layout = columnLayout(record);
          // Said once for the file, not once per row; the rest of the body is not read (as at a limit).
          if (!this.defaultBuyer && !namesBuyers(this.layout, record)) {
            throw new AppError("validation", NO_BUYER_FOR_FILE, { headers: { connection: "close" } });
          }
          for (const error of this.layout.errors) this.addError(error);
          if (this.layout.header) continue;
        }
        this.rowCount++;
        if (this.rowCount > LISTING_IMPORT_LIMITS.maxRows) throw new ImportLimitError(TOO_MANY_ROWS);
        // A row the CSV reader could not read has only its error; any other row comes after the layout.
        batch.push(
          record.error
            ? { record, cells: null, error: record.error }
            : { record, cells: rowCells(record, this.layout!) },
        );
        if (batch.length >= BATCH_ROWS) {
          await this.checkAndWriteBatch(batch, writer);
          batch = [];
          this.progress.report(this.bytesRead, this.rowCount);
        }
      }
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      // The parser cannot go on: what came before is checked, then this is the last error.
      await this.checkAndWriteBatch(batch, null);
      batch = [];
      this.addError({ line: error.line, column: null, message: error.message });
    }
    await this.checkAndWriteBatch(batch, writer);
    if (this.rowCount === 0 && this.errorTotal === 0) {
      this.addError({
        line: 1,
        column: null,
        message: "The file has no listings: it is empty or only a header",
      });
    }
  }

  /** Checks a batch of rows, keeping their errors and the preview; writes the valid ones while none failed. */
  private async checkAndWriteBatch(
    batch: (PendingRow | UnreadableRow)[],
    writer: ListingWriter | null,
  ): Promise<void> {
    if (batch.length === 0) return;
    await this.buyers.load(batch.flatMap((p) => (p.cells?.buyerEmail ? [p.cells.buyerEmail] : [])));
    const valid: { row: ListingImportRow; buyerId: string }[] = [];
    for (const { record, cells, error } of batch) {
      if (error !== undefined) {
        this.addError({ line: record.line, column: null, message: error });
        continue;
      }
      const errorsBefore = this.errorTotal;
      if (cells.extraCells > 0) {
        this.addError({
          line: record.line,
          column: null,
          message: this.layout?.header
            ? `This row has ${record.cells.length} cells; the header names ${this.layout.width} columns. Quote a cell that holds the delimiter, or remove the extra cells.`
            : `This row has ${record.cells.length} cells; a file without a header has at most ${this.layout?.width}`,
        });
      }
      const parsed = listingImportRowSchema.safeParse(cells.fields);
      if (!parsed.success) {
        // One message per cell: the first rule it breaks.
        const columns = new Set<string | null>();
        for (const issue of parsed.error.issues) {
          const column = String(issue.path[0] ?? "") || null;
          if (columns.has(column)) continue;
          columns.add(column);
          this.addError({ line: record.line, column, message: issue.message });
        }
      }
      const buyer = cells.buyerEmail ? this.buyers.get(cells.buyerEmail) : (this.defaultBuyer ?? NO_BUYER);
      if (typeof buyer === "string")
        this.addError({ line: record.line, column: "buyerEmail", message: buyer });
      if (this.errorTotal > errorsBefore || !parsed.success || typeof buyer === "string") continue;
      if (this.preview.length < LISTING_IMPORT_LIMITS.previewRows) {
        const row = parsed.data;
        this.preview.push({
          line: record.line,
          title: row.title,
          vertical: row.vertical,
          payout: row.payout,
          status: row.status,
          paymentTerms: row.paymentTerms,
          minVolume: row.minVolume,
          geos: row.geos,
          buyer: buyer.company,
        });
      }
      valid.push({ row: parsed.data, buyerId: buyer.id });
    }
    // Once any row is wrong nothing will be committed, so the rest are only checked.
    if (writer && this.errorTotal === 0 && valid.length > 0) await writer.write(valid);
  }
}
