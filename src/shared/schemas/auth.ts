import { z } from "zod";
import { MAGIC_LINK_TTL_MS, ONBOARDING_SIDES, ROLES } from "../constants";
import { plainText } from "./common";

export const currentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  hasActiveSubscription: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * GET /api/auth/user: the current user, and whether they had signed in before the sign-in that began
 * this visit, so a first visit is welcomed rather than welcomed back.
 */
export const sessionUserSchema = currentUserSchema.extend({ hasSignedInBefore: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** An address as accounts are matched by (sign-in, email change, the deletion's typed confirmation). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = plainText("Email is required")
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

/** Same-site path only: "/x" but never "//host" or "/\host" (open-redirect guard). */
const returnToSchema = plainText()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, "must be a path on this site");

/**
 * The signup form: which side the person is on (it decides the onboarding the sign-in link leads to), an
 * email and the terms ticked; the account itself is made at sign-in.
 */
export const signupSchema = z.object({
  side: z
    .enum(ONBOARDING_SIDES, { message: "Choose whether you generate or buy calls" })
    .default("publisher"),
  email: emailSchema,
  acceptedTerms: z.boolean().refine(Boolean, "Accept the Terms of Service and Privacy Policy to continue"),
});

/**
 * Where to send the browser after sign-in: a same-site page path (returnToSchema), never an API path
 * (a navigation there would run a GET the user did not ask for). Anything else is "/": the one
 * open-redirect rule, used by the server and the sign-in page.
 */
export function safeReturnTo(value: unknown): string {
  const parsed = returnToSchema.safeParse(value);
  return parsed.success && !parsed.data.startsWith("/api/") && parsed.data !== "/api" ? parsed.data : "/";
}

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  returnTo: returnToSchema.optional(),
});

export const magicLinkVerifySchema = z.object({
  token: plainText().min(20, "Sign-in link is incomplete").max(200),
});

export const messageSchema = z.object({ message: z.string() });

/** How long a sign-in link works, in the words of the page and the mail. */
export const MAGIC_LINK_TTL_TEXT = `${MAGIC_LINK_TTL_MS / 60_000} minutes`;

export const MAGIC_LINK_SENT_MESSAGE = `If that address can receive mail, a sign-in link is on its way. It works once, for ${MAGIC_LINK_TTL_TEXT}.`;
export const MAGIC_LINK_INVALID_MESSAGE = "This sign-in link is invalid, used or expired. Request a new one.";
