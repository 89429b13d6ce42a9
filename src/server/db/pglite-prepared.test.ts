import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/context";
import { createUser } from "../test/factories";
import { queryRows, selectTypedRows } from "./client";
import { users } from "./schema";

// The hot reads run as named prepared statements on both engines (db/client.ts selectTypedRows); on
// PGlite through db/pglite-prepared.ts, which speaks PGlite's protocol itself.

const ENGINE = process.env.TEST_DB_ENGINE;

describe("named prepared statements", () => {
  const ctx = useTestApp();

  it("answer every type as Drizzle's own reads do", async () => {
    const user = await createUser(ctx.database.db, { email: "types@example.test", firstName: null });
    const statement = sql`select u.id, u.email, u.first_name as "firstName", u.created_at as "createdAt",
        u.created_at::date as "day", interval '90 minutes' as "span", 12.50::numeric as "amount",
        array[1.5, 2]::numeric[] as "amounts", array[u.created_at] as "times",
        json_build_object('a', 1, 'b', array['x']) as "doc", array['t', 'u'] as "tags",
        (u.role = 'publisher') as "isPublisher", 7 as "count", 9007199254740993::bigint as "big"
      from users u where u.id = ${user.id}`;
    const prepared = await selectTypedRows<Record<string, unknown>>(ctx.database.db, statement);
    const drizzle = await queryRows<Record<string, unknown>>(ctx.database.db, statement);
    expect(prepared).toHaveLength(1);
    expect(prepared).toEqual(drizzle);
    // Twice: the second run binds the statement prepared by the first.
    expect(await selectTypedRows(ctx.database.db, statement)).toEqual(drizzle);
  });

  it("answer a result many times the size of one of PGlite's writes whole, characters split across writes", async () => {
    // About 860 KB: PGlite hands its answer over in writes of 8 KB (about a hundred here), so rows,
    // and the bytes of one two-byte character, are cut between writes.
    const statement = sql`select g as n, repeat('é' || md5(g::text), 50) as text
      from generate_series(1, 500) g order by g`;
    const prepared = await selectTypedRows<{ n: number; text: string }>(ctx.database.db, statement);
    expect(prepared).toHaveLength(500);
    expect(prepared[499]!.text).toHaveLength(33 * 50);
    expect(prepared).toEqual(await queryRows(ctx.database.db, statement));
  });

  describe.runIf(ENGINE === "pglite")("on PGlite", () => {
    const preparedNamed = async (text: string) =>
      (
        await ctx.database.pglite!.query<{ name: string }>(
          "select name from pg_prepared_statements where statement = $1",
          [text],
        )
      ).rows;

    it("parse a statement once, then run it by name with each call's own values", async () => {
      await createUser(ctx.database.db, { email: "first@example.test" });
      await createUser(ctx.database.db, { email: "second@example.test" });
      const byEmail = (email: string) =>
        selectTypedRows<{ email: string }>(
          ctx.database.db,
          sql`select u.email from users u where u.email = ${email} /* prepared once */`,
        );
      expect(await byEmail("first@example.test")).toEqual([{ email: "first@example.test" }]);
      expect(await byEmail("second@example.test")).toEqual([{ email: "second@example.test" }]);
      expect(await byEmail("nobody@example.test")).toEqual([]);
      const prepared = await preparedNamed(
        "select u.email from users u where u.email = $1 /* prepared once */",
      );
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^s_/);
    });

    it("throw the database's error and go on answering: a bad value, a statement that does not parse", async () => {
      const byId = (id: string) =>
        selectTypedRows(ctx.database.db, sql`select u.id from users u where u.id = ${id}::uuid`);
      await expect(byId("not-a-uuid")).rejects.toMatchObject({ cause: { code: "22P02" } });
      const user = await createUser(ctx.database.db);
      expect(await byId(user.id)).toEqual([{ id: user.id }]);

      const broken = () => selectTypedRows(ctx.database.db, sql`selec 1 as "one"`);
      await expect(broken()).rejects.toMatchObject({ cause: { code: "42601" } });
      // Not kept as prepared: the same error again, not "prepared statement does not exist".
      await expect(broken()).rejects.toMatchObject({ cause: { code: "42601" } });
      expect(await selectTypedRows(ctx.database.db, sql`select 1 as "one"`)).toEqual([{ one: 1 }]);
    });

    it("wait for another caller's transaction, never running inside it", async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const insertDone = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const transaction = ctx.database.db
        .transaction(async (tx) => {
          await tx.insert(users).values({ email: "uncommitted@example.test" });
          inserted();
          await held;
          throw new Error("rolled back on purpose");
        })
        .catch((error: Error) => error.message);
      await insertDone;
      // Asked while the transaction is open: inside it, this would count the uncommitted row.
      const count = selectTypedRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from users u where u.email = ${"uncommitted@example.test"}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      expect(await transaction).toBe("rolled back on purpose");
      expect(await count).toEqual([{ n: 0 }]);
    });
  });
});
