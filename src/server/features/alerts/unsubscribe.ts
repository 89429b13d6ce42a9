import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ALERT_MESSAGES, type UnsubscribeInfo, type UnsubscribeResult } from "../../../shared/schemas/alerts";
import type { Db } from "../../db/client";
import { auditLogs, notificationPreferences, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";

// The unsubscribe link of every alert mail (RFC 8058): it works without signing in, so it
// carries its own proof: the user id and an HMAC of it under a key derived from SESSION_SECRET. It never
// expires (a mail may be read months later); it can only take email off that user's alert channels.
// GET /unsubscribe/{token} is the page that asks to confirm (a mail scanner following links changes
// nothing); POST to the same URL unsubscribes, from the page's button or from a mail client's
// one-click (List-Unsubscribe-Post).

const PURPOSE = "alerts-unsubscribe:v1";

function signature(secret: string, userId: string): Buffer {
  // A key of its own for this purpose, so a token can never stand for anything signed with the secret.
  const key = createHmac("sha256", secret).update(PURPOSE).digest();
  return createHmac("sha256", key).update(userId).digest();
}

/**
 * The user id's 32 hex digits, then the signature in base64url (43 characters): URL-safe, and without a
 * dot, which would make the page's path look like a file to the server (plugins/errors.ts).
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId.replace(/-/g, "")}${signature(secret, userId).toString("base64url")}`;
}

/** The page of the link, on this site: what the alert mails link to after the app's address. */
export function unsubscribePath(secret: string, userId: string): string {
  return `/unsubscribe/${unsubscribeToken(secret, userId)}`;
}

export function unsubscribeUrl(appUrl: string, secret: string, userId: string): string {
  return `${appUrl}${unsubscribePath(secret, userId)}`;
}

/** The user id a token stands for, or null when it is not one of ours. */
function readUnsubscribeToken(secret: string, token: string): string | null {
  const match = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})([\w-]{43})$/.exec(token);
  if (!match) return null;
  const userId = match.slice(1, 6).join("-");
  if (!isUuid(userId)) return null;
  const given = Buffer.from(match[6]!, "base64url");
  const expected = signature(secret, userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}

/** "j•••@example.com": enough for a person to recognise their address, not to read it off a screen. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

async function requireTokenUser(db: Db, secret: string, token: string) {
  const userId = readUnsubscribeToken(secret, token);
  const [user] = userId
    ? await db
        .select({ id: users.id, email: users.email, channels: notificationPreferences.channels })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        // A deleted account has no alerts left to stop, and its placeholder address is nobody's.
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    : [];
  if (!user) throw new AppError("not_found", ALERT_MESSAGES.invalidUnsubscribeLink);
  return user;
}

/** GET /api/unsubscribe/{token}: what the confirm page shows. */
export async function getUnsubscribeInfo({
  db,
  secret,
  token,
}: {
  db: Db;
  secret: string;
  token: string;
}): Promise<UnsubscribeInfo> {
  const user = await requireTokenUser(db, secret, token);
  return { email: maskEmail(user.email), isSubscribed: Boolean(user.channels?.includes("email")) };
}

/**
 * POST /unsubscribe/{token}: email leaves the user's alert channels, at once, so the next alert mail is
 * not sent (the jobs re-read the channels before every send). Doing it again changes nothing. The other
 * settings stay, so turning email back on in the Alerts tab restores the alerts as they were.
 */
export async function unsubscribeFromAlerts({
  db,
  secret,
  token,
}: {
  db: Db;
  secret: string;
  token: string;
}): Promise<UnsubscribeResult> {
  const user = await requireTokenUser(db, secret, token);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(notificationPreferences)
      .set({
        channels: sql`array_remove(${notificationPreferences.channels}, 'email')`,
        unsubscribedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        sql`${notificationPreferences.userId} = ${user.id} and 'email' = any(${notificationPreferences.channels})`,
      )
      .returning({ id: notificationPreferences.id });
    // A record of the consent withdrawn (who, when, how), as for every other consent we keep.
    if (changed.length > 0) {
      await tx.insert(auditLogs).values({
        userId: user.id,
        action: "alerts.unsubscribed",
        targetId: user.id,
        metaJson: { channel: "email", via: "unsubscribe-link" },
      });
    }
  });
  return { unsubscribed: true, email: maskEmail(user.email) };
}
