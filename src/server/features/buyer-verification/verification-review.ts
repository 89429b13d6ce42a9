import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { BUYER_VERIFICATION, type BuyerVerificationStatus } from "../../../shared/constants";
import {
  type AdminBuyerVerification,
  BUYER_VERIFICATION_MESSAGES,
  type VerificationChecklist,
  verificationChecklistSchema,
} from "../../../shared/schemas/buyer-verification";
import { websiteHost } from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles, buyerVerifications, users } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../../lib/viewer";
import type { AttemptRow } from "./verification-attempts";
import { decisionMail, type VerificationMailContext } from "./verification-mail";

// The administrators' side of buyer verification: the review queue with the evidence, and the decisions.
// An approval is the one thing that gives a buyer the badge (grantVerifiedBadge below is the only writer
// of the profile's verified_since and verified_until, a test holds every other file to that), a
// revocation the one thing that takes it away before its term ends. Each decision is audit-logged and
// mailed to the buyer in its own transaction.

const NOT_FOUND = "Verification not found";

// ---- the queue ---------------------------------------------------------------------------------------

const reviewColumns = {
  id: buyerVerifications.id,
  status: buyerVerifications.status,
  buyerId: buyerVerifications.buyerId,
  company: buyerProfiles.company,
  website: buyerProfiles.website,
  accountEmail: users.email,
  paymentTerms: buyerProfiles.paymentTerms,
  payoutMin: buyerProfiles.payoutMin,
  payoutMax: buyerProfiles.payoutMax,
  activeListings: sql<number>`(select count(*)::int from ${buyerListings}
    where ${buyerListings.buyerId} = ${buyerProfiles.id} and ${buyerListings.status} = 'active')`.mapWith(
    Number,
  ),
  domain: buyerVerifications.domain,
  domainMethod: buyerVerifications.domainMethod,
  domainEvidence: buyerVerifications.domainEvidence,
  domainVerifiedAt: buyerVerifications.domainVerifiedAt,
  workEmail: buyerVerifications.workEmail,
  emailVerifiedAt: buyerVerifications.emailVerifiedAt,
  submittedAt: buyerVerifications.submittedAt,
  checklist: buyerVerifications.checklist,
  decidedAt: buyerVerifications.decidedAt,
  decisionReason: buyerVerifications.decisionReason,
  expiresAt: buyerVerifications.expiresAt,
  revokedAt: buyerVerifications.revokedAt,
  revokeReason: buyerVerifications.revokeReason,
  createdAt: buyerVerifications.createdAt,
};

/** The attempts with their buyer's company and account, as the review screen shows them. */
const selectReviewRows = (db: Db) =>
  db
    .select(reviewColumns)
    .from(buyerVerifications)
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerVerifications.buyerId))
    .innerJoin(users, eq(users.id, buyerProfiles.userId));
type ReviewRow = Awaited<ReturnType<typeof selectReviewRows>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAdminVerification(row: ReviewRow): AdminBuyerVerification {
  const checklist = verificationChecklistSchema.safeParse(row.checklist);
  return {
    ...row,
    checklist: checklist.success ? checklist.data : null,
    domainVerifiedAt: iso(row.domainVerifiedAt),
    emailVerifiedAt: iso(row.emailVerifiedAt),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The longest list one request answers: the queue is worked from its oldest end. */
const QUEUE_LIMIT = 200;

/**
 * GET /api/admin/buyer-verifications?status=: the attempts in one state. The queue (submitted) reads
 * oldest first, who has waited longest first; any other state newest first.
 */
export async function listBuyerVerifications({
  db,
  status,
}: {
  db: Db;
  status: BuyerVerificationStatus;
}): Promise<AdminBuyerVerification[]> {
  // A deleted account's attempt is nobody waiting for a decision.
  const order =
    status === "submitted"
      ? [asc(buyerVerifications.submittedAt), asc(buyerVerifications.id)]
      : [desc(buyerVerifications.createdAt), desc(buyerVerifications.id)];
  const rows = await selectReviewRows(db)
    .where(and(isNull(users.deletedAt), eq(buyerVerifications.status, status)))
    .orderBy(...order)
    .limit(QUEUE_LIMIT);
  return rows.map(toAdminVerification);
}

async function readVerification(db: Db, id: string): Promise<AdminBuyerVerification> {
  const [row] = await selectReviewRows(db).where(eq(buyerVerifications.id, id));
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return toAdminVerification(row);
}

// ---- the badge ---------------------------------------------------------------------------------------

/** When an approval given at `from` ends: BUYER_VERIFICATION.termMonths later, to the second. */
export function verificationTermEnd(from: Date): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + BUYER_VERIFICATION.termMonths);
  return end;
}

/**
 * The only writer of the badge (verified_since, verified_until): given by an approval. A renewal (the
 * badge still in force at `now`) keeps the date the buyer was first verified in this unbroken run.
 */
