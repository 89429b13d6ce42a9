import { eq, sql } from "drizzle-orm";
import type { QualityBreakdown, QualityFactor, QualityFactorId } from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { publisherProfiles } from "../../db/schema";

// The publisher quality score: 0-100, computed here from facts the database holds, stored on the profile
// by recomputeQualityScore whenever a fact changes, and never typed by anyone. Each factor has a fixed
// maximum; the maxima add up to 100 (a test holds them to it), so a new factor (reviews, say) takes its
// points from the others and the table below stays the one place to read the rule.
//
// Most of the points come from what someone else checked: an administrator's approval (40) and the
// server finding the tag on the website (25). What the publisher only states (a complete profile, the
// compliance acknowledgment, years in business) earns 35 at most, so a new applicant nobody has checked
// yet starts in the lowest band instead of looking "Fair" on their word alone.

/** What the score is computed from: one publisher profile's facts. */
export interface QualityScoreFacts {
  website: string | null;
  avgDailyCalls: number | null;
  yearsInBusiness: number | null;
  trafficSources: readonly string[];
  verticals: readonly string[];
  geos: readonly string[];
  references: readonly string[];
  /** A TCPA compliance record with the acknowledgment is on file. */
  hasCompliance: boolean;
  /** The server found the verification tag on the website. */
  domainVerified: boolean;
  status: string;
}

interface FactorDefinition {
  id: QualityFactorId;
  label: string;
  rule: string;
  maxPoints: number;
  points(facts: QualityScoreFacts): number;
}

const COMPLETENESS_POINTS = 12;
const COMPLIANCE_POINTS = 15;
const DOMAIN_POINTS = 25;
const APPROVAL_POINTS = 40;
const YEAR_POINTS = 2;
const YEARS_COUNTED = 4;

/** The seven things a complete profile states (onboarding steps 1, 2 and 4). */
function filledProfileFields(facts: QualityScoreFacts): number {
  return [
    Boolean(facts.website),
    (facts.avgDailyCalls ?? 0) >= 1,
    facts.yearsInBusiness !== null,
    facts.trafficSources.length > 0,
    facts.verticals.length > 0,
    facts.geos.length > 0,
    facts.references.some((reference) => reference.trim().length > 0),
  ].filter(Boolean).length;
}
const PROFILE_FIELD_COUNT = 7;

export const QUALITY_FACTORS: readonly FactorDefinition[] = [
  {
    id: "profile_complete",
    label: "Profile completeness",
    rule: `Website, daily calls, years in business, traffic sources, verticals, geographies and a reference: ${COMPLETENESS_POINTS} points when all ${PROFILE_FIELD_COUNT} are filled, in proportion otherwise.`,
    maxPoints: COMPLETENESS_POINTS,
    points: (facts) => Math.round((COMPLETENESS_POINTS * filledProfileFields(facts)) / PROFILE_FIELD_COUNT),
  },
  {
    id: "compliance",
    label: "TCPA compliance on file",
    rule: `${COMPLIANCE_POINTS} points once your TCPA acknowledgment and DNC process are on file.`,
    maxPoints: COMPLIANCE_POINTS,
    points: (facts) => (facts.hasCompliance ? COMPLIANCE_POINTS : 0),
  },
  {
    id: "domain_verified",
    label: "Domain verified",
    rule: `${DOMAIN_POINTS} points once we have found the verification tag on your website's homepage.`,
    maxPoints: DOMAIN_POINTS,
    points: (facts) => (facts.domainVerified ? DOMAIN_POINTS : 0),
  },
  {
    id: "approved",
    label: "Approved by review",
    rule: `${APPROVAL_POINTS} points once an administrator has approved your profile.`,
    maxPoints: APPROVAL_POINTS,
    points: (facts) => (facts.status === "approved" ? APPROVAL_POINTS : 0),
  },
  {
    id: "years_in_business",
    label: "Years in business",
    rule: `${YEAR_POINTS} points per year in business, up to ${YEARS_COUNTED} years.`,
    maxPoints: YEAR_POINTS * YEARS_COUNTED,
    points: (facts) => YEAR_POINTS * Math.min(Math.max(facts.yearsInBusiness ?? 0, 0), YEARS_COUNTED),
  },
];

