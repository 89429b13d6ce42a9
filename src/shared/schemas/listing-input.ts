import { z } from "zod";
import {
  BUYER_LISTING_STATUSES,
  GEOGRAPHIES,
  LISTING_DEFAULTS,
  LISTING_LIMITS,
  LISTING_STATUSES,
  PAYMENT_TERMS,
  REQUIREMENT_TAG_IDS,
  VERTICALS,
} from "../constants";
import { plainText } from "./common";

// What a listing is written with: the buyer's form, the admin's form and each CSV import row all parse
// through these schemas, so a rule (and its message) exists once. The "... is required" messages are
// the admin form's long-standing wording; the limits are in LISTING_LIMITS.

const wholeNumber = (required: string, max: number) =>
  // Form inputs and CSV cells arrive as text; "" must read as missing, not as 0.
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ message: required })
      .int("Must be a whole number")
      .min(1, required)
      .max(max, `Must be at most ${max.toLocaleString("en-US")}`),
  );

/** A payout as typed ("50", "49.9", "1,250.00") becomes the 2-decimal string the database stores. */
export const payoutInputSchema = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  plainText("Payout is required")
    .trim()
    .min(1, "Payout is required")
    .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
    .pipe(
      plainText()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, "Payout must be an amount like 50 or 49.99 (at most 2 decimals)")
        .refine((v) => Number(v) > 0, "Payout must be greater than 0")
        .transform((v) => Number(v).toFixed(2)),
    ),
);

const fields = {
  title: plainText("Title is required")
    .trim()
    .min(1, "Title is required")
    .max(LISTING_LIMITS.titleMax, `Title must be at most ${LISTING_LIMITS.titleMax} characters`),
  description: plainText()
    .trim()
    .max(
      LISTING_LIMITS.descriptionMax,
      `Description must be at most ${LISTING_LIMITS.descriptionMax} characters`,
    )
    .nullable()
    .transform((v) => (v ? v : null)),
  vertical: plainText("Vertical is required")
    .trim()
    .min(1, "Vertical is required")
    .pipe(z.enum(VERTICALS, { message: `Vertical must be one of: ${VERTICALS.join(", ")}` })),
  payout: payoutInputSchema,
  paymentTerms: z.enum(PAYMENT_TERMS, {
    message: `Payment terms must be one of: ${PAYMENT_TERMS.join(", ")}`,
  }),
  durationRequirement: wholeNumber("Duration requirement is required", LISTING_LIMITS.durationMaxSeconds),
  geos: z
    .array(z.enum(GEOGRAPHIES, { message: "Choose geographies from the list" }))
    .max(GEOGRAPHIES.length)
    .transform((v) => [...new Set(v)]),
  minVolume: wholeNumber("Minimum volume is required", LISTING_LIMITS.minVolumeMax),
  tags: z
    .array(z.enum(REQUIREMENT_TAG_IDS, { message: "Unknown requirement tag" }))
    .max(REQUIREMENT_TAG_IDS.length)
    .transform((v) => [...new Set(v)]),
  disputeWindowDays: z.preprocess(
    (value) => (value === "" ? null : value),
    z.coerce
      .number({ message: "Dispute window must be a number of days" })
      .int("Dispute window must be a whole number of days")
      .min(1, "Dispute window must be at least 1 day")
      .max(
        LISTING_LIMITS.disputeWindowMaxDays,
        `Dispute window must be at most ${LISTING_LIMITS.disputeWindowMaxDays} days`,
      )
      .nullable(),
  ),
  // Blank or null: the listing takes its buyer profile's cap, so a profile change reaches every such listing.
  dailyCap: z.preprocess(
    (value) => (value === "" ? null : value),
    z.coerce
      .number({ message: "Daily cap must be a number of calls" })
      .int("Daily cap must be a whole number of calls")
      .min(1, "Daily cap must be at least 1 call")
      .max(
        LISTING_LIMITS.dailyCapMax,
        `Daily cap must be at most ${LISTING_LIMITS.dailyCapMax.toLocaleString("en-US")} calls`,
      )
      .nullable(),
  ),
};

const listingStatus = z.enum(LISTING_STATUSES, {
  message: `Status must be one of: ${LISTING_STATUSES.join(", ")}`,
});
const buyerListingStatus = z.enum(BUYER_LISTING_STATUSES, {
  message: `Status must be one of: ${BUYER_LISTING_STATUSES.join(", ")}`,
});

/**
 * The fields with the listing defaults, for creating a listing (unknown keys are dropped). A missing
 * field takes its default; a blank one ("" from a cleared input) is refused with the field's message, so
 * a CSV import leaves blank cells out to get the defaults.
 */
const createFields = {
  ...fields,
  description: fields.description.optional().default(null),
  paymentTerms: fields.paymentTerms.optional().default(LISTING_DEFAULTS.paymentTerms),
  durationRequirement: fields.durationRequirement.optional().default(LISTING_DEFAULTS.durationRequirement),
  geos: fields.geos.optional().default([]),
  minVolume: fields.minVolume.optional().default(LISTING_DEFAULTS.minVolume),
  tags: fields.tags.optional().default([]),
  disputeWindowDays: fields.disputeWindowDays.optional().default(null),
  dailyCap: fields.dailyCap.optional().default(null),
};

/** POST /api/buyer-listings: a buyer's new listing (status active or paused). */
export const createBuyerListingSchema = z
  .object({
    ...createFields,
    status: buyerListingStatus.optional().default(LISTING_DEFAULTS.status),
  })
  .meta({
    // The API reference's example (the OpenAPI document). `example`, not `examples`: zod leaves examples
    // out of the request side of a schema that transforms, as they describe what it answers.
    example: {
      title: "Personal injury intake: auto accidents",
      description: "Motor vehicle accident claimants from the last 12 months with no attorney yet.",
      vertical: "Legal",
      payout: "45.00",
      paymentTerms: "Net 15",
      durationRequirement: 90,
      geos: ["California", "Texas"],
      minVolume: 20,
      dailyCap: 150,
      tags: ["trustedform", "call-recording"],
      disputeWindowDays: 7,
      status: "active",
    },
  });
export type CreateBuyerListingInput = z.input<typeof createBuyerListingSchema>;
export type CreateBuyerListing = z.output<typeof createBuyerListingSchema>;

/** PUT /api/buyer-listings/{id}: any subset of the fields; nothing missing is defaulted. */
export const updateBuyerListingSchema = z
  .object({ ...fields, status: buyerListingStatus })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change")
  .meta({ example: { payout: "50.00", status: "paused" } });
export type UpdateBuyerListing = z.output<typeof updateBuyerListingSchema>;

/** The admin form, which also picks the buyer profile that owns the listing. */
export const createAdminListingSchema = z.object({
  ...createFields,
  status: listingStatus.optional().default(LISTING_DEFAULTS.status),
  buyerId: z.uuid("Choose the buyer this listing belongs to"),
});
export type CreateAdminListingInput = z.input<typeof createAdminListingSchema>;
export type CreateAdminListing = z.output<typeof createAdminListingSchema>;

export const updateAdminListingSchema = z
  .object({ ...fields, status: listingStatus, buyerId: z.uuid("Choose the buyer this listing belongs to") })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type UpdateAdminListing = z.output<typeof updateAdminListingSchema>;
