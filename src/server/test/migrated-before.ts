import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../db/client";
import { migrateDatabase } from "../jobs/migrate-database";
import { MIGRATIONS_FOLDER } from "../paths";
import { openTestDatabase } from "./context";

// A data migration's test: a database on the run's engine migrated up to the migration under test, which
// the test fills as the tables were then (in SQL: today's Drizzle schema has columns later migrations
// added), before migrating it to the end with `migrateDatabase(database)`.

/** The committed migrations up to (without) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "ppc-migrations-"));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** For a describe block: the database, migrated up to (without) `tag`, opened once and closed after. */
export function useDatabaseMigratedBefore(tag: string): () => Database {
  let database: Database | undefined;
  let before: string | undefined;
  beforeAll(async () => {
    before = migrationsBefore(tag);
    database = await openTestDatabase({ empty: true });
    await migrateDatabase(database, { migrationsFolder: before });
  });
  afterAll(async () => {
    await database?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });
  return () => {
    if (!database) throw new Error("the database opens in beforeAll");
    return database;
  };
}
