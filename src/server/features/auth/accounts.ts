import { and, eq, sql } from "drizzle-orm";
import { ACCOUNT_DISABLED_MESSAGE, type Role } from "../../../shared/constants";
import { normalizeEmail } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { auditLogs, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";

// User accounts: made at first sign-in (magic link or OIDC), matched by normalised email; roles changed
// by ADMIN_EMAILS at sign-in, or by an administrator or support (features/auth/role-change.ts).

/**
 * Finds the user by email or creates one as `guest`: every new account starts without a
 * role until it creates a profile. Emails in ADMIN_EMAILS are made
 * admin at each sign-in. Profile fields from an identity provider fill gaps, never overwrite. An account
 * an admin disabled is refused (403 forbidden) and nothing about it changes.
 */
export async function findOrCreateUserByEmail({
  db,
  email,
  adminEmails,
  profile = {},
}: {
  db: Db;
  email: string;
  adminEmails: string[];
  profile?: { firstName?: string | null; lastName?: string | null; profileImageUrl?: string | null };
}): Promise<{ id: string; role: Role }> {
  const normalized = normalizeEmail(email);
  const isAdmin = adminEmails.includes(normalized);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        email: normalized,
        role: isAdmin ? "admin" : "guest",
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
        profileImageUrl: profile.profileImageUrl ?? null,
        verifiedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, role: users.role });
    if (inserted[0]) {
      // The entry names the account by its id, never its address: the audit log outlives a deleted
      // account, and an address written there would outlive it too.
      await tx.insert(auditLogs).values({ userId: inserted[0].id, action: "user.created" });
      return inserted[0];
    }
    const existing = await tx
      .update(users)
      .set({
        ...(isAdmin ? { role: "admin" as const } : {}),
        firstName: sql`coalesce(${users.firstName}, ${profile.firstName ?? null})`,
        lastName: sql`coalesce(${users.lastName}, ${profile.lastName ?? null})`,
        profileImageUrl: sql`coalesce(${users.profileImageUrl}, ${profile.profileImageUrl ?? null})`,
        verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.email, normalized))
      .returning({
        id: users.id,
        role: users.role,
        disabledAt: users.disabledAt,
        deletedAt: users.deletedAt,
      });
    const user = existing[0];
    if (!user) throw new AppError("internal", "User could not be created");
    // Thrown inside the transaction: the update above is rolled back with it. A deleted account's
    // address is a placeholder nobody owns (lib/deleted-account.ts); it is refused all the same.
    if (user.disabledAt || user.deletedAt) throw new AppError("forbidden", ACCOUNT_DISABLED_MESSAGE);
    return { id: user.id, role: user.role };
  });
}

/**
 * Whether the user has signed in more than once: each sign-in (email link, single sign-on, the
 * development sign-in) is recorded in the audit log, which outlives sessions and sign-outs. Two entries
 * are enough to know, so no more are read.
 */
export async function hasSignedInBefore(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, "auth.login")))
    .limit(2);
  return rows.length > 1;
}
