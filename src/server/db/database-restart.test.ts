import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir } from "../test/engines";
import { type PrivatePostgres, startPrivatePostgres } from "../test/private-postgres";
import { type ServerProcess, spawnServer, waitUntilReady } from "../test/server-process";
import { openDatabase } from "./client";

// PostgreSQL restarted under a running app: a fast shutdown terminates every session (SQLSTATE 57P01),
// including connections checked out of the pool for a transaction. The process must live through it,
// answer 503 meanwhile, and answer again as soon as the database is back. PGlite is embedded: nothing
// can stop it under the app (its outage is covered by plugins/database-outage.test.ts).

const ENGINE = process.env.TEST_DB_ENGINE;

describe.runIf(ENGINE === "postgres" && postgresBinDir())("PostgreSQL restarted under the app", () => {
  let postgres: PrivatePostgres;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
  });
  afterAll(() => postgres?.remove());

  it("survives a fast shutdown that terminates a connection held by a transaction", async () => {
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", record);
    const lost: Error[] = [];
    const database = await openDatabase({ databaseUrl: postgres.url, onPoolError: (err) => lost.push(err) });
    try {
      let inside!: () => void;
      const entered = new Promise<void>((resolve) => {
        inside = resolve;
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        // Idle in transaction, no query running: the shutdown's error arrives on the client alone.
        await held;
        await tx.execute(sql`select 2`);
      });
      await entered;
      postgres.stop("fast");
      await new Promise((r) => setTimeout(r, 200));
      release();
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(lost.map((e) => e.message).join("\n")).toMatch(/terminat/);

      postgres.start();
      // The broken client left the pool: the next query opens a new connection.
      await database.ping();
    } finally {
      process.off("uncaughtException", record);
      await database.close();
      if (!postgres.isRunning()) postgres.start();
    }
  });

  describe("a server process with signed-in writes in flight", () => {
    let server: ServerProcess;
    const cookies: Record<string, string> = {};
    let listingId = "";

    beforeAll(async () => {
      server = await spawnServer({ DATABASE_URL: postgres.url, LOG_LEVEL: "warn" });
      await waitUntilReady(server, Date.now() + 90_000);
      for (const email of ["buyer@demo.test", "premium@demo.test"]) {
        const res = await fetch(`${server.url}/api/dev/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email }),
        });
        expect(res.status).toBe(200);
        cookies[email] = res.headers.getSetCookie()[0]!.split(";")[0]!;
      }
      const mine = await fetch(`${server.url}/api/buyer-listings?mine=1`, {
        headers: { cookie: cookies["buyer@demo.test"]! },
      });
      listingId = ((await mine.json()) as { id: string }[])[0]!.id;
    }, 120_000);

    afterAll(async () => {
      if (server && server.process.exitCode === null) {
        server.process.kill("SIGTERM");
        await server.exited;
      }
    });

    /** Two signed-in writes, each a transaction: a buyer's listing edit and a publisher's alert settings. */
    const write = async (round: number) => {
      const edit = fetch(`${server.url}/api/buyer-listings/${listingId}`, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          origin: server.url,
          cookie: cookies["buyer@demo.test"]!,
        },
        body: JSON.stringify({ description: `Edited in round ${round}` }),
      });
      const alerts = fetch(`${server.url}/api/notification-preferences`, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          origin: server.url,
          cookie: cookies["premium@demo.test"]!,
        },
        body: JSON.stringify({ frequency: round % 2 ? "daily" : "weekly" }),
      });
      return (await Promise.all([edit, alerts])).map((r) => r.status);
    };

    it("keeps running through a restart of the database and answers 200 on its first request after", async () => {
      expect(await write(0)).toEqual([200, 200]);

      // Eight writers loop until the database is back; the database stops fast in the middle.
      let stopWriting = false;
      const statuses = new Map<number, number>();
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let round = 1; !stopWriting; round++) {
          for (const status of await write(w * 10_000 + round).catch(() => [0, 0])) {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }
      });
      await new Promise((r) => setTimeout(r, 500));
      postgres.stop("fast");
      await new Promise((r) => setTimeout(r, 1000));
      expect(server.process.exitCode, server.output()).toBeNull();
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);

      postgres.start();
      const back = Date.now();
      // Not a clock assertion (a busy machine stretches any bound): the very first requests after the
      // database accepts connections again must succeed, so the app is back as soon as the database is.
      const first = await fetch(`${server.url}/api/ready`);
      const firstAfter = Date.now() - back;
      expect(first.status).toBe(200);
      expect(await write(99)).toEqual([200, 200]);
      stopWriting = true;
      await Promise.all(writers);

      console.info(
        `[database restart] statuses during the run: ${JSON.stringify(Object.fromEntries(statuses))}; first answer ${firstAfter} ms after the database was back`,
      );
      expect(server.process.exitCode, server.output()).toBeNull();
      // While it was down, writes failed with 503 (or 200 before the stop), never a 500 or a dropped socket.
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 503]));
      for (const status of statuses.keys()) expect([200, 503]).toContain(status);
      expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    }, 120_000);
  });
});
