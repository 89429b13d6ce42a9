import { z } from "zod";
import { disputeSchema } from "../../../shared/schemas/disputes";

// A dispute as disputes.ts reads it (DISPUTE_COLUMNS there), and as its mails (dispute-mail.ts) word it.

const when = z.coerce.date();

// The answer's own fields as stored, the times as the drivers give them, and the parties flat.
export const disputeRowSchema = disputeSchema
  .pick({
    id: true,
    dealIntentId: true,
    listingId: true,
    listingTitle: true,
    openedBy: true,
    status: true,
    reason: true,
    response: true,
    resolutionNotes: true,
  })
  .extend({
    respondedAt: when.nullable(),
    resolvedAt: when.nullable(),
    createdAt: when,
    updatedAt: when,
    createdKey: z.string(),
    buyerId: z.string(),
    buyerCompany: z.string(),
    buyerUserId: z.string(),
    buyerEmail: z.string(),
    publisherId: z.string(),
    publisherUserId: z.string(),
    publisherEmail: z.string(),
    publisherName: z.string(),
  });
export type DisputeRow = z.infer<typeof disputeRowSchema>;
