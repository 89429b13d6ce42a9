import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import {
  BUYER_DOMAIN_TXT_PREFIX,
  BUYER_VERIFICATION_MESSAGES,
  type BuyerVerificationAttempt,
  type BuyerVerificationState,
  type VerifiedBadge,
} from "../../../shared/schemas/buyer-verification";
import { domainVerificationToken, websiteHost } from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { buyerProfiles, buyerVerifications } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Viewer } from "../../lib/viewer";
import { requireBuyerProfile } from "../buyers/buyer-profile";

// A buyer's verification attempts (docs/buyers.md, "Verified buyer"): one row per attempt, in_progress
// while the buyer proves the domain and the work address, submitted once both are proved, then decided by
// an administrator (verification-review.ts). At most one attempt is open (in_progress or submitted) per
// buyer, which a partial unique index backs. Every answer to the buyer is their whole state, so the
// screen redraws from one shape whatever step it took.

export type AttemptRow = typeof buyerVerifications.$inferSelect;
type ProfileRow = typeof buyerProfiles.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the buyer publishes: the TXT record's value and the meta tag's content. */
export function domainProofValues(userId: string): { txtRecord: string; metaTag: string } {
  const token = domainVerificationToken(userId);
  return { txtRecord: `${BUYER_DOMAIN_TXT_PREFIX}${token}`, metaTag: token };
}

function toAttempt(row: AttemptRow, now: Date): BuyerVerificationAttempt {
  const codeIsLive =
    row.emailCodeHash !== null && row.emailCodeExpiresAt !== null && row.emailCodeExpiresAt > now;
  return {
    id: row.id,
    status: row.status,
    domain: row.domain,
    domainMethod: row.domainMethod,
    domainEvidence: row.domainEvidence,
    domainVerifiedAt: iso(row.domainVerifiedAt),
    workEmail: row.workEmail,
    emailVerifiedAt: iso(row.emailVerifiedAt),
    codeExpiresAt: codeIsLive ? iso(row.emailCodeExpiresAt) : null,
    codeAttemptsLeft: Math.max(0, BUYER_VERIFICATION.codeAttempts - row.emailCodeAttempts),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    decisionReason: row.decisionReason,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    revokeReason: row.revokeReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The badge in force at `now`, with when each check of the approval behind it passed; else null. */
async function readBadge(db: Db, profile: ProfileRow, now: Date): Promise<VerifiedBadge | null> {
  if (!profile.verifiedUntil || !profile.verifiedSince || profile.verifiedUntil <= now) return null;
  // The approval in force is the newest one: a renewal's approval set the profile's term.
  const [approval] = await db
    .select()
    .from(buyerVerifications)
    .where(and(eq(buyerVerifications.buyerId, profile.id), eq(buyerVerifications.status, "approved")))
    .orderBy(desc(buyerVerifications.decidedAt))
    .limit(1);
  if (
    !approval?.domainMethod ||
    !approval.domainVerifiedAt ||
    !approval.emailVerifiedAt ||
    !approval.decidedAt
  ) {
    return null;
  }
  return {
    since: profile.verifiedSince.toISOString(),
    until: profile.verifiedUntil.toISOString(),
    domainMethod: approval.domainMethod,
    domainVerifiedAt: approval.domainVerifiedAt.toISOString(),
    emailVerifiedAt: approval.emailVerifiedAt.toISOString(),
    reviewedAt: approval.decidedAt.toISOString(),
  };
}

const DAY_MS = 24 * 3600 * 1000;

async function buildState(
  db: Db,
  viewer: Viewer,
  profile: ProfileRow,
  now: Date,
): Promise<BuyerVerificationState> {
  const [latest] = await db
    .select()
    .from(buyerVerifications)
    .where(eq(buyerVerifications.buyerId, profile.id))
    .orderBy(desc(buyerVerifications.createdAt))
    .limit(1);
  const badge = await readBadge(db, profile, now);
  return {
    website: profile.website,
    domain: websiteHost(profile.website),
    ...domainProofValues(viewer.id),
    badge,
    isRenewalDue:
      badge !== null &&
      new Date(badge.until).getTime() - now.getTime() <= BUYER_VERIFICATION.reminderDays * DAY_MS,
    current: latest ? toAttempt(latest, now) : null,
  };
}

/** GET /api/buyer-verification: the viewer's badge, latest attempt and what to publish. */
export async function getVerificationState({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<BuyerVerificationState> {
  const profile = await requireBuyerProfile(db, viewer);
  return buildState(db, viewer, profile, now);
}

/** The account export's list: every attempt of the viewer's, newest first (no code hash, no reviewer). */
export async function listOwnVerificationAttempts({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<BuyerVerificationAttempt[]> {
  const rows = await db
    .select({ attempt: buyerVerifications })
    .from(buyerVerifications)
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerVerifications.buyerId))
    .where(eq(buyerProfiles.userId, viewer.id))
    .orderBy(desc(buyerVerifications.createdAt));
  return rows.map((row) => toAttempt(row.attempt, now));
}

const OPEN_STATUSES = ["in_progress", "submitted"] as const;

/**
 * The viewer's profile and open attempt, the attempt locked for the transaction `tx`, checked to be one
 * the buyer can still work on: started, not yet sent for review, and for the domain of the website the
 * profile names now (an edited website makes the proofs of the old one worthless).
 */
export async function lockWorkingAttempt(
  tx: Db,
  viewer: Viewer,
): Promise<{ profile: ProfileRow; attempt: AttemptRow; domain: string }> {
  const profile = await requireBuyerProfile(tx, viewer);
  const domain = websiteHost(profile.website);
  if (!domain) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.websiteRequired);
  const [attempt] = await tx
    .select()
    .from(buyerVerifications)
    .where(and(eq(buyerVerifications.buyerId, profile.id), inArray(buyerVerifications.status, OPEN_STATUSES)))
    .for("update");
  if (!attempt) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.startFirst);
  if (attempt.status === "submitted") {
    throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.alreadySubmitted);
  }
  if (attempt.domain !== domain) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.websiteChanged);
  return { profile, attempt, domain };
}

