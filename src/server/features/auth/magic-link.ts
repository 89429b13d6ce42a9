import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { MAGIC_LINK_TTL_MS } from "../../../shared/constants";
import {
  MAGIC_LINK_INVALID_MESSAGE,
  MAGIC_LINK_TTL_TEXT,
  normalizeEmail,
} from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { auditLogs, magicLinkTokens } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../lib/rate-limit";
import { findOrCreateUserByEmail } from "./accounts";

// Per email: enough for a typo and a retry, not enough to mail-bomb someone. Per IP: a whole office.
const MAGIC_LINK_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 15 * 60 },
  perIp: { limit: 30, windowSeconds: 15 * 60 },
};

/** What the database keeps of a one-time token: its SHA-256, so a leak of the table signs no one in. */
/** The rate-limit window of sign-in links to one (normalized) address; deleting an account clears it. */
export const magicLinkEmailLimitKey = (email: string) => `magic-email:${email}`;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Mails a single-use sign-in link. Known and unknown addresses are treated alike (the account is made
 * when the link is used), so the answer never tells whether someone has an account. The token and its
 * mail are written in one transaction: a link is mailed if and only if it can be used. The mail goes
 * to the sign-in queue, whose worker is woken after the commit.
 */
export async function requestMagicLink({
  db,
  mailQueue,
  email,
  ip,
  returnTo,
  appUrl,
  appName,
}: {
  db: Db;
  mailQueue: MailQueue;
  email: string;
  ip: string;
  returnTo: string | undefined;
  appUrl: string;
  appName: string;
}): Promise<void> {
  const normalized = normalizeEmail(email);
  await consumeRateLimit({ db, key: `magic-ip:${ip}`, ...MAGIC_LINK_LIMITS.perIp });
  await consumeRateLimit({ db, key: magicLinkEmailLimitKey(normalized), ...MAGIC_LINK_LIMITS.perEmail });

  const token = randomBytes(32).toString("base64url"); // 256 bits
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + MAGIC_LINK_TTL_MS);
  const link = `${appUrl}/auth/magic?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await tx.insert(magicLinkTokens).values({
      tokenHash,
      email: normalized,
      returnTo: returnTo ?? null,
      expiresAt,
    });
    await mailQueue.enqueue(tx, [
      {
        kind: "sign-in",
        // The token's hash names the mail: one mail per link, and the key reveals nothing of the token.
        key: `sign-in:${tokenHash}`,
        expiresAt,
        message: {
          to: normalized,
          subject: `Your ${appName} sign-in link`,
          text: `Sign in to ${appName}:\n\n${link}\n\nThe link works once and expires in ${MAGIC_LINK_TTL_TEXT}. If you did not ask for it, ignore this message.`,
          html: `<p>Sign in to ${appName}:</p><p><a href="${link}">Sign in</a></p><p>The link works once and expires in ${MAGIC_LINK_TTL_TEXT}. If you did not ask for it, ignore this message.</p>`,
        },
      },
    ]);
  });
  mailQueue.wakeSignIn();
}

/** Consumes a link atomically (one winner even under concurrent clicks) and returns the user to sign in. */
export async function verifyMagicLink({
  db,
  token,
  adminEmails,
}: {
  db: Db;
  token: string;
  adminEmails: string[];
}): Promise<{ userId: string; returnTo: string | null }> {
  const consumed = await db
    .update(magicLinkTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(magicLinkTokens.tokenHash, hashToken(token)),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, new Date()),
      ),
    )
    .returning({ email: magicLinkTokens.email, returnTo: magicLinkTokens.returnTo });
  const row = consumed[0];
  if (!row) throw new AppError("validation", MAGIC_LINK_INVALID_MESSAGE);
  const user = await findOrCreateUserByEmail({ db, email: row.email, adminEmails });
  await db
    .insert(auditLogs)
    .values({ userId: user.id, action: "auth.login", metaJson: { method: "magic-link" } });
  return { userId: user.id, returnTo: row.returnTo };
}
