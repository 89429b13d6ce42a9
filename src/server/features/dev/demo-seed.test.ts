import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { buyerListings, buyerProfiles, subscriptions, users } from "../../db/schema";
import { openTestDatabase } from "../../test/context";
import { DEMO_ACCOUNTS, seedDemoData } from "./demo-seed";

describe("demo data", () => {
  it("seeds the demo data once: a second run changes nothing", async () => {
    const database = await openTestDatabase();
    try {
      const counts = async () => ({
        users: (await database.db.select({ n: count() }).from(users))[0]!.n,
        buyers: (await database.db.select({ n: count() }).from(buyerProfiles))[0]!.n,
        listings: (await database.db.select({ n: count() }).from(buyerListings))[0]!.n,
        subscriptions: (await database.db.select({ n: count() }).from(subscriptions))[0]!.n,
      });
      expect(await seedDemoData(database.db)).toEqual({ seeded: true });
      const first = await counts();
      expect(first.listings).toBeGreaterThanOrEqual(60);
      expect(first.buyers).toBeGreaterThanOrEqual(3);
      expect(await seedDemoData(database.db)).toEqual({ seeded: false });
      expect(await counts()).toEqual(first);

      const emails = (await database.db.select({ email: users.email, role: users.role }).from(users)).map(
        (u) => `${u.email}:${u.role}`,
      );
      for (const account of DEMO_ACCOUNTS) expect(emails).toContain(`${account.email}:${account.role}`);
      const verticals = await queryRows<{ vertical: string }>(
        database.db,
        sql`select distinct vertical from buyer_listings`,
      );
      expect(verticals.length).toBeGreaterThanOrEqual(11);

      // buyer@demo.test's dashboard has something in every tab.
      const [activity] = await queryRows<{
        intents: string;
        events: string;
        tagged: string;
        changes: string;
      }>(
        database.db,
        sql`select
          (select count(*) from deal_intents) as intents,
          (select count(*) from listing_events) as events,
          (select count(*) from buyer_listings where tags <> '{}') as tagged,
          (select count(*) from listing_payout_changes) as changes`,
      );
      expect(Number(activity!.intents)).toBe(3);
      expect(Number(activity!.events)).toBeGreaterThan(30);
      expect(Number(activity!.tagged)).toBeGreaterThan(10);
      expect(Number(activity!.changes)).toBeGreaterThan(5);
    } finally {
      await database.close();
    }
  });
});
