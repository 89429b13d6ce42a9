import { z } from "zod";
import { BUYER_VERIFICATION, BUYER_VERIFICATION_STATUSES, DOMAIN_PROOF_METHODS } from "../constants";
import { plainText } from "./common";

// The "Verified buyer" badge's API contract (docs/buyers.md, "Verified buyer"): a buyer proves the
// company website's domain (DNS TXT record or homepage meta tag) and a work address at that domain
// (a mailed 6-digit code), then an administrator reviews the business and approves or rejects. Only the
// approval sets the badge; it lapses after BUYER_VERIFICATION.termMonths unless renewed, and an
// administrator can revoke it with a reason.

export const BUYER_VERIFICATION_MESSAGES = {
  // Toasts and screens.
  started: "Verification started",
  domainVerified: "Domain verified",
  codeSent: "Code sent",
  emailVerified: "Work email verified",
  submitted: "Sent for review",
  approved: "Buyer verified",
  rejected: "Verification rejected",
  revoked: "Verification revoked",
  // Server answers a buyer can act on.
  websiteRequired: "Add your company website to your profile first: its domain is what we verify",
  notYourWebsite:
    "That domain is not your profile's website. Verify the domain of the website on your profile",
  startFirst: "Start a verification first",
  websiteChanged: "Your website changed since you started. Start again to verify the domain of the new one",
  domainFirst: "Verify your domain first",
  emailDomain: "Use an address at your verified domain",
  freeMail: "Use your work address at your company's domain, not a free mail address",
  codeFirst: "Ask for a code first",
  codeWrong: "That code is not right",
  codeExpired: "That code has expired. Ask for a new one",
  codeExhausted: "Too many wrong tries. Ask for a new code",
  notReady: "Verify your domain and your work email before sending for review",
  alreadySubmitted: "Your verification is waiting for review",
  // Administrator answers.
  notSubmitted: "This verification is not waiting for review",
  notApproved: "This verification is not in force",
  ownVerification: "Another administrator must review your own company's verification",
  reviewWebsiteChanged:
    "The buyer's website changed since this domain was proved: reject this attempt so they can verify the new one",
  checklistIncomplete: "Tick every item of the checklist to approve",
} as const;

/** The DNS TXT record (at the domain itself) or meta tag content that proves the domain. */
export const BUYER_DOMAIN_TXT_PREFIX = "ppc-verify=";

const attemptChecks = {
  domain: z.string(),
  domainMethod: z.enum(DOMAIN_PROOF_METHODS).nullable(),
  domainEvidence: z.string().nullable(),
  domainVerifiedAt: z.string().nullable(),
  workEmail: z.string().nullable(),
  emailVerifiedAt: z.string().nullable(),
};

/** One verification attempt as its buyer sees it (no code hash, no reviewer id). */
const buyerVerificationAttemptSchema = z.object({
  id: z.string(),
  status: z.enum(BUYER_VERIFICATION_STATUSES),
  ...attemptChecks,
  /** A code was mailed and is still good (until this time). */
  codeExpiresAt: z.string().nullable(),
  /** Wrong tries left against the current code. */
  codeAttemptsLeft: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The administrator's reason (a rejection's or approval's note). */
  decisionReason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  createdAt: z.string(),
});
export type BuyerVerificationAttempt = z.infer<typeof buyerVerificationAttemptSchema>;

/** The badge as everyone sees it: since when, until when, and when each check passed. */
export const verifiedBadgeSchema = z.object({
  since: z.string(),
  until: z.string(),
  domainMethod: z.enum(DOMAIN_PROOF_METHODS),
  domainVerifiedAt: z.string(),
  emailVerifiedAt: z.string(),
  reviewedAt: z.string(),
});
export type VerifiedBadge = z.infer<typeof verifiedBadgeSchema>;

