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
