import { z } from "zod";
import { DEAL_INTENT_LIMITS, DEAL_INTENT_STATUSES, PUBLISHER_STATUSES } from "../constants";
import { plainText } from "./common";
import { qualityBreakdownSchema, websiteHost } from "./publisher";

// Deal requests (docs/buyers.md, "Deal requests and the contact rule"): an approved publisher asks the
// buyer of a listing for a deal; the buyer accepts or rejects it while it is pending. The code and the
// API call them deal intents (`/api/deal-intents`, `deal_intent.*` events); people read "deal request".

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
 * The publisher who asks, as the buyer of the listing sees them: who they are, what they run, how they
 * stand (approval, verified domain, quality score and what it stands on), their compliance record and
 * their history here, so the buyer can vet them before answering. How to reach them (`email`) is the one
 * thing that waits for an accept: accepting is the buyer's consent to deal.
 */
const dealPublisherSchema = z.object({
  /** The person's name; "Former member" once the publisher deleted their account. */
  name: z.string().nullable(),
  company: z.string().nullable(),
  /** Only once the buyer accepted, and null again once the publisher deleted their account. */
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** The server found the verification tag on the website's homepage. */
  domainVerified: z.boolean(),
  domainVerifiedAt: z.string().nullable(),
  /** The administrators' review of the publisher's application. */
  status: z.enum(PUBLISHER_STATUSES),
  qualityScore: z.number().int(),
  /** What the score stands on: each factor's points out of its maximum. */
  qualityBreakdown: qualityBreakdownSchema,
  verticals: z.array(z.string()),
  trafficSources: z.array(z.string()),
  geos: z.array(z.string()),
  avgDailyCalls: z.number().int().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  tier: z.string(),
  /** When the publisher acknowledged TCPA compliance (null: not yet). */
  tcpaAcknowledgedAt: z.string().nullable(),
  /** How they keep called numbers off Do Not Call lists, in their words. */
  dncProcessDesc: z.string().nullable(),
  /** Deals on the platform: the publisher's deal requests that buyers accepted. */
  dealCount: z.number().int(),
  /** Reviews the publisher wrote of buyers they dealt with (hidden ones not counted). */
  reviewCount: z.number().int(),
});
export type DealPublisher = z.infer<typeof dealPublisherSchema>;

/** What to call the publisher: their name, else their company, else their website's host. */
export function dealPublisherName(publisher: Pick<DealPublisher, "name" | "company" | "website">): string {
  return publisher.name || publisher.company || websiteHost(publisher.website) || "A publisher";
}

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
    /** Only on a received request (the caller is the buyer); never on the publisher's own. */
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
          name: "Dana Whitfield",
          company: "Bright Path Media",
          email: "partners@brightpath.example",
          website: "https://brightpath.example",
          domainVerified: true,
          domainVerifiedAt: "2026-10-01T08:00:00.000Z",
          status: "approved",
          qualityScore: 96,
          qualityBreakdown: {
            score: 96,
            factors: [
              {
                id: "profile_complete",
                label: "Profile completeness",
                rule: "Website, daily calls, years in business, traffic sources, verticals, geographies and a reference: 12 points when all 7 are filled, in proportion otherwise.",
                points: 12,
                maxPoints: 12,
              },
              {
                id: "compliance",
                label: "TCPA compliance on file",
                rule: "15 points once your TCPA acknowledgment and DNC process are on file.",
                points: 15,
                maxPoints: 15,
              },
              {
                id: "domain_verified",
                label: "Domain verified",
                rule: "25 points once we have found the verification tag on your website's homepage.",
                points: 25,
                maxPoints: 25,
              },
              {
                id: "approved",
                label: "Approved by review",
                rule: "40 points once an administrator has approved your profile.",
                points: 40,
                maxPoints: 40,
              },
              {
                id: "years_in_business",
                label: "Years in business",
                rule: "2 points per year in business, up to 4 years.",
                points: 4,
                maxPoints: 8,
              },
            ],
          },
          verticals: ["Legal", "Insurance"],
          trafficSources: ["Search Engine Marketing", "Social Media"],
          geos: ["California"],
          avgDailyCalls: 40,
          yearsInBusiness: 2,
          tier: "verified",
          tcpaAcknowledgedAt: "2026-09-28T14:20:00.000Z",
          dncProcessDesc: "Numbers are scrubbed against the national DNC list daily.",
          dealCount: 12,
          reviewCount: 5,
        },
      },
    ],
  });
export type DealIntent = z.infer<typeof dealIntentSchema>;
