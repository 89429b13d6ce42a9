import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../jobs/migrate-database";
import { openTestDatabase, testDatabaseUrl } from "../test/context";
import { openDatabase, queryRows } from "./client";
import { users } from "./schema";

describe("database", () => {
  // A database cloned from the template and the migrations read again: on a machine whose disk and
  // cores are shared with other test files this took over the default 30 s once (load average 9).
  it("applies the committed migrations (again without harm) with pg_trgm and the search column", async () => {
    const database = await openTestDatabase();
    try {
      await migrateDatabase(database); // already migrated from the template: must be a no-op
      const extensions = await queryRows<{ extname: string }>(
        database.db,
        sql`select extname from pg_extension`,
      );
      expect(extensions.map((e) => e.extname)).toContain("pg_trgm");
      const tables = await queryRows<{ tablename: string }>(
        database.db,
        sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
      );
      expect(tables.map((t) => t.tablename)).toEqual(
        expect.arrayContaining([
          "users",
          "publisher_profiles",
          "buyer_profiles",
          "buyer_listings",
          "reviews",
          "deal_intents",
          "notification_preferences",
          "subscriptions",
          "audit_logs",
          "compliance",
          "disputes",
          "sessions",
        ]),
      );
      // Similarity search needs pg_trgm to be usable, not just installed.
      const [row] = await queryRows<{ s: number }>(
        database.db,
        sql`select similarity('insurance', 'insur') as s`,
      );
      expect(row!.s).toBeGreaterThan(0.3);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("deletes a publisher profile together with its user", async () => {
    const database = await openTestDatabase();
    try {
      const [user] = await database.db.insert(users).values({ email: "gone@example.test" }).returning();
      await database.db.execute(sql`insert into publisher_profiles (user_id) values (${user!.id})`);
      await database.db.execute(sql`delete from users where id = ${user!.id}`);
      const left = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from publisher_profiles`,
      );
      expect(left[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("the readiness ping", () => {
  it("answers while requests hold every connection of the pool", async () => {
    // A small pool, all of it checked out, as under a load that saturates it. `select 1` needs no tables.
    const database = await openDatabase({
      databaseUrl: testDatabaseUrl(),
      poolMax: 2,
      connectionTimeoutMs: 3000,
    });
    const held = [await database.pool!.connect(), await database.pool!.connect()];
    try {
      const outcome = await database.ping().then(
        () => "ready",
        (err: Error) => err.message,
      );
      expect(outcome).toBe("ready");
      expect(database.pool!.waitingCount).toBe(0);
    } finally {
      for (const client of held) client.release();
      await database.close();
    }
  });
});
