import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../jobs/migrate-database";
import { useDatabaseMigratedBefore } from "../test/migrated-before";
import { queryRows } from "./client";

// The migration that took the old "verified" flag away: a badge now needs a verification record and an
// administrator's approval behind it, and no buyer had one, so every flagged buyer becomes unverified.
// On the engine of the run (PGlite, and PostgreSQL where the run has it).

describe("migration 0016: the badge comes from a verification", () => {
  const database = useDatabaseMigratedBefore("0016_buyer_badge_from_verification");

  it("leaves a buyer flagged verified without any record unverified, and their listing with no badge", async () => {
    const { db } = database();
    // In SQL: the table as it was then.
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, role) values ('flagged@old.test', 'buyer') returning id`,
    );
    const [buyer] = await queryRows<{ id: string }>(
      db,
      sql`insert into buyer_profiles (user_id, company, is_verified)
        values (${user!.id}, 'Flagged Leads', true) returning id`,
    );
    await db.execute(
      sql`insert into buyer_listings (buyer_id, title, vertical, payout)
        values (${buyer!.id}, 'Flagged Calls', 'Legal', '40.00')`,
    );

    await migrateDatabase(database());

    const [after] = await queryRows<{ since: string | null; until: string | null; attempts: number }>(
      db,
      sql`select verified_since as since, verified_until as until,
          (select count(*)::int from buyer_verifications v where v.buyer_id = bp.id) as attempts
        from buyer_profiles bp where bp.id = ${buyer!.id}`,
    );
    expect(after).toEqual({ since: null, until: null, attempts: 0 });
    const columns = await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
        where table_name = 'buyer_profiles' and column_name = 'is_verified'`,
    );
    expect(columns).toEqual([]);
  });
});
