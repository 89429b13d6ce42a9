import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import {
  SMS_CONSENT_TEXTS,
  SMS_CONSENT_VERSION,
  SMS_LIMITS,
  type SmsConsentVersion,
} from "../../../shared/constants";
import { SMS_MESSAGES, type SmsStatus, smsStoppedMessage } from "../../../shared/schemas/sms";
import type { Db } from "../../db/client";
import { smsConsents, smsMessages, smsNumbers, smsOptOuts, subscriptions } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { SmsSendError, type SmsSender } from "../../lib/sms";
import type { Viewer } from "../../lib/viewer";
import { requirePublisher } from "../alerts/alert-preferences";
import { readSmsState } from "./sms-eligibility";

// A publisher's number for SMS alerts (docs/publishers.md, "SMS alerts"): entered with the consent
// ticked (recorded with its text's version, the time, IP and browser), confirmed with a 6-digit code we
// text, turned off on the Alerts tab or by replying STOP (sms-inbound.ts). Only numbers of users with
// Premium and the add-on are taken: a code costs a text, and nobody else has a use for one. A number that
// replied STOP gets no code from any account: only its own START lifts that (sms_opt_outs).

type NumberRow = typeof smsNumbers.$inferSelect;
type SmsNumberView = NonNullable<SmsStatus["number"]>;

export interface SmsNumberDeps {
  db: Db;
  sms: SmsSender | undefined;
  now: () => Date;
  appName: string;
  /** Keys the code hashes: a leaked table does not give the codes away by a lookup of a million hashes. */
  secret: string;
  /** Our number, which STOP and START are texted to (null: a messaging service sends). */
  replyNumber: string | null;
}

/** Who asked, from where: what a consent record keeps. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

const MINUTE = 60_000;

/** A US number in E.164, or null for anything else (another country, toll-free, malformed). */
function parseUsMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, "US");
  if (!parsed?.isValid() || parsed.country !== "US") return null;
  const type = parsed.getType();
  // US numbers do not tell mobile from landline; the other types are never a phone in someone's pocket.
  if (type !== undefined && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return null;
  return parsed.number;
}

function codeHash(secret: string, userId: string, phone: string, code: string): string {
  return createHmac("sha256", secret).update(`${userId}:${phone}:${code}`).digest("hex");
}

function requireSender(deps: SmsNumberDeps): SmsSender {
  if (!deps.sms) throw new AppError("unavailable", SMS_MESSAGES.notConfigured);
  return deps.sms;
}

async function readNumber(db: Db, userId: string): Promise<NumberRow | undefined> {
  const [row] = await db.select().from(smsNumbers).where(eq(smsNumbers.userId, userId));
  return row;
}

/** When `phone` replied STOP, if it has not replied START since. */
export async function numberStoppedAt(db: Db, phone: string): Promise<Date | null> {
  const [row] = await db
    .select({ optedOutAt: smsOptOuts.optedOutAt })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return row?.optedOutAt ?? null;
}

/** The add-on's newest subscription, for the status (the active one first). */
async function readAddon(db: Db, userId: string, active: boolean): Promise<SmsStatus["addon"]> {
  const [row] = await db
    .select({
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, "sms")))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  return {
    active,
    status: row?.status ?? null,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
  };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * A number as the screens show it (the owner's status, the admin's history); the code never. A number
 * that replied STOP (`stoppedAt`) shows as opted out by that reply, whatever this account's row says.
 */
export function numberView(row: NumberRow, now: Date, stoppedAt: Date | null = null): SmsNumberView {
  const pending = !row.verifiedAt && row.codeHash ? row : null;
  return {
    phone: row.phone,
    verifiedAt: iso(row.verifiedAt),
    codeExpiresAt: iso(pending?.codeExpiresAt),
    resendAvailableAt: pending ? iso(resendAvailableAt(row, now)) : null,
    optedOutAt: iso(stoppedAt ?? row.optedOutAt),
    optOutSource: stoppedAt ? "sms" : row.optOutSource,
    suspendedAt: iso(row.suspendedAt),
  };
}

/** GET /api/sms: the add-on, the number and why texts do not go out (null: they do). */
export async function getSmsStatus(
  deps: SmsNumberDeps & { priceCents: number; publishableKey: string | null },
  viewer: Viewer,
): Promise<SmsStatus> {
  requirePublisher(viewer);
  const state = await readSmsState(deps.db, viewer.id);
  const number = await readNumber(deps.db, viewer.id);
  const stoppedAt = number ? await numberStoppedAt(deps.db, number.phone) : null;
  return {
    available: Boolean(deps.sms),
    priceCents: deps.priceCents,
    hasPremium: Boolean(state?.hasPremium),
    addon: await readAddon(deps.db, viewer.id, Boolean(state?.hasAddon)),
    number: number ? numberView(number, deps.now(), stoppedAt) : null,
    timeZone: state?.timeZone ?? "",
    consent: { version: SMS_CONSENT_VERSION, text: SMS_CONSENT_TEXTS[SMS_CONSENT_VERSION] },
    blockedReason: !deps.sms ? "not_configured" : state ? state.blockedReason : "no_premium",
    publishableKey: deps.publishableKey,
    replyNumber: deps.replyNumber,
  };
}

