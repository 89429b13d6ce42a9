import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACCOUNT_TOKEN_PURPOSES,
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  API_KEY_SCOPES,
  BOOST_PURCHASE_STATUSES,
  BOOST_SOURCES,
  BUYER_VERIFICATION_STATUSES,
  CONTACT_ACTION_KINDS,
  DEAL_INTENT_STATUSES,
  DEAL_SIDES,
  DEFAULT_PAYMENT_TERMS,
  DISPUTE_STATUSES,
  DOMAIN_PROOF_METHODS,
  LISTING_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  ONBOARDING_SIDES,
  PUBLISHER_STATUSES,
  PUBLISHER_TIERS,
  ROLES,
  SIGN_IN_METHODS,
  SUBSCRIPTION_PRODUCTS,
  WEBHOOK_DELIVERY_STATUSES,
} from "../../shared/constants";
import { SMS_CONSENT_EVENTS, SMS_CONSENT_SOURCES, SMS_MESSAGE_KINDS } from "../../shared/schemas/sms";

// The product's entities (users, profiles, listings, reviews, deal intents, alerts, subscriptions,
// compliance, disputes, the audit log), plus the tables sign-in, mail, analytics and payments need.
// Money is numeric(10,2) and travels as a string ("50.00"), never a float, so no cent is lost.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  role: text("role", { enum: ROLES }).notNull().default("guest"),
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  company: text("company"),
  phone: text("phone"),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  // An admin disabled the account: sign-in refused, sessions gone, listings out of the directory.
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  // The owner deleted the account: the row stays as a nameless placeholder ("Former member") so the
  // reviews, disputes and compliance records the law or the other party needs still hang together; its
  // email is replaced by one on the reserved .invalid domain and every personal field is cleared.
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const publisherProfiles = pgTable(
  "publisher_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    website: text("website"),
    trafficSources: textList("traffic_sources"),
    verticals: textList("verticals"),
    avgDailyCalls: integer("avg_daily_calls"),
    geos: textList("geos"),
    yearsInBusiness: integer("years_in_business"),
    references: textList("references"),
    complianceAckAt: timestamp("compliance_ack_at", { withTimezone: true }),
    tier: text("tier", { enum: PUBLISHER_TIERS }).notNull().default("new"),
    qualityScore: integer("quality_score").notNull().default(0),
    status: text("status", { enum: PUBLISHER_STATUSES }).notNull().default("pending"),
    // Set when the server found the verification meta tag on the website's homepage.
    domainVerifiedAt: timestamp("domain_verified_at", { withTimezone: true }),
    // The admin's decision: when, by whom, and the reason the publisher is shown.
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewReason: text("review_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("publisher_profiles_user_id_key").on(t.userId),
    index("publisher_profiles_status_idx").on(t.status),
  ],
);