/**
 * POST /api/buyer-verification: starts an attempt for the domain of the profile's website, or keeps the
 * one in progress for it. An attempt in progress for another domain (the website changed since) is
 * voided: nothing of it was decided, and its proofs are of a site the profile no longer names. A buyer
 * with a badge in force may start one too: that is how a badge is renewed.
 */
export async function startVerification({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<BuyerVerificationState> {
  await db.transaction(async (tx) => {
    const profile = await requireBuyerProfile(tx, viewer);
    // Serialises two starts of one buyer: the second finds the first's attempt.
    await tx
      .select({ id: buyerProfiles.id })
      .from(buyerProfiles)
      .where(eq(buyerProfiles.id, profile.id))
      .for("update");
    const domain = websiteHost(profile.website);
    if (!domain) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.websiteRequired);
    const [open] = await tx
      .select()
      .from(buyerVerifications)
      .where(
        and(eq(buyerVerifications.buyerId, profile.id), inArray(buyerVerifications.status, OPEN_STATUSES)),
      );
    if (open?.status === "submitted") {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.alreadySubmitted);
    }
    if (open && open.domain === domain) return;
    if (open) await tx.delete(buyerVerifications).where(eq(buyerVerifications.id, open.id));
    await tx
      .insert(buyerVerifications)
      .values({ buyerId: profile.id, domain, createdAt: now, updatedAt: now });
  });
  return getVerificationState({ db, viewer, now });
}

/** POST /api/buyer-verification/submit: both proofs done, the attempt waits for an administrator. */
export async function submitVerification({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<BuyerVerificationState> {
  await db.transaction(async (tx) => {
    const { attempt } = await lockWorkingAttempt(tx, viewer);
    if (!attempt.domainVerifiedAt || !attempt.emailVerifiedAt) {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.notReady);
    }
    await tx
      .update(buyerVerifications)
      .set({ status: "submitted", submittedAt: now, updatedAt: sql`now()` })
      .where(eq(buyerVerifications.id, attempt.id));
  });
  return getVerificationState({ db, viewer, now });
}
