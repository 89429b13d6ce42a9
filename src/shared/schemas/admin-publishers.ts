import { z } from "zod";
import { PUBLISHER_STATUSES, PUBLISHER_TIERS, REVIEW_REASON_LIMITS } from "../constants";
import { adminPageFields, adminSearchField } from "./admin";
import { plainText } from "./common";
import { qualityBreakdownSchema } from "./publisher";

// Publisher review (/admin/publishers): the applications, every status, and the decision.

/** GET /api/admin/pending-publishers: despite the name, every status unless one is asked for. */
export const publisherReviewQuerySchema = z.object({
  status: z
    .enum(PUBLISHER_STATUSES, { message: `must be one of ${PUBLISHER_STATUSES.join(", ")}` })
    .optional(),
  search: adminSearchField,
  ...adminPageFields,
});
export type PublisherReviewQuery = z.infer<typeof publisherReviewQuerySchema>;

const reviewReason = plainText("Give a reason for the rejection")
  .trim()
  .min(REVIEW_REASON_LIMITS.min, `The reason must be at least ${REVIEW_REASON_LIMITS.min} characters`)
  .max(REVIEW_REASON_LIMITS.max, `The reason must be at most ${REVIEW_REASON_LIMITS.max} characters`);

/** POST /api/admin/reject-publisher/{id}: the publisher is told why. */
export const rejectPublisherSchema = z.object({ reason: reviewReason });

/** POST /api/admin/approve-publisher/{id}: the body may be empty; a note is optional. */
export const approvePublisherSchema = z
  .object({
    reason: plainText()
      .trim()
      .max(REVIEW_REASON_LIMITS.max, `The note must be at most ${REVIEW_REASON_LIMITS.max} characters`)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  // No body at all arrives as null.
  .nullish();

/** The compliance record the publisher submitted (the latest one), with the text version they saw. */
const reviewComplianceSchema = z.object({
  tcpaComplianceAck: z.boolean(),
  dncProcessDesc: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  ackTextVersion: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** Another application for the same website (same host, see websiteHost), whatever its status. */
const sameWebsiteApplicationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  status: z.enum(PUBLISHER_STATUSES),
  createdAt: z.string(),
});
export type SameWebsiteApplication = z.infer<typeof sameWebsiteApplicationSchema>;

export const reviewPublisherSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The applicant's company, from their account. */
  company: z.string().nullable(),
  website: z.string().nullable(),
  trafficSources: z.array(z.string()),
  verticals: z.array(z.string()),
  geos: z.array(z.string()),
  avgDailyCalls: z.number().int().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  references: z.array(z.string()),
  tier: z.enum(PUBLISHER_TIERS),
  qualityScore: z.number().int(),
  /** What the score stands on, factor by factor (the publisher sees the same). */
  qualityBreakdown: qualityBreakdownSchema,
  status: z.enum(PUBLISHER_STATUSES),
  complianceAckAt: z.string().nullable(),
  domainVerifiedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedByEmail: z.string().nullable(),
  reviewReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  compliance: reviewComplianceSchema.nullable(),
  /** Other applications for the same website, oldest first. */
  sameWebsite: z.array(sameWebsiteApplicationSchema),
});
export type ReviewPublisher = z.infer<typeof reviewPublisherSchema>;

/** What an administrator is warned about before approving (the list, the details and the confirmation). */
export type ApprovalWarning =
  | { code: "domain_unverified"; website: string | null }
  | { code: "same_website"; others: SameWebsiteApplication[] };

/**
 * The warnings an approval of this application carries: its domain is not verified, and other
 * applications name the same website. Approving stays possible (an administrator may know more), but
 * never silently: the confirmation lists these, and the approval's audit entry records them.
 */
export function approvalWarnings(
  publisher: Pick<ReviewPublisher, "domainVerifiedAt" | "website" | "sameWebsite">,
): ApprovalWarning[] {
  const warnings: ApprovalWarning[] = [];
  if (!publisher.domainVerifiedAt) warnings.push({ code: "domain_unverified", website: publisher.website });
  if (publisher.sameWebsite.length > 0)
    warnings.push({ code: "same_website", others: publisher.sameWebsite });
  return warnings;
}

/** The answer to approve and reject: the profile as it now stands (the publisher's mail is queued with it). */
export const publisherDecisionSchema = z.object({
  publisher: reviewPublisherSchema,
});
export type PublisherDecision = z.infer<typeof publisherDecisionSchema>;
