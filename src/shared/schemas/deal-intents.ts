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
export const createDealIntentSchema = z
  .object({
    listingId: z.uuid("Choose the listing to request a deal on"),
    message: optionalText("Message", DEAL_INTENT_LIMITS.messageMax),
  })
  .meta({
    // The API reference's example: `example`, as zod leaves `examples` out of a request schema that
    // transforms (see listing-input.ts).
    example: {
      listingId: "5f0c6a1e-3b7d-4c1a-9a53-2d6f8e4b7c10",
      message: "We run search campaigns for accident claimants in California: about 40 calls a day.",
    },
  });
export type CreateDealIntentInput = z.input<typeof createDealIntentSchema>;

const decisionSchema = z
  .object({ note: optionalText("Note", DEAL_INTENT_LIMITS.noteMax) })
  .meta({ example: { note: "Welcome aboard: our intake team will call you today." } });
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

export const dealIntentSchema = z
  .object({
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
  })
  .meta({
    // The API reference's example (the OpenAPI document): a request the buyer accepted, as the buyer sees it.
    examples: [
      {
        id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
        direction: "received",
        status: "accepted",
        buyerId: "7d3f9a2c-1e4b-4f6a-8c2d-9b0e1f2a3c4d",
        publisherId: "2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e",
        listingId: "5f0c6a1e-3b7d-4c1a-9a53-2d6f8e4b7c10",
        listingTitle: "Personal injury intake: auto accidents",
        message: "We run search campaigns for accident claimants in California: about 40 calls a day.",
        decisionNote: "Welcome aboard: our intake team will call you today.",
        decidedAt: "2026-11-21T16:45:00.000Z",
        createdAt: "2026-11-21T10:12:00.000Z",
        updatedAt: "2026-11-21T16:45:00.000Z",
        publisher: {
          name: "Bright Path Media",
          email: "partners@brightpath.example",
          website: "https://brightpath.example",
          verticals: ["Legal", "Insurance"],
          trafficSources: ["Search Engine Marketing", "Social Media"],
          geos: ["California"],
          avgDailyCalls: 40,
          yearsInBusiness: 6,
          tier: "verified",
          qualityScore: 82,
          domainVerified: true,
          domainVerifiedAt: "2026-10-01T08:00:00.000Z",
          tcpaAcknowledgedAt: "2026-09-28T14:20:00.000Z",
          dncProcessDesc: "Numbers are scrubbed against the national DNC list daily.",
        },
      },
    ],
  });
export type DealIntent = z.infer<typeof dealIntentSchema>;