export const buyerProfiles = pgTable(
  "buyer_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    company: text("company").notNull(),
    verticals: textList("verticals"),
    payoutMin: numeric("payout_min", { precision: 10, scale: 2 }),
    payoutMax: numeric("payout_max", { precision: 10, scale: 2 }),
    paymentTerms: text("payment_terms"),
    callDurationRequirement: integer("call_duration_requirement"),
    geoCoverage: textList("geo_coverage"),
    dailyCap: integer("daily_cap"),
    integrationOptions: textList("integration_options"),
    notes: text("notes"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    applicationUrl: text("application_url"),
    // The company's website (its domain is what verification proves) and when calls are taken.
    website: text("website"),
    callHours: text("call_hours"),
    timeZone: text("time_zone"),
    // The "Verified buyer" badge, kept on the row the directory already joins: set only by an
    // administrator's approval of a buyer_verifications row (since = the first approval of the current
    // unbroken run, until = the approval's term end), cleared by a revocation. Shown while until > now,
    // so a lapse needs no sweep.
    verifiedSince: timestamp("verified_since", { withTimezone: true }),
    verifiedUntil: timestamp("verified_until", { withTimezone: true }),
    // Trust figures, stored so the directory reads them with the row it already joins instead
    // of aggregating reviews per request; features/reliability/refresh-reliability.ts rewrites them
    // whenever an input changes (docs/decisions/012-buyer-reliability-score.md). Null score: fewer than
    // RELIABILITY.minReviewedDeals reviewed deals.
    reliabilityScore: integer("reliability_score"),
    reliabilityBasedOn: integer("reliability_based_on").notNull().default(0),
    /** The factors behind the score (ReliabilityFactors), for the detail page's explanation. */
    reliabilityFactors: jsonb("reliability_factors"),
    reliabilityComputedAt: timestamp("reliability_computed_at", { withTimezone: true }),
    /** Visible (not hidden) reviews of the buyer, all time, and their average rating. */
    reviewCount: integer("review_count").notNull().default(0),
    reviewAverage: numeric("review_average", { precision: 3, scale: 2 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("buyer_profiles_user_id_key").on(t.userId)],
);

/**
 * A buyer's verification, one row per attempt: the domain proof, the work-email proof and the
 * administrator's review, each with its time and evidence, so the badge can say what was checked.
 * At most one attempt is open (in_progress or submitted) per buyer.
 */
export const buyerVerifications = pgTable(
  "buyer_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyerProfiles.id, { onDelete: "cascade" }),
    status: text("status", { enum: BUYER_VERIFICATION_STATUSES }).notNull().default("in_progress"),
    /** The host of the profile's website when the attempt started; a website edit voids the attempt. */
    domain: text("domain").notNull(),
    domainMethod: text("domain_method", { enum: DOMAIN_PROOF_METHODS }),
    /** What was found: the TXT record's value, or the page address that carried the meta tag. */
    domainEvidence: text("domain_evidence"),
    domainVerifiedAt: timestamp("domain_verified_at", { withTimezone: true }),
    workEmail: text("work_email"),
    /** SHA-256 of the 6-digit code last mailed, its expiry and the wrong tries against it. */
    emailCodeHash: text("email_code_hash"),
    emailCodeExpiresAt: timestamp("email_code_expires_at", { withTimezone: true }),
    emailCodeAttempts: integer("email_code_attempts").notNull().default(0),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** The administrator's checklist ({ businessExists, paymentTermsCredible, references }). */
    checklist: jsonb("checklist"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionReason: text("decision_reason"),
    /** An approval's term end (approval + 12 months). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokeReason: text("revoke_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("buyer_verifications_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    uniqueIndex("buyer_verifications_open_key")
      .on(t.buyerId)
      .where(sql`status in ('in_progress', 'submitted')`),
    index("buyer_verifications_submitted_idx").on(t.submittedAt).where(sql`status = 'submitted'`),
    index("buyer_verifications_expires_idx").on(t.expiresAt).where(sql`status = 'approved'`),
  ],
);

/**
 * An onboarding wizard's draft, kept on the server so a reload or another browser continues where the
 * person left: the step reached and the fields typed so far (validated only when submitted).
 */
export const onboardingDrafts = pgTable(
  "onboarding_drafts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    side: text("side", { enum: ONBOARDING_SIDES }).notNull(),
    step: integer("step").notNull().default(1),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.side] })],
);

