import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../jobs/migrate-database";
import { useDatabaseMigratedBefore } from "../test/migrated-before";
import { queryRows } from "./client";
import { auditLogs } from "./schema";

// The migration that takes email addresses out of the audit entries written before entries stopped
// holding them (an address there would outlive a deleted account), on the engine of the run: a database
// migrated up to the one before it gets such entries, then is migrated to the end.

const TAG = "0013_audit_without_addresses";

describe("migration 0013: audit entries without email addresses", () => {
  const database = useDatabaseMigratedBefore(TAG);

  it("removes the addresses entries held, keeps everything else, and leaves the log append-only", async () => {
    const { db } = database();
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email) values ('person@old.test') returning id`,
    );
    await db.insert(auditLogs).values([
      { userId: user!.id, action: "user.created", metaJson: { email: "person@old.test" } },
      {
        userId: user!.id,
        action: "subscription.complimentary_granted",
        targetId: user!.id,
        metaJson: {
          email: "person@old.test",
          before: { complimentaryPremium: false },
          after: { complimentaryPremium: true },
        },
      },
      {
        userId: user!.id,
        action: "buyer_profile.updated",
        metaJson: {
          fields: ["company", "contactEmail"],
          before: { company: "Old", contactEmail: "person@old.test" },
          after: { company: "New", contactEmail: "desk@old.test" },
        },
      },
      // Entries of other kinds keep what they recorded.
      { userId: user!.id, action: "listing.created", metaJson: { after: { title: "Calls" } } },
      { userId: null, action: "auth.login", metaJson: null },
    ]);

    await migrateDatabase(database());

    const rows = await db
      .select({ action: auditLogs.action, meta: auditLogs.metaJson })
      .from(auditLogs)
      .orderBy(asc(auditLogs.action));
    expect(rows).toEqual([
      { action: "auth.login", meta: null },
      {
        action: "buyer_profile.updated",
        meta: { fields: ["company", "contactEmail"], before: { company: "Old" }, after: { company: "New" } },
      },
      { action: "listing.created", meta: { after: { title: "Calls" } } },
      {
        action: "subscription.complimentary_granted",
        meta: { before: { complimentaryPremium: false }, after: { complimentaryPremium: true } },
      },
      { action: "user.created", meta: {} },
    ]);
    expect(JSON.stringify(rows)).not.toContain("@");

    // The trigger is back: an UPDATE typed by hand is refused again.
    await expect(db.execute(sql`update audit_logs set action = 'x'`)).rejects.toThrow();
  });
});
