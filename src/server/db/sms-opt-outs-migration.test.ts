import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../jobs/migrate-database";
import { useDatabaseMigratedBefore } from "../test/migrated-before";
import { queryRows } from "./client";

// The migration that made a STOP the number's: a number whose last reply to us was STOP stays opted out,
// whichever account holds it now (even one that entered it again on the web since), and one that replied
// START after its STOP does not. On the engine of the run (PGlite, and PostgreSQL where the run has it).

describe("migration 0017: a STOP reply is kept for the number", () => {
  const database = useDatabaseMigratedBefore("0017_sms_opt_outs_and_boost_payments");

  it("keeps the numbers whose last reply was STOP opted out, and only those", async () => {
    const { db } = database();
    // In SQL: the table as it was then.
    const reply = (phone: string, event: string, keyword: string, at: string) =>
      db.execute(sql`insert into sms_consents (phone, event, source, keyword, created_at)
        values (${phone}, ${event}, 'sms', ${keyword}, ${at}::timestamptz)`);
    await reply("+12015550101", "opted_out", "QUIT", "2026-11-01T10:00:00Z");
    await db.execute(sql`insert into sms_consents (phone, event, source, text_version, created_at)
      values ('+12015550101', 'consented', 'web', 'v1', '2026-11-02T10:00:00Z')`);
    await reply("+12015550102", "opted_out", "STOP", "2026-11-01T10:00:00Z");
    await reply("+12015550102", "opted_in", "START", "2026-11-03T10:00:00Z");
    // Two accounts' records of one STOP: the number is kept once.
    await reply("+12015550103", "opted_out", "STOP", "2026-11-04T10:00:00Z");
    await reply("+12015550103", "opted_out", "STOP", "2026-11-04T10:00:00Z");

    await migrateDatabase(database());

    const rows = await queryRows<{ phone: string; keyword: string; at: string }>(
      db,
      sql`select phone, keyword, to_char(opted_out_at at time zone 'UTC', 'YYYY-MM-DD') as at
        from sms_opt_outs order by phone`,
    );
    expect(rows).toEqual([
      { phone: "+12015550101", keyword: "QUIT", at: "2026-11-01" },
      { phone: "+12015550103", keyword: "STOP", at: "2026-11-04" },
    ]);
  });
});
