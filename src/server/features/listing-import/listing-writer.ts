import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import type { ListingImportRow } from "../../../shared/schemas/listing-import";
import type { Database } from "../../db/client";
import type { SqlClient } from "../../jobs/job-queue";

// Where an import's rows go: PostgreSQL's COPY, the fastest way in, inside one transaction, so an
// import is all or nothing.
// - PostgreSQL: rows stream into COPY on a connection of their own as they are validated; parsing in
//   Node and indexing in PostgreSQL overlap, and the pool's other connections keep serving requests.
// - PGlite: one engine in this process, and an open transaction holds it for everyone. So rows spool to
//   a temporary file first (memory stays flat whatever the file size) and are loaded only once the whole
//   file is valid, by COPY from a blob per batch (what PGlite offers instead of a stream), in one
//   transaction.
// Either way the audit entry and the alert jobs of the new listings are written in the same transaction:
// nothing, or the rows, their entry and their alerts.

const COPY_SQL = `copy buyer_listings (id, buyer_id, title, description, vertical, payout, payment_terms,
  duration_requirement, geos, min_volume, status, tags, dispute_window_days, daily_cap, created_at)
  from stdin with (format csv)`;

/**
 * Creation times one microsecond apart, the file's first row newest: the directory's newest-first order
 * then shows an import in the file's order (with one shared now(), the order among them would be random).
 */
function creationClock(): () => string {
  const start = Date.now() * 1000;
  let row = 0;
  return () => {
    const micros = start - row++;
    return `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, "0")}Z`;
  };
}

interface ImportAudit {
  actorId: string;
  targetId: string;
  meta: Record<string, unknown>;
}

/** Runs on the import's own transaction before it commits (the alert jobs of the new listings). */
type BeforeCommit = (within: SqlClient, written: WrittenListings) => Promise<void>;

interface WrittenListings {
  count: number;
  /** The ids of the rows written active (ids are made here so the alerts can be told about them). */
  activeIds: string[];
}

export interface ListingWriter {
  /** Adds a batch of rows; resolves when the destination can take more. */
  write(rows: { row: ListingImportRow; buyerId: string }[]): Promise<void>;
  /** Makes every written row, the audit entry and what `beforeCommit` writes durable, at once. */
  commit(audit: ImportAudit, beforeCommit?: BeforeCommit): Promise<WrittenListings>;
  /** Drops everything written; safe to call after a failure or twice. */
  abort(): Promise<void>;
}

const AUDIT_SQL = `insert into audit_logs (user_id, action, target_id, meta_json) values ($1, 'listing.imported', $2, $3)`;

export async function openListingWriter(database: Database): Promise<ListingWriter> {
  return database.engine === "postgres" ? openCopyWriter(database) : openSpoolWriter(database);
}

async function openCopyWriter(database: Database): Promise<ListingWriter> {
  const pool = database.pool;
  if (!pool) throw new Error("PostgreSQL without a pool");
  const client = await pool.connect();
  const written: WrittenListings = { count: 0, activeIds: [] };
  let open = true;
  try {
    await client.query("begin");
    // The pool caps statements at 10 s; a COPY lasts as long as the upload.
    await client.query("set local statement_timeout = 0");
  } catch (error) {
    client.release(true);
    throw error;
  }
  const copy = client.query(copyFrom(COPY_SQL));
  const createdAt = creationClock();
  let copyError: Error | null = null;
  copy.on("error", (error: Error) => {
    copyError = error;
  });
  const release = (discard: boolean) => {
    if (!open) return;
    open = false;
    // A discarded connection takes its transaction with it: PostgreSQL rolls it back.
    client.release(discard ? true : undefined);
  };
  return {
    async write(rows) {
      if (copyError) throw copyError;
      if (!copy.write(rows.map((r) => copyLine(r, createdAt(), written)).join(""))) {
        await Promise.race([once(copy, "drain"), once(copy, "error")]);
      }
    },
    async commit(audit, beforeCommit) {
      try {
        copy.end();
        await finished(copy);
        await client.query(AUDIT_SQL, [audit.actorId, audit.targetId, JSON.stringify(audit.meta)]);
        await beforeCommit?.(client, written);
        await client.query("commit");
        release(false);
        return written;
      } catch (error) {
        release(true);
        throw error;
      }
    },
    async abort() {
      if (!open) return;
      copy.destroy();
      release(true);
    },
  };
}

async function openSpoolWriter(database: Database): Promise<ListingWriter> {
  const pglite = database.pglite;
  if (!pglite) throw new Error("PGlite without its instance");
  const path = join(tmpdir(), `listing-import-${randomUUID()}.csv`);
  const spool = createWriteStream(path);
  // Byte length of each written batch: the file is read back one batch per COPY.
  const batches: number[] = [];
  const written: WrittenListings = { count: 0, activeIds: [] };
  const createdAt = creationClock();
  const cleanUp = async () => {
    spool.destroy();
    await rm(path, { force: true });
  };
  return {
    async write(rows) {
      const chunk = Buffer.from(rows.map((r) => copyLine(r, createdAt(), written)).join(""));
      batches.push(chunk.length);
      if (!spool.write(chunk)) await once(spool, "drain");
    },
    async commit(audit, beforeCommit) {
      try {
        spool.end();
        await finished(spool);
        const file = await open(path);
        try {
          await pglite.transaction(async (tx) => {
            let position = 0;
            // Batches of the writer's size keep each COPY (and the engine's pause for it) short.
            for (let i = 0; i < batches.length; i += BATCHES_PER_COPY) {
              const length = batches.slice(i, i + BATCHES_PER_COPY).reduce((a, b) => a + b, 0);
              const buffer = Buffer.alloc(length);
              await file.read(buffer, 0, length, position);
              position += length;
              await tx.query(COPY_SQL.replace("stdin", "'/dev/blob'"), [], { blob: new Blob([buffer]) });
            }
            await tx.query(AUDIT_SQL, [audit.actorId, audit.targetId, JSON.stringify(audit.meta)]);
            await beforeCommit?.(tx, written);
          });
        } finally {
          await file.close();
        }
        return written;
      } finally {
        await cleanUp();
      }
    },
    abort: cleanUp,
  };
}

const BATCHES_PER_COPY = 10;

// ---- COPY's CSV format ------------------------------------------------------------------------------
// An unquoted empty field is NULL; every value is quoted, so an empty string stays a string.

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
const nullable = (value: string | number | null) => (value === null ? "" : quote(String(value)));
// A text[] literal: each element double-quoted with backslash escapes, inside the CSV quoting.
const arrayLiteral = (values: readonly string[]) =>
  quote(`{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`);

function copyLine(
  { row, buyerId }: { row: ListingImportRow; buyerId: string },
  createdAt: string,
  written: WrittenListings,
): string {
  const id = randomUUID();
  written.count++;
  if (row.status === "active") written.activeIds.push(id);
  return `${[
    quote(id),
    quote(buyerId),
    quote(row.title),
    nullable(row.description),
    quote(row.vertical),
    quote(row.payout),
    quote(row.paymentTerms),
    nullable(row.durationRequirement),
    arrayLiteral(row.geos),
    nullable(row.minVolume),
    quote(row.status),
    arrayLiteral(row.tags),
    nullable(row.disputeWindowDays),
    nullable(row.dailyCap),
    createdAt,
  ].join(",")}\n`;
}
