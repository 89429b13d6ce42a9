import { z } from "zod";
import {
  GEOGRAPHIES,
  PUBLISHER_MESSAGES,
  PUBLISHER_STATUSES,
  PUBLISHER_TIERS,
  TRAFFIC_SOURCES,
  VERTICALS,
} from "../constants";
import { plainText } from "./common";

// The publisher journey's API contract (onboarding, profile and dashboard; docs/publishers.md). The
// wizard's steps, the profile's edit form and the server all parse with these schemas, so a rule and its
// message exist once.

// The wording lives with the other constants (the listing page shows one without loading a schema).
export { PUBLISHER_MESSAGES };

/** At most 3 references, as the wizard offers; the other bounds keep each field to a sane size. */
export const PUBLISHER_LIMITS = {
  referencesMax: 3,
  referenceMaxLength: 300,
  websiteMaxLength: 2048,
  dailyCallsMax: 1_000_000,
  yearsMax: 100,
} as const;

/** The wizard's starting values. */
export const ONBOARDING_DEFAULTS = {
  website: "",
  avgDailyCalls: 10,
  yearsInBusiness: 1,
  trafficSources: [] as string[],
  verticals: [] as string[],
  geos: [] as string[],
  references: [""],
} as const;

export const ONBOARDING_STEPS = [
  "Business Info",
  "Traffic & Verticals",
  "Domain Verification",
  "References",
  "Compliance",
] as const;

// URL exists in browsers and in Node; src/shared is type-checked with neither library, so its shape is
// declared here.
declare const URL: new (
  input: string,
) => { protocol: string; hostname: string; username: string; password: string };

/** An http(s) address with a host and no credentials in it. */
function isWebsiteUrl(value: string): boolean {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.hostname.length > 0 &&
    !url.username &&
    !url.password
  );
}

/**
 * The host a website address names, compared without letter case, a trailing dot or a leading "www."
 * ("https://WWW.Calls.example/apply" and "http://calls.example" are one site); null when it is no
 * website address.
 */
export function websiteHost(value: string | null | undefined): string | null {
  if (!value || !isWebsiteUrl(value.trim())) return null;
  const host = new URL(value.trim()).hostname.toLowerCase().replace(/\.$/, "");
  return host.startsWith("www.") && host.length > 4 ? host.slice(4) : host;
}

export const websiteSchema = plainText(PUBLISHER_MESSAGES.website)
  .trim()
  .min(1, PUBLISHER_MESSAGES.website)
  .max(PUBLISHER_LIMITS.websiteMaxLength, PUBLISHER_MESSAGES.website)
  .refine(isWebsiteUrl, PUBLISHER_MESSAGES.website);

// ---- references --------------------------------------------------------------------------------

const EMAIL_PATTERN = /^[^\s@,]+@[^\s@,]+\.[a-z]{2,}$/i;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

