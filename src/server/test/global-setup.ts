import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { PG_TEMPLATE_DB, PGLITE_SNAPSHOT, TEST_DIR } from "./paths";

// Migrate once per run: a PGlite snapshot that every test file loads (initdb costs ~5 s, loading ~1 s),
// and a PostgreSQL template database that every test file clones.
export default async function setup(project: TestProject) {
  const engine = project.name;
  if (engine === "pglite") {
    mkdirSync(TEST_DIR, { recursive: true });
    const database = await openDatabase({ pgliteDir: "memory://" });
    await migrateDatabase(database);
    const snapshot = await database.pglite!.dumpDataDir("gzip");
    writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await snapshot.arrayBuffer()));
    await database.close();
  }
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, PG_TEMPLATE_DB) });
    await migrateDatabase(database);
    await database.close();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}