/** The score and each factor's points; pure, so every factor is tested on its own. */
export function computeQualityScore(facts: QualityScoreFacts): QualityBreakdown {
  const factors: QualityFactor[] = QUALITY_FACTORS.map((factor) => ({
    id: factor.id,
    label: factor.label,
    rule: factor.rule,
    // A factor can never give more than its share, nor take points away.
    points: Math.min(Math.max(Math.round(factor.points(facts)), 0), factor.maxPoints),
    maxPoints: factor.maxPoints,
  }));
  const total = factors.reduce((sum, factor) => sum + factor.points, 0);
  return { score: Math.min(Math.max(total, 0), 100), factors };
}

/** The facts of one profile row (as read with hasCompliance beside it). */
export function qualityFactsOf(
  profile: Pick<
    typeof publisherProfiles.$inferSelect,
    | "website"
    | "avgDailyCalls"
    | "yearsInBusiness"
    | "trafficSources"
    | "verticals"
    | "geos"
    | "references"
    | "domainVerifiedAt"
    | "status"
  >,
  hasCompliance: boolean,
): QualityScoreFacts {
  return {
    website: profile.website,
    avgDailyCalls: profile.avgDailyCalls,
    yearsInBusiness: profile.yearsInBusiness,
    trafficSources: profile.trafficSources,
    verticals: profile.verticals,
    geos: profile.geos,
    references: profile.references,
    hasCompliance,
    domainVerified: profile.domainVerifiedAt !== null,
    status: profile.status,
  };
}

/**
 * SQL for a select from publisher_profiles: the profile has a compliance record with the acknowledgment.
 * Written out, because Drizzle leaves columns unqualified in a one-table select, and an unqualified
 * "id" inside the subquery would be the compliance record's own.
 */
export const hasComplianceSql = sql<boolean>`exists (select 1 from compliance c where c.publisher_id = "publisher_profiles"."id" and c.tcpa_compliance_ack)`;

/**
 * Reads the profile's facts, computes the score and stores it. Call it after any change to a fact, in
 * the same transaction (`db` may be one): profile writes, compliance, domain verification, an admin's
 * decision. Returns the breakdown, or null when there is no such profile.
 */
export async function recomputeQualityScore({
  db,
  profileId,
}: {
  db: Db;
  profileId: string;
}): Promise<QualityBreakdown | null> {
  const [row] = await db
    .select({ profile: publisherProfiles, hasCompliance: hasComplianceSql })
    .from(publisherProfiles)
    .where(eq(publisherProfiles.id, profileId))
    .for("update");
  if (!row) return null;
  const breakdown = computeQualityScore(qualityFactsOf(row.profile, Boolean(row.hasCompliance)));
  if (breakdown.score !== row.profile.qualityScore) {
    await db
      .update(publisherProfiles)
      .set({ qualityScore: breakdown.score })
      .where(eq(publisherProfiles.id, profileId));
  }
  return breakdown;
}

/**
 * Recomputes the stored score of every profile and returns how many changed. Every write already keeps
 * its own profile's score current; this is for the day the formula itself changes, so the stored
 * figures (the audit trail records them) follow without a migration; screens compute it as they read. Each profile is
 * recomputed under its row lock, like any other write, so a change made meanwhile is never overwritten.
 */
export async function recomputeAllQualityScores({ db }: { db: Db }): Promise<number> {
  const rows = await db
    .select({ id: publisherProfiles.id, stored: publisherProfiles.qualityScore })
    .from(publisherProfiles);
  let changed = 0;
  for (const row of rows) {
    const breakdown = await db.transaction((tx) => recomputeQualityScore({ db: tx, profileId: row.id }));
    if (breakdown && breakdown.score !== row.stored) changed++;
  }
  return changed;
}
