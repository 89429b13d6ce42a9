// The product's constants: lists, defaults, limits and fixed texts. Imported by both sides; never retype
// them elsewhere, so the server and the screens cannot drift apart.

export const DEFAULT_APP_NAME = "PayPerCall Hub";

/**
 * The one list of verticals: what a listing carries, what publishers and buyers name in their profiles,
 * what the directory, the alerts and saved searches filter by, and what a CSV import accepts. Stored
 * values are these exact spellings (a migration rewrote the older "Auto" as "Automotive").
 */
export const VERTICALS = [
  "Insurance",
  "Home Services",
  "Legal",
  "Medical",
  "Healthcare",
  "Finance",
  "Solar",
  "Education",
  "Real Estate",
  "Automotive",
  "Travel",
  "Technology",
] as const;
export type Vertical = (typeof VERTICALS)[number];

/**
 * Older spellings read as today's vertical where people or old links may still use them: a CSV file
 * and a /browse link saved before the rename. Nothing stores them.
 */
export const VERTICAL_ALIASES: Readonly<Record<string, Vertical>> = { Auto: "Automotive" };

/** The vertical a name stands for: itself when it is one, its alias's, or null. */
export function canonicalVertical(name: string): Vertical | null {
  if ((VERTICALS as readonly string[]).includes(name)) return name as Vertical;
  return Object.hasOwn(VERTICAL_ALIASES, name) ? (VERTICAL_ALIASES[name] ?? null) : null;
}

/** The directory filter's short list, which it shows first. */
export const BROWSE_VERTICALS = [
  "Insurance",
  "Home Services",
  "Legal",
  "Medical",
  "Finance",
] as const satisfies readonly Vertical[];

export const TRAFFIC_SOURCES = [
  "Search Engine Marketing",
  "Social Media",
  "Direct Mail",
  "Email Marketing",
  "Affiliate Networks",
  "Display Advertising",
  "Radio",
  "TV",
  "Organic Search",
] as const;

export const US_NATIONAL = "US National";

export const GEOGRAPHIES = [
  US_NATIONAL,
  "California",
  "Texas",
  "Florida",
  "New York",
  "Illinois",
  "Pennsylvania",
  "Ohio",
  "Georgia",
  "North Carolina",
] as const;

/** The browse page's first location choices; FILTER_GEOS extends them. */
const BROWSE_GEOS = [US_NATIONAL, "California", "Texas", "Florida"] as const;

// The browse filters offer every vertical and every geography, the short lists first: with only those,
// a third of the directory could not be reached by filter.
export const FILTER_VERTICALS: readonly Vertical[] = [
  ...new Set<Vertical>([...BROWSE_VERTICALS, ...VERTICALS]),
];
export const FILTER_GEOS: readonly string[] = [...new Set<string>([...BROWSE_GEOS, ...GEOGRAPHIES])];

/** Payout filter buckets: min inclusive, max exclusive except the last. */
export const PAYOUT_BUCKETS = [
  { id: "25-50", label: "$25-$50", min: 25, max: 50 },
  { id: "50-100", label: "$50-$100", min: 50, max: 100 },
  { id: "100+", label: "$100+", min: 100, max: null },
] as const;

/** Buyer directory limits; plain constants so the browse page does not pull in the schemas. */
export const LISTING_SEARCH_MAX_LENGTH = 200;
/** Listing performance figures cover this many days of listing events. */
export const LISTING_STATS_WINDOW_DAYS = 30;

export const PAYMENT_TERMS = ["Net 15", "Net 30", "Net 45", "Weekly", "Bi-weekly"] as const;
export const DEFAULT_PAYMENT_TERMS = "Net 30";
export const FLEXIBLE = "Flexible";

export const ROLES = ["admin", "buyer", "publisher", "guest"] as const;
export type Role = (typeof ROLES)[number];

export const LISTING_STATUSES = ["active", "paused", "inactive"] as const;
/** Buyers pause and resume their own listings; "inactive" is an admin's state (only admins set it). */
export const BUYER_LISTING_STATUSES = ["active", "paused"] as const;

