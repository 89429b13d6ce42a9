import { z } from "zod";
import {
  GEOGRAPHIES,
  LISTING_STATUSES,
  PUBLISHER_STATUSES,
  REQUIREMENT_TAG_IDS,
  ROLES,
  VERTICALS,
} from "../constants";
import { emailSchema } from "./auth";
import { plainText } from "./common";
import { websiteSchema } from "./publisher";

// The development-only API under /api/dev (404 outside development): demo sign-in, the mail outbox,
// and the test fixtures the browser tests create and remove for themselves
// (docs/decisions/008-client-layers.md).

export const demoAccountSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  description: z.string(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;

export const devLoginSchema = z.object({ email: emailSchema });

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Extra headers the mail carried (List-Unsubscribe on alerts). */
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** Every fixture user's email ends with this domain: cleanup removes nothing else. */
export const FIXTURE_EMAIL_DOMAIN = "fixtures.test";

export const fixtureListingSchema = z.object({
  /** The fixture's token is appended, so a search for the token finds exactly the fixture's listings. */
  title: plainText().trim().min(1).max(150).optional(),
  description: plainText().trim().max(2000).optional(),
  vertical: z.enum(VERTICALS).default("Insurance"),
  payout: plainText()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "must be an amount like 50 or 49.99")
    .default("50.00"),
  geos: z.array(z.enum(GEOGRAPHIES)).max(GEOGRAPHIES.length).default([]),
  status: z.enum(LISTING_STATUSES).default("active"),
  tags: z.array(z.enum(REQUIREMENT_TAG_IDS)).max(REQUIREMENT_TAG_IDS.length).default([]),
  /** The listing's own daily cap; left out, the buyer profile's applies. */
  dailyCap: z.number().int().min(1).optional(),
});
export type FixtureListingInput = z.input<typeof fixtureListingSchema>;

const MAX_FIXTURE_LISTINGS = 200;

/** POST /api/dev/fixtures: one user, the profile their role implies, and a buyer's listings. */
export const fixtureRequestSchema = z
  .object({
    role: z.enum(ROLES).default("guest"),
    firstName: plainText().trim().min(1).max(100).optional(),
    lastName: plainText().trim().min(1).max(100).optional(),
    /** The account's company (the admin screens address an applicant by it). */
    company: plainText().trim().min(1).max(200).optional(),
    /** A publisher's website; by default one unique to the fixture (https://TOKEN.example). */
    website: websiteSchema.optional(),
    /** Complimentary Premium, granted the way support grants it. */
    premium: z.boolean().default(false),
    /** A publisher's review status: approved (default, like the demo's) or an application to review. */
    publisherStatus: z.enum(PUBLISHER_STATUSES).default("approved"),
    /** A buyer profile's daily cap (none by default). */
    dailyCap: z.number().int().min(1).optional(),
    listings: z.array(fixtureListingSchema).max(MAX_FIXTURE_LISTINGS).default([]),
    /** A buyer's stored reliability score and review count, as the reliability refresh would store them. */
    reliabilityScore: z.number().int().min(0).max(100).optional(),
    reviewCount: z.number().int().min(0).optional(),
    /** A verified number for SMS alerts (E.164) with its consent record, as the Alerts tab leaves one. */
    smsPhone: plainText()
      .regex(/^\+[1-9]\d{6,14}$/)
      .optional(),
  })
  .refine((f) => f.role === "buyer" || f.listings.length === 0, {
    message: "only a buyer fixture has listings",
    path: ["listings"],
  })
  .refine((f) => f.role === "publisher" || f.website === undefined, {
    message: "only a publisher fixture has a website",
    path: ["website"],
  })
  .refine((f) => f.role === "publisher" || f.publisherStatus === "approved", {
    message: "only a publisher fixture has a review status",
    path: ["publisherStatus"],
  });
export type FixtureRequest = z.input<typeof fixtureRequestSchema>;

export const fixtureSchema = z.object({
  /** Pass to DELETE /api/dev/fixtures/{fixtureId}; it is the user's id. */
  fixtureId: z.uuid(),
  /** A word unique to this fixture: in the email, the company and every listing title. */
  token: z.string(),
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(ROLES),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    hasActiveSubscription: z.boolean(),
  }),
  publisherProfileId: z.uuid().nullable(),
  buyer: z
    .object({
      profileId: z.uuid(),
      company: z.string(),
      contactEmail: z.string(),
      contactPhone: z.string(),
      applicationUrl: z.string(),
    })
    .nullable(),
  listings: z.array(z.object({ id: z.uuid(), title: z.string() })),
  /** The user's own alert-unsubscribe page (the link every alert mail carries), token included. */
  unsubscribePath: z.string(),
});
export type Fixture = z.infer<typeof fixtureSchema>;

export const fixturePremiumSchema = z.object({ enabled: z.boolean() });

// ---------------------------------------------------------------------------------------------------
// The development tools (/dev/webhooks, /dev/sms): webhooks and SMS replies tried on one machine.

/** Where a development server takes webhook deliveries in, to register as an endpoint's URL. */
export const WEBHOOK_INBOX_PATH = "/api/dev/webhook-inbox";

/**
 * What the inbox found of a delivery's X-Signature, checked as docs/api.md tells a receiver to:
 * "valid"; "invalid" (missing, malformed, or not the HMAC of this body with any secret of an endpoint at
 * this URL); "unknown_endpoint" (no endpoint is registered at the URL it came to); "stale" (the HMAC
 * matches but its time is more than 5 minutes from ours).
 */
export const INBOX_SIGNATURE_RESULTS = ["valid", "invalid", "unknown_endpoint", "stale"] as const;
export type InboxSignatureResult = (typeof INBOX_SIGNATURE_RESULTS)[number];

/** GET /api/dev/webhook-inbox: one delivery received, newest first. */
export const inboxDeliverySchema = z.object({
  id: z.string(),
  receivedAt: z.iso.datetime({ offset: true }),
  /** The path it was posted to, with its query. */
  path: z.string(),
  headers: z.record(z.string(), z.string()),
  /** The body as received, not parsed. */
  body: z.string(),
  signature: z.enum(INBOX_SIGNATURE_RESULTS),
});
export type InboxDelivery = z.infer<typeof inboxDeliverySchema>;

/** The replies the SMS page offers; free text goes the same way (and is ignored, as Twilio's would be). */
export const SMS_REPLY_KEYWORDS = ["STOP", "START", "HELP"] as const;

/** POST /api/dev/sms-inbound: a text "from" a number to ours, as Twilio would post it. */
export const devSmsInboundSchema = z.object({
  from: plainText()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, "Enter the number in international format, like +15555550123"),
  body: plainText().trim().min(1, "Enter the text of the reply").max(320),
});
export type DevSmsInbound = z.infer<typeof devSmsInboundSchema>;

export const devSmsInboundResultSchema = z.object({
  /** The status /api/sms/inbound answered: 200, or 403 when it refused the signature. */
  status: z.number().int(),
  /** The text our number answers with (STOP, START, HELP), or null when it answers nothing. */
  reply: z.string().nullable(),
});
export type DevSmsInboundResult = z.infer<typeof devSmsInboundResultSchema>;