/** When the next code may be sent: a minute after the last, and within the hourly allowance. */
function resendAvailableAt(row: NumberRow, now: Date): Date {
  const afterLast = new Date((row.codeSentAt?.getTime() ?? 0) + SMS_LIMITS.resendAfterSeconds * 1000);
  const windowEnd = new Date((row.codeWindowStartedAt?.getTime() ?? 0) + 60 * MINUTE);
  const hourFull = row.codesInWindow >= SMS_LIMITS.codesPerHour && windowEnd > now;
  const at = hourFull && windowEnd > afterLast ? windowEnd : afterLast;
  return at > now ? at : now;
}

/** Refuses a code too soon after the last one, or beyond the hour's allowance (429). */
function checkResendLimit(row: NumberRow | undefined, now: Date): void {
  if (!row?.codeSentAt) return;
  if (now.getTime() - row.codeSentAt.getTime() < SMS_LIMITS.resendAfterSeconds * 1000) {
    throw new AppError("rate_limited", SMS_MESSAGES.resendTooSoon, {
      headers: { "Retry-After": String(SMS_LIMITS.resendAfterSeconds) },
    });
  }
  const windowStart = row.codeWindowStartedAt?.getTime() ?? 0;
  if (now.getTime() - windowStart < 60 * MINUTE && row.codesInWindow >= SMS_LIMITS.codesPerHour) {
    const retryAfter = Math.ceil((windowStart + 60 * MINUTE - now.getTime()) / 1000);
    throw new AppError("rate_limited", SMS_MESSAGES.tooManyCodes, {
      headers: { "Retry-After": String(Math.max(1, retryAfter)) },
    });
  }
}

/** Premium and the add-on, or the reason they are missing (403). */
async function requireSubscriber(db: Db, viewer: Viewer): Promise<void> {
  requirePublisher(viewer);
  const state = await readSmsState(db, viewer.id);
  if (!state?.hasPremium) throw new AppError("premium_required", SMS_MESSAGES.needsPremium);
  if (!state.hasAddon) throw new AppError("forbidden", SMS_MESSAGES.needsAddon);
}

/**
 * Texts a new code to `phone` and stores its hash with the counters of the resend limit. The text goes
 * out before the row is written: a number the provider refuses is not kept, and the user hears why; so
 * does a number that replied STOP (409), which is sent nothing.
 */
async function sendCode(
  deps: SmsNumberDeps,
  userId: string,
  phone: string,
  current: NumberRow | undefined,
): Promise<Partial<NumberRow>> {
  const sender = requireSender(deps);
  const now = deps.now();
  if (await numberStoppedAt(deps.db, phone)) {
    throw new AppError("conflict", smsStoppedMessage(deps.replyNumber));
  }
  checkResendLimit(current, now);
  const code = String(randomInt(0, 10 ** SMS_LIMITS.codeLength)).padStart(SMS_LIMITS.codeLength, "0");
  const body = `${deps.appName}: your verification code is ${code}. It expires in ${SMS_LIMITS.codeTtlMinutes} minutes.`;
  let sent: { sid: string; status: string };
  try {
    sent = await sender.send({ to: phone, body });
  } catch (err) {
    if (err instanceof SmsSendError && err.permanent) {
      throw new AppError("validation", SMS_MESSAGES.sendFailed, { cause: err });
    }
    throw new AppError("bad_gateway", SMS_MESSAGES.sendFailed, { cause: err });
  }
  // The code itself never reaches the table: the history shows the text with the code masked.
  await deps.db.insert(smsMessages).values({
    userId,
    phone,
    kind: "verification",
    body: body.replace(code, "•".repeat(SMS_LIMITS.codeLength)),
    status: sent.status,
    providerSid: sent.sid,
    statusAt: now,
  });
  const windowOpen =
    current?.codeWindowStartedAt && now.getTime() - current.codeWindowStartedAt.getTime() < 60 * MINUTE;
  return {
    codeHash: codeHash(deps.secret, userId, phone, code),
    codeExpiresAt: new Date(now.getTime() + SMS_LIMITS.codeTtlMinutes * MINUTE),
    codeAttempts: 0,
    codeSentAt: now,
    codesInWindow: windowOpen ? (current?.codesInWindow ?? 0) + 1 : 1,
    codeWindowStartedAt: windowOpen ? current?.codeWindowStartedAt : now,
  };
}

/**
 * POST /api/sms/phone: the number and the consent for it. Records the consent, texts a code, and keeps
 * the number unverified until the code comes back. A new number replaces the old one (which then gets
 * nothing more); the same number again sends a new code, within the resend limit.
 */
