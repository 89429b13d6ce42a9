import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compliance, publisherProfiles } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createPublisher } from "../../test/factories";
import {
  computeQualityScore,
  QUALITY_FACTORS,
  type QualityScoreFacts,
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

  it("profile completeness: 20 points for all seven fields, in proportion for some, blank references not counted", () => {
    expect(pointsOf(COMPLETE, "profile_complete")).toBe(20);
    // website, daily calls, years, traffic: 4 of 7 -> round(80 / 7) = 11
    expect(pointsOf({ ...COMPLETE, verticals: [], geos: [], references: [] }, "profile_complete")).toBe(11);
    expect(pointsOf({ ...COMPLETE, references: ["   "] }, "profile_complete")).toBe(17);
    expect(pointsOf({ ...COMPLETE, avgDailyCalls: 0 }, "profile_complete")).toBe(17);
  });

  it("compliance on file: 25 points, none without", () => {
    expect(pointsOf({ ...EMPTY, hasCompliance: true }, "compliance")).toBe(25);
    expect(pointsOf(EMPTY, "compliance")).toBe(0);
  });

  it("domain verified: 20 points, none while unverified", () => {
    expect(pointsOf({ ...EMPTY, domainVerified: true }, "domain_verified")).toBe(20);
    expect(pointsOf(EMPTY, "domain_verified")).toBe(0);
  });

  it("approved status: 20 points; pending and rejected earn none", () => {
    expect(pointsOf({ ...EMPTY, status: "approved" }, "approved")).toBe(20);
    expect(pointsOf({ ...EMPTY, status: "pending" }, "approved")).toBe(0);
    expect(pointsOf({ ...EMPTY, status: "rejected" }, "approved")).toBe(0);
  });

  it("years in business: 3 points a year, capped at 5 years, never negative", () => {
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 0 }, "years_in_business")).toBe(0);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 1 }, "years_in_business")).toBe(3);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 4 }, "years_in_business")).toBe(12);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: 30 }, "years_in_business")).toBe(15);
    expect(pointsOf({ ...EMPTY, yearsInBusiness: -2 }, "years_in_business")).toBe(0);
  });

  it("adds the factors up: a complete, compliant, verified, approved 5-year publisher scores 100", () => {
    const best = { ...COMPLETE, yearsInBusiness: 5, hasCompliance: true, domainVerified: true };
    expect(computeQualityScore(best).score).toBe(80);
    expect(computeQualityScore({ ...best, status: "approved" }).score).toBe(100);
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

    expect((await recomputeQualityScore({ db, profileId: profile.id }))?.score).toBe(26);
    expect(await storedScore()).toBe(26);

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
      expect((await recomputeQualityScore({ db: tx, profileId: profile.id }))?.score).toBe(91);
    });
    expect(await storedScore()).toBe(91);
  });

  it("answers null for a profile that does not exist", async () => {
    expect(
      await recomputeQualityScore({ db: ctx.database.db, profileId: "00000000-0000-4000-8000-000000000000" }),
    ).toBeNull();
  });
});
