import { z } from "zod";
import { DEAL_INTENT_STATUSES, PUBLISHER_STATUSES } from "../../../shared/constants";

// A deal intent as deal-intents.ts reads it (the intent, both parties and the publisher's record), and
// as its mails (deal-intent-mail.ts) word it.

export const intentRowSchema = z.object({
  id: z.string(),
  status: z.enum(DEAL_INTENT_STATUSES),
  buyerId: z.string(),
  publisherId: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  message: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.coerce.date().nullable(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
  publisherUserId: z.string(),
  buyerUserId: z.string(),
  /** Where the buyer's mail goes: the profile's contact email, else their sign-in email. */
  buyerEmail: z.string(),
  buyerCompany: z.string(),
  // The publisher as the buyer sees them (publisher-summary.ts); the email only once they accepted.
  publisherEmail: z.string(),
  /** The publisher deleted their account: named FORMER_MEMBER_NAME, never written to. */
  publisherDeleted: z.boolean(),
  publisherFirstName: z.string().nullable(),
  publisherLastName: z.string().nullable(),
  publisherCompany: z.string().nullable(),
  website: z.string().nullable(),
  verticals: z.array(z.string()),
  trafficSources: z.array(z.string()),
  geos: z.array(z.string()),
  avgDailyCalls: z.number().int().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  tier: z.string(),
  references: z.array(z.string()),
  profileStatus: z.enum(PUBLISHER_STATUSES),
  hasCompliance: z.boolean(),
  domainVerifiedAt: z.coerce.date().nullable(),
  tcpaAcknowledgedAt: z.coerce.date().nullable(),
  dncProcessDesc: z.string().nullable(),
  /** The publisher's accepted deal requests, with every buyer. */
  publisherDealCount: z.number().int(),
  /** The reviews the publisher wrote that are not hidden. */
  publisherReviewCount: z.number().int(),
});
export type IntentRow = z.infer<typeof intentRowSchema>;
