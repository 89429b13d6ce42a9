import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../jobs/migrate-database";
import { planEngines, postgresBinDir } from "./engines";
import { PG_TEMPLATE_DB, PGLITE_SNAPSHOT, TEST_DIR } from "./paths";
import { startPrivatePostgres } from "./private-postgres";

// Migrate once per run: a PGlite snapshot that every test file loads (initdb costs ~5 s, loading ~1 s),
// and a PostgreSQL template database that every test file clones. Without TEST_DATABASE_URL the
// PostgreSQL server itself is the run's own, started here and removed at the end.
export default async function setup(project: TestProject) {
  const engine = project.name;
  if (engine === "pglite") {
    const { skipped } = planEngines(process.env, postgresBinDir);
    if (skipped) console.log(skipped);
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
    const server = await postgresServer();
    const { url } = server;
    project.provide("testDatabaseUrl", url);
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
      if (server.remove) {
        process.off("exit", server.remove);
        server.remove();
        return;
      }
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

/**
 * TEST_DATABASE_URL's server, or a throwaway one (see test/engines.ts), with what removes it. Vitest ends
 * on Ctrl-C or SIGTERM without running the teardown, but its exit handlers still run, and removal is
 * synchronous: so the server goes then too (a SIGKILL leaves it, in a ppc-pg-* folder of the temp dir).
 */
async function postgresServer(): Promise<{ url: string; remove?: () => void }> {
  const { postgres } = planEngines(process.env, postgresBinDir);
  if (postgres === "throwaway") {
    const server = await startPrivatePostgres();
    process.once("exit", server.remove);
    return server;
  }
  if (postgres) return postgres;
  throw new Error("the postgres project runs without a PostgreSQL server to run on (vitest.config.ts)");
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    /** The PostgreSQL server of the postgres project; read it with testDatabaseUrl() (test/context.ts). */
    testDatabaseUrl: string;
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
