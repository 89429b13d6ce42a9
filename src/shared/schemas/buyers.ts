import { z } from "zod";
import { BUYER_PROFILE_DEFAULTS, GEOGRAPHIES, PAYMENT_TERMS, US_TIME_ZONES, VERTICALS } from "../constants";
import { plainText } from "./common";

// The buyer's company profile (the buyer_profiles row, the buyer profile form, GET/POST
// /api/buyer-profile) and the buyer dashboard's figures.

const PROFILE_LIMITS = {
  companyMax: 200,
  notesMax: 2000,
  phoneMax: 40,
  urlMax: 2048,
  integrationOptionsMax: 10,
  integrationOptionMax: 60,
  callDurationMaxSeconds: 86_400,
  dailyCapMax: 1_000_000,
  callHoursMax: 100,
} as const;

/** "" from a cleared input reads as missing. */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A money amount as typed ("25", "49.9", "$1,250") becomes the 2-decimal string numeric(10,2) stores. */
const amount = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    plainText(`${label} is required`)
      .trim()
      .min(1, `${label} is required`)
      .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
      .pipe(
        plainText()
          .regex(/^\d{1,8}(\.\d{1,2})?$/, `${label} must be an amount like 50 or 49.99 (at most 2 decimals)`)
          .transform((v) => Number(v).toFixed(2)),
      ),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`),
  );

/** Optional text: blank is null (cleared), absent is left alone. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    plainText().trim().max(max, `${label} must be at most ${max} characters`).nullable(),
  );

/** The application URL must be a web address; http(s) only (no javascript: or data: links). */
const applicationUrl = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  plainText()
    .trim()
    .max(PROFILE_LIMITS.urlMax, "Application URL is too long")
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        message: "Application URL must be a valid http(s) URL, like https://example.com/apply",
      }),
    )
    .nullable(),
);

/** The company's website: a web address, http(s) only (no javascript: or data: links). */
const websiteAddress = (requiredMessage?: string) =>
  plainText(requiredMessage)
    .trim()
    .min(requiredMessage ? 1 : 0, requiredMessage)
    .max(PROFILE_LIMITS.urlMax, "Website is too long")
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        message: "Website must be a valid http(s) URL, like https://example.com",
      }),
    );

/** The website on the profile: blank is none. */
const website = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  websiteAddress().nullable(),
);

const US_TIME_ZONE_IDS = US_TIME_ZONES.map((zone) => zone.value) as [
  (typeof US_TIME_ZONES)[number]["value"],
  ...(typeof US_TIME_ZONES)[number]["value"][],
];

/** The time zone of the call hours: one of the US zones (IANA names); blank is none. */
const timeZone = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  z.enum(US_TIME_ZONE_IDS, { message: "Choose a US time zone from the list" }).nullable(),
);

const profileFields = {
  company: plainText("Company name is required")
    .trim()
    .min(1, "Company name is required")
    .max(PROFILE_LIMITS.companyMax, `Company name must be at most ${PROFILE_LIMITS.companyMax} characters`),
  verticals: z
    .array(z.enum(VERTICALS, { message: "Choose verticals from the list" }))
    .max(VERTICALS.length)
    .transform((v) => [...new Set(v)]),
  payoutMin: amount("Minimum payout"),
  payoutMax: amount("Maximum payout"),
  paymentTerms: z.enum(PAYMENT_TERMS, {
    message: `Payment terms must be one of: ${PAYMENT_TERMS.join(", ")}`,
  }),
  callDurationRequirement: wholeNumber("Minimum call duration", 0, PROFILE_LIMITS.callDurationMaxSeconds),
  geoCoverage: z
    .array(z.enum(GEOGRAPHIES, { message: "Choose geographies from the list" }))
    .max(GEOGRAPHIES.length)
    .transform((v) => [...new Set(v)]),
  dailyCap: wholeNumber("Daily cap", 1, PROFILE_LIMITS.dailyCapMax),
  integrationOptions: z
    .array(
      plainText()
        .trim()
        .min(1)
        .max(
          PROFILE_LIMITS.integrationOptionMax,
          `Each integration option must be at most ${PROFILE_LIMITS.integrationOptionMax} characters`,
        ),
    )
    .max(
      PROFILE_LIMITS.integrationOptionsMax,
      `At most ${PROFILE_LIMITS.integrationOptionsMax} integration options`,
    )
    .transform((v) => [...new Set(v)]),
  notes: optionalText("Notes", PROFILE_LIMITS.notesMax),
  // Required, an email address: it is how publishers reach the buyer.
  contactEmail: z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    plainText("Contact email is required")
      .trim()
      .min(1, "Contact email is required")
      .max(254, "Contact email is too long")
      .pipe(z.email("Enter a valid contact email address")),
  ),
  contactPhone: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    plainText()
      .trim()
      .max(PROFILE_LIMITS.phoneMax, "Phone number is too long")
      .regex(/^[0-9+().\-\s]*(?:(?:ext|x)\.?\s*\d+)?$/i, "Enter a phone number, like (555) 010-0199")
      .nullable(),
  ),
  applicationUrl,
  website,
  // When calls are taken, as the buyer writes it ("Mon-Fri 9am-6pm"), in `timeZone`.
  callHours: optionalText("Call hours", PROFILE_LIMITS.callHoursMax),
  timeZone,
};

const payoutRangeIsOrdered = (v: { payoutMin?: string | null; payoutMax?: string | null }) =>
  !v.payoutMin || !v.payoutMax || Number(v.payoutMin) <= Number(v.payoutMax);
const PAYOUT_RANGE_MESSAGE = "Minimum payout must not be more than the maximum payout";

/** POST /api/buyer-profile: the profile form with its defaults; unknown keys (a userId) are dropped. */
export const createBuyerProfileSchema = z
  .object({
    ...profileFields,
    verticals: profileFields.verticals.optional().default([]),
    payoutMin: profileFields.payoutMin.optional().default(BUYER_PROFILE_DEFAULTS.payoutMin),
    payoutMax: profileFields.payoutMax.optional().default(BUYER_PROFILE_DEFAULTS.payoutMax),
    paymentTerms: profileFields.paymentTerms.optional().default(BUYER_PROFILE_DEFAULTS.paymentTerms),
    callDurationRequirement: profileFields.callDurationRequirement
      .optional()
      .default(BUYER_PROFILE_DEFAULTS.callDurationRequirement),
    geoCoverage: profileFields.geoCoverage.optional().default([]),
    dailyCap: profileFields.dailyCap.optional().default(BUYER_PROFILE_DEFAULTS.dailyCap),
    integrationOptions: profileFields.integrationOptions.optional().default([]),
    notes: profileFields.notes.optional().default(null),
    contactPhone: profileFields.contactPhone.optional().default(null),
    applicationUrl: profileFields.applicationUrl.optional().default(null),
    website: profileFields.website.optional().default(null),
    callHours: profileFields.callHours.optional().default(null),
    timeZone: profileFields.timeZone.optional().default(null),
  })
  .refine(payoutRangeIsOrdered, { message: PAYOUT_RANGE_MESSAGE, path: ["payoutMin"] });
export type CreateBuyerProfileInput = z.input<typeof createBuyerProfileSchema>;
export type CreateBuyerProfile = z.output<typeof createBuyerProfileSchema>;

/**
 * PUT /api/buyer-profile: any subset of the fields (the Profile tab sends them all). The payout range
 * is checked here when both ends are sent, and against the stored profile on the server otherwise.
 */
export const updateBuyerProfileSchema = z
  .object(profileFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change")
  .refine(payoutRangeIsOrdered, { message: PAYOUT_RANGE_MESSAGE, path: ["payoutMin"] });
export type UpdateBuyerProfileInput = z.input<typeof updateBuyerProfileSchema>;
export type UpdateBuyerProfile = z.output<typeof updateBuyerProfileSchema>;

/**
 * The buyer onboarding's steps before the review, each checked when the buyer moves on (the server
 * checks the whole profile again on create): the company and how to reach it; what is bought and on
 * which terms; when calls are taken. The wizard asks for what the profile form leaves optional.
 */
export const buyerOnboardingStepSchemas = [
  z.object({
    company: profileFields.company,
    website: z.preprocess(
      (value) => (value === null || value === undefined ? "" : value),
      websiteAddress("Website is required"),
    ),
    contactEmail: profileFields.contactEmail,
    contactPhone: profileFields.contactPhone.optional().default(null),
  }),
  z
    .object({
      verticals: profileFields.verticals.refine((v) => v.length > 0, "Choose at least one vertical you buy"),
      payoutMin: profileFields.payoutMin,
      payoutMax: profileFields.payoutMax,
      paymentTerms: profileFields.paymentTerms,
    })
    .refine(payoutRangeIsOrdered, { message: PAYOUT_RANGE_MESSAGE, path: ["payoutMin"] }),
  z.object({
    callHours: plainText("Enter the hours you take calls, like Mon-Fri 9am-6pm")
      .trim()
      .min(1, "Enter the hours you take calls, like Mon-Fri 9am-6pm")
      .max(
        PROFILE_LIMITS.callHoursMax,
        `Call hours must be at most ${PROFILE_LIMITS.callHoursMax} characters`,
      ),
    timeZone: z.enum(US_TIME_ZONE_IDS, { message: "Choose the time zone of your call hours" }),
    dailyCap: profileFields.dailyCap,
  }),
] as const;
export const BUYER_ONBOARDING_STEPS = ["Company", "What You Buy", "Call Hours", "Review & Create"] as const;

export const buyerProfileSchema = z.object({
  id: z.string(),
  company: z.string(),
  verticals: z.array(z.string()),
  payoutMin: z.string().nullable(),
  payoutMax: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  callDurationRequirement: z.number().int().nullable(),
  geoCoverage: z.array(z.string()),
  dailyCap: z.number().int().nullable(),
  integrationOptions: z.array(z.string()),
  notes: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  applicationUrl: z.string().nullable(),
  website: z.string().nullable(),
  callHours: z.string().nullable(),
  timeZone: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BuyerProfile = z.infer<typeof buyerProfileSchema>;

/** GET /api/buyer-stats: the buyer dashboard's four cards, all counted by the database. */
export const buyerStatsSchema = z.object({
  activeListings: z.number().int(),
  /** Deal intents waiting for the buyer's decision. */
  pendingDealIntents: z.number().int(),
  /** The rounded mean payout of the buyer's live (active) listings; null with none live. */
  avgPayout: z.number().int().nullable(),
  /**
   * Detail views of the buyer's listings over the last LISTING_STATS_WINDOW_DAYS days: one per visitor
   * per listing per day, a contact reveal counting as its visitor's view that day.
   */
  listingViews: z.number().int(),
});
export type BuyerStats = z.infer<typeof buyerStatsSchema>;
