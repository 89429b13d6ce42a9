import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../features/dev/demo-accounts";
import { seedDemoData } from "../features/dev/demo-seed";
import { openTestDatabase, testDatabaseUrl } from "../test/context";
import { withDatabase } from "../test/global-setup";
import { type ServerProcess, spawnServer, waitUntilReady } from "../test/server-process";
import { openDatabase, queryRows } from "./client";

// Several instances on one database (the README's scale-out path): started together on an
// empty PostgreSQL database, each takes the startup lock (db/apply-migrations.ts), so one migrates and seeds and
// the others wait and go on; before, two of three crashed on `CREATE EXTENSION pg_trgm`. PostgreSQL
// only: an embedded PGlite data directory belongs to one process, there is nothing to share.

const ENGINE = process.env.TEST_DB_ENGINE;
const INSTANCES = 3;
const JOURNAL = JSON.parse(
  readFileSync(new URL("../../../drizzle/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: unknown[] };

describe.runIf(ENGINE === "postgres")("several instances starting at once on one empty database", () => {
  it(`all ${INSTANCES} become ready; migrations run once and the demo seed is written once`, async () => {
    const baseUrl = testDatabaseUrl();
    const name = `ppc_startup_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const instances: ServerProcess[] = [];
    try {
      const databaseUrl = withDatabase(baseUrl, name);
      instances.push(
        ...(await Promise.all(
          Array.from({ length: INSTANCES }, () => spawnServer({ DATABASE_URL: databaseUrl })),
        )),
      );
      const deadline = Date.now() + 100_000;
      await Promise.all(instances.map((instance) => waitUntilReady(instance, deadline)));

      const database = await openDatabase({ databaseUrl, poolMax: 1 });
      try {
        const [migrations] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(migrations?.n).toBe(JOURNAL.entries.length);
        for (const account of DEMO_ACCOUNTS) {
          const [row] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from users where email = ${account.email}`,
          );
          expect(row?.n, account.email).toBe(1);
        }
        // The seed's listings exactly once: as many as one seed run writes on a database of its own.
        const reference = await openTestDatabase();
        await seedDemoData(reference.db);
        const countListings = async (db: typeof database.db) =>
          (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from buyer_listings`))[0]?.n;
        const expected = await countListings(reference.db);
        await reference.close();
        expect(expected).toBeGreaterThan(0);
        expect(await countListings(database.db)).toBe(expected);
      } finally {
        await database.close();
      }
      for (const instance of instances) expect(instance.process.exitCode).toBeNull();
    } finally {
      for (const { process: child } of instances) if (child.exitCode === null) child.kill("SIGTERM");
      await Promise.all(instances.map((instance) => instance.exited));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 150_000);
});
