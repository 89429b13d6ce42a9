import { randomBytes } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SignInMethod } from "../../../shared/constants";
import { ACCOUNT_MESSAGES, KNOWN_DEVICE_DAYS, NOT_ME_TTL_DAYS } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import { accountTokens, knownDevices, users } from "../../db/schema";
import type { MailQueue, OutgoingMail } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { accountMailKey } from "../../lib/deleted-account";
import { mailMoment } from "../../lib/mail-dates";
import { consumeAccountToken, createAccountToken } from "./account-tokens";
import { hashToken } from "./magic-link";
import { describeUserAgent, ipPrefix } from "./session-device";
import { endAllUserSessions } from "./user-sessions";

// Sign-in alerts (docs/operations.md, "Sessions and sign-in alerts"). A long-lived cookie names each
// browser; `known_devices` keeps the SHA-256 of it per user. A sign-in from a browser the account has not
// used before mails the owner, with a one-time link that signs the account out everywhere. The first
// browser of an account sends nothing: a new account has nobody to warn yet.

const DEVICE_COOKIE = "ppc.device";
/** The sign-ins that note their browser: the development login neither alerts nor sets the cookie. */
type AlertedSignIn = Exclude<SignInMethod, "dev">;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes in base64url: what we hand out, and the only shape we read back. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The browser's device token, or a new one when it has none (or one that is not ours). */
function deviceTokenOf(request: FastifyRequest): { token: string; isNew: boolean } {
  const sent = request.cookies[DEVICE_COOKIE];
  if (sent && DEVICE_TOKEN.test(sent)) return { token: sent, isNew: false };
  return { token: randomBytes(32).toString("base64url"), isNew: true };
}

/** (Re)sets the device cookie: every sign-in gives it its full lifetime again. */
function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    // Only the sign-in routes read it, and they are all under /api.
    path: "/api",
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
}

interface AlertContext {
  db: Db;
  mailQueue: MailQueue;
  appName: string;
  appUrl: string;
  secureCookies: boolean;
}

/**
 * After a sign-in (magic link, OIDC; not the development login): the browser's device cookie is read or
 * made, and a browser the account has not used before gets the owner an alert mail. One transaction: the
 * not-me link, its mail and the device are stored together or not at all.
 */
export async function noteSignInDevice(
  ctx: AlertContext,
  {
    request,
    reply,
    userId,
    method,
  }: { request: FastifyRequest; reply: FastifyReply; userId: string; method: AlertedSignIn },
): Promise<void> {
  const device = deviceTokenOf(request);
  const deviceHash = hashToken(device.token);
  await ctx.db.transaction(async (tx) => {
    // The user's row, locked: two first sign-ins at once cannot both count as the account's first.
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return;
    const devices = await tx
      .select({ deviceHash: knownDevices.deviceHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId));
    const known = devices.some((d) => d.deviceHash === deviceHash);
    if (!known && devices.length > 0) {
      await queueSignInAlert(tx, ctx, {
        userId,
        to: user.email,
        method,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
    }
    await tx
      .insert(knownDevices)
      .values({ userId, deviceHash })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.deviceHash],
        set: { lastSeenAt: sql`now()` },
      });
  });
  setDeviceCookie(reply, device.token, ctx.secureCookies);
}

async function queueSignInAlert(
  tx: Db,
  ctx: AlertContext,
  facts: { userId: string; to: string; method: AlertedSignIn; ip: string; userAgent: string | null },
): Promise<void> {
  const expiresAt = new Date(Date.now() + NOT_ME_TTL_DAYS * DAY_MS);
  // created_at is the transaction's now(), as is the new device's first_seen_at: the link knows which
  // devices arrived with (or after) the sign-in it warns about.
  const { token, tokenHash, createdAt } = await createAccountToken(tx, {
    userId: facts.userId,
    purpose: "not_me",
    expiresAt,
  });
  const { browser, os } = describeUserAgent(facts.userAgent);
  // The normal mail queue, not the sign-in one: nobody sits waiting for this mail, and a burst of alerts
  // must never stand in front of the sign-in links people are waiting for. Its retries cover half an hour
  // of mail server outage, well within the link's days.
  await ctx.mailQueue.enqueue(tx, [
    signInAlertMail(ctx, {
      key: accountMailKey("account", facts.userId, `sign-in-alert:${tokenHash}`),
      to: facts.to,
      at: createdAt,
      device: browser && os ? `${browser} on ${os}` : (browser ?? os ?? "an unknown browser"),
      network: ipPrefix(facts.ip),
      method: facts.method,
      link: `${ctx.appUrl}/account/not-me?token=${token}`,
      expiresAt,
    }),
  ]);
}

// How the sign-in happened, and so what the owner must secure if it was not them.
const METHOD_WORDS: Record<AlertedSignIn, { how: string; ifNotYou: string }> = {
  email: {
    how: "an email sign-in link",
    ifNotYou: "Then change your email password: someone else could read the sign-in link we mailed you.",
  },
  oidc: {
    how: "your sign-in provider",
    ifNotYou: "Then change the password of the account you sign in with: someone else got through it.",
  },
};

function signInAlertMail(
  ctx: AlertContext,
  alert: {
    key: string;
    to: string;
    at: Date;
    device: string;
    network: string | null;
    method: AlertedSignIn;
    link: string;
    expiresAt: Date;
  },
): OutgoingMail {
  return {
    kind: "account",
    key: alert.key,
    // Not worth sending once its link has expired.
    expiresAt: alert.expiresAt,
    message: {
      to: alert.to,
      subject: `New sign-in to your ${ctx.appName} account`,
      text: [
        `Your ${ctx.appName} account was signed in to from a browser it had not used before.`,
        "",
        `When: ${mailMoment(alert.at)}`,
        `Browser: ${alert.device}`,
        alert.network
          ? `From the network ${alert.network} (the last part of the address hidden)`
          : "From an unknown network",
        `Signed in with: ${METHOD_WORDS[alert.method].how}`,
        "",
        "If this was you, there is nothing to do.",
        "",
        `Not you? Sign out everywhere: ${alert.link}`,
        `The link works once, for ${NOT_ME_TTL_DAYS} days. ${METHOD_WORDS[alert.method].ifNotYou}`,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
  };
}

/**
 * The alert's link: consumed once (one atomic UPDATE), it ends every session of the account and forgets
 * the browsers that arrived with the sign-in it warned about, so their next sign-in alerts again. Answers
 * the account's id; an unknown, used or expired link is a 400.
 */
export async function signOutEverywhereByLink({ db, token }: { db: Db; token: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const tokenHash = hashToken(token);
    const link = await consumeAccountToken(tx, { token, purpose: "not_me" });
    if (!link) throw new AppError("validation", ACCOUNT_MESSAGES.linkInvalid);
    const ended = await endAllUserSessions(tx, link.userId);
    // Compared in SQL: the two timestamps are equal to the microsecond, which a JavaScript Date is not.
    await tx
      .delete(knownDevices)
      .where(
        and(
          eq(knownDevices.userId, link.userId),
          gte(
            knownDevices.firstSeenAt,
            sql`(select ${accountTokens.createdAt} from ${accountTokens} where ${accountTokens.tokenHash} = ${tokenHash})`,
          ),
        ),
      );
    await writeAuditEntry(tx, {
      actorId: link.userId,
      action: "account.sessions_ended",
      targetId: link.userId,
      before: null,
      after: null,
      extra: { ended, via: "sign-in alert" },
    });
    return link.userId;
  });
}
