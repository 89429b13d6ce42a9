import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../paths";
import type { Database, Db } from "./client";
import * as schema from "./schema";

/**
 * The key of the session-level advisory lock that startup work runs under on PostgreSQL. Any fixed
 * bigint works; this one is "ppc-migr" in ASCII, so it is recognisable in pg_locks.
 */
const STARTUP_LOCK_KEY = 0x7070632d6d696772n;

export interface MigrateOptions {
  /** Runs after the migrations, under the same lock (the development seed). */
  afterMigrations?: (db: Db) => Promise<unknown>;
  /** Another folder of migrations (a test that stops before a migration to give it old data). */
  migrationsFolder?: string;
}

/**
 * Applies the committed SQL migrations, then runs `afterMigrations`; both engines use drizzle's
 * migrator (never drizzle-kit at runtime). The server, the scripts and the tests call it through
 * jobs/migrate-database.ts, which installs the job queue's schema and queues as the first step after the
 * migrations (db/ imports no layer above it). On PostgreSQL several instances may start at once on one
 * database (the scale-out path): each takes the same advisory lock first, so one migrates and seeds
 * while the others wait, then find nothing left to do and go on. Without it two of them raced on
 * `CREATE EXTENSION pg_trgm` and crashed. PGlite has a single process by construction.
 */
export async function applyMigrations(database: Database, options: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (database.engine === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await options.afterMigrations?.(database.db);
    return;
  }
  const pool = database.pool;
  if (!pool) throw new Error("a PostgreSQL database without its pool");
  // One connection holds the lock and does the work; waiting for the lock, and a migration that
  // builds an index on a large table, may both outlast the pool's statement timeout.
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY.toString()]);
    try {
      const db = drizzleNodePg(client, { schema });
      await migrateNodePg(db as NodePgDatabase<typeof schema>, { migrationsFolder });
      await options.afterMigrations?.(db as unknown as Db);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY.toString()]);
    }
  } catch (err) {
    failure = err as Error;
    throw err;
  } finally {
    // Not back to the pool: this connection's settings were changed (closing it also drops the lock).
    client.release(failure ?? true);
  }
}
