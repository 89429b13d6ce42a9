import { z } from "zod";
import { SMS_CONSENT_VERSION, SMS_LIMITS } from "../constants";
import { formatUsPhone } from "../format";
import { plainText } from "./common";

// SMS alerts (docs/publishers.md, "SMS alerts"): the add-on's status, the number with its consent and
// verification, and the admin's view of a user's texts. Every rule is the server's; the Alerts tab's SMS
// section shows these answers as they are.

/** What the server says when an SMS rule refuses (the screens show these as they are). */
export const SMS_MESSAGES = {
  notConfigured: "SMS alerts are not set up on this server yet.",
  publisherOnly: "SMS alerts are for publishers: complete your publisher profile to set them up.",
  needsPremium: "SMS alerts are instant alerts, a Premium benefit: upgrade to Premium first.",
  needsAddon: "Subscribe to SMS Alerts before adding a number.",
  invalidPhone: "Enter a US mobile number, such as (201) 555-0123",
  consentRequired: "Tick the box to agree to receive text messages",
  consentOutdated: "The consent text changed: reload the page and read it again",
  noPendingCode: "Ask for a code first: enter your number and agree to receive texts",
  codeFormat: `Enter the ${SMS_LIMITS.codeLength}-digit code we texted you`,
  wrongCode: "That code is not right. Check the text and try again.",
  codeExpired: "That code has expired. Send a new one.",
  tooManyTries: "Too many wrong codes. Send a new one.",
  resendTooSoon: "A code was just sent. Wait a minute before asking for another.",
  tooManyCodes: "Too many codes this hour. Try again later.",
  noNumber: "There is no number to turn off.",
  sendFailed: "We could not text that number. Check it and try again.",
} as const;

/**
 * Why a number that replied STOP gets nothing from us, a code included, and the one way back: that number
 * texts START to ours (`replyNumber`, E.164; null when a messaging service sends from several numbers).
 */
export function smsStoppedMessage(replyNumber: string | null): string {
  const ours = replyNumber ? formatUsPhone(replyNumber) : "the number our texts come from";
  return `This number replied STOP, so we text it nothing, not even a code. To get texts again, text START to ${ours} from it.`;
}

/** Why texts are not going out now (null: they are). */
export const SMS_BLOCKED_REASONS = [
  "not_configured",
  "no_premium",
  "no_addon",
  "no_number",
  "unverified",
  "opted_out",
  "suspended",
] as const;

export const SMS_MESSAGE_KINDS = [
  "verification",
  "alert",
  "summary",
  "opt_out_confirmation",
  "opt_in_confirmation",
  "help",
] as const;

/** Consent records: given on the web, withdrawn (STOP, the Alerts tab), given back (START). */
export const SMS_CONSENT_EVENTS = ["consented", "opted_out", "opted_in"] as const;
export const SMS_CONSENT_SOURCES = ["web", "sms", "system"] as const;

const smsAddonSchema = z.object({
  /** The add-on is paid and running now (webhook-synced from Stripe). */
  active: z.boolean(),
  /** Stripe's status of the newest add-on subscription; null: never subscribed. */
  status: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

const smsNumberSchema = z.object({
  /** E.164 ("+12015550123"). */
  phone: z.string(),
  /** When the code was confirmed (null: waiting for the code). */
  verifiedAt: z.string().nullable(),
  /** While waiting for a code: when it stops working, and when another may be sent. */
  codeExpiresAt: z.string().nullable(),
  resendAvailableAt: z.string().nullable(),
  /**
   * Texts stopped by the user (STOP, or the Alerts tab). "sms": the number replied STOP, and only its
   * START lifts that, whichever account holds the number.
   */
  optedOutAt: z.string().nullable(),
  optOutSource: z.enum(SMS_CONSENT_SOURCES).nullable(),
  /** Texts stopped by us after repeated permanent delivery failures. */
  suspendedAt: z.string().nullable(),
});

/** GET /api/sms, and the answer of every SMS action: what the Alerts tab's SMS section shows. */
export const smsStatusSchema = z.object({
  /** An SMS provider is configured (else the section says texts are not set up). */
  available: z.boolean(),
  priceCents: z.number().int(),
  hasPremium: z.boolean(),
  addon: smsAddonSchema,
  number: smsNumberSchema.nullable(),
  /** The time zone quiet hours follow (the preferences' choice, else DEFAULT_TIME_ZONE). */
  timeZone: z.string(),
  /** The consent text to show, and its version to send back. */
  consent: z.object({ version: z.string(), text: z.string() }),
  /** Null: texts go out. */
  blockedReason: z.enum(SMS_BLOCKED_REASONS).nullable(),
  /** Stripe's publishable key for the Payment Element (null: payments not set up). */
  publishableKey: z.string().nullable(),
  /** Our number (E.164), which STOP and START are texted to; null when a messaging service sends. */
  replyNumber: z.string().nullable(),
});
export type SmsStatus = z.infer<typeof smsStatusSchema>;

/** POST /api/sms/phone: the number to text and the consent ticked for it; a code is texted. */
export const smsPhoneInputSchema = z.object({
  phone: plainText().trim().min(1, SMS_MESSAGES.invalidPhone).max(32, SMS_MESSAGES.invalidPhone),
  consent: z.literal(true, { message: SMS_MESSAGES.consentRequired }),
  /** The consent version the screen showed: a stale page is asked to reload. */
  consentVersion: plainText().max(32).default(SMS_CONSENT_VERSION),
});
export type SmsPhoneInput = z.input<typeof smsPhoneInputSchema>;

/** POST /api/sms/phone/verify */
export const smsVerifyInputSchema = z.object({
  code: plainText()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_LIMITS.codeLength}}$`), SMS_MESSAGES.codeFormat),
});
export type SmsVerifyInput = z.input<typeof smsVerifyInputSchema>;

/** One text as the admin's SMS history lists it. */
const smsHistoryMessageSchema = z.object({
  id: z.string(),
  phone: z.string(),
  kind: z.enum(SMS_MESSAGE_KINDS),
  /** Verification codes are kept masked. */
  body: z.string(),
  status: z.string(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  statusAt: z.string().nullable(),
});

const smsConsentRecordSchema = z.object({
  id: z.string(),
  phone: z.string(),
  event: z.enum(SMS_CONSENT_EVENTS),
  source: z.enum(SMS_CONSENT_SOURCES),
  /** The consent text's version (consents only). */
  textVersion: z.string().nullable(),
  /** The word texted (STOP, START...), for records made by a reply. */
  keyword: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/admin/users/{id}/sms: a user's number, consent records and texts, newest first. */
export const adminSmsHistorySchema = z.object({
  number: smsNumberSchema.nullable(),
  consents: z.array(smsConsentRecordSchema),
  messages: z.array(smsHistoryMessageSchema),
});
export type AdminSmsHistory = z.infer<typeof adminSmsHistorySchema>;

/** GET /api/dev/sms-outbox: texts the development outbox holds, newest first. */
export const outboxSmsSchema = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxSms = z.infer<typeof outboxSmsSchema>;
