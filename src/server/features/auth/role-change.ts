import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Role } from "../../../shared/constants";
import { normalizeEmail } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { auditLogs, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { retryOnceOnContention } from "../../plugins/database-errors";
import { narrowApiKeysToRole } from "./api-keys";
import { endAllUserSessions } from "./user-sessions";

// A role given by an administrator (the admin Users page) or by support (`npm run user:role`): see
// docs/decisions/035-role-changes-reach-keys-and-sessions.md. Every request reads the role afresh (the
// session's and the API key's one query bring it), so the new role holds from the next request; what
// is done here makes the change visible where the person meets it.

export const LAST_ADMIN_MESSAGE = "At least one active administrator must remain.";

/** The key of the transaction-level advisory lock on the set of admins: "ppc-admn" in ASCII. */
const ADMIN_SET_LOCK_KEY = 0x7070632d61646d6en;

/**
 * Serialises every change that can add an administrator or take one away (a role change, disabling an
 * account), held to the end of the caller's transaction. Without it two admins demoting each other at
 * once each saw the other still an admin: both changes passed and none was left, or their row locks
 * crossed and PostgreSQL broke the deadlock with an error. Taken before any row lock, so it is always
 * the first lock such a transaction waits for.
 */
export async function lockAdminSet(tx: Db): Promise<void> {
  // Raw: an advisory lock is a function call, which the builder has no statement for.
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK_KEY.toString()}::bigint)`);
}

/** Under lockAdminSet: refuses (409) a change that would leave no administrator able to sign in. */
async function assertAnAdminRemains(tx: Db): Promise<void> {
  const [admins] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt), isNull(users.deletedAt)));
  if ((admins?.n ?? 0) === 0) throw new AppError("conflict", LAST_ADMIN_MESSAGE);
}

/**
 * Moves the user from role `from` to `role` inside the caller's transaction (under lockAdminSet),
 * refusing to take away the last active administrator. Every session of theirs ends, so each open page
 * is drawn again for the new role after signing in, and each of their API keys keeps only the scopes
 * the new role may give. Answers what it did, for the audit entry.
 */
export async function applyRoleChange(
  tx: Db,
  { userId, from, role }: { userId: string; from: Role; role: Role },
): Promise<{ sessionsEnded: number; keysNarrowed: number }> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
  if (from === "admin") await assertAnAdminRemains(tx);
  const sessionsEnded = await endAllUserSessions(tx, userId);
  const keysNarrowed = await narrowApiKeysToRole(tx, { userId, role });
  return { sessionsEnded, keysNarrowed };
}

/**
 * `npm run user:role`: the same change as the admin Users page, under the same lock and with the same effects: the user's sessions end, their keys are narrowed to the role, and
 * the last active administrator cannot be demoted.
 */
export async function setUserRole({ db, email, role }: { db: Db; email: string; role: Role }): Promise<void> {
  await retryOnceOnContention(() =>
    db.transaction(async (tx) => {
      await lockAdminSet(tx);
      const [user] = await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.email, normalizeEmail(email)))
        .for("update");
      if (!user) throw new AppError("not_found", `No user with email ${email}`);
      if (user.role === role) return;
      const ended = await applyRoleChange(tx, { userId: user.id, from: user.role, role });
      await tx.insert(auditLogs).values({
        userId: user.id,
        action: "user.role_changed",
        metaJson: { role, from: user.role, ...ended },
      });
    }),
  );
}