/** GET /api/buyer-verification: the buyer's badge, latest attempt, and what to publish to prove the domain. */
export const buyerVerificationStateSchema = z.object({
  website: z.string().nullable(),
  /** The host of the website: what the TXT record and meta tag prove. */
  domain: z.string().nullable(),
  /** The TXT record's value (BUYER_DOMAIN_TXT_PREFIX + token) and the meta tag's content (token). */
  txtRecord: z.string(),
  metaTag: z.string(),
  badge: verifiedBadgeSchema.nullable(),
  /** The renewal reminder is due: the badge ends within BUYER_VERIFICATION.reminderDays. */
  isRenewalDue: z.boolean(),
  current: buyerVerificationAttemptSchema.nullable(),
});
export type BuyerVerificationState = z.infer<typeof buyerVerificationStateSchema>;

/** POST /api/buyer-verification/domain: which proof to check; `domain`, if sent, must be the website's. */
export const checkBuyerDomainSchema = z.object({
  method: z.enum(DOMAIN_PROOF_METHODS),
  domain: plainText().trim().max(253).optional(),
});
export type CheckBuyerDomainInput = z.infer<typeof checkBuyerDomainSchema>;

/** POST /api/buyer-verification/email: where to mail the code. */
export const sendWorkEmailCodeSchema = z.object({
  email: plainText("Enter your work email")
    .trim()
    .min(1, "Enter your work email")
    .max(254, "That email is too long")
    .pipe(z.email("Enter a valid email address")),
});
export type SendWorkEmailCodeInput = z.infer<typeof sendWorkEmailCodeSchema>;

/** POST /api/buyer-verification/email/confirm: the 6-digit code from the mail. */
export const confirmWorkEmailSchema = z.object({
  code: plainText("Enter the 6-digit code")
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the mail"),
});
export type ConfirmWorkEmailInput = z.infer<typeof confirmWorkEmailSchema>;

const reason = (label: string) =>
  plainText(`${label} is required`)
    .trim()
    .min(BUYER_VERIFICATION.reasonMin, `${label} must be at least ${BUYER_VERIFICATION.reasonMin} characters`)
    .max(BUYER_VERIFICATION.reasonMax, `${label} must be at most ${BUYER_VERIFICATION.reasonMax} characters`);

/** The administrator's checklist: every item ticked to approve. */
export const verificationChecklistSchema = z.object({
  businessExists: z.boolean(),
  paymentTermsCredible: z.boolean(),
  references: z.boolean(),
});
export type VerificationChecklist = z.infer<typeof verificationChecklistSchema>;
export const VERIFICATION_CHECKLIST_LABELS: Record<keyof VerificationChecklist, string> = {
  businessExists: "The business exists (registry, website, a real address)",
  paymentTermsCredible: "The payment terms are credible for the payouts offered",
  references: "References or industry standing checked",
};

/** POST /api/admin/buyer-verifications/{id}/approve (note optional) and /reject (reason required). */
export const approveBuyerVerificationSchema = z.object({
  checklist: verificationChecklistSchema,
  reason: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    plainText().trim().max(BUYER_VERIFICATION.reasonMax).optional(),
  ),
});
export const rejectBuyerVerificationSchema = z.object({
  checklist: verificationChecklistSchema.optional(),
  reason: reason("Reason"),
});
/** POST /api/admin/buyer-verifications/{id}/revoke. */
export const revokeBuyerVerificationSchema = z.object({ reason: reason("Reason") });

/** One row of the administrators' review queue, with the evidence. */
export const adminBuyerVerificationSchema = z.object({
  id: z.string(),
  status: z.enum(BUYER_VERIFICATION_STATUSES),
  buyerId: z.string(),
  company: z.string(),
  website: z.string().nullable(),
  accountEmail: z.string(),
  paymentTerms: z.string().nullable(),
  payoutMin: z.string().nullable(),
  payoutMax: z.string().nullable(),
  activeListings: z.number().int(),
  ...attemptChecks,
  submittedAt: z.string().nullable(),
  checklist: verificationChecklistSchema.nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBuyerVerification = z.infer<typeof adminBuyerVerificationSchema>;

/** GET /api/admin/buyer-verifications?status=: the queue (submitted, oldest first) or a state's list. */
export const adminBuyerVerificationQuerySchema = z.object({
  status: z.enum(BUYER_VERIFICATION_STATUSES).optional().default("submitted"),
});
