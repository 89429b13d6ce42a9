import { z } from "zod";
import { ROLES, SIGN_IN_METHODS } from "../constants";
import { emailSchema } from "./auth";
import { plainText } from "./common";

// The Account page (docs/product.md, "Your account"): the account's summary, its signed-in sessions,
// email change, the data export and account deletion. Every rule is the server's; the page shows
// these answers as they are.

/** What the server says (the screens show these as they are). */
export const ACCOUNT_MESSAGES = {
  /** The answer to every email change request, whether the address is free or taken. */
  emailChangeSent:
    "Check the new address: we sent it a link to confirm the change. Your email stays the same until you click it.",
  emailSame: "That is already your email address.",
  emailChanged: "Your email address is changed.",
  emailChangeUndone: "Your email address is back to what it was, and every session was signed out.",
  linkInvalid: "This link has expired or was already used.",
  emailTakenAtConfirm:
    "That address is now in use by another account. Ask for a new link with another address.",
  /** The undo link's answer when the old address was taken by another account after the change. */
  emailTakenAtUndo:
    "Your previous address is now used by another account, so it cannot be restored. Contact support.",
  signedOutEverywhere: "Every session of your account is signed out.",
  sessionNotFound: "That session has ended or is not yours.",
  confirmEmailMismatch: "Type your account's email address exactly to confirm.",
  lastAdmin: "You are the only admin. Make another user an admin before deleting your account.",
  accountDeleted: "Your account is deleted.",
} as const;

/** Who the other party sees where a deleted account used to be named (reviews, disputes, deal intents). */
export const FORMER_MEMBER_NAME = "Former member";

/** Email change links work this long, once. */
export const EMAIL_CHANGE_TTL_MINUTES = 30;
/** The old address can undo a change this long. */
export const EMAIL_UNDO_TTL_DAYS = 7;
/** The sign-in alert's "not you?" link works this long, once. */
export const NOT_ME_TTL_DAYS = 7;
/**
 * How long a browser stays known to an account without signing in there (its device cookie's lifetime,
 * the most browsers allow): after that, a sign-in from it alerts again.
 */
export const KNOWN_DEVICE_DAYS = 400;
/** Data exports a user may download per hour. */
export const EXPORT_PER_HOUR = 3;

/** GET /api/account: the page's summary. */
export const accountSummarySchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  /** How the current session signed in (null: a session from before this was recorded). */
  signInMethod: z.enum(SIGN_IN_METHODS).nullable(),
  plan: z.object({
    /** "Premium" or "Free". */
    name: z.string(),
    /** Premium's status and renewal as the subscription summary has them; null on Free. */
    status: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    smsAddon: z.boolean(),
  }),
  createdAt: z.string(),
  /** The last admin cannot delete their account: the page says why before they try. */
  isLastAdmin: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** One signed-in session (never its cookie value). */
const accountSessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  /** The address truncated: "203.0.113.x", "2001:db8:85a3::x"; null when unknown. */
  ipPrefix: z.string().nullable(),
  /** "Chrome 131", "Safari 18", or null when the user agent says nothing we know. */
  browser: z.string().nullable(),
  /** "macOS 15.1", "Windows 10", "Android 14", or null. */
  os: z.string().nullable(),
  signInMethod: z.enum(SIGN_IN_METHODS).nullable(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** POST /api/account/email */
export const emailChangeRequestSchema = z.object({ email: emailSchema });

/** The body of every one-time account link's POST (confirm, undo, not me). */
export const accountTokenSchema = z.object({
  token: plainText("The link is missing its token").max(200, "The link is not one of ours"),
});

/** DELETE /api/account */
export const deleteAccountSchema = z.object({
  confirmEmail: plainText("Type your email address to confirm").max(254),
});
