import { z } from "zod";
import { BOOST_GRANT_MAX_DAYS, BOOST_PURCHASE_STATUSES, BOOST_SOURCES } from "../constants";
import { adminReason } from "./common";

// Boost: BOOST_DAYS of featured placement for one listing, bought by its buyer with a one-off Stripe
// payment or granted by an admin. The days are granted only when Stripe's webhook reports the payment.

/** One granted period of a listing's boost (paid or complimentary). */
const boostPurchaseSchema = z.object({
  id: z.string(),
  source: z.enum(BOOST_SOURCES),
  status: z.enum(BOOST_PURCHASE_STATUSES),
  /** The Stripe PaymentIntent that paid for it (null for a complimentary grant). */
  paymentIntentId: z.string().nullable(),
  /** What was paid, in cents (0 for a complimentary grant). */
  amountCents: z.number().int(),
  days: z.number().int(),
  /** ISO times of the period it covers (after a refund or an end: what it covered until then). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The admin's reason for a complimentary grant; null for a purchase. */
  reason: z.string().nullable(),
  /** The admin's reason for ending it early; null unless it was ended. */
  endReason: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type BoostPurchase = z.infer<typeof boostPurchaseSchema>;

/** The last payment attempt for a listing's boost, as Stripe last reported it. */
const boostPaymentSchema = z.object({
  id: z.string(),
  /** Stripe's PaymentIntent status: requires_payment_method, processing, succeeded, canceled... */
  status: z.string(),
  amountCents: z.number().int(),
  /** The provider's message when the last attempt failed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/buyer-listings/{id}/boost: what the boost screen shows its owner. */
export const boostStatusSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  /** The listing's status: only an active listing can be boosted. */
  listingStatus: z.string(),
  /** ISO end of the current boost, or null when it is not boosted now. */
  boostedUntil: z.string().nullable(),
  /** Where a Boost bought now would end (from the current end if boosted, else from now). */
  extendsTo: z.string(),
  priceCents: z.number().int(),
  days: z.number().int(),
  /**
   * Stripe's publishable key for the Payment Element; null when payments are not set up on this server
   * (then the screen says so and offers no payment).
   */
  publishableKey: z.string().nullable(),
  lastPayment: boostPaymentSchema.nullable(),
  /** The listing's boosts, newest first. */
  purchases: z.array(boostPurchaseSchema),
});
export type BoostStatus = z.infer<typeof boostStatusSchema>;

/** POST /api/buyer-listings/{id}/boost: the Payment Element's client secret for this Boost. */
export const boostIntentSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
});
export type BoostIntent = z.infer<typeof boostIntentSchema>;

const reasonField = adminReason();

/** POST /api/admin/buyer-listings/{id}/boosts: a complimentary boost of N days. */
export const grantBoostSchema = z.object({
  days: z.coerce
    .number({ message: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1 day")
    .max(BOOST_GRANT_MAX_DAYS, `must be at most ${BOOST_GRANT_MAX_DAYS} days`),
  reason: reasonField,
});
export type GrantBoostInput = z.infer<typeof grantBoostSchema>;

/** POST /api/admin/buyer-listings/{id}/boosts/end: ends the listing's boost now. */
export const endBoostSchema = z.object({ reason: reasonField });
export type EndBoostInput = z.infer<typeof endBoostSchema>;

/** The admin's boost history of a listing (GET, and the answer of a grant or an end). */
export const adminBoostHistorySchema = z.object({
  listingId: z.string(),
  boostedUntil: z.string().nullable(),
  purchases: z.array(
    boostPurchaseSchema.extend({
      /** Who paid or granted it (null once that account is gone). */
      actorEmail: z.string().nullable(),
    }),
  ),
});
export type AdminBoostHistory = z.infer<typeof adminBoostHistorySchema>;
