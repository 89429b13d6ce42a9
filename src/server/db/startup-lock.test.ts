import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoData } from "../features/dev/demo-seed";
import { openTestDatabase } from "../test/context";
import { withDatabase } from "../test/global-setup";
import { openDatabase, queryRows } from "./client";

// Several instances on one database (the README's scale-out path, issue #13): started together on an
// empty PostgreSQL database, each takes the startup lock (db/migrate.ts), so one migrates and seeds and
// the others wait and go on; before, two of three crashed on `CREATE EXTENSION pg_trgm`. PostgreSQL
// only: an embedded PGlite data directory belongs to one process, there is nothing to share.

const ENGINE = process.env.TEST_DB_ENGINE;
const INSTANCES = 3;
const JOURNAL = JSON.parse(
  readFileSync(new URL("../../../drizzle/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: unknown[] };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

interface Instance {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      APP_ENV: "development",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, url, output: () => output, exited };
}

async function waitReady(instance: Instance, deadline: number): Promise<void> {
  for (;;) {
    if (instance.child.exitCode !== null) {
      throw new Error(`instance exited with ${instance.child.exitCode}:\n${instance.output()}`);
    }
    try {
      if ((await fetch(`${instance.url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance not ready in time:\n${instance.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.runIf(ENGINE === "postgres")("several instances starting at once on one empty database", () => {
  it(`all ${INSTANCES} become ready; migrations run once and the demo seed is written once`, async () => {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const name = `ppc_startup_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const instances: Instance[] = [];
    try {
      const databaseUrl = withDatabase(baseUrl, name);
      instances.push(
        ...(await Promise.all(Array.from({ length: INSTANCES }, () => startInstance(databaseUrl)))),
      );
      const deadline = Date.now() + 100_000;
      await Promise.all(instances.map((instance) => waitReady(instance, deadline)));

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
      for (const instance of instances) expect(instance.child.exitCode).toBeNull();
    } finally {
      for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill("SIGTERM");
      await Promise.all(instances.map((instance) => instance.exited));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 150_000);
});