async function grantVerifiedBadge(
  tx: Db,
  { buyerId, until, now }: { buyerId: string; until: Date; now: Date },
): Promise<{ since: Date; until: Date }> {
  const [row] = await tx
    .update(buyerProfiles)
    .set({
      verifiedSince: sql`case when ${buyerProfiles.verifiedUntil} > ${now.toISOString()}::timestamptz
        then coalesce(${buyerProfiles.verifiedSince}, ${now.toISOString()}::timestamptz)
        else ${now.toISOString()}::timestamptz end`,
      verifiedUntil: until,
      updatedAt: sql`now()`,
    })
    .where(eq(buyerProfiles.id, buyerId))
    .returning({ since: buyerProfiles.verifiedSince, until: buyerProfiles.verifiedUntil });
  if (!row?.since || !row.until) throw new AppError("internal", "The badge could not be recorded");
  return { since: row.since, until: row.until };
}

/** A revocation's half of the badge: gone at once, everywhere the profile row is read. */
async function clearVerifiedBadge(tx: Db, buyerId: string): Promise<void> {
  await tx
    .update(buyerProfiles)
    .set({ verifiedSince: null, verifiedUntil: null, updatedAt: sql`now()` })
    .where(eq(buyerProfiles.id, buyerId));
}

/**
 * A deleted account's verification: its attempts go (they hold the work address and the proofs) and so
 * does the badge of the profile kept for the other party's records ("Former member" vouches for nothing).
 * Answers the attempts' ids and work addresses, so the caller can remove the mail about them.
 */
export async function forgetBuyerVerification(
  tx: Db,
  userId: string,
): Promise<{ attemptIds: string[]; workEmails: string[] }> {
  const [profile] = await tx
    .select({ id: buyerProfiles.id })
    .from(buyerProfiles)
    .where(eq(buyerProfiles.userId, userId));
  if (!profile) return { attemptIds: [], workEmails: [] };
  const removed = await tx
    .delete(buyerVerifications)
    .where(eq(buyerVerifications.buyerId, profile.id))
    .returning({ id: buyerVerifications.id, workEmail: buyerVerifications.workEmail });
  await clearVerifiedBadge(tx, profile.id);
  return {
    attemptIds: removed.map((row) => row.id),
    workEmails: [...new Set(removed.flatMap((row) => (row.workEmail ? [row.workEmail] : [])))],
  };
}

const isComplete = (checklist: VerificationChecklist) => Object.values(checklist).every((ticked) => ticked);

/**
 * An approval of a submitted attempt, as the review records it: the attempt's decision and term, the
 * badge on the profile, and the audit entry, in the caller's transaction. The route's approval below runs
 * it after its checks; the demo data runs it for its verified buyers, so they carry the same trail.
 */
export async function recordApproval(
  tx: Db,
  {
    attempt,
    reviewerId,
    checklist,
    reason,
    now,
  }: {
    attempt: Pick<AttemptRow, "id" | "buyerId" | "domain" | "status">;
    reviewerId: string;
    checklist: VerificationChecklist;
    reason: string | null;
    now: Date;
  },
): Promise<{ since: Date; until: Date }> {
  if (!isComplete(checklist)) {
    throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.checklistIncomplete);
  }
  const [before] = await tx
    .select({ since: buyerProfiles.verifiedSince, until: buyerProfiles.verifiedUntil })
    .from(buyerProfiles)
    .where(eq(buyerProfiles.id, attempt.buyerId));
  const expiresAt = verificationTermEnd(now);
  await tx
    .update(buyerVerifications)
    .set({
      status: "approved",
      checklist,
      decidedAt: now,
      decidedBy: reviewerId,
      decisionReason: reason,
      expiresAt,
      updatedAt: sql`now()`,
    })
    .where(eq(buyerVerifications.id, attempt.id));
  const badge = await grantVerifiedBadge(tx, { buyerId: attempt.buyerId, until: expiresAt, now });
  await writeAuditEntry(tx, {
    actorId: reviewerId,
    action: "buyer_verification.approved",
    targetId: attempt.id,
    before: {
      status: attempt.status,
      verifiedSince: before?.since ?? null,
      verifiedUntil: before?.until ?? null,
    },
    after: { status: "approved", verifiedSince: badge.since, verifiedUntil: badge.until },
    extra: { buyerId: attempt.buyerId, domain: attempt.domain, checklist, reason },
  });
  return badge;
}

// ---- decisions ---------------------------------------------------------------------------------------

interface DecisionRequest {
  db: Db;
  mailQueue: MailQueue;
  mail: VerificationMailContext;
  viewer: Viewer;
  attemptId: string;
  now?: Date;
}

/** The attempt with its buyer, locked for the decision; 404 for an unknown id or a deleted account. */
async function lockForDecision(tx: Db, attemptId: string) {
  if (!isUuid(attemptId)) throw new AppError("not_found", NOT_FOUND);
  const [row] = await tx
    .select({
      id: buyerVerifications.id,
      buyerId: buyerVerifications.buyerId,
      status: buyerVerifications.status,
      domain: buyerVerifications.domain,
      expiresAt: buyerVerifications.expiresAt,
      userId: buyerProfiles.userId,
      email: users.email,
      website: buyerProfiles.website,
      verifiedUntil: buyerProfiles.verifiedUntil,
    })
    .from(buyerVerifications)
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerVerifications.buyerId))
    .innerJoin(users, eq(users.id, buyerProfiles.userId))
    .where(and(eq(buyerVerifications.id, attemptId), isNull(users.deletedAt)))
    .for("update", { of: [buyerVerifications, buyerProfiles] });
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