/** An email address as people write one: something@host.tld, no spaces. */
function isReferenceEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** A phone number: digits with the usual separators (+, spaces, dots, dashes, brackets), 7 to 15 digits. */
function isReferencePhone(value: string): boolean {
  const text = value.trim();
  if (!PHONE_CHARACTERS.test(text)) return false;
  const digits = text.replace(/(?:ext\.?|x)\s*\d+$/i, "").replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export interface ParsedReference {
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * A reference line "Name, Company, Email, Phone" read leniently: the first part is the name (it must
 * hold letters and be neither an email nor a phone), the email and phone are found wherever they are,
 * and any other part is the company. Usable means a name and at least one way to reach them; null
 * otherwise. Both the forms and the server ask this, so a reference nobody could call is refused.
 */
export function parseReference(line: string): ParsedReference | null {
  const parts = line
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const [name, ...rest] = parts;
  if (!name || isReferenceEmail(name) || isReferencePhone(name)) return null;
  if ((name.match(/\p{L}/gu) ?? []).length < 2) return null;
  const email = rest.find(isReferenceEmail) ?? null;
  const phone = rest.find(isReferencePhone) ?? null;
  if (!email && !phone) return null;
  const company = rest.find((part) => part !== email && part !== phone) ?? null;
  return { name, company, email, phone };
}

const choices = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z
    .array(z.enum(options, { message: `Choose from the list: ${options.join(", ")}` }), { message })
    .min(1, message)
    .max(options.length)
    .transform((v) => [...new Set(v)]);

const profileFields = {
  website: websiteSchema,
  avgDailyCalls: z
    .number({ message: PUBLISHER_MESSAGES.dailyCalls })
    .int("Must be a whole number")
    .min(1, PUBLISHER_MESSAGES.dailyCalls)
    .max(
      PUBLISHER_LIMITS.dailyCallsMax,
      `Must be at most ${PUBLISHER_LIMITS.dailyCallsMax.toLocaleString("en-US")} calls per day`,
    ),
  yearsInBusiness: z
    .number({ message: "Enter the number of years in business" })
    .int("Must be a whole number")
    .min(0, PUBLISHER_MESSAGES.yearsNegative)
    .max(PUBLISHER_LIMITS.yearsMax, `Must be at most ${PUBLISHER_LIMITS.yearsMax} years`),
  trafficSources: choices(TRAFFIC_SOURCES, PUBLISHER_MESSAGES.trafficSources),
  verticals: choices(VERTICALS, PUBLISHER_MESSAGES.verticals),
  geos: choices(GEOGRAPHIES, PUBLISHER_MESSAGES.geos),
  // Free text "Name, Company, Email, Phone"; blank lines are dropped before counting, every other line
  // must name someone and say how to reach them (parseReference).
  references: z
    .array(
      plainText()
        .trim()
        .max(
          PUBLISHER_LIMITS.referenceMaxLength,
          `A reference must be at most ${PUBLISHER_LIMITS.referenceMaxLength} characters`,
        )
        .refine((line) => line === "" || parseReference(line) !== null, PUBLISHER_MESSAGES.referenceFormat),
      { message: PUBLISHER_MESSAGES.references },
    )
    .max(PUBLISHER_LIMITS.referencesMax, `At most ${PUBLISHER_LIMITS.referencesMax} references`)
    .transform((lines) => lines.filter((line) => line.length > 0))
    .refine((lines) => lines.length > 0, PUBLISHER_MESSAGES.references),
};

// One schema per wizard step, so each step checks only its own fields.
export const businessInfoSchema = z.object({
  website: profileFields.website,
  avgDailyCalls: profileFields.avgDailyCalls,
  yearsInBusiness: profileFields.yearsInBusiness,
});
export const trafficSchema = z.object({
  trafficSources: profileFields.trafficSources,
  verticals: profileFields.verticals,
  geos: profileFields.geos,
});
export const referencesSchema = z.object({ references: profileFields.references });

/**
 * POST /api/publisher-profile. Unknown keys, a posted `userId` among them, are dropped:
 * the owner is the session's user, and status, tier and score are the server's.
 */
export const createPublisherProfileSchema = z.object(profileFields);
export type CreatePublisherProfileInput = z.input<typeof createPublisherProfileSchema>;
export type CreatePublisherProfile = z.output<typeof createPublisherProfileSchema>;

/** PUT /api/publisher-profile/{id}: a partial update, every field optional. */
export const updatePublisherProfileSchema = z
  .object(profileFields)
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), PUBLISHER_MESSAGES.nothingToChange);
export type UpdatePublisherProfileInput = z.input<typeof updatePublisherProfileSchema>;
export type UpdatePublisherProfile = z.output<typeof updatePublisherProfileSchema>;

// ---- domain verification (docs/publishers.md) ------------------------------------------------------

export const VERIFICATION_META_NAME = "ppc-site-verification";
const VERIFICATION_TOKEN_PREFIX = "ppc-verify-";

