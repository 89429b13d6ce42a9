import { z } from "zod";
import { PREMIUM_INTERVAL } from "../constants";
import { plainText } from "./common";

// The admin console's API contract: what every admin list shares, and the dashboard figures.

/** Every admin list is an array; the next page is in `Link: <...>; rel="next"` (keyset cursor). */
export const TOTAL_COUNT_HEADER = "X-Total-Count";
const ADMIN_PAGE_SIZE = 20;
const ADMIN_PAGE_MAX = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** Query fields every admin list takes: the cursor from the Link header, and a page size. */
export const adminPageFields = {
  cursor: plainText().max(512, "is too long").optional(),
  limit: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(ADMIN_PAGE_MAX, `must be at most ${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_SIZE),
};

/** A free-text search box: trimmed, blank means no search. */
export const adminSearchField = plainText()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, `must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET /api/admin/stats: "today" starts at the admin's local midnight when the page sends it. */
export const adminStatsQuerySchema = z.object({
  dayStart: z.iso.datetime({ offset: true, message: "must be an ISO date and time" }).optional(),
});

export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    admin: z.number().int(),
    buyer: z.number().int(),
    publisher: z.number().int(),
    guest: z.number().int(),
    disabled: z.number().int(),
  }),
  premium: z.object({
    /** Users with Premium now (paid or complimentary). */
    subscribers: z.number().int(),
    /** Of those, paid through Stripe: the only ones that bring revenue. */
    paid: z.number().int(),
    complimentary: z.number().int(),
    /** Dollars, 2 decimals: paid subscribers x the configured price, spread over the months. */
    monthlyRecurringRevenue: z.string(),
    priceCents: z.number().int(),
    interval: z.literal(PREMIUM_INTERVAL),
  }),
  publishers: z.object({
    pending: z.number().int(),
    approvedToday: z.number().int(),
    rejectedToday: z.number().int(),
    total: z.number().int(),
  }),
  openDisputes: z.number().int(),
  listings: z.object({
    total: z.number().int(),
    active: z.number().int(),
    newThisWeek: z.number().int(),
    byVertical: z.array(
      z.object({ vertical: z.string(), total: z.number().int(), active: z.number().int() }),
    ),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