/** A decision on a submitted attempt: only another administrator may review a company's verification. */
function assertDecidable(row: { status: string; userId: string }, viewer: Viewer): void {
  if (row.status !== "submitted") throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.notSubmitted);
  if (row.userId === viewer.id) throw new AppError("forbidden", BUYER_VERIFICATION_MESSAGES.ownVerification);
}

/**
 * POST /api/admin/buyer-verifications/{id}/approve: every checklist item ticked (else 400), on a
 * submitted attempt whose domain is still the profile's website. The badge runs for
 * BUYER_VERIFICATION.termMonths from now.
 */
export async function approveBuyerVerification({
  db,
  mailQueue,
  mail,
  viewer,
  attemptId,
  checklist,
  reason,
  now = new Date(),
}: DecisionRequest & {
  checklist: VerificationChecklist;
  reason: string | undefined;
}): Promise<AdminBuyerVerification> {
  await db.transaction(async (tx) => {
    const row = await lockForDecision(tx, attemptId);
    assertDecidable(row, viewer);
    if (!isComplete(checklist)) {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.checklistIncomplete);
    }
    if (websiteHost(row.website) !== row.domain) {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.reviewWebsiteChanged);
    }
    const badge = await recordApproval(tx, {
      attempt: row,
      reviewerId: viewer.id,
      checklist,
      reason: reason ?? null,
      now,
    });
    await mailQueue.enqueue(tx, [
      decisionMail(mail, {
        attemptId: row.id,
        decision: "approved",
        to: row.email,
        domain: row.domain,
        reason: reason ?? null,
        until: badge.until,
      }),
    ]);
  });
  return readVerification(db, attemptId);
}

/** POST /api/admin/buyer-verifications/{id}/reject: a submitted attempt, with the reason the buyer reads. */
export async function rejectBuyerVerification({
  db,
  mailQueue,
  mail,
  viewer,
  attemptId,
  checklist,
  reason,
  now = new Date(),
}: DecisionRequest & {
  checklist: VerificationChecklist | undefined;
  reason: string;
}): Promise<AdminBuyerVerification> {
  await db.transaction(async (tx) => {
    const row = await lockForDecision(tx, attemptId);
    assertDecidable(row, viewer);
    await tx
      .update(buyerVerifications)
      .set({
        status: "rejected",
        checklist: checklist ?? null,
        decidedAt: now,
        decidedBy: viewer.id,
        decisionReason: reason,
        updatedAt: sql`now()`,
      })
      .where(eq(buyerVerifications.id, row.id));
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "buyer_verification.rejected",
      targetId: row.id,
      before: { status: row.status },
      after: { status: "rejected", decisionReason: reason },
      extra: { buyerId: row.buyerId, domain: row.domain, ...(checklist ? { checklist } : {}) },
    });
    await mailQueue.enqueue(tx, [
      decisionMail(mail, {
        attemptId: row.id,
        decision: "rejected",
        to: row.email,
        domain: row.domain,
        reason,
        until: null,
      }),
    ]);
  });
  return readVerification(db, attemptId);
}

/**
 * POST /api/admin/buyer-verifications/{id}/revoke: only the approval in force (the newest, its term not
 * over) can be revoked; the badge leaves the profile, and so every listing, in the same transaction.
 */
export async function revokeBuyerVerification({
  db,
  mailQueue,
  mail,
  viewer,
  attemptId,
  reason,
  now = new Date(),
}: DecisionRequest & { reason: string }): Promise<AdminBuyerVerification> {
  await db.transaction(async (tx) => {
    const row = await lockForDecision(tx, attemptId);
    const inForce =
      row.status === "approved" &&
      row.expiresAt !== null &&
      row.verifiedUntil !== null &&
      row.verifiedUntil > now &&
      row.expiresAt.getTime() === row.verifiedUntil.getTime();
    if (!inForce) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.notApproved);
    await tx
      .update(buyerVerifications)
      .set({
        status: "revoked",
        revokedAt: now,
        revokedBy: viewer.id,
        revokeReason: reason,
        updatedAt: sql`now()`,
      })
      .where(eq(buyerVerifications.id, row.id));
    await clearVerifiedBadge(tx, row.buyerId);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "buyer_verification.revoked",
      targetId: row.id,
      before: { status: row.status, verifiedUntil: row.verifiedUntil },
      after: { status: "revoked", verifiedUntil: null, revokeReason: reason },
      extra: { buyerId: row.buyerId, domain: row.domain },
    });
    await mailQueue.enqueue(tx, [
      decisionMail(mail, {
        attemptId: row.id,
        decision: "revoked",
        to: row.email,
        domain: row.domain,
        reason,
        until: null,
      }),
    ]);
  });
  return readVerification(db, attemptId);
}
