import { z } from "zod";
import {
  CONTACT_ACTION_KINDS,
  canonicalVertical,
  DEAL_INTENT_STATUSES,
  GEOGRAPHIES,
  LISTING_SEARCH_MAX_LENGTH,
  LISTING_SORTS,
  type ListingSort,
  REQUIREMENT_TAG_IDS,
  REQUIREMENT_TAGS,
} from "../constants";
import { verifiedBadgeSchema } from "./buyer-verification";
import { plainText } from "./common";
import { reliabilityDetailSchema, reliabilitySchema } from "./reliability";
import { reviewSummarySchema } from "./reviews";

// The buyer directory's API contract (docs/product.md, "The directory"), shared by server and client.

// The orders live with the other constants (the directory's page reads them without loading a schema).
export { LISTING_SORTS, type ListingSort };

export const DEFAULT_LISTING_LIMIT = 24;
export const MAX_LISTING_LIMIT = 100;

/** Every tag id, comma separated, with room to spare. */
const TAGS_PARAM_MAX_LENGTH = REQUIREMENT_TAGS.reduce((n, t) => n + t.id.length + 1, 0) * 2;

const money = plainText()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "must be an amount like 50 or 49.99");

/**
 * GET /api/buyer-listings query. payoutMin is inclusive and payoutMax exclusive, so the browse buckets
 * ($25-$50, $50-$100) never both hold a $50.00 listing.
 */
export const listingQuerySchema = z
  .object({
    search: plainText()
      .trim()
      .max(LISTING_SEARCH_MAX_LENGTH, `must be at most ${LISTING_SEARCH_MAX_LENGTH} characters`)
      .optional()
      .transform((v) => (v ? v : undefined))
      .describe("Words to find in the title or description (partial words match titles)."),
    // A link saved before a vertical was renamed ("Auto") still shows that vertical's listings.
    vertical: plainText()
      .transform((v, ctx) => {
        const vertical = canonicalVertical(v);
        if (!vertical) ctx.addIssue({ code: "custom", message: "is not a known vertical" });
        return vertical ?? v;
      })
      .optional()
      .describe("One vertical, e.g. Legal."),
    payoutMin: money.optional().describe("Lowest payout per call in dollars, inclusive (45 or 45.00)."),
    payoutMax: money.optional().describe("Payout per call below this amount in dollars (exclusive)."),
    geo: z
      .enum(GEOGRAPHIES, { message: "is not a known geography" })
      .optional()
      .describe("Listings that take calls from this geography."),
    // Requirement tags, comma separated (tags=trustedform,no-ivr): a listing must carry all of them.
    tags: plainText()
      .max(TAGS_PARAM_MAX_LENGTH, "is too long")
      .optional()
      .transform((v) => (v ? [...new Set(v.split(",").map((t) => t.trim()))].filter(Boolean) : []))
      .pipe(
        z.array(
          z.enum(REQUIREMENT_TAG_IDS, {
            message: `must be requirement tag ids: ${REQUIREMENT_TAG_IDS.join(", ")}`,
          }),
        ),
      )
      .describe(
        `Requirement tags a listing must all carry, comma separated: ${REQUIREMENT_TAG_IDS.join(", ")}.`,
      ),
    sort: z
      .enum(LISTING_SORTS, { message: `must be one of ${LISTING_SORTS.join(", ")}` })
      .default("boosted")
      .describe(
        "boosted: boosted listings first, newest first within each; newest; payout: highest first; " +
          "reliability: the buyer's reliability score, highest first, buyers without a score last; " +
          "reviews: the buyer's review count, most first. Ties: the listing id, descending.",
      ),
    limit: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_LISTING_LIMIT, `must be at most ${MAX_LISTING_LIMIT}`)
      .default(DEFAULT_LISTING_LIMIT)
      .describe("Listings per page."),
    cursor: plainText()
      .max(512, "is too long")
      .optional()
      .describe("Where the next page starts: take it from the Link header of the page before."),
    verified: z
      .enum(["1", "true"], { message: "must be 1" })
      .optional()
      .describe('1: only listings of verified buyers (the "Verified buyer" badge in force).'),
    // The buyer dashboard asks for its own listings with ?mine=1; without it this is the public directory.
    mine: z
      .enum(["1", "true"], { message: "must be 1" })
      .optional()
      .describe("1: the caller's own listings (a buyer), in every status."),
  })
  .refine((q) => !q.payoutMin || !q.payoutMax || Number(q.payoutMin) < Number(q.payoutMax), {
    message: "payoutMin must be less than payoutMax",
    path: ["payoutMin"],
  });
