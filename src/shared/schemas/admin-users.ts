import { z } from "zod";
import { PUBLISHER_STATUSES, ROLES, SUBSCRIPTION_PRODUCTS } from "../constants";
import { adminPageFields, adminSearchField } from "./admin";
import { adminReason } from "./common";

// User management (/admin/users).

const USER_STATES = ["active", "disabled"] as const;

/** GET /api/admin/users: search by email or name, filter by role and state. */
export const adminUserQuerySchema = z.object({
  search: adminSearchField,
  role: z.enum(ROLES, { message: `must be one of ${ROLES.join(", ")}` }).optional(),
  state: z.enum(USER_STATES, { message: `must be one of ${USER_STATES.join(", ")}` }).optional(),
  /** Read one user back by id (the audit log's user filter). */
  id: z.uuid("must be a user id").optional(),
  ...adminPageFields,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  hasActiveSubscription: z.boolean(),
  /** Premium granted by support or an admin (no Stripe subscription behind it). */
  complimentaryPremium: z.boolean(),
  /** The paid subscriptions running now (Premium, the SMS add-on): each can be refunded. */
  paidSubscriptions: z.array(z.enum(SUBSCRIPTION_PRODUCTS)),
  publisherStatus: z.enum(PUBLISHER_STATUSES).nullable(),
  buyerCompany: z.string().nullable(),
  /** Signed-in sessions that have not expired. */
  sessionCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** PATCH /api/admin/users/{id}: change the role, disable or enable, grant or remove complimentary Premium. */
export const updateAdminUserSchema = z
  .object({
    role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(", ")}` }).optional(),
    disabled: z.boolean({ message: "disabled must be true or false" }).optional(),
    complimentaryPremium: z.boolean({ message: "complimentaryPremium must be true or false" }).optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.disabled !== undefined || v.complimentaryPremium !== undefined,
    "Send role, disabled or complimentaryPremium",
  );
export type UpdateAdminUser = z.infer<typeof updateAdminUserSchema>;

/**
 * POST /api/admin/users/{id}/refund: a paid subscription's latest payment refunded in full and the
 * subscription cancelled at once (the money-back guarantee), with the reason the audit log keeps.
 */
export const refundSubscriptionSchema = z.object({
  product: z.enum(SUBSCRIPTION_PRODUCTS, {
    message: `product must be one of ${SUBSCRIPTION_PRODUCTS.join(", ")}`,
  }),
  reason: adminReason(),
});
export type RefundSubscriptionInput = z.infer<typeof refundSubscriptionSchema>;