/** Publisher review states; any other value displays as Pending Review. */
export const PUBLISHER_STATUSES = ["pending", "approved", "rejected"] as const;
export type PublisherStatus = (typeof PUBLISHER_STATUSES)[number];
export const PUBLISHER_TIERS = ["new", "verified", "premium"] as const;

/**
 * A buyer's verification, one row per attempt (buyer_verifications): in_progress while the buyer proves
 * the domain and a work address, submitted once both are proven and it waits for an administrator,
 * then approved or rejected; an approval an administrator later withdraws is revoked. An approval
 * lapses by itself when its term ends (no state change: its expiry is in the past).
 */
export const BUYER_VERIFICATION_STATUSES = [
  "in_progress",
  "submitted",
  "approved",
  "rejected",
  "revoked",
] as const;
export type BuyerVerificationStatus = (typeof BUYER_VERIFICATION_STATUSES)[number];
export const BUYER_VERIFICATION = {
  /** An approval is good for this long, then lapses unless renewed. */
  termMonths: 12,
  /** The renewal reminder goes out this many days before the term ends. */
  reminderDays: 14,
  /** Wrong tries of one emailed code before it is void. */
  codeAttempts: 5,
  codeTtlMinutes: 30,
  reasonMin: 10,
  reasonMax: 2000,
} as const;
/** How a buyer proved the website's domain: a DNS TXT record or the meta tag on the homepage. */
export const DOMAIN_PROOF_METHODS = ["dns", "meta"] as const;
export type DomainProofMethod = (typeof DOMAIN_PROOF_METHODS)[number];

/** The side a person chose at sign-up, and so which onboarding they land in. */
export const ONBOARDING_SIDES = ["publisher", "buyer"] as const;
export type OnboardingSide = (typeof ONBOARDING_SIDES)[number];

/** Where each side's onboarding lives: the sign-up choice's link lands there. */
export const ONBOARDING_PATHS = {
  publisher: "/publisher/onboarding",
  buyer: "/buyer/onboarding",
} as const satisfies Record<OnboardingSide, string>;

/**
 * The time zones a buyer's call hours may be given in: the US zones, as IANA names (the buyer
 * onboarding's select; the profile keeps the name).
 */
export const US_TIME_ZONES = [
  { value: "America/New_York", label: "Eastern (New York)" },
  { value: "America/Chicago", label: "Central (Chicago)" },
  { value: "America/Denver", label: "Mountain (Denver)" },
  { value: "America/Phoenix", label: "Mountain, no DST (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
  { value: "America/Puerto_Rico", label: "Atlantic (Puerto Rico)" },
] as const;

/** Deal intent states: pending (yellow), accepted (green), rejected (red). */
export const DEAL_INTENT_STATUSES = ["pending", "accepted", "rejected"] as const;
export type DealIntentStatus = (typeof DEAL_INTENT_STATUSES)[number];

/**
 * Requirement tags a listing can carry; the directory filters by them. Ids are stored on
 * listings and sent in URLs; labels are what people read. Served by GET /api/config.
 */
export const REQUIREMENT_TAGS = [
  { id: "trustedform", label: "TrustedForm certificate required" },
  { id: "jornaya", label: "Jornaya LeadiD required" },
  { id: "call-recording", label: "Call recording required" },
  { id: "caller-id", label: "Caller ID required" },
  { id: "no-ivr", label: "No IVR/transfers" },
  { id: "inbound-only", label: "Inbound only" },
  { id: "business-hours", label: "Business hours only" },
] as const;
export type RequirementTagId = (typeof REQUIREMENT_TAGS)[number]["id"];
export const REQUIREMENT_TAG_IDS = REQUIREMENT_TAGS.map((t) => t.id) as [
  RequirementTagId,
  ...RequirementTagId[],
];

/** Listing limits shared by the buyer form, the admin form and the CSV import. */
export const LISTING_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  /** numeric(10,2): up to 99,999,999.99. */
  payoutMaxExclusive: 100_000_000,
  durationMaxSeconds: 86_400,
  minVolumeMax: 1_000_000,
  dailyCapMax: 1_000_000,
  disputeWindowMaxDays: 365,
} as const;

