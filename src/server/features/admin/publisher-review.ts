import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  approvalWarnings,
  type PublisherDecision,
  type PublisherReviewQuery,
  type ReviewPublisher,
} from "../../../shared/schemas/admin-publishers";
import type { Db } from "../../db/client";
import { compliance, publisherProfiles, users } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import {
  createdKeyOf,
  type KeysetRow,
  type KeysetSource,
  type Page,
  readOne,
  readPage,
} from "../../lib/keyset-pages";
import { containsPattern } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { COMPLIANCE_RECORD_FIELDS } from "../publishers/compliance";
import { computeQualityScore, qualityFactsOf, recomputeQualityScore } from "../publishers/quality-score";
import { findSameWebsite } from "./same-website";

// Publisher review (the admin publishers page): the applications with every detail an admin needs to
// decide, and the decision itself, told to the publisher. A profile is pending until an admin approves or
// rejects it, and only a pending one can be decided.

const PUBLISHER_NOT_FOUND = "Publisher not found";

// The applications with their applicant, who decided them, and the latest compliance record of each
// (a publisher may submit it again).
const reviewer = alias(users, "reviewer");
const PUBLISHERS = {
  keyed: publisherProfiles,
  rows: (db: Db) => {
    const latest = db
      .select(COMPLIANCE_RECORD_FIELDS)
      .from(compliance)
      .where(eq(compliance.publisherId, publisherProfiles.id))
      .orderBy(desc(compliance.createdAt))
      .limit(1)
      .as("latest_compliance");
    return db
      .select({
        id: publisherProfiles.id,
        userId: publisherProfiles.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        company: users.company,
        website: publisherProfiles.website,
        trafficSources: publisherProfiles.trafficSources,
        verticals: publisherProfiles.verticals,
        geos: publisherProfiles.geos,
        avgDailyCalls: publisherProfiles.avgDailyCalls,
        yearsInBusiness: publisherProfiles.yearsInBusiness,
        references: publisherProfiles.references,
        tier: publisherProfiles.tier,
        qualityScore: publisherProfiles.qualityScore,
        status: publisherProfiles.status,
        complianceAckAt: publisherProfiles.complianceAckAt,
        domainVerifiedAt: publisherProfiles.domainVerifiedAt,
        reviewedAt: publisherProfiles.reviewedAt,
        reviewedByEmail: sql<
          string | null
        >`case when ${reviewer.deletedAt} is null then ${reviewer.email} end`,
        reviewReason: publisherProfiles.reviewReason,
        createdAt: publisherProfiles.createdAt,
        updatedAt: publisherProfiles.updatedAt,
        createdKey: createdKeyOf(publisherProfiles.createdAt),
        tcpaComplianceAck: latest.tcpaComplianceAck,
        dncProcessDesc: latest.dncProcessDesc,
        acceptedAt: latest.acceptedAt,
        ackTextVersion: latest.ackTextVersion,
        ip: latest.ip,
        userAgent: latest.userAgent,
        hasCompliance: sql<boolean>`${latest.id} is not null`,
      })
      .from(publisherProfiles)
      .innerJoin(users, eq(users.id, publisherProfiles.userId))
      .leftJoin(reviewer, eq(reviewer.id, publisherProfiles.reviewedBy))
      .leftJoinLateral(latest, sql`true`)
      .$dynamic();
  },
  // The left joins add no row and no filter names them.
  count: (db: Db) =>
    db
      .select({ n: count() })
      .from(publisherProfiles)
      .innerJoin(users, eq(users.id, publisherProfiles.userId))
      .$dynamic(),
} satisfies KeysetSource;
type ReviewRow = KeysetRow<ReturnType<typeof PUBLISHERS.rows>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toReviewPublisher(row: ReviewRow, sameWebsite: ReviewPublisher["sameWebsite"]): ReviewPublisher {
  const {
    createdKey: _key,
    hasCompliance,
    tcpaComplianceAck,
    dncProcessDesc,
    acceptedAt,
    ackTextVersion,
    ip,
    userAgent,
    ...publisher
  } = row;
  // The score as its breakdown adds it up from the row's facts (the stored figure, after any write).
  const qualityBreakdown = computeQualityScore(
    qualityFactsOf(row, hasCompliance && tcpaComplianceAck === true),
  );
  return {
    ...publisher,
    qualityScore: qualityBreakdown.score,
    qualityBreakdown,
    complianceAckAt: iso(row.complianceAckAt),
    domainVerifiedAt: iso(row.domainVerifiedAt),
    reviewedAt: iso(row.reviewedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    compliance: hasCompliance
      ? {
          tcpaComplianceAck: tcpaComplianceAck ?? false,
          dncProcessDesc,
          acceptedAt: iso(acceptedAt),
          ackTextVersion,
          ip,
          userAgent,
        }
      : null,
    sameWebsite,
  };
}

/** The rows as the API answers them, each with the other applications for its website. */
async function toReviewPublishers(db: Db, rows: ReviewRow[]): Promise<ReviewPublisher[]> {
  const sameWebsite = await findSameWebsite(db, rows);
  return rows.map((row) => toReviewPublisher(row, sameWebsite.get(row.id) ?? []));
}

/**
 * GET /api/admin/pending-publishers: every status unless one is asked for; search over website,
 * verticals and email. The pending queue reads oldest first (who has waited longest is reviewed
 * first, and the dashboard's "first 5" are those); any other list newest first.
 */
export async function listPublishersForReview({
  db,
  query,
}: {
  db: Db;
  query: PublisherReviewQuery;
}): Promise<Page<ReviewPublisher>> {
  // A deleted account's application is not a person waiting for a decision (docs/decisions/026).
  const filters: SQL[] = [isNull(users.deletedAt)];
  if (query.status) filters.push(eq(publisherProfiles.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(publisherProfiles.website, pattern),
        ilike(sql`array_to_string(${publisherProfiles.verticals}, ' ')`, pattern),
        ilike(users.email, pattern),
      )!,
    );
  }
  const direction = query.status === "pending" ? "asc" : "desc";
  const page = await readPage(
    db,
    PUBLISHERS,
    { filters, cursor: query.cursor, limit: query.limit, direction },
    (row) => row,
  );
  return { ...page, items: await toReviewPublishers(db, page.items) };
}