/** The token is a fixed prefix and the first 16 characters of the user id. */
export function domainVerificationToken(userId: string): string {
  return `${VERIFICATION_TOKEN_PREFIX}${userId.slice(0, 16)}`;
}

/** The tag a publisher places in the <head> of their homepage. */
export function domainVerificationTag(userId: string): string {
  return `<meta name="${VERIFICATION_META_NAME}" content="${domainVerificationToken(userId)}">`;
}

/**
 * POST /api/publisher-profile/verify-domain. With a profile, its website is checked and `website` is
 * ignored; in the wizard (no profile yet) the website typed in step 1 is sent.
 */
export const verifyDomainInputSchema = z.object({ website: websiteSchema.optional() });
export type VerifyDomainInput = z.input<typeof verifyDomainInputSchema>;

export const verifyDomainResultSchema = z.object({
  verified: z.literal(true),
  verifiedAt: z.string(),
  website: z.string(),
});
export type VerifyDomainResult = z.infer<typeof verifyDomainResultSchema>;

// ---- the profile answer -----------------------------------------------------------------------------

/** The quality score's factors (features/publishers/quality-score.ts computes them). */
const QUALITY_FACTOR_IDS = [
  "profile_complete",
  "compliance",
  "domain_verified",
  "approved",
  "years_in_business",
] as const;
export type QualityFactorId = (typeof QUALITY_FACTOR_IDS)[number];

const qualityFactorSchema = z.object({
  id: z.enum(QUALITY_FACTOR_IDS),
  label: z.string(),
  /** How the points are earned, in a sentence. */
  rule: z.string(),
  points: z.number().int(),
  maxPoints: z.number().int(),
});
export type QualityFactor = z.infer<typeof qualityFactorSchema>;

export const qualityBreakdownSchema = z.object({
  score: z.number().int().min(0).max(100),
  factors: z.array(qualityFactorSchema),
});
export type QualityBreakdown = z.infer<typeof qualityBreakdownSchema>;

/** GET /api/publisher-profile (the profile's fields plus review, verification and the score's breakdown). */
export const publisherProfileSchema = z.object({
  id: z.uuid(),
  website: z.string().nullable(),
  avgDailyCalls: z.number().int().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  trafficSources: z.array(z.string()),
  verticals: z.array(z.string()),
  geos: z.array(z.string()),
  references: z.array(z.string()),
  tier: z.enum(PUBLISHER_TIERS),
  status: z.enum(PUBLISHER_STATUSES),
  qualityScore: z.number().int(),
  qualityBreakdown: qualityBreakdownSchema,
  complianceAckAt: z.string().nullable(),
  domainVerifiedAt: z.string().nullable(),
  /** The meta tag content that proves the website is the publisher's. */
  verificationToken: z.string(),
  reviewedAt: z.string().nullable(),
  /** The admin's reason, shown to the publisher (a rejection's in particular). */
  reviewReason: z.string().nullable(),
  /** From the account (the profile tab shows company and phone when present). */
  company: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublisherProfile = z.infer<typeof publisherProfileSchema>;

// ---- dashboard and activity -------------------------------------------------------------------------

/** GET /api/publisher-dashboard: live figures over the directory's active listings. */
export const publisherDashboardSchema = z.object({
  /** Buyer companies with at least one active listing. */
  activeBuyers: z.number().int(),
  /** Mean payout of active listings, 2 decimals; null when there are none. */
  avgPayout: z.string().nullable(),
  /** Distinct verticals of active listings. */
  verticals: z.number().int(),
});
export type PublisherDashboard = z.infer<typeof publisherDashboardSchema>;

const ACTIVITY_KINDS = [
  "account_created",
  "profile_created",
  "compliance_submitted",
  "domain_verified",
  "profile_updated",
  "approved",
  "rejected",
  "other",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** A line of detail: the admin's reason, the fields changed, the website verified. */
  detail: z.string().nullable(),
  /** Who acted: the publisher, an administrator, or the system. */
  actor: z.enum(["you", "admin", "system"]),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
