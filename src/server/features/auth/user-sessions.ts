import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";

// A user's signed-in sessions (the sessions table, plugins/session.ts). Every request reads its session
// row from the database, so deleting a row signs that browser out at once, on every instance.

/** Ends every session of the user; answers how many there were. */
export async function endAllUserSessions(db: Db, userId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ sid: sessions.sid });
  return ended.length;
}
