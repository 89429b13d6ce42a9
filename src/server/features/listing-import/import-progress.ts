import { and, desc, eq } from "drizzle-orm";
import type { ListingImportStatus } from "../../../shared/schemas/listing-import";
import type { Db } from "../../db/client";
import { listingImports } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import { isUniqueViolation } from "../../plugins/database-errors";

// An import's progress lives in a row (not in this process), so the admin's screen can poll it from any
// instance and find it again after leaving the page. Updates are throttled: a 100,000-row file writes a
// few dozen of them, outside the import's own transaction.

const UPDATE_EVERY_MS = 400;
// Progress older than this on a running import means the process that ran it is gone.
const STALE_AFTER_MS = 5 * 60_000;
const STOPPED = "The import stopped before it finished (the server restarted). Nothing was written.";

type ImportResult = NonNullable<ListingImportStatus["result"]>;

export class ImportProgress {
  private lastWrite = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    readonly id: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Records how far the import got, at most every UPDATE_EVERY_MS. */
  report(bytesRead: number, rowsProcessed: number): void {
    const now = Date.now();
    if (now - this.lastWrite < UPDATE_EVERY_MS) return;
    this.lastWrite = now;
    this.enqueue({ bytesRead, rowsProcessed });
  }

  /** The rows are valid and are being written (PGlite: no more updates until it is done). */
  writing(rowsProcessed: number): Promise<void> {
    this.enqueue({ status: "writing", rowsProcessed });
    return this.pending;
  }

  finish(
    status: "succeeded" | "failed",
    result: ImportResult,
    counts?: { bytesRead: number; rowsProcessed: number },
  ) {
    this.enqueue({ status, result, ...counts });
    return this.pending;
  }

  private enqueue(values: Partial<typeof listingImports.$inferInsert>): void {
    this.pending = this.pending
      .then(() =>
        this.db
          .update(listingImports)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(listingImports.id, this.id))
          .then(() => undefined),
      )
      .catch(this.onError);
  }
}

export async function startImportProgress(
  db: Db,
  values: { id: string; adminId: string; fileName: string; sizeBytes: number | null; dryRun: boolean },
  onError: (error: unknown) => void,
): Promise<ImportProgress> {
  try {
    await db.insert(listingImports).values(values);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", "An import with this id already ran");
    throw error;
  }
  return new ImportProgress(db, values.id, onError);
}

function toStatus(row: typeof listingImports.$inferSelect, now: Date): ListingImportStatus {
  const running = row.status === "running" || row.status === "writing";
  const stale = running && now.getTime() - row.updatedAt.getTime() > STALE_AFTER_MS;
  return {
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    bytesRead: row.bytesRead,
    rowsProcessed: row.rowsProcessed,
    dryRun: row.dryRun,
    status: stale ? "failed" : row.status,
    result: stale ? { message: STOPPED } : ((row.result as ImportResult | null) ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An admin's import by id; another admin's imports are theirs (404). */
export async function getImportStatus(db: Db, adminId: string, id: string, now = new Date()) {
  if (!isUuid(id)) throw new AppError("not_found", "No such import");
  const [row] = await db
    .select()
    .from(listingImports)
    .where(and(eq(listingImports.id, id), eq(listingImports.adminId, adminId)));
  if (!row) throw new AppError("not_found", "No such import");
  return toStatus(row, now);
}

/** The admin's most recent import, for the screen they come back to. */
export async function latestImport(db: Db, adminId: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(listingImports)
    .where(eq(listingImports.adminId, adminId))
    .orderBy(desc(listingImports.createdAt))
    .limit(1);
  return row ? toStatus(row, now) : null;
}
