import { z } from "zod";
import { plainText } from "./common";
import { createBuyerListingSchema } from "./listing-input";
import { LISTING_EXAMPLE, listingSchema } from "./listings";

// Listing sync (docs/api.md#listing-sync): a buyer's own listings keyed by their own id, so a system
// that holds the buyer's offers can push them again and again without duplicates.

export const LISTING_SYNC_MESSAGES = {
  externalIdInvalid: "externalId must be 1 to 100 characters: letters, digits, and . _ - : /",
  duplicateExternalId: "This externalId appears more than once in the request.",
  tooMany: "Send at most 1,000 listings per sync.",
  idempotencyKeyReused:
    "This Idempotency-Key was used with a different request. Use a new key for a new request.",
  idempotencyInProgress: "A request with this Idempotency-Key is still running. Retry in a moment.",
  idempotencyKeyInvalid: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
  createdConcurrently:
    "Another request created a listing with this externalId at the same moment. Send it again.",
  itemRefused: "This listing could not be saved: a value is malformed or out of range.",
} as const;

export const MAX_SYNC_LISTINGS = 1000;

export const externalIdSchema = plainText(LISTING_SYNC_MESSAGES.externalIdInvalid).regex(
  /^[A-Za-z0-9._:/-]{1,100}$/,
  LISTING_SYNC_MESSAGES.externalIdInvalid,
);

/** PUT /api/buyer-listings/by-external-id/{externalId}: the whole listing (missing fields get defaults). */
export const upsertListingSchema = createBuyerListingSchema;

/** One item of POST /api/buyer-listings/sync. */
export const syncListingSchema = createBuyerListingSchema.extend({ externalId: externalIdSchema });

/**
 * POST /api/buyer-listings/sync. Items are validated one by one (a bad item is an error in the answer,
 * not a 400 for all); pauseMissing pauses the caller's active listings with an externalId not in this
 * request.
 */
export const listingSyncRequestSchema = z
  .object({
    listings: z.array(z.unknown()).max(MAX_SYNC_LISTINGS, LISTING_SYNC_MESSAGES.tooMany),
    pauseMissing: z.boolean().optional().default(false),
  })
  .meta({
    // The API reference's example (the OpenAPI document); `example` on a request schema that transforms
    // (zod leaves `examples` out of its request side).
    example: {
      listings: [
        {
          externalId: "crm-offer-1042",
          title: "Personal injury intake: auto accidents",
          vertical: "Legal",
          payout: "45.00",
          geos: ["California", "Texas"],
        },
      ],
      pauseMissing: true,
    },
  });

const SYNC_RESULTS = ["created", "updated", "unchanged", "error"] as const;

const listingSyncItemResultSchema = z.object({
  /** The item's position in the request, from 0. */
  index: z.number().int(),
  externalId: z.string().nullable(),
  result: z.enum(SYNC_RESULTS),
  /** The listing's id (absent for an error). */
  id: z.uuid().optional(),
  message: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ListingSyncItemResult = z.infer<typeof listingSyncItemResultSchema>;

export const listingSyncResponseSchema = z
  .object({
    results: z.array(listingSyncItemResultSchema),
    counts: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      error: z.number().int(),
      paused: z.number().int(),
    }),
  })
  .meta({
    examples: [
      {
        results: [
          {
            index: 0,
            externalId: "crm-offer-1042",
            result: "updated",
            id: "5f0c6a1e-3b7d-4c1a-9a53-2d6f8e4b7c10",
          },
          {
            index: 1,
            externalId: "crm-offer-1043",
            result: "error",
            message: "Invalid payout: Payout must be an amount like 50 or 49.99 (at most 2 decimals)",
            issues: [
              { path: "payout", message: "Payout must be an amount like 50 or 49.99 (at most 2 decimals)" },
            ],
          },
        ],
        counts: { created: 0, updated: 1, unchanged: 0, error: 1, paused: 2 },
      },
    ],
  });
export type ListingSyncResponse = z.infer<typeof listingSyncResponseSchema>;

/** PUT by externalId answers the listing and what happened to it. */
export const upsertListingResponseSchema = z
  .object({
    result: z.enum(["created", "updated", "unchanged"]),
    listing: listingSchema,
  })
  .meta({ examples: [{ result: "created", listing: LISTING_EXAMPLE }] });
export type UpsertListingResponse = z.infer<typeof upsertListingResponseSchema>;