export async function startPhoneVerification(
  deps: SmsNumberDeps,
  viewer: Viewer,
  input: { phone: string; consent: true; consentVersion: string },
  origin: RequestOrigin,
): Promise<void> {
  requireSender(deps);
  await requireSubscriber(deps.db, viewer);
  if (input.consentVersion !== SMS_CONSENT_VERSION || !(input.consentVersion in SMS_CONSENT_TEXTS)) {
    throw new AppError("validation", SMS_MESSAGES.consentOutdated);
  }
  const phone = parseUsMobile(input.phone);
  if (!phone) throw new AppError("validation", SMS_MESSAGES.invalidPhone);
  const current = await readNumber(deps.db, viewer.id);
  const code = await sendCode(deps, viewer.id, phone, current);
  await deps.db.transaction(async (tx) => {
    const [consent] = await tx
      .insert(smsConsents)
      .values({
        userId: viewer.id,
        phone,
        event: "consented",
        source: "web",
        textVersion: input.consentVersion as SmsConsentVersion,
        ip: origin.ip,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: smsConsents.id });
    const values = {
      phone,
      consentId: consent!.id,
      ...code,
      // The new consent starts the number over: an earlier opt-out or suspension ends, and nothing is
      // texted before this code comes back (texts need a verified number).
      verifiedAt: null,
      optedOutAt: null,
      optOutSource: null,
      suspendedAt: null,
      consecutiveFailures: 0,
      updatedAt: deps.now(),
    };
    await tx
      .insert(smsNumbers)
      .values({ userId: viewer.id, ...values })
      .onConflictDoUpdate({ target: smsNumbers.userId, set: values });
  });
}

/** POST /api/sms/phone/resend: another code to the number waiting for one. */
export async function resendCode(deps: SmsNumberDeps, viewer: Viewer): Promise<void> {
  requireSender(deps);
  await requireSubscriber(deps.db, viewer);
  const current = await readNumber(deps.db, viewer.id);
  if (!current || current.verifiedAt) throw new AppError("conflict", SMS_MESSAGES.noPendingCode);
  const code = await sendCode(deps, viewer.id, current.phone, current);
  await deps.db
    .update(smsNumbers)
    .set({ ...code, updatedAt: deps.now() })
    .where(eq(smsNumbers.userId, viewer.id));
}

/**
 * POST /api/sms/phone/verify: the code we texted. Right, in time, within the tries: the number is
 * verified and texts start (an earlier opt-out or suspension ends: the user just consented again). The
 * fifth wrong try spends the code. The row is locked, so two tries at once count as two.
 */
export async function verifyPhone(deps: SmsNumberDeps, viewer: Viewer, code: string): Promise<void> {
  requirePublisher(viewer);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsNumbers).where(eq(smsNumbers.userId, viewer.id)).for("update");
    if (!row || row.verifiedAt || !row.codeHash || !row.codeExpiresAt) return "no_code" as const;
    if (row.codeExpiresAt <= deps.now()) return "expired" as const;
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(codeHash(deps.secret, viewer.id, row.phone, code), "hex");
    if (!timingSafeEqual(expected, given)) {
      const attempts = row.codeAttempts + 1;
      const spent = attempts >= SMS_LIMITS.codeMaxAttempts;
      await tx
        .update(smsNumbers)
        .set({ codeAttempts: attempts, ...(spent ? { codeHash: null, codeExpiresAt: null } : {}) })
        .where(eq(smsNumbers.userId, viewer.id));
      return spent ? ("spent" as const) : ("wrong" as const);
    }
    await tx
      .update(smsNumbers)
      .set({
        verifiedAt: deps.now(),
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        optedOutAt: null,
        optOutSource: null,
        suspendedAt: null,
        consecutiveFailures: 0,
        updatedAt: deps.now(),
      })
      .where(eq(smsNumbers.userId, viewer.id));
    return "verified" as const;
  });
  // After the transaction: the wrong try it counted must stay counted.
  if (outcome === "no_code") throw new AppError("conflict", SMS_MESSAGES.noPendingCode);
  if (outcome === "expired") throw new AppError("validation", SMS_MESSAGES.codeExpired);
  if (outcome === "wrong") throw new AppError("validation", SMS_MESSAGES.wrongCode);
  if (outcome === "spent") throw new AppError("validation", SMS_MESSAGES.tooManyTries);
}

/** POST /api/sms/opt-out: the Alerts tab's "Turn off SMS alerts"; recorded like a STOP. */
export async function optOutOnWeb(deps: SmsNumberDeps, viewer: Viewer, origin: RequestOrigin): Promise<void> {
  requirePublisher(viewer);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsNumbers).where(eq(smsNumbers.userId, viewer.id)).for("update");
    if (!row) throw new AppError("conflict", SMS_MESSAGES.noNumber);
    if (row.optedOutAt) return;
    await tx
      .update(smsNumbers)
      .set({ optedOutAt: deps.now(), optOutSource: "web", updatedAt: deps.now() })
      .where(eq(smsNumbers.userId, viewer.id));
    await tx.insert(smsConsents).values({
      userId: viewer.id,
      phone: row.phone,
      event: "opted_out",
      source: "web",
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    });
  });
}
