import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compliance, publisherProfiles } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createPublisher } from "../../test/factories";
import {
  computeQualityScore,
  QUALITY_FACTORS,
  type QualityScoreFacts,
  recomputeAllQualityScores,
  recomputeQualityScore,
} from "./quality-score";

/** A profile with nothing to its name: every factor at zero. */
const EMPTY: QualityScoreFacts = {
  website: null,
  avgDailyCalls: null,
  yearsInBusiness: null,
  trafficSources: [],
  verticals: [],
  geos: [],
  references: [],
  hasCompliance: false,
  domainVerified: false,
  status: "pending",
};

const COMPLETE: QualityScoreFacts = {
  ...EMPTY,
  website: "https://calls.example",
  avgDailyCalls: 10,
  yearsInBusiness: 0,
  trafficSources: ["Social Media"],
  verticals: ["Legal"],
  geos: ["Texas"],
  references: ["Jane Doe, Acme, jane@acme.example, 555-0100"],
};

const pointsOf = (facts: QualityScoreFacts, id: string) =>
  computeQualityScore(facts).factors.find((factor) => factor.id === id)!.points;

describe("quality score formula", () => {
  it("gives an empty profile 0 and lists every factor", () => {
    const breakdown = computeQualityScore(EMPTY);
    expect(breakdown.score).toBe(0);
    expect(breakdown.factors.map((f) => f.id)).toEqual([
      "profile_complete",
      "compliance",
      "domain_verified",
      "approved",
      "years_in_business",
    ]);
  });

  it("keeps the factors' maxima at exactly 100 points", () => {
    expect(QUALITY_FACTORS.reduce((sum, factor) => sum + factor.maxPoints, 0)).toBe(100);
  });

  it("profile completeness: 12 points for all seven fields, in proportion for some, blank references not counted", () => {
    expect(pointsOf(COMPLETE, "profile_complete")).toBe(12);
    // website, daily calls, years, traffic: 4 of 7 -> round(48 / 7) = 7
    expect(pointsOf({ ...COMPLETE, verticals: [], geos: [], references: [] }, "profile_complete")).toBe(7);
    // 6 of 7 -> round(72 / 7) = 10
    expect(pointsOf({ ...COMPLETE, references: ["   "] }, "profile_complete")).toBe(10);
    expect(pointsOf({ ...COMPLETE, avgDailyCalls: 0 }, "profile_complete")).toBe(10);
  });

  it("compliance on file: 15 points, none without", () => {
    expect(pointsOf({ ...EMPTY, hasCompliance: true }, "compliance")).toBe(15);
    expect(pointsOf(EMPTY, "compliance")).toBe(0);
  });

  it("domain verified: 25 points, none while unverified", () => {
    expect(pointsOf({ ...EMPTY, domainVerified: true }, "domain_verified")).toBe(25);
    expect(pointsOf(EMPTY, "domain_verified")).toBe(0);
  });

  it("approved status: 40 points; pending and rejected earn none", () => {
    expect(pointsOf({ ...EMPTY, status: "approved" }, "approved")).toBe(40);
    expect(pointsOf({ ...EMPTY, status: "pending" }, "approved")).toBe(0);
    expect(pointsOf({ ...EMPTY, status: "rejected" }, "approved")).toBe(0);
  });

  it("years in business: 2 points a year, capped at 4 years, never negative", () => {
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 0 }, "years_in_business")).toBe(0);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 1 }, "years_in_business")).toBe(2);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 3 }, "years_in_business")).toBe(6);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 30 }, "years_in_business")).toBe(8);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: -2 }, "years_in_business")).toBe(0);
  });

  it("keeps an applicant nobody has checked in the lowest band: at most 35 before verification and approval", () => {
    // Everything a publisher can state on their own: complete, compliant, many years.
    const stated = { ...COMPLETE, yearsInBusiness: 30, hasCompliance: true };
    expect(computeQualityScore(stated).score).toBe(35);
    // Below 40 is the lowest display band.
    expect(computeQualityScore(stated).score).toBeLessThan(40);
    // A new applicant as onboarding leaves them (4 years, unverified): 35, never the old "Fair" 57.
    expect(computeQualityScore({ ...stated, yearsInBusiness: 4 }).score).toBe(35);
  });

  it("adds the factors up: verified and approved lift the score; everything together is 100", () => {
    const best = { ...COMPLETE, yearsInBusiness: 4, hasCompliance: true, domainVerified: true };
    expect(computeQualityScore(best).score).toBe(60);
    expect(computeQualityScore({ ...best, domainVerified: false, status: "approved" }).score).toBe(75);
    expect(computeQualityScore({ ...best, status: "approved" }).score).toBe(100);
  });

  it("is deterministic: the same facts give the same breakdown", () => {
    const facts = { ...COMPLETE, yearsInBusiness: 2, hasCompliance: true };
    expect(computeQualityScore(facts)).toEqual(computeQualityScore({ ...facts }));
  });
});

describe("recomputeQualityScore", () => {
  const ctx = useTestApp();

  it("reads the facts from the database and stores the score, also inside a transaction", async () => {
    const db = ctx.database.db;
    const { profile } = await createPublisher(db, {
      website: "https://calls.example",
      avgDailyCalls: 10,
      yearsInBusiness: 2,
      trafficSources: ["Radio"],
      verticals: ["Legal"],
      geos: ["Ohio"],
      references: ["Jane Doe, Acme, jane@acme.example, 555-0100"],
      qualityScore: 0,
    });
    const storedScore = async () =>
      (await db.select().from(publisherProfiles).where(eq(publisherProfiles.id, profile.id)))[0]!
        .qualityScore;

    // Complete (12) + 2 years (4).
    expect((await recomputeQualityScore({ db, profileId: profile.id }))?.score).toBe(16);
    expect(await storedScore()).toBe(16);

    await db.transaction(async (tx) => {
      await tx.insert(compliance).values({
        publisherId: profile.id,
        tcpaComplianceAck: true,
        dncProcessDesc: "We scrub daily.",
      });
      await tx
        .update(publisherProfiles)
        .set({ domainVerifiedAt: new Date(), status: "approved" })
        .where(eq(publisherProfiles.id, profile.id));
      // + compliance (15) + domain (25) + approval (40).
      expect((await recomputeQualityScore({ db: tx, profileId: profile.id }))?.score).toBe(96);
    });
    expect(await storedScore()).toBe(96);
  });

  it("recomputes every stored score that no longer follows the formula, and counts the changes", async () => {
    const db = ctx.database.db;
    // Stored under an older formula (typed here on purpose).
    const stale = await createPublisher(db, { yearsInBusiness: 4, qualityScore: 57 });
    const current = await createPublisher(db, { yearsInBusiness: 1, qualityScore: 0 });
    await recomputeQualityScore({ db, profileId: current.profile.id });
    expect(await recomputeAllQualityScores({ db })).toBe(1);
    const [row] = await db.select().from(publisherProfiles).where(eq(publisherProfiles.id, stale.profile.id));
    // Website (2 of 7 fields: website, years) round(24 / 7) = 3, + 4 years (8).
    expect(row!.qualityScore).toBe(11);
    expect(await recomputeAllQualityScores({ db })).toBe(0);
  });

  it("answers null for a profile that does not exist", async () => {
    expect(
      await recomputeQualityScore({ db: ctx.database.db, profileId: "00000000-0000-4000-8000-000000000000" }),
    ).toBeNull();
  });
});
