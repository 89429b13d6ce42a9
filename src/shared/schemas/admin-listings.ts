import { z } from "zod";
import { LISTING_STATUSES, VERTICALS } from "../constants";
import { adminPageFields, adminSearchField } from "./admin";
import { listingSchema } from "./listings";

// Listing management (/admin/buyers). The write bodies are createAdminListingSchema and
// updateAdminListingSchema (./listing-input.ts), shared with the buyer form and the CSV import.

/** GET /api/admin/buyer-listings: every status, contacts included. */
export const adminListingQuerySchema = z.object({
  search: adminSearchField,
  vertical: z.enum(VERTICALS, { message: "is not a known vertical" }).optional(),
  status: z.enum(LISTING_STATUSES, { message: `must be one of ${LISTING_STATUSES.join(", ")}` }).optional(),
  ...adminPageFields,
});
export type AdminListingQuery = z.infer<typeof adminListingQuerySchema>;

export const adminListingSchema = listingSchema.extend({
  tags: z.array(z.string()),
  disputeWindowDays: z.number().int().nullable(),
  /** The buyer profile that owns the listing and its user. */
  owner: z.object({
    userId: z.string(),
    email: z.string(),
    company: z.string(),
    disabled: z.boolean(),
  }),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

/** GET /api/admin/buyer-profiles?search=: the choices of the form's "Buyer" select. */
export const buyerProfileQuerySchema = z.object({
  search: adminSearchField,
  /** Read one profile back by id (the form's current choice). */
  id: z.uuid("must be a buyer profile id").optional(),
});

export const buyerProfileOptionSchema = z.object({
  id: z.string(),
  company: z.string(),
  email: z.string(),
  listingCount: z.number().int(),
});
export type BuyerProfileOption = z.infer<typeof buyerProfileOptionSchema>;
