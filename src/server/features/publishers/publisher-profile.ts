import { and, desc, eq, gt, sql } from "drizzle-orm";
import {
  type CreatePublisherProfile,
  domainVerificationToken,
  PUBLISHER_MESSAGES,
  type PublisherProfile,
  type UpdatePublisherProfile,
} from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { auditLogs, publisherProfiles, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { diffFields } from "../../lib/diff-fields";
import { isUuid } from "../../lib/ids";
import { assertPublisherRole, type Viewer } from "../../lib/viewer";
import { deleteOnboardingDraft } from "../onboarding/onboarding-drafts";
import {
  computeQualityScore,
  hasComplianceSql,
  qualityFactsOf,
  recomputeQualityScore,
} from "./quality-score";

// A publisher's own profile (onboarding, the dashboard and /publisher/profile). The owner is always the session's user:
// ownership is a query condition, so another user's profile id finds nothing (404).

export const PUBLISHER_ACTIONS = {
  profileCreated: "publisher.profile_created",
  profileUpdated: "publisher.profile_updated",
  complianceSubmitted: "publisher.compliance_submitted",
  domainVerified: "publisher.domain_verified",
} as const;

/**
 * A verification made in the wizard, before the profile exists, counts for the profile created with the
 * same website within this many days (the wizard keeps its draft across visits).
 */
const WIZARD_VERIFICATION_DAYS = 7;

type ProfileRow = typeof publisherProfiles.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The API's view of a profile row. The score is the one its breakdown adds up to, computed from the
 * row's facts: the stored figure equals it after every write, and the answer stays right even before
 * stored figures catch up with a change of the formula (npm run quality:recompute).
 */
function toPublisherProfile(
  row: ProfileRow,
  extra: { hasCompliance: boolean; company: string | null; phone: string | null },
): PublisherProfile {
  const qualityBreakdown = computeQualityScore(qualityFactsOf(row, extra.hasCompliance));
  return {
    id: row.id,
    website: row.website,
    avgDailyCalls: row.avgDailyCalls,
    yearsInBusiness: row.yearsInBusiness,
    trafficSources: row.trafficSources,
    verticals: row.verticals,
    geos: row.geos,
    references: row.references,
    tier: row.tier,
    status: row.status,
    qualityScore: qualityBreakdown.score,
    qualityBreakdown,
    complianceAckAt: iso(row.complianceAckAt),
    domainVerifiedAt: iso(row.domainVerifiedAt),
    verificationToken: domainVerificationToken(row.userId),
    reviewedAt: iso(row.reviewedAt),
    reviewReason: row.reviewReason,
    company: extra.company,
    phone: extra.phone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The profile of `userId` as the API answers it, or null. */
async function readProfile(db: Db, userId: string): Promise<PublisherProfile | null> {
  const [row] = await db
    .select({
      profile: publisherProfiles,
      hasCompliance: hasComplianceSql,
      company: users.company,
      phone: users.phone,
    })
    .from(publisherProfiles)
    .innerJoin(users, eq(users.id, publisherProfiles.userId))
    .where(eq(publisherProfiles.userId, userId));
  if (!row) return null;
  return toPublisherProfile(row.profile, {
    hasCompliance: Boolean(row.hasCompliance),
    company: row.company,
    phone: row.phone,
  });
}

/** GET /api/publisher-profile: the viewer's profile, or null when they have none. */
export async function getPublisherProfile({
  db,
  viewer,
}: {
  db: Db;
  viewer: Viewer;
}): Promise<PublisherProfile | null> {
  return readProfile(db, viewer.id);
}

/** The viewer's profile row id, or null. */
export async function findOwnProfileId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: publisherProfiles.id })
    .from(publisherProfiles)
    .where(eq(publisherProfiles.userId, userId));
  return row?.id ?? null;
}

/**
 * A user holds one of the two profiles. Buyers cannot become publishers; administrators
 * review publishers and hold no publisher profile themselves (both 409: the request conflicts with what
 * the account is).
 */
export function assertMayHoldPublisherProfile(viewer: Viewer): void {
  if (viewer.role === "buyer") throw new AppError("conflict", PUBLISHER_MESSAGES.buyerAccount);
  if (viewer.role === "admin") throw new AppError("conflict", PUBLISHER_MESSAGES.adminAccount);
}

