import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  approvalWarnings,
  type PublisherDecision,
  type PublisherReviewQuery,
  type ReviewPublisher,
  reviewComplianceSchema,
  reviewPublisherSchema,
} from "../../../shared/schemas/admin-publishers";
import type { Db } from "../../db/client";
import { publisherProfiles, users } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { type AdminSource, createdKeyColumn, type Page, readOne, readPage } from "../../lib/admin-page";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import { containsPattern } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { computeQualityScore, qualityFactsOf, recomputeQualityScore } from "../publishers/quality-score";
import { findSameWebsite } from "./same-website";

// Publisher review (the admin publishers page): the applications with every detail an admin needs to
// decide, and the decision itself, told to the publisher. A profile is pending until an admin approves or
// rejects it, and only a pending one can be decided.

const PUBLISHER_NOT_FOUND = "Publisher not found";

const REVIEW_COLUMNS = sql`
  p.id, p.user_id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName", u.company,
  p.website, p.traffic_sources as "trafficSources", p.verticals, p.geos,
  p.avg_daily_calls as "avgDailyCalls", p.years_in_business as "yearsInBusiness",
  p."references", p.tier, p.quality_score as "qualityScore", p.status,
  p.compliance_ack_at as "complianceAckAt", p.domain_verified_at as "domainVerifiedAt",
  p.reviewed_at as "reviewedAt", case when reviewer.deleted_at is null then reviewer.email end as "reviewedByEmail",
  p.review_reason as "reviewReason",
  p.created_at as "createdAt", p.updated_at as "updatedAt", ${createdKeyColumn("p")},
  c.tcpa_compliance_ack as "tcpaComplianceAck", c.dnc_process_desc as "dncProcessDesc",
  c.accepted_at as "acceptedAt", c.ack_text_version as "ackTextVersion", c.ip, c.user_agent as "userAgent",
  c.id is not null as "hasCompliance"`;

// The latest compliance record of each profile (a publisher may submit it again).
const REVIEW_FROM = sql`publisher_profiles p
  join users u on u.id = p.user_id
  left join users reviewer on reviewer.id = p.reviewed_by
  left join lateral (
    select id, tcpa_compliance_ack, dnc_process_desc, accepted_at, ack_text_version, ip, user_agent
    from compliance where compliance.publisher_id = p.id order by created_at desc limit 1
  ) c on true`;

// The answer's fields as the row reads them, dates still dates, and the latest compliance record's
// columns flat (hasCompliance: whether there is one).
const date = z.coerce.date();
const reviewRowSchema = reviewPublisherSchema
  .omit({ compliance: true, qualityBreakdown: true, sameWebsite: true })
  .extend({
    complianceAckAt: date.nullable(),
    domainVerifiedAt: date.nullable(),
    reviewedAt: date.nullable(),
    createdAt: date,
    updatedAt: date,
    createdKey: z.string(),
    hasCompliance: z.boolean(),
    ...reviewComplianceSchema.shape,
    tcpaComplianceAck: z.boolean().nullable(),
    acceptedAt: date.nullable(),
  });
type ReviewRow = z.infer<typeof reviewRowSchema>;

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

const PUBLISHERS: AdminSource<ReviewRow> = {
  alias: "p",
  columns: REVIEW_COLUMNS,
  from: REVIEW_FROM,
  rowSchema: reviewRowSchema,
  countFrom: REVIEW_FROM,
};

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
  const filters: SQL[] = [sql`u.deleted_at is null`];
  if (query.status) filters.push(sql`p.status = ${query.status}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      sql`(p.website ilike ${pattern} or array_to_string(p.verticals, ' ') ilike ${pattern} or u.email ilike ${pattern})`,
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