export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** Company, email, phone and application URL: only for Premium, admins and the owning buyer. */
const listingContactSchema = z.object({
  company: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  applicationUrl: z.string().nullable(),
});
export type ListingContact = z.infer<typeof listingContactSchema>;

// Examples for the API reference (the OpenAPI document): a Legal listing as anyone sees it (contacts
// masked) and as its buyer, a Premium publisher or an admin sees it.
export const LISTING_EXAMPLE = {
  id: "5f0c6a1e-3b7d-4c1a-9a53-2d6f8e4b7c10",
  buyerId: "7d3f9a2c-1e4b-4f6a-8c2d-9b0e1f2a3c4d",
  buyerName: "Buyer 7d3f9a2c",
  title: "Personal injury intake: auto accidents",
  description: "Motor vehicle accident claimants from the last 12 months with no attorney yet.",
  vertical: "Legal",
  payout: "45.00",
  paymentTerms: "Net 15",
  durationRequirement: 90,
  geos: ["California", "Texas"],
  minVolume: 20,
  dailyCap: 150,
  listingDailyCap: null,
  status: "active",
  boostedUntil: null,
  isBoosted: false,
  tags: ["trustedform", "call-recording"],
  disputeWindowDays: 7,
  isPayoutRaised: false,
  isVerified: true,
  verifiedSince: "2026-03-12T16:20:00.000Z",
  createdAt: "2026-11-02T15:04:05.000Z",
  updatedAt: "2026-11-20T09:30:00.000Z",
  contact: null,
  reliability: { score: 87, basedOn: 12 },
};
const LISTING_CONTACT_EXAMPLE = {
  company: "Harbor Legal Partners",
  email: "intake@harborlegal.example",
  phone: "+1 415 555 0142",
  applicationUrl: "https://harborlegal.example/partners",
};

export const listingSchema = z
  .object({
    id: z.string(),
    buyerId: z.string(),
    /** "Buyer" + first 8 chars of buyerId while masked (the company is contact), the company once visible. */
    buyerName: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    vertical: z.string(),
    payout: z.string(),
    paymentTerms: z.string().nullable(),
    /** Seconds; cards show minutes. */
    durationRequirement: z.number().int().nullable(),
    geos: z.array(z.string()),
    minVolume: z.number().int().nullable(),
    /** Calls per day the listing takes: its own cap, or else its buyer profile's (null: neither set). */
    dailyCap: z.number().int().nullable(),
    /** The listing's own cap; null when dailyCap is the buyer profile's. */
    listingDailyCap: z.number().int().nullable(),
    status: z.string(),
    boostedUntil: z.string().nullable(),
    isBoosted: z.boolean(),
    /** Requirement tag ids (REQUIREMENT_TAGS). */
    tags: z.array(z.string()),
    /** Days a publisher has to dispute a call (null: not stated). */
    disputeWindowDays: z.number().int().nullable(),
    /** The payout is higher than it was PAYOUT_RAISED_WINDOW_DAYS days ago. */
    isPayoutRaised: z.boolean(),
    /** The buyer holds the "Verified buyer" badge now. */
    isVerified: z.boolean(),
    /** Since when the badge has run without a break; null unless isVerified. */
    verifiedSince: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    contact: listingContactSchema.nullable(),
    /** The buyer's reliability score, stored per buyer and read with the row. */
    reliability: reliabilitySchema,
    /** The buyer's own id for the listing (listing sync): only in the owner's answers. */
    externalId: z.string().nullable().optional(),
  })
  .meta({
    examples: [
      LISTING_EXAMPLE,
      { ...LISTING_EXAMPLE, buyerName: LISTING_CONTACT_EXAMPLE.company, contact: LISTING_CONTACT_EXAMPLE },
    ],
  });