/** When the viewer verified exactly this website in the wizard recently, that moment; else null. */
async function findWizardVerification(db: Db, userId: string, website: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, userId),
        eq(auditLogs.action, PUBLISHER_ACTIONS.domainVerified),
        sql`${auditLogs.metaJson}->>'website' = ${website}`,
        gt(auditLogs.createdAt, sql`now() - make_interval(days => ${WIZARD_VERIFICATION_DAYS})`),
      ),
    )
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * POST /api/publisher-profile: the viewer's profile, pending and tier "new", with its score computed; a
 * guest becomes a publisher in the same transaction. 409 when a profile exists (also when two requests
 * race: the unique index decides) or when the account is a buyer's or an admin's.
 */
export async function createPublisherProfile({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: CreatePublisherProfile;
}): Promise<PublisherProfile> {
  assertMayHoldPublisherProfile(viewer);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for("update");
    if (!account) throw new AppError("unauthorized", "Unauthorized");
    // The role read under the lock, not the session's copy: it may have changed since.
    assertMayHoldPublisherProfile({ ...viewer, role: account.role });

    const domainVerifiedAt = await findWizardVerification(tx, viewer.id, input.website);
    const [profile] = await tx
      .insert(publisherProfiles)
      .values({ userId: viewer.id, ...input, domainVerifiedAt, status: "pending", tier: "new" })
      .onConflictDoNothing({ target: publisherProfiles.userId })
      .returning();
    if (!profile) throw new AppError("conflict", PUBLISHER_MESSAGES.alreadyHasProfile);

    if (account.role === "guest") {
      await tx.update(users).set({ role: "publisher", updatedAt: new Date() }).where(eq(users.id, viewer.id));
    }
    // The wizard's draft goes with the same commit (the compliance step's text stays on the screen).
    await deleteOnboardingDraft(tx, viewer.id, "publisher");
    const breakdown = await recomputeQualityScore({ db: tx, profileId: profile.id });
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: PUBLISHER_ACTIONS.profileCreated,
      targetId: profile.id,
      metaJson: {
        after: { ...input, status: profile.status, tier: profile.tier, qualityScore: breakdown?.score ?? 0 },
        roleBefore: account.role,
        roleAfter: "publisher",
        domainVerifiedInWizard: domainVerifiedAt !== null,
      },
    });
  });
  const created = await readProfile(db, viewer.id);
  if (!created) throw new AppError("internal", "The profile could not be read back");
  return created;
}

/**
 * PUT /api/publisher-profile/{id}: a partial update of the viewer's own profile (every field optional).
 * Status, tier and score are not in the input schema, so they can never be written here. A changed website is no
 * longer the verified one: its verification is cleared. The score is recomputed; the change is
 * audit-logged with the fields' before and after values.
 */
export async function updatePublisherProfile({
  db,
  viewer,
  profileId,
  input,
}: {
  db: Db;
  viewer: Viewer;
  profileId: string;
  input: UpdatePublisherProfile;
}): Promise<PublisherProfile> {
  if (!isUuid(profileId)) throw new AppError("not_found", PUBLISHER_MESSAGES.profileNotFound);
  assertPublisherRole(viewer);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(publisherProfiles)
      .where(and(eq(publisherProfiles.id, profileId), eq(publisherProfiles.userId, viewer.id)))
      .for("update");
    if (!current) throw new AppError("not_found", PUBLISHER_MESSAGES.profileNotFound);

    const diff = diffFields(current, input);
    if (!diff.changed) return;
    const before: Record<string, unknown> = diff.before;
    const after: Record<string, unknown> = diff.after;
    const changes: Partial<typeof publisherProfiles.$inferInsert> = { ...diff.after };
    if ("website" in changes && current.domainVerifiedAt) {
      changes.domainVerifiedAt = null;
      before.domainVerifiedAt = current.domainVerifiedAt.toISOString();
      after.domainVerifiedAt = null;
    }
    await tx
      .update(publisherProfiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(publisherProfiles.id, current.id));
    const breakdown = await recomputeQualityScore({ db: tx, profileId: current.id });
    if (breakdown && breakdown.score !== current.qualityScore) {
      before.qualityScore = current.qualityScore;
      after.qualityScore = breakdown.score;
    }
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: PUBLISHER_ACTIONS.profileUpdated,
      targetId: current.id,
      metaJson: { before, after },
    });
  });
  const updated = await readProfile(db, viewer.id);
  if (!updated) throw new AppError("not_found", PUBLISHER_MESSAGES.profileNotFound);
  return updated;
}
