import { readFileSync } from "node:fs";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../jobs/migrate-database";
import { MIGRATIONS_FOLDER } from "../paths";
import { useDatabaseMigratedBefore } from "../test/migrated-before";
import { type Database, queryRows } from "./client";
import {
  buyerListings,
  buyerProfiles,
  notificationPreferences,
  publisherProfiles,
  savedSearches,
} from "./schema";

// The migration that made "Auto" "Automotive" everywhere, on the engine of the run (PGlite, and
// PostgreSQL where the run has it): a database migrated up to the one before it is given the old
// values, then migrated to the end; the stored values must read the new name, and running the
// migration's statements again must change nothing.

const TAG = "0008_canonical_verticals";

async function runMigrationAgain(database: Database): Promise<void> {
  const text = readFileSync(join(MIGRATIONS_FOLDER, `${TAG}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

describe("migration 0008: one list of verticals", () => {
  const database = useDatabaseMigratedBefore(TAG);

  it("rewrites Auto as Automotive in listings, profiles, alert settings and saved searches, once", async () => {
    const { db } = database();
    // Users in SQL: the table as it was then (today's schema has columns a later migration added).
    const userRows = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, role) values
        ('buyer@old.test', 'buyer'), ('publisher@old.test', 'publisher'), ('other@old.test', 'publisher')
        returning id`,
    );
    const [buyerUser, publisherUser, otherUser] = userRows;
    // In SQL: the table as it was then (today's schema has columns a later migration added).
    const [buyer] = await queryRows<{ id: string }>(
      db,
      sql`insert into buyer_profiles (user_id, company, verticals)
        values (${buyerUser!.id}, 'Old Motors', array['Auto', 'Insurance']) returning id`,
    );
    // In SQL: the table as it was then (today's schema has columns a later migration added).
    await db.execute(
      sql`insert into buyer_listings (buyer_id, title, vertical, payout) values
        (${buyer!.id}, 'Auto Warranty Calls', 'Auto', '40.00'),
        (${buyer!.id}, 'Final Expense Calls', 'Insurance', '50.00')`,
    );
    await db.insert(publisherProfiles).values([
      // Both spellings in one list: one Automotive is left, where the first of them was.
      { userId: publisherUser!.id, verticals: ["Legal", "Auto", "Solar", "Automotive"] },
      { userId: otherUser!.id, verticals: ["Medical"] },
    ]);
    // In SQL: the table as it was then (today's schema has columns a later migration added).
    await db.execute(
      sql`insert into notification_preferences (user_id, verticals) values
        (${publisherUser!.id}, array['Auto']), (${otherUser!.id}, array['Travel', 'Automotive'])`,
    );
    await db.insert(savedSearches).values([
      { userId: publisherUser!.id, vertical: "Auto", geo: "Texas", filtersKey: "vertical=Auto&geo=Texas" },
      {
        userId: publisherUser!.id,
        search: "warranty",
        vertical: "Auto",
        filtersKey: "search=warranty&vertical=Auto",
      },
      // The same search saved under both names: one is kept.
      { userId: otherUser!.id, vertical: "Auto", filtersKey: "vertical=Auto" },
      { userId: otherUser!.id, vertical: "Automotive", filtersKey: "vertical=Automotive" },
      // A keyword that merely contains the old name is not a vertical.
      { userId: otherUser!.id, search: "Auto", filtersKey: "search=Auto" },
    ]);

    await migrateDatabase(database());

    const read = async () => ({
      listings: await db
        .select({ title: buyerListings.title, vertical: buyerListings.vertical })
        .from(buyerListings)
        .orderBy(asc(buyerListings.title)),
      buyer: (await db.select({ v: buyerProfiles.verticals }).from(buyerProfiles))[0]?.v,
      publisher: (
        await db
          .select({ v: publisherProfiles.verticals })
          .from(publisherProfiles)
          .where(eq(publisherProfiles.userId, publisherUser!.id))
      )[0]?.v,
      otherPublisher: (
        await db
          .select({ v: publisherProfiles.verticals })
          .from(publisherProfiles)
          .where(eq(publisherProfiles.userId, otherUser!.id))
      )[0]?.v,
      alerts: await db
        .select({ userId: notificationPreferences.userId, v: notificationPreferences.verticals })
        .from(notificationPreferences)
        .orderBy(asc(notificationPreferences.userId)),
      searches: await queryRows<{ email: string; vertical: string | null; key: string }>(
        db,
        sql`select u.email, s.vertical, s.filters_key as key
              from saved_searches s join users u on u.id = s.user_id
             order by u.email, s.filters_key`,
      ),
    });

    const after = await read();
    expect(after.listings).toEqual([
      { title: "Auto Warranty Calls", vertical: "Automotive" },
      { title: "Final Expense Calls", vertical: "Insurance" },
    ]);
    expect(after.buyer).toEqual(["Automotive", "Insurance"]);
    expect(after.publisher).toEqual(["Legal", "Automotive", "Solar"]);
    expect(after.otherPublisher).toEqual(["Medical"]);
    expect(after.alerts.map((a) => a.v).sort()).toEqual([["Automotive"], ["Travel", "Automotive"]].sort());
    expect(after.searches).toEqual([
      { email: "other@old.test", vertical: null, key: "search=Auto" },
      { email: "other@old.test", vertical: "Automotive", key: "vertical=Automotive" },
      { email: "publisher@old.test", vertical: "Automotive", key: "search=warranty&vertical=Automotive" },
      { email: "publisher@old.test", vertical: "Automotive", key: "vertical=Automotive&geo=Texas" },
    ]);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from buyer_listings where vertical = 'Auto')
               + (select count(*) from buyer_profiles where 'Auto' = any(verticals))
               + (select count(*) from publisher_profiles where 'Auto' = any(verticals))
               + (select count(*) from notification_preferences where 'Auto' = any(verticals))
               + (select count(*) from saved_searches where vertical = 'Auto' or filters_key ~ '(^|&)vertical=Auto(&|$)')
               as n`,
    );
    expect(Number(left!.n)).toBe(0);

    // Idempotent: the statements again find nothing to do.
    await runMigrationAgain(database());
    expect(await read()).toEqual(after);
  });
});