export type Listing = z.infer<typeof listingSchema>;

const payoutChangeSchema = z.object({ from: z.string(), to: z.string(), changedAt: z.string() });
export type PayoutChange = z.infer<typeof payoutChangeSchema>;

export const listingDetailSchema = listingSchema
  .extend({
    isSaved: z.boolean(),
    /** Facts from listing_events over the last 30 days (no invented figures). */
    stats: z.object({ views: z.number().int(), reveals: z.number().int() }),
    /** When the payout last changed (null: never since the listing was created). */
    payoutChangedAt: z.string().nullable(),
    /** Payout changes, newest first (at most PAYOUT_HISTORY_LIMIT). */
    payoutHistory: z.array(payoutChangeSchema),
    /** The viewer is the buyer who owns the listing. */
    isOwn: z.boolean(),
    /** The viewer is an approved publisher, so "Request Deal" can succeed (only they may send one). */
    canRequestDeal: z.boolean(),
    /** The viewer's latest deal intent on this listing, if they sent one. */
    dealIntent: z
      .object({ id: z.string(), status: z.enum(DEAL_INTENT_STATUSES), createdAt: z.string() })
      .nullable(),
    /** The score with the factors behind it. */
    reliability: reliabilityDetailSchema,
    /** The buyer's visible reviews: average, count and the newest few. */
    reviews: reviewSummarySchema,
    /** The buyer's badge in force and when each of its checks passed; null without one. */
    verification: verifiedBadgeSchema.nullable(),
  })
  .meta({
    examples: [
      {
        ...LISTING_EXAMPLE,
        isSaved: false,
        stats: { views: 214, reveals: 9 },
        payoutChangedAt: "2026-11-20T09:30:00.000Z",
        payoutHistory: [{ from: "40.00", to: "45.00", changedAt: "2026-11-20T09:30:00.000Z" }],
        isOwn: false,
        canRequestDeal: true,
        dealIntent: null,
        verification: {
          since: "2026-03-12T16:20:00.000Z",
          until: "2027-11-04T10:15:00.000Z",
          domainMethod: "dns",
          domainVerifiedAt: "2026-11-02T09:41:00.000Z",
          emailVerifiedAt: "2026-11-02T09:44:00.000Z",
          reviewedAt: "2026-11-04T10:15:00.000Z",
        },
        reliability: {
          score: 87,
          basedOn: 12,
          factors: {
            reviewedDeals: 12,
            weightedRating: 4.5,
            ratingFactor: 0.88,
            requestsDue: 30,
            answeredInTime: 27,
            responsivenessFactor: 0.9,
            acceptedDeals: 18,
            disputesAgainst: 1,
            disputesUpheld: 0,
            disputesOpen: 0,
            disputeFactor: 1,
          },
          computedAt: "2026-11-26T03:00:00.000Z",
        },
        reviews: {
          average: 4.5,
          count: 2,
          latest: [
            {
              id: "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
              buyerId: LISTING_EXAMPLE.buyerId,
              rating: 5,
              comment: "Paid on time and gave clear call feedback.",
              verifiedDeal: true,
              createdAt: "2026-11-10T12:00:00.000Z",
              reviewer: "Publisher 2b4c6d8e",
              reply: null,
              hidden: null,
            },
          ],
        },
      },
    ],
  });
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const revealContactResponseSchema = z
  .object({ contact: listingContactSchema })
  .meta({ examples: [{ contact: LISTING_CONTACT_EXAMPLE }] });
export type RevealContactResponse = z.infer<typeof revealContactResponseSchema>;

/** POST /api/contact-actions/{id}: what the viewer just did with the listing's contact. */
export const contactActionSchema = z.object({ kind: z.enum(CONTACT_ACTION_KINDS) });
