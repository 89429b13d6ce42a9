import { and, eq, isNull, sql } from "drizzle-orm";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { subscriptions, users } from "../../db/schema";
import { activeSubscriptionCondition } from "../subscriptions/premium";

/**
 * Who is asking, as the services see it: what the rules need. Services take it explicitly, so "who may
 * see what" is decided in one place and testable without HTTP; null (signed out) where a route is public.
 * The access guard reads the whole current user (readCurrentUser) into `request.viewer`, which
 * satisfies this type.
 */
export type Viewer = Pick<CurrentUser, "id" | "email" | "role" | "hasActiveSubscription">;

/**
 * The current-user read (GET /api/auth/user, SPEC §7): one query, Premium included. A disabled account
 * reads as nobody, so a session that outlived the disabling (they are deleted at once anyway) is
 * signed out everywhere.
 */
export async function readCurrentUser({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
      createdAt: users.createdAt,
      hasActiveSubscription: sql<boolean>`exists (select 1 from ${subscriptions} where ${activeSubscriptionCondition(userId)})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  if (!row) return null;
  return {
    ...row,
    hasActiveSubscription: Boolean(row.hasActiveSubscription),
    createdAt: row.createdAt.toISOString(),
  };
}
