import { randomUUID } from "node:crypto";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import type { OutgoingMail } from "../../jobs/mail";
import { mailDay } from "../../lib/mail-dates";

// The mails of a buyer's verification: the work-email code, the administrator's decision (approved,
// rejected, revoked) and the renewal reminder. Plain text: the reasons are an administrator's own words.

export interface VerificationMailContext {
  appName: string;
  appUrl: string;
}

const verificationTab = (appUrl: string) => `${appUrl}/buyer/dashboard?tab=verification`;

export function workEmailCodeMail(
  ctx: VerificationMailContext,
  facts: { attemptId: string; to: string; code: string; expiresAt: Date },
): OutgoingMail {
  return {
    kind: "buyer-verification",
    // Each send is a mail of its own (a new code replaces the last one).
    key: `buyer-verification:${facts.attemptId}:code:${randomUUID()}`,
    message: {
      to: facts.to,
      subject: `Your ${ctx.appName} verification code: ${facts.code}`,
      text: [
        `Your code to confirm this work address for the "Verified buyer" badge: ${facts.code}`,
        `It works for ${BUYER_VERIFICATION.codeTtlMinutes} minutes. Type it on the Verification tab: ${verificationTab(ctx.appUrl)}`,
        `If you did not ask for it, you can ignore this mail: nothing changes without the code.`,
        `— ${ctx.appName}`,
      ].join("\n\n"),
    },
    expiresAt: facts.expiresAt,
  };
}

export type VerificationDecision = "approved" | "rejected" | "revoked";

export function decisionMail(
  ctx: VerificationMailContext,
  facts: {
    attemptId: string;
    decision: VerificationDecision;
    to: string;
    domain: string;
    reason: string | null;
    until: Date | null;
  },
): OutgoingMail {
  const tab = verificationTab(ctx.appUrl);
  const lines =
    facts.decision === "approved"
      ? [
          `Good news: your company is verified. The "Verified buyer" badge now shows on your listings, with the checks behind it: the domain ${facts.domain}, your work address and our review.`,
          `It is good until ${facts.until ? mailDay(facts.until) : "the end of its term"}; we will remind you ${BUYER_VERIFICATION.reminderDays} days before, so you can renew it.`,
          ...(facts.reason ? [`Note from our review team: ${facts.reason}`] : []),
        ]
      : facts.decision === "rejected"
        ? [
            `We reviewed your verification for ${facts.domain} and could not approve it.`,
            `Reason: ${facts.reason ?? ""}`,
            `You can start a new verification once you have addressed it.`,
          ]
        : [
            `Your "Verified buyer" badge for ${facts.domain} was revoked by our review team and no longer shows on your listings.`,
            `Reason: ${facts.reason ?? ""}`,
            `You can start a new verification once you have addressed it.`,
          ];
  const subjects: Record<VerificationDecision, string> = {
    approved: `Your company is verified on ${ctx.appName}`,
    rejected: `Your ${ctx.appName} verification was not approved`,
    revoked: `Your ${ctx.appName} "Verified buyer" badge was revoked`,
  };
  return {
    kind: "buyer-verification",
    // One decision per attempt and kind: an attempt is decided once, and revoked once.
    key: `buyer-verification:${facts.attemptId}:${facts.decision}`,
    message: {
      to: facts.to,
      subject: subjects[facts.decision],
      text: [...lines, `Your verification: ${tab}`, `— ${ctx.appName}`].join("\n\n"),
    },
  };
}

export function renewalReminderMail(
  ctx: VerificationMailContext,
  facts: { attemptId: string; to: string; domain: string; until: Date },
): OutgoingMail {
  return {
    kind: "buyer-verification",
    key: `buyer-verification:${facts.attemptId}:reminder`,
    message: {
      to: facts.to,
      subject: `Your "Verified buyer" badge ends on ${mailDay(facts.until)}`,
      text: [
        `Your company's verification for ${facts.domain} ends on ${mailDay(facts.until)}. After that day the "Verified buyer" badge no longer shows on your listings.`,
        `To keep it, renew now: prove the domain and your work address again and we review it. The badge stays while we do, and a renewal keeps the date you were first verified.`,
        `Renew: ${verificationTab(ctx.appUrl)}`,
        `— ${ctx.appName}`,
      ].join("\n\n"),
    },
  };
}
