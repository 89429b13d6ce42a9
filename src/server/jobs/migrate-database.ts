import { applyMigrations, type MigrateOptions } from "../db/apply-migrations";
import type { Database } from "../db/client";
import { installJobQueue } from "./job-queue";

/**
 * Brings a database up to date: applies the committed migrations (db/apply-migrations.ts), installs or upgrades
 * the job queue's schema and queues (pg-boss keeps its own versioned schema: job-queue.ts), then runs
 * `afterMigrations` (the development seed). On PostgreSQL all three run under the startup lock. What the
 * server, the scripts and the tests' global setup run; it lives here because db/ imports no layer above
 * it.
 */
export async function migrateDatabase(database: Database, options: MigrateOptions = {}): Promise<void> {
  await applyMigrations(database, {
    ...options,
    afterMigrations: async (db) => {
      await installJobQueue(database);
      await options.afterMigrations?.(db);
    },
  });
}
