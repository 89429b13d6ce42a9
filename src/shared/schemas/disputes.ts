import { z } from "zod";
import { DEAL_SIDES, DISPUTE_LIMITS, DISPUTE_STATUSES } from "../constants";
import { adminPageFields } from "./admin";
import { plainText } from "./common";

// Disputes: either side of an accepted deal intent opens one with a reason,
// the other side answers once, an admin decides: resolved (the complaint was founded and settled) or
// rejected (unfounded). Every step mails both parties.

const text = (label: string, min: number, maxLength: number) =>
  plainText(`${label} is required`)
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(maxLength, `${label} must be at most ${maxLength.toLocaleString("en-US")} characters`);

/** POST /api/disputes */
export const openDisputeSchema = z.object({
  dealIntentId: z.uuid("Choose the deal the dispute is about"),
  reason: text("The reason", DISPUTE_LIMITS.reasonMin, DISPUTE_LIMITS.reasonMax),
});
export type OpenDisputeInput = z.input<typeof openDisputeSchema>;

/** POST /api/disputes/{id}/respond */
export const respondDisputeSchema = z.object({
  response: text("Your response", DISPUTE_LIMITS.responseMin, DISPUTE_LIMITS.responseMax),
});

export const DISPUTE_DECISIONS = ["resolved", "rejected"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** POST /api/admin/disputes/{id}/resolve */
export const resolveDisputeSchema = z.object({
  status: z.enum(DISPUTE_DECISIONS, { message: "Choose resolved or rejected" }),
  resolutionNotes: text("The resolution notes", DISPUTE_LIMITS.notesMin, DISPUTE_LIMITS.notesMax),
});
export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

/** GET /api/admin/disputes: every dispute, or one status; pending ones longest waiting first. */
export const adminDisputeQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES, { message: `must be one of ${DISPUTE_STATUSES.join(", ")}` }).optional(),
  ...adminPageFields,
});
export type AdminDisputeQuery = z.infer<typeof adminDisputeQuerySchema>;

export const disputeSchema = z.object({
  id: z.string(),
  dealIntentId: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  openedBy: z.enum(DEAL_SIDES),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The parties: they dealt with each other, so each side sees the other's name. */
  buyer: z.object({ id: z.string(), company: z.string() }),
  publisher: z.object({ id: z.string(), name: z.string() }),
  /** The caller's side of the deal (null for an admin who is neither). */
  side: z.enum(DEAL_SIDES).nullable(),
  /** The caller may answer it now: the other side, while pending, not answered yet. */
  canRespond: z.boolean(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** In the admin list: where both parties are reached. */
export const adminDisputeSchema = disputeSchema.extend({
  buyerEmail: z.string(),
  publisherEmail: z.string(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;