type Decision = "approved" | "rejected";

/** What the publisher is told, in plain text (the reason is theirs to read, never markup). */
function decisionMail({
  decision,
  website,
  reason,
  appName,
  appUrl,
}: {
  decision: Decision;
  website: string | null;
  reason: string | null;
  appName: string;
  appUrl: string;
}) {
  const site = website ? ` for ${website}` : "";
  const dashboard = `${appUrl}/publisher/dashboard`;
  if (decision === "approved") {
    return {
      subject: `Your ${appName} publisher application was approved`,
      text: [
        `Good news: your publisher application${site} has been approved. You can now access verified features.`,
        ...(reason ? [`Note from our review team: ${reason}`] : []),
        `Your dashboard: ${dashboard}`,
      ].join("\n\n"),
    };
  }
  return {
    subject: `Your ${appName} publisher application was not approved`,
    text: [
      `Your publisher application${site} has been reviewed and was not approved.`,
      `Reason: ${reason ?? ""}`,
      `You can read this on your dashboard and update your profile: ${dashboard}`,
    ].join("\n\n"),
  };
}

/**
 * POST /api/admin/approve-publisher/{id} and reject-publisher/{id}: only a pending application can be
 * decided (else 409); the decision, who made it, when and why are stored, the quality score recomputed
 * and the audit entry written, in one transaction, which also queues the publisher's mail: a mail server
 * that is down delays the mail (the queue retries it) and never undoes the decision.
 */
export async function decidePublisher({
  db,
  mailQueue,
  viewer,
  profileId,
  decision,
  reason,
  appName,
  appUrl,
}: {
  db: Db;
  mailQueue: MailQueue;
  viewer: Viewer;
  profileId: string;
  decision: Decision;
  /** Required to reject (the schema checks it), optional to approve. */
  reason: string | undefined;
  appName: string;
  appUrl: string;
}): Promise<PublisherDecision> {
  if (!isUuid(profileId)) throw new AppError("not_found", PUBLISHER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: publisherProfiles.status,
        reviewedAt: publisherProfiles.reviewedAt,
        reviewedBy: publisherProfiles.reviewedBy,
        reviewReason: publisherProfiles.reviewReason,
        qualityScore: publisherProfiles.qualityScore,
        website: publisherProfiles.website,
        domainVerifiedAt: publisherProfiles.domainVerifiedAt,
        email: users.email,
      })
      .from(publisherProfiles)
      .innerJoin(users, eq(users.id, publisherProfiles.userId))
      .where(and(eq(publisherProfiles.id, profileId), isNull(users.deletedAt)))
      .for("update", { of: publisherProfiles });
    if (!before) throw new AppError("not_found", PUBLISHER_NOT_FOUND);
    if (before.status !== "pending") {
      throw new AppError("conflict", `This application was already ${before.status}.`);
    }
    // An approval records what the administrator was warned of (the confirmation showed the same).
    const sameWebsite =
      (await findSameWebsite(tx, [{ id: profileId, website: before.website }])).get(profileId) ?? [];
    const warnings =
      decision === "approved"
        ? approvalWarnings({
            domainVerifiedAt: before.domainVerifiedAt?.toISOString() ?? null,
            website: before.website,
            sameWebsite,
          })
        : [];
    const now = new Date();
    const after = { status: decision, reviewedAt: now, reviewedBy: viewer.id, reviewReason: reason ?? null };
    await tx
      .update(publisherProfiles)
      .set({ ...after, updatedAt: now })
      .where(eq(publisherProfiles.id, profileId));
    // Approval is one of the score's facts (features/publishers/quality-score.ts).
    const score = await recomputeQualityScore({ db: tx, profileId });
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: decision === "approved" ? "publisher.approved" : "publisher.rejected",
      targetId: profileId,
      before: {
        status: before.status,
        reviewedAt: before.reviewedAt,
        reviewedBy: before.reviewedBy,
        reviewReason: before.reviewReason,
        qualityScore: before.qualityScore,
      },
      after: { ...after, qualityScore: score?.score ?? before.qualityScore },
      extra:
        warnings.length > 0
          ? {
              warnings: warnings.map((warning) => warning.code),
              ...(sameWebsite.length > 0 ? { sameWebsite: sameWebsite.map((other) => other.id) } : {}),
            }
          : {},
    });
    await mailQueue.enqueue(tx, [
      {
        kind: "publisher-review",
        // One decision per application: a pending profile is decided once.
        key: `publisher-review:${profileId}:${decision}`,
        message: {
          to: before.email,
          ...decisionMail({ decision, website: before.website, reason: reason ?? null, appName, appUrl }),
        },
      },
    ]);
  });

  const publisher = await readOne(db, PUBLISHERS, profileId, PUBLISHER_NOT_FOUND);
  const [answer] = await toReviewPublishers(db, [publisher]);
  return { publisher: answer! };
}
