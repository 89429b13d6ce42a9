import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VERTICALS } from "../../../shared/constants";
import { createPublisherProfileSchema } from "../../../shared/schemas/publisher";
import { CURRENT_COMPLIANCE_ACK_VERSION } from "../../../shared/schemas/publisher-compliance";
import { queryRows } from "../../db/client";
import {
  buyerListings,
  buyerProfiles,
  compliance,
  notificationPreferences,
  publisherProfiles,
  subscriptions,
  users,
} from "../../db/schema";
import { openTestDatabase } from "../../test/context";
import { computeQualityScore, qualityFactsOf } from "../publishers/quality-score";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { seedDemoData } from "./demo-seed";

describe("demo data", () => {
  // The seed runs twice here, a few hundred rows each time: on a machine as busy as CI can be, that
  // passed the 30 s default.
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

      // Every demo boost is backed by a standing purchase that ends when the boost does.
      const boosts = await queryRows<{ boosted: number; backed: number }>(
        database.db,
        sql`select count(*)::int as boosted,
          count(*) filter (where exists (select 1 from boost_purchases p where p.listing_id = l.id
            and p.status = 'active' and p.ends_at = l.boosted_until))::int as backed
          from buyer_listings l where l.boosted_until > now()`,
      );
      expect(boosts[0]!.boosted).toBeGreaterThan(0);
      expect(boosts[0]!.backed).toBe(boosts[0]!.boosted);

      const emails = (await database.db.select({ email: users.email, role: users.role }).from(users)).map(
        (u) => `${u.email}:${u.role}`,
      );
      for (const account of DEMO_ACCOUNTS) expect(emails).toContain(`${account.email}:${account.role}`);
      // Every vertical of the one list, and nothing else.
      const verticals = await queryRows<{ vertical: string }>(
        database.db,
        sql`select distinct vertical from buyer_listings order by 1`,
      );
      expect(verticals.map((v) => v.vertical)).toEqual([...VERTICALS].sort());

      // Believable, varied data: named buyers, and caps and pitches that differ.
      const [buyer] = await database.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.email, "buyer@demo.test"));
      expect(buyer).toEqual({ firstName: "Morgan", lastName: "Ellis" });
      const [variety] = await queryRows<{ caps: string; descriptions: string }>(
        database.db,
        sql`select (select count(distinct daily_cap) from buyer_profiles) as caps,
                   (select count(distinct description) from buyer_listings) as descriptions`,
      );
      expect(Number(variety!.caps)).toBe(first.buyers);
      expect(Number(variety!.descriptions)).toBe(first.listings);

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
      // buyer@demo.test's three (pending, accepted, rejected), plus the accepted deals behind the reviews.
      expect(Number(activity!.intents)).toBe(11);
      expect(Number(activity!.events)).toBeGreaterThan(30);
      expect(Number(activity!.tagged)).toBeGreaterThan(10);
      expect(Number(activity!.changes)).toBeGreaterThan(5);

      // "Listed" is a listing's creation date: none is younger than a deal, an event or a payout change
      // on it. Some listings state a daily cap of their own, the rest take their buyer's.
      const [dates] = await queryRows<{ younger: number; ownCaps: number; buyerCaps: number }>(
        database.db,
        sql`select
          (select count(*)::int from buyer_listings l where exists (
            select 1 from deal_intents d where d.listing_id = l.id and d.created_at < l.created_at
            union all select 1 from listing_events e where e.listing_id = l.id and e.created_at < l.created_at
            union all select 1 from listing_payout_changes c where c.listing_id = l.id and c.changed_at < l.created_at
          )) as younger,
          (select count(*)::int from buyer_listings where daily_cap is not null) as "ownCaps",
          (select count(*)::int from buyer_listings where daily_cap is null) as "buyerCaps"`,
      );
      expect(dates!.younger).toBe(0);
      expect(dates!.ownCaps).toBeGreaterThan(0);
      expect(dates!.buyerCaps).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("seeds reviewed deals: two buyers with a reliability score, one with too few reviews, and disputes", async () => {
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      const buyers = await queryRows<{
        company: string;
        score: number | null;
        basedOn: number;
        reviews: number;
      }>(
        database.db,
        sql`select company, reliability_score as score, reliability_based_on as "basedOn",
              review_count as reviews
            from buyer_profiles order by company`,
      );
      const byCompany = new Map(buyers.map((b) => [b.company, b]));
      expect(byCompany.get("Summit Lead Partners")).toMatchObject({ basedOn: 4, reviews: 4 });
      expect(byCompany.get("Summit Lead Partners")?.score).toBeGreaterThan(0);
      expect(byCompany.get("Harbor Call Exchange")).toMatchObject({ basedOn: 3, reviews: 3 });
      expect(byCompany.get("Harbor Call Exchange")?.score).toBeGreaterThan(0);
      expect(byCompany.get("Pinnacle Media Group")).toMatchObject({ score: null, basedOn: 2 });
      expect(byCompany.get("Lone Star Leads")).toMatchObject({ score: null, basedOn: 0 });
      // Every review hangs off an accepted deal of its publisher and buyer.
      const [orphans] = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*) as n from reviews r join deal_intents di on di.id = r.deal_intent_id
            where di.status <> 'accepted' or di.buyer_id <> r.buyer_id or di.publisher_id <> r.publisher_id`,
      );
      expect(Number(orphans!.n)).toBe(0);
      const disputes = await queryRows<{ status: string }>(
        database.db,
        sql`select status from disputes order by status`,
      );
      expect(disputes.map((d) => d.status)).toEqual(["pending", "rejected"]);
    } finally {
      await database.close();
    }
  });

  it("verifies about half the buyer companies, buyer@demo.test's among them, each with the full trail of an approval", async () => {
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      const buyers = await queryRows<{
        email: string;
        website: string | null;
        verified: boolean;
        since: Date | null;
        until: Date | null;
      }>(
        database.db,
        sql`select u.email, bp.website, coalesce(bp.verified_until > now(), false) as verified,
              bp.verified_since as since, bp.verified_until as until
            from buyer_profiles bp join users u on u.id = bp.user_id order by u.email`,
      );
      expect(buyers.every((b) => b.website?.startsWith("https://"))).toBe(true);
      const verified = buyers.filter((b) => b.verified);
      expect(verified.map((b) => b.email)).toContain("buyer@demo.test");
      expect(verified.length).toBeGreaterThanOrEqual(Math.floor(buyers.length / 2));
      expect(verified.length).toBeLessThan(buyers.length);
      // No badge without its records: each one's approval by admin@demo.test, both proofs, the audit entry.
      const trail = await queryRows<{
        email: string;
        until: Date;
        expires: Date;
        domainOk: boolean;
        n: string;
      }>(
        database.db,
        sql`select u.email, bp.verified_until as until, v.expires_at as expires,
              bp.website = 'https://' || v.domain as "domainOk",
              (select count(*) from audit_logs a where a.target_id = v.id::text
                and a.action = 'buyer_verification.approved' and a.user_id = v.decided_by) as n
            from buyer_profiles bp join users u on u.id = bp.user_id
              join buyer_verifications v on v.buyer_id = bp.id and v.status = 'approved'
              join users reviewer on reviewer.id = v.decided_by and reviewer.email = 'admin@demo.test'
            where v.domain_method = 'meta' and v.domain_evidence = bp.website || '/'
              and v.domain_verified_at is not null and v.email_verified_at is not null
              and v.work_email like '%@' || v.domain and v.submitted_at is not null
              and v.checklist = '{"businessExists": true, "paymentTermsCredible": true, "references": true}'::jsonb
            order by u.email`,
      );
      expect(trail.map((t) => t.email)).toEqual(verified.map((b) => b.email));
      for (const t of trail) {
        expect(new Date(t.until).getTime()).toBe(new Date(t.expires).getTime());
        expect(t.domainOk).toBe(true);
        expect(Number(t.n)).toBe(1);
      }
      const [unbacked] = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*) as n from buyer_profiles bp where bp.verified_until is not null
            and not exists (select 1 from buyer_verifications v where v.buyer_id = bp.id
              and v.status = 'approved' and v.expires_at = bp.verified_until)`,
      );
      expect(Number(unbacked!.n)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("seeds approved and pending publishers with compliance on the current text, scores computed from their facts", async () => {
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      const rows = await database.db
        .select({ email: users.email, profile: publisherProfiles, record: compliance })
        .from(publisherProfiles)
        .innerJoin(users, eq(users.id, publisherProfiles.userId))
        .innerJoin(compliance, eq(compliance.publisherId, publisherProfiles.id));
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      expect([...byEmail.keys()].sort()).toEqual([
        "pending@demo.test",
        "premium@demo.test",
        "publisher@demo.test",
      ]);

      const pat = byEmail.get("publisher@demo.test")!;
      expect(pat.profile).toMatchObject({ status: "approved", tier: "verified" });
      expect(pat.profile.domainVerifiedAt).not.toBeNull();
      expect(pat.profile.reviewedAt).not.toBeNull();
      const pending = byEmail.get("pending@demo.test")!;
      expect(pending.profile).toMatchObject({
        status: "pending",
        tier: "new",
        domainVerifiedAt: null,
        reviewedAt: null,
      });
      for (const row of rows) {
        expect(row.record).toMatchObject({
          tcpaComplianceAck: true,
          ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION,
        });
        expect(row.profile.qualityScore).toBe(computeQualityScore(qualityFactsOf(row.profile, true)).score);
        expect(row.profile.qualityScore).toBeGreaterThan(0);
        // What onboarding would accept today, the references' format included.
        const { website, avgDailyCalls, yearsInBusiness, trafficSources, verticals, geos, references } =
          row.profile;
        const parsed = createPublisherProfileSchema.safeParse({
          website,
          avgDailyCalls,
          yearsInBusiness,
          trafficSources,
          verticals,
          geos,
          references,
        });
        expect(parsed.error?.issues ?? []).toEqual([]);
      }
      expect(DEMO_ACCOUNTS.map((a) => a.email)).toContain("pending@demo.test");

      // Alerts set up for the two approved ones, so a new listing shows its alert mail in the outbox; the
      // verticals of premium@demo.test's instant alerts are the ones README.md names.
      const alerts = await database.db
        .select({
          email: users.email,
          frequency: notificationPreferences.frequency,
          verticals: notificationPreferences.verticals,
        })
        .from(notificationPreferences)
        .innerJoin(users, eq(users.id, notificationPreferences.userId))
        .orderBy(users.email);
      expect(alerts).toEqual([
        { email: "premium@demo.test", frequency: "instant", verticals: ["Insurance", "Medical", "Finance"] },
        { email: "publisher@demo.test", frequency: "weekly", verticals: ["Insurance", "Home Services"] },
      ]);
    } finally {
      await database.close();
    }
  });
});
