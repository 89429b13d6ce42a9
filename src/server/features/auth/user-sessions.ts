import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { AccountSession } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import { describeUserAgent, ipPrefix } from "./session-device";

// A user's signed-in sessions (the sessions table, plugins/session.ts). Every request reads its session
// row from the database, so deleting a row signs that browser out at once, on every instance. A session
// is named by its public `id`; the sid is the cookie's secret and never leaves the server.

/** Ends every session of the user; answers how many there were. */
export async function endAllUserSessions(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid });
  return ended.length;
}

/** The user's live sessions, the most recently used first; `currentSid` is the asking request's. */
export async function listUserSessions({
  db,
  userId,
  currentSid,
}: {
  db: Db;
  userId: string;
  currentSid: string | undefined;
}): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      sid: sessions.sid,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      signInMethod: sessions.signInMethod,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, sql`now()`)))
    .orderBy(sql`${sessions.lastSeenAt} desc nulls last`, desc(sessions.createdAt), sessions.id);
  return rows.map((row) => ({
    id: row.id,
    current: row.sid === currentSid,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    ipPrefix: ipPrefix(row.ip),
    ...describeUserAgent(row.userAgent),
    signInMethod: row.signInMethod,
  }));
}

/**
 * Ends one of the user's sessions by its public id. Answers the ended session's sid (the route clears
 * the cookie when it was the request's own), or null when the user has no such live session: another
 * user's id finds nothing.
 */
export async function endUserSessionById({
  db,
  userId,
  sessionId,
}: {
  db: Db;
  userId: string;
  sessionId: string;
}): Promise<string | null> {
  if (!isUuid(sessionId)) return null;
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expire, sql`now()`)))
    .returning({ sid: sessions.sid });
  return ended?.sid ?? null;
}

/** "Sign out everywhere else": every session of the user but the request's own, audited when any ended. */
export async function endOtherUserSessions({
  db,
  userId,
  currentSid,
}: {
  db: Db;
  userId: string;
  currentSid: string;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.sid, currentSid), gt(sessions.expire, sql`now()`)))
      .returning({ sid: sessions.sid });
    if (ended.length > 0) {
      await writeAuditEntry(tx, {
        actorId: userId,
        action: "account.sessions_ended",
        targetId: userId,
        before: null,
        after: null,
        extra: { ended: ended.length },
      });
    }
    return ended.length;
  });
}
