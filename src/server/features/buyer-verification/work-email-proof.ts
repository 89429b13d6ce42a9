import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import freeEmailDomains from "free-email-domains";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import {
  BUYER_VERIFICATION_MESSAGES,
  type BuyerVerificationState,
} from "../../../shared/schemas/buyer-verification";
import type { Db } from "../../db/client";
import { buyerVerifications } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../lib/rate-limit";
import type { Viewer } from "../../lib/viewer";
import { getVerificationState, lockWorkingAttempt } from "./verification-attempts";
import { type VerificationMailContext, workEmailCodeMail } from "./verification-mail";

// The work-email proof: a 6-digit code mailed to an address at the proved domain (or a subdomain of it),
// never at a free mail provider's. Only the code's SHA-256 is stored; it is good for
// BUYER_VERIFICATION.codeTtlMinutes and BUYER_VERIFICATION.codeAttempts wrong tries, after which it is
// void and the buyer asks for a new one (sending is rate-limited, so guessing stays out of reach).

/** At most 5 codes an hour per buyer: each one is a mail to an address they typed. */
const SEND_CODE_LIMIT = { limit: 5, windowSeconds: 3600 } as const;

const FREE_MAIL = new Set(freeEmailDomains.map((domain) => domain.toLowerCase()));

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** The domain of an address and each domain above it ("a.mail.example" → itself, "mail.example", "example"). */
function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  return labels
    .map((_, index) => labels.slice(index).join("."))
    .filter((d) => d.includes(".") || d === domain);
}

/** A free mail provider's address (gmail.com, a regional yahoo, any of their subdomains). */
function isFreeMailDomain(domain: string): boolean {
  return domainAndParents(domain).some((d) => FREE_MAIL.has(d));
}

function emailDomainOf(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .toLowerCase()
    .replace(/\.$/, "");
}

/**
 * POST /api/buyer-verification/email: mails a new code to `email` (which replaces any earlier one, and a
 * proof of another address: the address proved is the one the code went to). Needs the domain proved
 * first, since the address must be at that domain.
 */
export async function sendWorkEmailCode({
  db,
  mailQueue,
  mail,
  viewer,
  email,
  now = new Date(),
}: {
  db: Db;
  mailQueue: MailQueue;
  mail: VerificationMailContext;
  viewer: Viewer;
  email: string;
  now?: Date;
}): Promise<BuyerVerificationState> {
  const address = email.trim().toLowerCase();
  const emailDomain = emailDomainOf(address);
  await db.transaction(async (tx) => {
    const { attempt, domain } = await lockWorkingAttempt(tx, viewer);
    if (!attempt.domainVerifiedAt) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.domainFirst);
    if (isFreeMailDomain(emailDomain)) throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.freeMail);
    if (emailDomain !== domain && !emailDomain.endsWith(`.${domain}`)) {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.emailDomain);
    }
    await consumeRateLimit({ db: tx, key: `buyer-verify-email:${viewer.id}`, ...SEND_CODE_LIMIT });
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = new Date(now.getTime() + BUYER_VERIFICATION.codeTtlMinutes * 60_000);
    const hash = hashCode(code);
    await tx
      .update(buyerVerifications)
      .set({
        workEmail: address,
        emailCodeHash: hash,
        emailCodeExpiresAt: expiresAt,
        emailCodeAttempts: 0,
        emailVerifiedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(buyerVerifications.id, attempt.id));
    await mailQueue.enqueue(tx, [
      workEmailCodeMail(mail, { attemptId: attempt.id, to: address, code, expiresAt }),
    ]);
  });
  return getVerificationState({ db, viewer, now });
}

type ConfirmOutcome = "confirmed" | { wrong: number } | "exhausted";

/**
 * POST /api/buyer-verification/email/confirm: the right code proves the address. A wrong one counts
 * (the count is kept although the answer is a 400); the last allowed wrong try voids the code.
 */
export async function confirmWorkEmail({
  db,
  viewer,
  code,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  code: string;
  now?: Date;
}): Promise<BuyerVerificationState> {
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const { attempt } = await lockWorkingAttempt(tx, viewer);
    if (!attempt.emailCodeHash || !attempt.emailCodeExpiresAt) {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.codeFirst);
    }
    if (attempt.emailCodeExpiresAt <= now) {
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.codeExpired);
    }
    const given = Buffer.from(hashCode(code.trim()), "hex");
    if (timingSafeEqual(given, Buffer.from(attempt.emailCodeHash, "hex"))) {
      await tx
        .update(buyerVerifications)
        .set({ emailVerifiedAt: now, emailCodeHash: null, emailCodeExpiresAt: null, updatedAt: sql`now()` })
        .where(eq(buyerVerifications.id, attempt.id));
      return "confirmed";
    }
    const attempts = attempt.emailCodeAttempts + 1;
    const exhausted = attempts >= BUYER_VERIFICATION.codeAttempts;
    await tx
      .update(buyerVerifications)
      .set({
        emailCodeAttempts: attempts,
        ...(exhausted ? { emailCodeHash: null, emailCodeExpiresAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(buyerVerifications.id, attempt.id));
    return exhausted ? "exhausted" : { wrong: BUYER_VERIFICATION.codeAttempts - attempts };
  });
  if (outcome === "exhausted") throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.codeExhausted);
  if (outcome !== "confirmed") {
    const left = outcome.wrong === 1 ? "1 try left" : `${outcome.wrong} tries left`;
    throw new AppError("validation", `${BUYER_VERIFICATION_MESSAGES.codeWrong}: ${left}.`);
  }
  return getVerificationState({ db, viewer, now });
}
