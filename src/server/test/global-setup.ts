import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../jobs/migrate-database";
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
    // Write then rename, so a concurrent run never reads half a file.
    const tmp = `${PGLITE_SNAPSHOT}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await snapshot.arrayBuffer()));
    renameSync(tmp, PGLITE_SNAPSHOT);
    await database.close();
  }
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const template = `${PG_TEMPLATE_DB}_${process.pid}`;
    project.provide("pgTemplate", template);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await migrateDatabase(database);
    await database.close();
    return async () => {
      // The template and every worker's clone of it (named after it; workers never drop their own).
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      const clones = await cleanup.query<{ datname: string }>(
        "select datname from pg_database where datname = $1 or datname like $1 || '\\_%' order by datname desc",
        [template],
      );
      for (const { datname } of clones.rows)
        await cleanup.query(`drop database if exists ${datname} with (force)`);
      await cleanup.end();
    };
  }
  return undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/** One statement on its own connection (creating and dropping databases: no pool to keep). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}
