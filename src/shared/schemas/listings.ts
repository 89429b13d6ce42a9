import { z } from "zod";
import {
  canonicalVertical,
  DEAL_INTENT_STATUSES,
  GEOGRAPHIES,
  LISTING_SEARCH_MAX_LENGTH,
  REQUIREMENT_TAG_IDS,
  REQUIREMENT_TAGS,
} from "../constants";
import { plainText } from "./common";
import { reliabilityDetailSchema, reliabilitySchema } from "./reliability";
import { reviewSummarySchema } from "./reviews";

// The buyer directory's API contract (docs/product.md, "The directory"), shared by server and client.

export const LISTING_SORTS = ["boosted", "newest", "payout"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

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
      .transform((v) => (v ? v : undefined)),
    // A link saved before a vertical was renamed ("Auto") still shows that vertical's listings.
    vertical: plainText()
      .transform((v, ctx) => {
        const vertical = canonicalVertical(v);
        if (!vertical) ctx.addIssue({ code: "custom", message: "is not a known vertical" });
        return vertical ?? v;
      })
      .optional(),
    payoutMin: money.optional(),
    payoutMax: money.optional(),
    geo: z.enum(GEOGRAPHIES, { message: "is not a known geography" }).optional(),
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
      ),
    sort: z.enum(LISTING_SORTS, { message: `must be one of ${LISTING_SORTS.join(", ")}` }).default("boosted"),
    limit: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_LISTING_LIMIT, `must be at most ${MAX_LISTING_LIMIT}`)
      .default(DEFAULT_LISTING_LIMIT),
    cursor: plainText().max(512, "is too long").optional(),
    // The buyer dashboard asks for its own listings with ?mine=1; without it this is the public directory.
    mine: z.enum(["1", "true"], { message: "must be 1" }).optional(),
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

export const listingSchema = z.object({
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
  /** The buyer profile's daily cap (calls per day). */
  dailyCap: z.number().int().nullable(),
  status: z.string(),
  boostedUntil: z.string().nullable(),
  isBoosted: z.boolean(),
  /** Requirement tag ids (REQUIREMENT_TAGS). */
  tags: z.array(z.string()),
  /** Days a publisher has to dispute a call (null: not stated). */
  disputeWindowDays: z.number().int().nullable(),
  /** The payout is higher than it was PAYOUT_RAISED_WINDOW_DAYS days ago. */
  isPayoutRaised: z.boolean(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  contact: listingContactSchema.nullable(),
  /** The buyer's reliability score, stored per buyer and read with the row. */
  reliability: reliabilitySchema,
  /** The buyer's own id for the listing (listing sync): only in the owner's answers. */
  externalId: z.string().nullable().optional(),
});
export type Listing = z.infer<typeof listingSchema>;

const payoutChangeSchema = z.object({ from: z.string(), to: z.string(), changedAt: z.string() });
export type PayoutChange = z.infer<typeof payoutChangeSchema>;

export const listingDetailSchema = listingSchema.extend({
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
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const revealContactResponseSchema = z.object({ contact: listingContactSchema });
export type RevealContactResponse = z.infer<typeof revealContactResponseSchema>;