export const buyerListings = pgTable(
  "buyer_listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyerProfiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    vertical: text("vertical").notNull(),
    payout: numeric("payout", { precision: 10, scale: 2 }).notNull(),
    paymentTerms: text("payment_terms").default(DEFAULT_PAYMENT_TERMS),
    durationRequirement: integer("duration_requirement"),
    geos: textList("geos"),
    minVolume: integer("min_volume"),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("active"),
    boostedUntil: timestamp("boosted_until", { withTimezone: true }),
    // Requirement tag ids (REQUIREMENT_TAGS) and the days a publisher has to dispute a call.
    tags: textList("tags"),
    disputeWindowDays: integer("dispute_window_days"),
    // Calls a day this listing takes; null: the buyer profile's cap applies.
    dailyCap: integer("daily_cap"),
    // The buyer's own id for the listing (their CRM's or tracker's), for the API's sync: unique per buyer.
    externalId: text("external_id"),
    // When the listing last became active (created active, or made active again): alert digests send
    // what was activated since their last run (features/alerts).
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
    // Copies of the owning buyer's reliability score and review count, so the directory can sort by
    // them with a keyset walk of one index (an index cannot span the join to buyer_profiles). Database
    // triggers keep them equal to the profile's figures (migration 0020): no write path can forget.
    buyerReliabilityScore: integer("buyer_reliability_score"),
    buyerReviewCount: integer("buyer_review_count").notNull().default(0),
    // Title weighs more than description in keyword search (weights A and B).
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("buyer_listings_search_idx").using("gin", t.searchVector),
    index("buyer_listings_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("buyer_listings_buyer_idx").on(t.buyerId),
    uniqueIndex("buyer_listings_external_id_idx")
      .on(t.buyerId, t.externalId)
      .where(sql`external_id is not null`),
    // The tag filter (all tags must match: tags @> array[...]).
    index("buyer_listings_tags_idx").using("gin", t.tags).where(sql`status = 'active'`),
    // Keyset orders of the directory: newest, payout, boosted first (all on active rows).
    index("buyer_listings_newest_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`status = 'active'`),
    index("buyer_listings_payout_idx").on(t.payout.desc(), t.id.desc()).where(sql`status = 'active'`),
    // Most reliable (listings of buyers without a score last) and most reviewed.
    index("buyer_listings_reliability_idx")
      .on(t.buyerReliabilityScore.desc().nullsLast(), t.id.desc())
      .where(sql`status = 'active'`),
    index("buyer_listings_reviews_idx")
      .on(t.buyerReviewCount.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    index("buyer_listings_vertical_newest_idx")
      .on(t.vertical, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    // Boosted-first reads the boosted group newest first; this keeps that page to an index walk.
    index("buyer_listings_boosted_newest_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active' and boosted_until is not null`),
    // The boosted group under a filter: without these, a filtered first page walked or
    // bitmapped every boosted listing (2 % of the directory, ~1,900 rows in the bench) to find the few
    // that match. Partial, so they hold only boosted rows and cost little to keep.
    index("buyer_listings_boosted_vertical_newest_idx")
      .on(t.vertical, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active' and boosted_until is not null`),
    index("buyer_listings_boosted_tags_idx")
      .using("gin", t.tags)
      .where(sql`status = 'active' and boosted_until is not null`),
    index("buyer_listings_boosted_search_idx")
      .using("gin", t.searchVector)
      .where(sql`status = 'active' and boosted_until is not null`),
    index("buyer_listings_boosted_title_trgm_idx")
      .using("gin", sql`${t.title} gin_trgm_ops`)
      .where(sql`status = 'active' and boosted_until is not null`),
    // Alert digests: the listings activated since a user's last digest.
    index("buyer_listings_activated_idx").on(t.activatedAt).where(sql`status = 'active'`),
  ],
);

/** Every payout change of a listing, for its history and the "payout rose" badge. */
export const listingPayoutChanges = pgTable(
  "listing_payout_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => buyerListings.id, { onDelete: "cascade" }),
    fromPayout: numeric("from_payout", { precision: 10, scale: 2 }).notNull(),
    toPayout: numeric("to_payout", { precision: 10, scale: 2 }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_payout_changes_listing_idx").on(t.listingId, t.changedAt.desc())],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyerProfiles.id, { onDelete: "cascade" }),
    publisherId: uuid("publisher_id")
      .notNull()
      .references(() => publisherProfiles.id, { onDelete: "cascade" }),
    // The accepted deal intent the review is about: one review per intent, so
    // only a real deal can be reviewed, once.
    dealIntentId: uuid("deal_intent_id")
      .notNull()
      .references(() => dealIntents.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    verifiedDeal: boolean("verified_deal").notNull().default(false),
    // The buyer's one public reply.
    replyBody: text("reply_body"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    // An admin hid the review (it then counts nowhere); who, when and why.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_deal_intent_key").on(t.dealIntentId),
    // A buyer's reviews newest first (keyset pages, the listing detail's latest). NULLS FIRST is what a
    // plain "order by ... desc" means; an index declared otherwise is not used for that order (a sort).
    index("reviews_buyer_idx").on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("reviews_publisher_idx").on(t.publisherId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

export const dealIntents = pgTable(
  "deal_intents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyerProfiles.id, { onDelete: "cascade" }),
    publisherId: uuid("publisher_id")
      .notNull()
      .references(() => publisherProfiles.id, { onDelete: "cascade" }),
    // The listing the publisher asked about; kept (null) when the listing is deleted, since reviews
    // and disputes hang off the intent.
    listingId: uuid("listing_id").references(() => buyerListings.id, { onDelete: "set null" }),
    message: text("message"),
    status: text("status", { enum: DEAL_INTENT_STATUSES }).notNull().default("pending"),
    decisionNote: text("decision_note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("deal_intents_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    index("deal_intents_publisher_idx").on(t.publisherId, t.createdAt.desc()),
    index("deal_intents_listing_idx").on(t.listingId),
    // One open request per publisher and listing.
    uniqueIndex("deal_intents_pending_key").on(t.publisherId, t.listingId).where(sql`status = 'pending'`),
  ],
);

/**
 * One row per user who set up alerts (docs/publishers.md, "Listing alerts"): the delivery settings every alert
 * of theirs uses (frequency, channels) and the filters of their main alert; empty lists mean "any". Saved
 * searches are further alerts with the same delivery settings. No row: no alerts at all.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  // Whether the filters below alert at all: a user who only wants their saved searches turns it off.
  filtersEnabled: boolean("filters_enabled").notNull().default(true),
  verticals: textList("verticals"),
  geos: textList("geos"),
  // Requirement tag ids a listing must all carry (the browse filter's rule).
  tags: textList("tags"),
  minPayout: numeric("min_payout", { precision: 10, scale: 2 }),
  // Instant is Premium's; without Premium it is sent as daily and stored as daily once Premium ends.
  frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull().default("weekly"),
  // Email only (ALERT_PREFERENCE_CHANNELS): SMS alerts have their own switch, sms_numbers.
  channels: text("channels").array().notNull().default(sql`'{email}'::text[]`),
  // IANA name ("America/Chicago") SMS quiet hours follow; null: DEFAULT_TIME_ZONE.
  timeZone: text("time_zone"),
  // The last time the mail's unsubscribe link took email off the channels.
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  // When the last digest run for this user started: the next one looks for listings activated since.
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** "Save this search" on /browse: the directory's filters, kept as one more alert of the user's. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    search: text("search"),
    vertical: text("vertical"),
    // The browse payout bucket (PAYOUT_BUCKETS id) and the bounds it stands for: min inclusive, max
    // exclusive, as the directory applies them.
    payoutBucket: text("payout_bucket"),
    payoutMin: numeric("payout_min", { precision: 10, scale: 2 }),
    payoutMax: numeric("payout_max", { precision: 10, scale: 2 }),
    geo: text("geo"),
    tags: textList("tags"),
    // The browse page's query string for these filters, in one canonical order: opens the search again
    // and keeps one user from saving the same search twice.
    filtersKey: text("filters_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_searches_user_filters_key").on(t.userId, t.filtersKey)],
);

/**
 * Every alert sent, one row per user, listing and channel: the idempotency key that keeps a listing from
 * reaching one user twice, whatever retries or overlapping runs happen. A row is claimed ("sending")
 * before the mail goes out and marked "sent" after; a failed send deletes its claim so the retry can.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => buyerListings.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ALERT_CHANNELS }).notNull(),
    kind: text("kind", { enum: ["instant", "daily", "weekly"] }).notNull(),
    // held: an SMS waiting for the end of quiet hours or of the day's cap (sent merged, features/sms).
    status: text("status", { enum: ["sending", "sent", "held"] })
      .notNull()
      .default("sending"),
    // The queue job that claimed the row (a failed attempt removes only its own claims).
    jobId: text("job_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alert_deliveries_key").on(t.userId, t.listingId, t.channel),
    index("alert_deliveries_listing_idx").on(t.listingId),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Null for a complimentary subscription granted by support (no Stripe objects behind it).
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    // What it sells: Premium, or the SMS Alerts add-on (only premium rows grant Premium, lib/premium.ts).
    product: text("product", { enum: SUBSCRIPTION_PRODUCTS }).notNull().default("premium"),
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId, t.product)],
);

/**
 * One attempt to pay for a Boost: the Stripe PaymentIntent our POST created, mirrored so a second click
 * reuses the open intent and the boost screen can show how the last attempt went. It grants nothing:
 * the days come only from a boost_purchases row, written when Stripe's webhook says the payment succeeded.
 */
export const boostPayments = pgTable(
  "boost_payments",
  {
    // Stripe's PaymentIntent id (pi_...).
    id: text("id").primaryKey(),
    // Null once the listing is deleted: a payment still on its way is then known, and recorded as paid
    // for a listing that is gone, instead of being taken for one we never asked for.
    listingId: uuid("listing_id").references(() => buyerListings.id, { onDelete: "set null" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    // Stripe's PaymentIntent status as we last learnt it (requires_payment_method, succeeded, ...).
    status: text("status").notNull(),
    // The provider's message of the last failed attempt, shown on the boost screen.
    lastError: text("last_error"),
    // The n-th intent for this listing: part of its idempotency key.
    attempt: integer("attempt").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("boost_payments_listing_idx").on(t.listingId, t.createdAt)],
);

/**
 * One granted period of featured placement: paid (a succeeded PaymentIntent, unique, so a repeated event
 * grants once) or complimentary (an admin's, with a reason). A listing's boosted_until is the end of its
 * last standing (active) purchase; a refund or an admin's end recomputes it from those that stand.
 */
export const boostPurchases = pgTable(
  "boost_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null once the listing is deleted: the purchase stays, a record of money taken.
    listingId: uuid("listing_id").references(() => buyerListings.id, { onDelete: "set null" }),
    // The buyer who paid, or the admin who granted it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source", { enum: BOOST_SOURCES }).notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    amountCents: integer("amount_cents").notNull().default(0),
    days: integer("days").notNull(),
    status: text("status", { enum: BOOST_PURCHASE_STATUSES }).notNull().default("active"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    // Why an admin granted it, and why an admin ended it (each required of them).
    reason: text("reason"),
    endReason: text("end_reason"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("boost_purchases_listing_idx").on(t.listingId, t.createdAt),
    // The reminder schedule's read: standing purchases by end.
    index("boost_purchases_reminder_idx")
      .on(t.endsAt)
      .where(sql`status = 'active' and reminder_sent_at is null`),
    check(
      "boost_purchases_paid_has_intent",
      sql`(source = 'stripe') = (stripe_payment_intent_id is not null)`,
    ),
  ],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Who acted (null: the system, or a user since deleted).
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    // Which record the action was about (a profile, listing, user... id), so a record's history is
    // one indexed read; before/after values go in metaJson.
    targetId: text("target_id"),
    metaJson: jsonb("meta_json"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_user_idx").on(t.userId, t.createdAt.desc()),
    index("audit_logs_action_idx").on(t.action, t.createdAt),
    index("audit_logs_target_idx").on(t.targetId, t.createdAt.desc()),
    index("audit_logs_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const compliance = pgTable(
  "compliance",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publisherId: uuid("publisher_id")
      .notNull()
      .references(() => publisherProfiles.id, { onDelete: "cascade" }),
    tcpaComplianceAck: boolean("tcpa_compliance_ack").notNull().default(false),
    dncProcessDesc: text("dnc_process_desc"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    // Which version of the acknowledgment text the publisher saw (the texts live in src/shared).
    ackTextVersion: text("ack_text_version"),
    createdAt: createdAt(),
  },
  (t) => [index("compliance_publisher_idx").on(t.publisherId)],
);

export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyerProfiles.id, { onDelete: "cascade" }),
    publisherId: uuid("publisher_id")
      .notNull()
      .references(() => publisherProfiles.id, { onDelete: "cascade" }),
    // The accepted deal intent it is about (only a real deal can be disputed), and which side opened it.
    dealIntentId: uuid("deal_intent_id")
      .notNull()
      .references(() => dealIntents.id, { onDelete: "cascade" }),
    openedBy: text("opened_by", { enum: DEAL_SIDES }).notNull(),
    reason: text("reason").notNull(),
    // The other side's one answer.
    response: text("response"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("pending"),
    resolutionNotes: text("resolution_notes"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open dispute per deal at a time.
    uniqueIndex("disputes_pending_key").on(t.dealIntentId).where(sql`status = 'pending'`),
    index("disputes_buyer_idx").on(t.buyerId, t.createdAt.desc().nullsFirst()),
    index("disputes_publisher_idx").on(t.publisherId, t.createdAt.desc().nullsFirst()),
    // The admin list by status, keyset on (created_at, id).
    index("disputes_status_idx").on(t.status, t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // The cookie's secret: never leaves the server. `id` is the name the Account page shows and revokes by.
    sid: text("sid").primaryKey(),
    id: uuid("id").notNull().unique().defaultRandom(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    // Null until someone signs in on it (an OIDC round trip stores its state in a session first).
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    signInMethod: text("sign_in_method", { enum: SIGN_IN_METHODS }),
    createdAt: createdAt(),
    // Written at most once a minute by the request that finds it older.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

/**
 * The browsers a user has signed in from, by the hash of a long-lived device cookie: a sign-in from a
 * browser not in this list sends a sign-in alert.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * One-time links about an account, only the SHA-256 of each token kept: confirming a new email
 * (`email` is the new address), undoing a change from the old address (`email` is the address to
 * restore), and the sign-in alert's "not you? sign out everywhere".
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Email sign-in links: only the SHA-256 of the token is kept, so a database leak cannot sign anyone in. */
export const magicLinkTokens = pgTable(
  "magic_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    returnTo: text("return_to"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("magic_link_tokens_expires_idx").on(t.expiresAt)],
);

/** Fixed-window counters for rate limits; in the database so every instance shares them. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

/** Development mail sink read by GET /api/dev/outbox when SMTP_URL is unset. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  // Extra headers the mail carried (List-Unsubscribe on alerts), as they were sent.
  headers: jsonb("headers").$type<Record<string, string>>(),
  createdAt: createdAt(),
});

/**
 * Every mail the app sends (alerts aside), one row per mail, written in the transaction of the change that
 * causes it together with its queue job (jobs/mail.ts). `key` is the mail's idempotency key: a second
 * enqueue of the same mail finds the row and queues nothing, and the job sends only while the row is not
 * `sent`, so a retried job whose mail the SMTP server already accepted sends nothing. A sign-in mail's
 * body (it holds the link's token) is erased once it is sent or past `expires_at`.
 */
export const mails = pgTable(
  "mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text"),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    // Derived from the key: the same on every attempt, so a copy that slipped through reads as one message.
    messageId: text("message_id").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    // An attempt's lease while `sending`: another attempt of the same mail waits until it has passed.
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    // A mail worth sending only until then (a sign-in link's expiry): later it fails without a send.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("mails_key").on(t.key),
    // The admins' failed-mail list, newest first.
    index("mails_failed_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'failed'`),
  ],
);

/** Views, contact reveals and saves: the facts behind listing analytics. */
export const listingEvents = pgTable(
  "listing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => buyerListings.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["view", "reveal", "save"] }).notNull(),
    // One view per viewer per day: viewerKey is the user id or a hashed anonymous key.
    viewerKey: text("viewer_key").notNull(),
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("listing_events_listing_idx").on(t.listingId, t.kind, t.createdAt),
    uniqueIndex("listing_events_view_once_key").on(t.listingId, t.viewerKey, t.day).where(sql`kind = 'view'`),
    // A save counts once per user and listing, ever: unsaving and saving again is not a new save, and
    // the event outlives the bookmark (analytics keep the history).
    uniqueIndex("listing_events_save_once_key").on(t.listingId, t.viewerKey).where(sql`kind = 'save'`),
  ],
);

/**
 * What a viewer did with a listing's contact once it was shown: wrote (email), called (call), or copied the
 * address or the number. Counted in the owning buyer's analytics. At most one row per viewer, listing and
 * kind within a minute (`minute` is the start of that minute), so a double click or a retry counts once.
 */
export const contactEvents = pgTable(
  "contact_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => buyerListings.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: CONTACT_ACTION_KINDS }).notNull(),
    minute: timestamp("minute", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_events_listing_idx").on(t.listingId, t.createdAt),
    uniqueIndex("contact_events_once_a_minute_key").on(t.listingId, t.userId, t.kind, t.minute),
  ],
);

export const savedListings = pgTable(
  "saved_listings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => buyerListings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);

/** Stripe webhook events, stored once by id so replays write nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One CSV import of listings: its progress while it runs, so the admin's screen can poll it
 * and find it again after leaving the page, and its answer once done. Not the listings themselves: those
 * are written in the import's own transaction, all or nothing.
 */
export const listingImports = pgTable(
  "listing_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** The body's size when the client announced it (Content-Length); null for a chunked upload. */
    sizeBytes: integer("size_bytes"),
    bytesRead: integer("bytes_read").notNull().default(0),
    rowsProcessed: integer("rows_processed").notNull().default(0),
    dryRun: boolean("dry_run").notNull(),
    status: text("status", { enum: ["running", "writing", "succeeded", "failed"] })
      .notNull()
      .default("running"),
    /** The answer the request gave (the preview and errors, or the count), for a screen that comes back. */
    result: jsonb("result"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("listing_imports_admin_idx").on(t.adminId, t.createdAt.desc())],
);

/**
 * A publisher's number for SMS alerts (docs/publishers.md, "SMS alerts"): one per user, in E.164. Texts go
 * only to a verified number that is neither opted out nor suspended, of a user with Premium and the add-on.
 * The verification code is kept as a hash, with its expiry, wrong tries and the resend limit's counters.
 */
export const smsNumbers = pgTable(
  "sms_numbers",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    // The consent record this number was given with (sms_consents).
    consentId: uuid("consent_id").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    // SHA-256 of the code and the user id; null once used or replaced.
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    // Codes sent in the hour that began at code_window_started_at (the resend limit).
    codesInWindow: integer("codes_in_window").notNull().default(0),
    codeWindowStartedAt: timestamp("code_window_started_at", { withTimezone: true }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    optOutSource: text("opt_out_source", { enum: SMS_CONSENT_SOURCES }),
    // Permanent delivery failures in a row; at SMS_LIMITS.failuresToSuspend texting stops (suspended_at).
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sms_numbers_phone_idx").on(t.phone)],
);

/**
 * Numbers that replied STOP (or a synonym) to our number and have not replied START since. The opt-out is
 * the number's, not an account's: nothing is texted to it, a verification code included, whichever
 * account enters it, until that number itself texts START. A STOP from a number no account uses is kept
 * too, so an account that enters it later cannot text it either.
 */
export const smsOptOuts = pgTable("sms_opt_outs", {
  // E.164, as sms_numbers.phone.
  phone: text("phone").primaryKey(),
  // The word texted (STOP, QUIT...).
  keyword: text("keyword").notNull(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull(),
});

/**
 * Every consent given and withdrawn, append-only, kept at least five years (docs/operations.md): the
 * consent text's version, when, from where (IP, browser) and for which number. It outlives the account
 * (user_id is set null), since the proof of consent must.
 */
export const smsConsents = pgTable(
  "sms_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    event: text("event", { enum: SMS_CONSENT_EVENTS }).notNull(),
    source: text("source", { enum: SMS_CONSENT_SOURCES }).notNull(),
    textVersion: text("text_version"),
    // The reply that made this record (STOP, START...).
    keyword: text("keyword"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sms_consents_user_idx").on(t.userId, t.createdAt),
    index("sms_consents_phone_idx").on(t.phone, t.createdAt),
  ],
);

/**
 * Every text we send, with the provider's id and its delivery status (Twilio's status callback). A
 * verification code is stored masked. Kept with the consent records, for the same reason.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    kind: text("kind", { enum: SMS_MESSAGE_KINDS }).notNull(),
    body: text("body").notNull(),
    // The listings an alert or summary text was about.
    listingIds: uuid("listing_ids").array().notNull().default(sql`'{}'::uuid[]`),
    // sending (ours, before the provider answered), then the provider's: queued, sent, delivered,
    // undelivered, failed.
    status: text("status").notNull().default("sending"),
    providerSid: text("provider_sid").unique(),
    errorCode: text("error_code"),
    createdAt: createdAt(),
    statusAt: timestamp("status_at", { withTimezone: true }),
  },
  (t) => [index("sms_messages_user_idx").on(t.userId, t.createdAt)],
);

/** The development SMS outbox: texts as they would have gone out when no provider is configured. */
export const smsOutbox = pgTable("sms_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/**
 * The simulated payment provider's objects (customers, subscriptions, invoices, payments, refunds) when
 * development runs with PAYMENTS=simulated (features/payment-simulation): one row, kept in the app's own
 * database so a restart finds the subscriptions the app's rows name, and a fresh database starts both
 * afresh. Never written in production.
 */
export const paymentSimulatorState = pgTable("payment_simulator_state", {
  id: text("id").primaryKey(),
  state: jsonb("state").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Personal API keys (docs/api.md): only the SHA-256 of the key is kept, so a database leak cannot call
 * the API; `prefix` is the key's first characters, which the owner sees to tell keys apart. A revoked
 * key keeps its row (revoked_at) so the owner's list and the audit log can still name it.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes", { enum: API_KEY_SCOPES }).array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

/**
 * The fixed-window request counter of a user's API keys: one per user, whichever key made the request, so
 * making more keys buys no more requests. UNLOGGED (by hand in the migration): a counter is worth nothing
 * after a crash, and a write to an unlogged table does not wait for the WAL flush, so counting every
 * request of a busy user does not hold the row's lock for a disk sync.
 */
export const apiUsage = pgTable("api_usage", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

/**
 * A POST's first answer under its Idempotency-Key, per user: a retry with the same key and body gets it
 * again instead of doing the work twice. status_code is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * Webhook endpoints (docs/api.md#webhooks). The secret signs every delivery, so it is kept as it is (a
 * hash could not sign). failing_since: the first failed attempt since the last success; a day of
 * failures disables the endpoint (disabled_at) and mails the owner.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: textList("events"),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** An attempt holds the endpoint until then: one at a time per endpoint, across instances. */
    attemptingUntil: timestamp("attempting_until", { withTimezone: true }),
    /** After a failed attempt, none of its deliveries is tried before then. */
    backoffUntil: timestamp("backoff_until", { withTimezone: true }),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/** One event for one endpoint, and its attempts so far (the delivery log). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's own id, the same in a redelivery: receivers deduplicate by it. */
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The exact body sent: the signature covers these bytes. */
    payload: text("payload").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt.desc()),
    index("webhook_deliveries_created_idx").on(t.createdAt),
    // An endpoint's pending deliveries by when they are due: the next attempt's pick.
    index("webhook_deliveries_due_idx").on(t.endpointId, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
