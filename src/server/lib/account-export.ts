import type { Readable } from "node:stream";
import type { SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import type { StripeClient } from "./stripe";
import type { Viewer } from "./viewer";

// How the features take part in the Account page's data export (features/account/account-export.ts):
// each feature that holds a user's data exports its sections from its own folder, and one list in
// account-export-parts.ts (beside app.ts) puts them in the document's order, so the account feature reads
// no other feature.

/** What every section is read with: the account's owner, as the request's viewer. */
export interface AccountExportContext {
  db: Db;
  stripe: StripeClient | undefined;
  appName: string;
  viewer: Viewer;
  /** The session the export was asked from, so the sessions section can mark it current. */
  sessionId: string | undefined;
  /** Read when a section is read: the sections are read one after another as the ZIP is written. */
  now: () => Date;
}

/**
 * One key of account.json. A value is written as JSON; an async iterable is a list written item by item
 * as it is read, so a long list (listings, texts) is never whole in memory.
 */
export interface AccountExportSection {
  key: string;
  read(context: AccountExportContext): Promise<unknown> | AsyncIterable<unknown>;
}

/** A file of the ZIP beside account.json: opened only when the account has one (null: the file is left out). */
export interface AccountExportFile {
  name: string;
  open(context: AccountExportContext): Promise<(() => Readable) | null>;
}

/** Every part of the export, in the order it is written. */
export interface AccountExportParts {
  sections: readonly AccountExportSection[];
  files: readonly AccountExportFile[];
}

/** A bound on each list of the export: far above what an account holds, so a section stays finite. */
export const EXPORT_SECTION_LIMIT = 10_000;
/** The rows of one keyset page of a long section (exportPages). */
export const EXPORT_PAGE_ROWS = 500;

/** Keyset pages of a query ordered newest first by (created_at, id), by its microsecond `createdKey`. */
export async function* exportPages<Row extends { id: string; createdKey: string }>(
  read: (after: SQL | undefined) => Promise<Row[]>,
  key: (createdKey: string, id: string) => SQL,
): AsyncGenerator<Row> {
  let after: SQL | undefined;
  for (let page = 0; page * EXPORT_PAGE_ROWS < EXPORT_SECTION_LIMIT; page++) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_ROWS) return;
    after = key(last.createdKey, last.id);
  }
}
