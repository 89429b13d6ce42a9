import { and, count, desc, eq, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  buyerListings,
  buyerProfiles,
  compliance,
  dealIntents,
  publisherProfiles,
  reviews,
  users,
} from "../../db/schema";
import type { Viewer } from "../../lib/viewer";

// A deal intent as deal-intents.ts reads it (the intent, both parties and the publisher's record), and
// as its mails (deal-intent-mail.ts) and the publisher's summary (publisher-summary.ts) word it.

const publisherUser = alias(users, "pu");
const buyerUser = alias(users, "bu");
const otherIntents = alias(dealIntents, "d");

/** A count as a column of the outer row: the subquery in parentheses, its bigint read as a number. */
const scalar = (subquery: SQLWrapper) => sql`${subquery}`.mapWith(Number);

/**
 * Intents the viewer is a party to (as the publisher who asked or the buyer asked), newest first, or the
 * one `intentId` of them, each with the publisher's summary: one statement for the whole list, whose
 * counts are index probes (deal_intents_publisher_idx, reviews_publisher_idx).
 */
export async function readIntents(db: Db, viewer: Pick<Viewer, "id">, limit: number, intentId?: string) {
  // The publisher's latest TCPA acknowledgment, if any.
  const latestCompliance = db
    .select({ acceptedAt: compliance.acceptedAt, dncProcessDesc: compliance.dncProcessDesc })
    .from(compliance)
    .where(and(eq(compliance.publisherId, publisherProfiles.id), eq(compliance.tcpaComplianceAck, true)))
    .orderBy(desc(compliance.createdAt))
    .limit(1)
    .as("c");
  const rows = await db
    .select({
      id: dealIntents.id,
      status: dealIntents.status,
      buyerId: dealIntents.buyerId,
      publisherId: dealIntents.publisherId,
      listingId: dealIntents.listingId,
      listingTitle: buyerListings.title,
      message: dealIntents.message,
      decisionNote: dealIntents.decisionNote,
      decidedAt: dealIntents.decidedAt,
      createdAt: dealIntents.createdAt,
      updatedAt: dealIntents.updatedAt,
      publisherUserId: publisherProfiles.userId,
      buyerUserId: buyerProfiles.userId,
      buyerContactEmail: buyerProfiles.contactEmail,
      buyerSignInEmail: buyerUser.email,
      buyerCompany: buyerProfiles.company,
      publisherEmail: publisherUser.email,
      publisherDeletedAt: publisherUser.deletedAt,
      publisherFirstName: publisherUser.firstName,
      publisherLastName: publisherUser.lastName,
      publisherCompany: publisherUser.company,
      website: publisherProfiles.website,
      verticals: publisherProfiles.verticals,
      trafficSources: publisherProfiles.trafficSources,
      geos: publisherProfiles.geos,
      avgDailyCalls: publisherProfiles.avgDailyCalls,
      yearsInBusiness: publisherProfiles.yearsInBusiness,
      tier: publisherProfiles.tier,
      references: publisherProfiles.references,
      profileStatus: publisherProfiles.status,
      domainVerifiedAt: publisherProfiles.domainVerifiedAt,
      complianceAckAt: publisherProfiles.complianceAckAt,
      complianceAcceptedAt: latestCompliance.acceptedAt,
      dncProcessDesc: latestCompliance.dncProcessDesc,
      /** The publisher's accepted deal requests, with every buyer. */
      publisherDealCount: scalar(
        db
          .select({ count: count() })
          .from(otherIntents)
          .where(
            and(eq(otherIntents.publisherId, publisherProfiles.id), eq(otherIntents.status, "accepted")),
          ),
      ),
      /** The reviews the publisher wrote that are not hidden. */
      publisherReviewCount: scalar(
        db
          .select({ count: count() })
          .from(reviews)
          .where(and(eq(reviews.publisherId, publisherProfiles.id), isNull(reviews.hiddenAt))),
      ),
    })
    .from(dealIntents)
    .innerJoin(publisherProfiles, eq(publisherProfiles.id, dealIntents.publisherId))
    .innerJoin(publisherUser, eq(publisherUser.id, publisherProfiles.userId))
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, dealIntents.buyerId))
    .innerJoin(buyerUser, eq(buyerUser.id, buyerProfiles.userId))
    .leftJoin(buyerListings, eq(buyerListings.id, dealIntents.listingId))
    // The subquery picks its row by the outer publisher: the join itself has no condition.
    .leftJoinLateral(latestCompliance, sql`true`)
    .where(
      and(
        or(eq(publisherProfiles.userId, viewer.id), eq(buyerProfiles.userId, viewer.id)),
        intentId === undefined ? undefined : eq(dealIntents.id, intentId),
      ),
    )
    .orderBy(desc(dealIntents.createdAt), desc(dealIntents.id))
    .limit(limit);
  return rows.map(
    ({
      buyerContactEmail,
      buyerSignInEmail,
      publisherDeletedAt,
      complianceAckAt,
      complianceAcceptedAt,
      ...row
    }) => ({
      ...row,
      /** Where the buyer's mail goes: the profile's contact email, else their sign-in email. */
      buyerEmail: buyerContactEmail ?? buyerSignInEmail,
      /** The publisher deleted their account: named FORMER_MEMBER_NAME, never written to. */
      publisherDeleted: publisherDeletedAt !== null,
      hasCompliance: complianceAcceptedAt !== null,
      tcpaAcknowledgedAt: complianceAcceptedAt ?? complianceAckAt,
    }),
  );
}

export type IntentRow = Awaited<ReturnType<typeof readIntents>>[number];
