import { z } from "zod";
import { DEAL_INTENT_LIMITS, DEAL_INTENT_STATUSES } from "../constants";
import { plainText } from "./common";

// Deal intents (docs/buyers.md, "Deal intents and the contact rule"): an approved publisher asks the
// buyer of a listing for a deal; the buyer accepts or rejects it while it is pending.

/** "" and absent both mean no text. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    plainText()
      .trim()
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  );

/** POST /api/deal-intents */
export const createDealIntentSchema = z.object({
  listingId: z.uuid("Choose the listing to request a deal on"),
  message: optionalText("Message", DEAL_INTENT_LIMITS.messageMax),
});
export type CreateDealIntentInput = z.input<typeof createDealIntentSchema>;

const decisionSchema = z.object({ note: optionalText("Note", DEAL_INTENT_LIMITS.noteMax) });
/** POST /api/deal-intents/{id}/accept and /reject: an optional note; no body at all means no note. */
export const decideDealIntentSchema = z.preprocess((value) => value ?? {}, decisionSchema);

/**
 * The publisher as the buyer sees them once they accepted the intent (the buyer consented to deal):
 * profile and compliance record, and how to reach them.
 */
const dealPublisherSchema = z.object({
  name: z.string().nullable(),
  /** Null once the publisher deleted their account (then named "Former member"). */
  email: z.string().nullable(),
  website: z.string().nullable(),
  verticals: z.array(z.string()),
  trafficSources: z.array(z.string()),
  geos: z.array(z.string()),
  avgDailyCalls: z.number().int().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  tier: z.string(),
  qualityScore: z.number().int(),
  domainVerified: z.boolean(),
  domainVerifiedAt: z.string().nullable(),
  /** When the publisher acknowledged TCPA compliance (null: not yet). */
  tcpaAcknowledgedAt: z.string().nullable(),
  dncProcessDesc: z.string().nullable(),
});
export type DealPublisher = z.infer<typeof dealPublisherSchema>;

export const dealIntentSchema = z.object({
  id: z.string(),
  /** sent: the caller is the publisher who asked; received: the caller is the listing's buyer. */
  direction: z.enum(["sent", "received"]),
  status: z.enum(DEAL_INTENT_STATUSES),
  buyerId: z.string(),
  publisherId: z.string(),
  /** Null once the listing was deleted (the intent stays: reviews and disputes hang off it). */
  listingId: z.string().nullable(),
  listingTitle: z.string().nullable(),
  message: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only on a received intent the buyer accepted; absent while pending and after a reject. */
  publisher: dealPublisherSchema.optional(),
});
export type DealIntent = z.infer<typeof dealIntentSchema>;