/** A listing whose payout is higher than it was this many days ago carries a "Payout raised" badge. */
export const PAYOUT_RAISED_WINDOW_DAYS = 14;
/** How many payout changes the listing detail shows (newest first). */
export const PAYOUT_HISTORY_LIMIT = 20;

/**
 * Listings compared side by side at most: wider than four columns, the table stops being readable on a
 * phone, and the request stays one small read.
 */
export const MAX_COMPARED_LISTINGS = 4;

/** The buyer profile form's starting values. */
export const BUYER_PROFILE_DEFAULTS = {
  payoutMin: "25",
  payoutMax: "100",
  paymentTerms: DEFAULT_PAYMENT_TERMS,
  callDurationRequirement: 180,
  dailyCap: 100,
} as const;

/** Deal intents: the optional message, and how many a publisher may send per day. */
export const DEAL_INTENT_LIMITS = {
  messageMax: 1000,
  noteMax: 1000,
  perPublisherPerDay: 20,
} as const;

/** Reviews of buyers: a publisher rates a buyer 1-5 after an accepted deal; the buyer replies once. */
export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  commentMax: 2000,
  replyMax: 2000,
  /** An admin hiding a review says why: 10 to 1,000 characters. */
  hideReasonMin: 10,
  hideReasonMax: 1000,
  /** How many of the newest reviews the listing detail carries. */
  latestOnListing: 3,
} as const;

/**
 * What a queued mail is about (the failed-mail list shows it): sign-in links, deal-intent notices,
 * dispute notices and publisher review decisions. Alert mails keep their own jobs.
 */
