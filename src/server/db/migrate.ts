import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** Applies the committed SQL migrations; both engines use drizzle's migrator (never drizzle-kit at runtime). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.engine === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
