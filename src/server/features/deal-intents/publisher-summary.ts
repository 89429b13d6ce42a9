import { FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
import type { DealPublisher } from "../../../shared/schemas/deal-intents";
import { computeQualityScore, qualityFactsOf } from "../publishers/quality-score";
import type { IntentRow } from "./intent-read";

// The publisher who asks for a deal, as the buyer asked sees them: the buyer's list of requests
// (deal-intents.ts) and the mail announcing a request (deal-intent-mail.ts) both read it from here, so
// the screen and the mail say the same thing. It is what a buyer needs to vet the publisher before
// answering: identity, website and its verification, approval, quality score and its basis, traffic,
// compliance record and history on the platform. How to reach them waits for the buyer's accept.

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function summarizePublisher(row: IntentRow): DealPublisher {
  // Computed from the facts, as every other screen shows it: a stored figure lags a formula change.
  const qualityBreakdown = computeQualityScore(
    qualityFactsOf({ ...row, status: row.profileStatus }, row.hasCompliance),
  );
  const name = [row.publisherFirstName, row.publisherLastName].filter(Boolean).join(" ");
  return {
    // A deleted publisher's facts stay with the requests they made, attributed to "Former member",
    // with no way to reach them.
    name: row.publisherDeleted ? FORMER_MEMBER_NAME : name || null,
    company: row.publisherDeleted ? null : row.publisherCompany,
    email: row.status === "accepted" && !row.publisherDeleted ? row.publisherEmail : null,
    website: row.website,
    domainVerified: row.domainVerifiedAt !== null,
    domainVerifiedAt: iso(row.domainVerifiedAt),
    status: row.profileStatus,
    qualityScore: qualityBreakdown.score,
    qualityBreakdown,
    verticals: row.verticals,
    trafficSources: row.trafficSources,
    geos: row.geos,
    avgDailyCalls: row.avgDailyCalls,
    yearsInBusiness: row.yearsInBusiness,
    tier: row.tier,
    tcpaAcknowledgedAt: iso(row.tcpaAcknowledgedAt),
    dncProcessDesc: row.dncProcessDesc,
    dealCount: row.publisherDealCount,
    reviewCount: row.publisherReviewCount,
  };
}