export const MAIL_KINDS = [
  "sign-in",
  "account",
  "deal-intent",
  "dispute",
  "publisher-review",
  "boost",
  "sms",
  "webhook",
  "buyer-verification",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/**
 * queued: waiting for (or between) attempts; sending: an attempt holds it until `claimed_until`; sent: the
 * SMTP server accepted it; failed: its retries were used up (or it expired first).
 */
export const MAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;

/** Disputes on an accepted deal: opened by either side, answered once, decided by an admin. */
export const DISPUTE_STATUSES = ["pending", "resolved", "rejected"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** Which party of the deal a dispute's opener (or a viewer) is. */
export const DEAL_SIDES = ["buyer", "publisher"] as const;
export type DealSide = (typeof DEAL_SIDES)[number];
export const DISPUTE_LIMITS = {
  reasonMin: 10,
  reasonMax: 2000,
  responseMin: 10,
  responseMax: 2000,
  notesMin: 10,
  notesMax: 2000,
} as const;

/**
 * The buyer reliability score (docs/decisions/012-buyer-reliability-score.md): what it is
 * computed from and how. Shared, so the formula the screens show is the one the server runs.
 */
export const RELIABILITY = {
  /** Outcomes older than this are left out. */
  windowDays: 365,
  /** An outcome this many days old weighs half as much as one from today. */
  halfLifeDays: 90,
  /** A deal request counts as answered in time when the buyer decided it within this many hours. */
  answerWithinHours: 48,
  /** Below this many reviewed deals in the window the score is null ("Not enough data"). */
  minReviewedDeals: 3,
  /** Weights of the three factors (they add up to 1; a factor without data is left out). */
  weights: { rating: 0.5, responsiveness: 0.3, disputes: 0.2 },
  /** How much a dispute a publisher opened against the buyer counts, by the admin's decision. */
  disputePenalty: { resolved: 1, pending: 0.5, rejected: 0 },
} as const;

/** The buyer's Analytics tab: the ranges it offers, in days, and the default. */
/**
 * What a viewer can do with a contact the listing's page shows: write (a mailto: link), call (a tel:
 * link), or copy the address or the number. Each is recorded for the buyer's analytics.
 */
export const CONTACT_ACTION_KINDS = ["email", "call", "copy_email", "copy_phone"] as const;
export type ContactActionKind = (typeof CONTACT_ACTION_KINDS)[number];

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** The buyer listing form's starting values (also what a created listing takes for a missing field). */
export const LISTING_DEFAULTS = {
  payout: "50",
  paymentTerms: DEFAULT_PAYMENT_TERMS,
  durationRequirement: 180,
  minVolume: 10,
  status: "active",
} as const;

/** Default Premium price: the server's PREMIUM_PRICE_CENTS overrides it; every page shows the server's. */
export const DEFAULT_PREMIUM_PRICE_CENTS = 49900;
export const PREMIUM_INTERVAL = "year" as const;

/** Default Boost price: the server's BOOST_PRICE_CENTS overrides it; every page shows the server's. */
export const DEFAULT_BOOST_PRICE_CENTS = 9900;
/** Days of featured placement one Boost buys (added to the end of a boost still running). */
export const BOOST_DAYS = 14;
/** The currency a Boost is charged in (the price above is in its cents). */
export const BOOST_CURRENCY = "usd";
/** The reminder mail goes out this long before a boost ends. */
export const BOOST_REMINDER_DAYS_BEFORE = 2;
/** An admin's complimentary boost: 1 to this many days. */
export const BOOST_GRANT_MAX_DAYS = 90;
/** stripe: paid through a PaymentIntent; complimentary: granted by an admin, no payment behind it. */
export const BOOST_SOURCES = ["stripe", "complimentary"] as const;
export type BoostSource = (typeof BOOST_SOURCES)[number];
/** active: counts towards the listing's boost; refunded: fully refunded, its days taken back; ended: an admin ended it. */
export const BOOST_PURCHASE_STATUSES = ["active", "refunded", "ended"] as const;

export const ADDONS = {
  // Its monthly price is the server's (SMS_PRICE_CENTS), read from GET /api/config.
  smsAlerts: { name: "SMS Alerts", per: "month" },
  // Its price and days are the server's (BOOST_PRICE_CENTS, BOOST_DAYS), read from GET /api/config.
  boostListing: { name: "Boost Listing" },
} as const;

/** Default SMS Alerts price a month: the server's SMS_PRICE_CENTS overrides it; every page shows the server's. */
export const DEFAULT_SMS_PRICE_CENTS = 4900;

/** What a Stripe subscription sells: Premium (yearly) or the SMS Alerts add-on (monthly). */
export const SUBSCRIPTION_PRODUCTS = ["premium", "sms"] as const;
export type SubscriptionProduct = (typeof SUBSCRIPTION_PRODUCTS)[number];

/** SMS alerts (docs/publishers.md, "SMS alerts"): the rules of verification, sending and quiet hours. */
export const SMS_LIMITS = {
  /** Digits of a verification code. */
  codeLength: 6,
  /** A code works for this long. */
  codeTtlMinutes: 10,
  /** Wrong tries one code allows; then a new code is needed. */
  codeMaxAttempts: 5,
  /** Seconds between two codes to one user. */
  resendAfterSeconds: 60,
  /** Codes one user may have sent within an hour. */
  codesPerHour: 5,
  /** Alert texts one user gets in a local day; later matches wait for the next morning's summary. */
  textsPerDay: 10,
  /** No alert texts from this hour (local)... */
  quietStartHour: 21,
  /** ...until this one; what came in meanwhile goes out merged at this hour. */
  quietEndHour: 8,
  /** One SMS segment of GSM-7 characters: every text we send fits in it. */
  maxLength: 160,
  /** Permanent delivery failures in a row after which a number gets no more texts. */
  failuresToSuspend: 3,
} as const;

/** The time zone quiet hours use until the user chooses one (the Alerts tab offers the browser's). */
export const DEFAULT_TIME_ZONE = "America/New_York";

/**
 * The consent a user gives before we text them, kept word for word per version: each consent record
 * names the version it agreed to. A changed text is a new version (the old one stays here).
 */
export const SMS_CONSENT_TEXTS = {
  "2026-11-26":
    "I agree to receive automated text messages from PayPerCall Hub at this number about new buyer listings that match my alerts, up to 10 a day. Consent is not a condition of purchase. Message and data rates may apply. Reply STOP to opt out at any time, HELP for help.",
} as const;
export type SmsConsentVersion = keyof typeof SMS_CONSENT_TEXTS;
export const SMS_CONSENT_VERSION: SmsConsentVersion = "2026-11-26";

/**
 * Listing alerts (docs/product.md, "Listing alerts"): instant mails are a Premium benefit; daily and
 * weekly digests are for everyone (weekly by default).
 */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = "weekly";
/**
 * How an alert reached someone (alert_deliveries.channel). The Alerts tab's channels choose email only:
 * SMS alerts have their own switch, the SMS Alerts section (a verified number with consent).
 */
/** How a listing reached a user (alert_deliveries): webhook is the listing.matched event. */
export const ALERT_CHANNELS = ["email", "sms", "webhook"] as const;
export const ALERT_PREFERENCE_CHANNELS = ["email"] as const;

export const ALERT_LIMITS = {
  /** Saved searches one user may keep. */
  savedSearchesMax: 20,
  /** Listings one mail lists; more are summed up with a link to browse. */
  listingsPerMail: 25,
} as const;

/** An email sign-in link works once, for this long: short, since whoever holds the link can sign in. */
export const MAGIC_LINK_TTL_MS = 10 * 60 * 1000;

export const MESSAGES = {
  unauthorized: "Unauthorized",
  loggedOut: "You are logged out. Logging in again...",
  accessDenied: "Access Denied",
  adminRequired: "Administrator access required.",
  premiumRequired: "Premium subscription required",
  listingNotFound: "Listing not found",
  dealIntentNotFound: "Deal request not found",
  reviewNotFound: "Review not found",
  disputeNotFound: "Dispute not found",
  buyerNotFound: "Buyer not found",
  buyerProfileRequired: "Create your buyer profile first.",
  /** A buyer profile whose owner an administrator moved to another role (the rows stay, the rights go). */
  buyerRoleRequired: "Only buyer accounts can do this. Ask an administrator if your role changed by mistake.",
  publisherRoleRequired:
    "Only publisher accounts can do this. Ask an administrator if your role changed by mistake.",
} as const;

/** Sign-in refused for an account an admin disabled. */
export const ACCOUNT_DISABLED_MESSAGE =
  "This account has been disabled. Contact support if you think this is a mistake.";

/**
 * Texts of the admin console: toasts of the publisher review and of listing management. Exact wording:
 * admins, docs/admin.md and the end-to-end tests rely on it; do not reword.
 */
export const ADMIN_MESSAGES = {
  publisherApproved: "Publisher Approved",
  publisherApprovedDescription: "The publisher has been approved and can now access verified features.",
  publisherRejected: "Publisher Rejected",
  publisherRejectedDescription: "The publisher application has been rejected.",
  success: "Success",
  listingCreated: "Buyer listing created successfully.",
  listingUpdated: "Buyer listing updated successfully.",
  listingDeleted: "Buyer listing deleted successfully.",
  createListingFailed: "Failed to create buyer listing.",
  updateListingFailed: "Failed to update buyer listing.",
  deleteListingFailed: "Failed to delete buyer listing.",
  importFailed: "Failed to import CSV data.",
} as const;

/** The import's success toast (exact wording, like ADMIN_MESSAGES). */
export const importedListingsMessage = (count: number) =>
  `Successfully imported ${count.toLocaleString("en-US")} buyer listings.`;

/** The admin dashboard shows the first 5 pending publishers; the rest are on /admin/publishers. */
export const DASHBOARD_PENDING_PUBLISHERS = 5;
/** A rejection tells the publisher why: 10 to 1,000 characters. */
export const REVIEW_REASON_LIMITS = { min: 10, max: 1000 } as const;

/** What the free plan gives, the same words on pricing and in the welcome dialog. */
export const FREE_PLAN_FEATURES = [
  "Browse all buyer listings",
  "Payout ranges and verticals",
  "Basic search filters",
] as const;

/** What Premium adds, the same words on pricing, the upgrade dialog and the subscribe page. */
export const PREMIUM_BENEFITS = [
  "Buyer contact details: company, email, phone and application link",
  "Instant email alerts when new buyers match your verticals",
  "7-day money-back guarantee; cancel anytime",
] as const;

/** Texts of the payment flow. Exact wording: users and the end-to-end tests rely on it; do not reword. */
export const PAYMENT_MESSAGES = {
  loginRequired: "Login Required",
  loginRequiredDescription: "Please log in to subscribe to Premium.",
  initFailed: "Failed to initialize payment. Please try again.",
  paymentFailed: "Payment Failed",
  paymentSucceeded: "Payment Successful",
  paymentSucceededDescription: "Welcome to Premium!",
  setupRequired: "Payment System Setup Required",
  unavailable: "Payment processing is temporarily unavailable. Please try again later.",
  processing: "Processing...",
  notConfigured: "Payments are not configured on this server.",
  noBillingAccount: "No billing account yet: subscribe to Premium first.",
} as const;

/** How a session was signed in: an email link, the identity provider, or the development login. */
export const SIGN_IN_METHODS = ["email", "oidc", "dev"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The one-time links of the Account page's mails (the account_tokens table). */
export const ACCOUNT_TOKEN_PURPOSES = ["email_change", "email_undo", "not_me"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * What a personal API key may do (docs/api.md). A key acts as its user, with the user's role and
 * entitlements, and only on the routes whose scope it holds.
 */
export const API_KEY_SCOPES = ["listings:read", "listings:write", "alerts:read", "webhooks:manage"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The events a webhook endpoint may subscribe to (docs/api.md#webhooks). */
export const WEBHOOK_EVENTS = [
  "listing.matched",
  "deal_intent.created",
  "deal_intent.decided",
  "review.created",
  "dispute.updated",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** pending: waiting for (or between) attempts; succeeded: a 2xx answer; failed: retries used up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The directory's orders (GET /api/buyer-listings?sort=): boosted first is the default. */
export const LISTING_SORTS = ["boosted", "newest", "payout", "reliability", "reviews"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** How the Browse page names each order, in the order its sort control lists them. */
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  boosted: "Featured",
  payout: "Highest payout",
  newest: "Newest",
  reliability: "Most reliable",
  reviews: "Most reviewed",
};

/** What the publisher journey says: form rules, toasts and screens, and the server's refusals. */
export const PUBLISHER_MESSAGES = {
  website: "Please enter a valid website URL",
  dailyCalls: "Must be at least 1 call per day",
  yearsNegative: "Years in business cannot be negative",
  trafficSources: "Select at least one traffic source",
  verticals: "Select at least one vertical",
  geos: "Select at least one geography",
  references: "Provide at least one reference",
  referenceFormat: "Give a name and a valid email or phone number, written as Name, Company, Email, Phone",
  // Toasts and screens. Exact wording: publishers and the end-to-end tests rely on it; do not reword.
  profileCreated: "Profile Created",
  onboardingComplete: "Onboarding Complete!",
  onboardingCompleteDescription: "Your profile is now under review. You'll be notified once approved.",
  profileUpdated: "Profile Updated",
  domainVerified: "Domain Verified!",
  domainVerifiedDescription: "Your domain ownership has been confirmed.",
  pleaseLogIn: "Please log in to continue",
  noProfile: "No Profile Found",
  complianceMissing: "Compliance Not Completed",
  completeProfile: "Complete Your Profile",
  underReview: "Your profile is under review",
  // Home and listing pages: said to someone who has sent a profile, so never "complete your profile".
  awaitingReview: "Your publisher profile is awaiting review.",
  // Server answers.
  alreadyHasProfile: "You already have a publisher profile",
  buyerAccount: "This account is a buyer account",
  adminAccount: "This account is an administrator account: administrators review publishers",
  profileNotFound: "Publisher profile not found",
  createProfileFirst: "Create your publisher profile first",
  nothingToChange: "Send at least one field to change",
} as const;
