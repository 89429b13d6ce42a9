import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../jobs/migrate-database";
import { useDatabaseMigratedBefore } from "../test/migrated-before";
import { queryRows } from "./client";

// The migration that gave sessions their own columns, on the engine of the run (PGlite, and PostgreSQL
// where the run has it): sessions stored before it (only `sess` json then) must come out with their
// user and sign-in time, so "sign this user out everywhere", which deletes by the column, finds them.

const TAG = "0012_account_settings";

describe("migration 0012: sessions get their user and sign-in time as columns", () => {
  const database = useDatabaseMigratedBefore(TAG);

  it("fills user_id and created_at from the stored session, leaves the rest alone, and gives each a public id", async () => {
    const { db } = database();
    // In SQL: the tables as they were then (today's schema has the columns this migration adds).
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, role) values ('old@example.test', 'guest') returning id`,
    );
    const signedInAt = Date.UTC(2026, 10, 1, 9, 30);
    const expire = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    await db.execute(sql`insert into sessions (sid, sess, expire) values
      ('signed-in', ${JSON.stringify({ cookie: {}, userId: user!.id, signedInAt })}::jsonb, ${expire}::timestamptz),
      ('no-time', ${JSON.stringify({ cookie: {}, userId: user!.id, signedInAt: "yesterday" })}::jsonb, ${expire}::timestamptz),
      ('oidc-state', ${JSON.stringify({ cookie: {}, oidc: { state: "s" } })}::jsonb, ${expire}::timestamptz),
      ('gone-user', ${JSON.stringify({ cookie: {}, userId: "00000000-0000-4000-8000-000000000000" })}::jsonb, ${expire}::timestamptz),
      ('malformed', ${JSON.stringify({ cookie: {}, userId: "not-a-uuid" })}::jsonb, ${expire}::timestamptz)`);

    await migrateDatabase(database());

    const rows = await queryRows<{ sid: string; id: string; user_id: string | null; created_at: string }>(
      db,
      sql`select sid, id::text as id, user_id::text as user_id,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
          from sessions order by sid`,
    );
    const bySid = Object.fromEntries(rows.map((row) => [row.sid, row]));
    expect(bySid["signed-in"]).toMatchObject({ user_id: user!.id, created_at: "2026-11-01T09:30:00Z" });
    // A sign-in time that is not a number keeps the column's default (the migration's time).
    expect(bySid["no-time"]?.user_id).toBe(user!.id);
    expect(bySid["no-time"]?.created_at).not.toBe("2026-11-01T09:30:00Z");
    for (const sid of ["oidc-state", "gone-user", "malformed"]) expect(bySid[sid]?.user_id, sid).toBeNull();
    expect(new Set(rows.map((row) => row.id)).size).toBe(5);

    // Deleting by the column now finds the old sign-ins.
    const ended = await queryRows<{ sid: string }>(
      db,
      sql`delete from sessions where user_id = ${user!.id} returning sid`,
    );
    expect(ended.map((row) => row.sid).sort()).toEqual(["no-time", "signed-in"]);
  });
});
