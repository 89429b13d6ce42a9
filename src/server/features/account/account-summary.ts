import { and, eq, isNull, ne } from "drizzle-orm";
import type { AccountSummary } from "../../../shared/schemas/account";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { StripeClient } from "../../lib/stripe";
import { getSubscriptionSummary, hasSmsAddon } from "../subscriptions/summary";

// GET /api/account: what the Account page shows at its top. The plan is the subscription summary's
// (the Premium rule of lib/premium.ts), the add-on the same rule's SMS half.

/**
 * Whether another enabled account that is not deleted is an admin: without one, the viewer is the last
 * admin, who may not delete their account (nobody would be left to run the console).
 */
export async function hasOtherAdmin(db: Db, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.role, "admin"), ne(users.id, userId), isNull(users.disabledAt), isNull(users.deletedAt)),
    )
    .limit(1);
  return other !== undefined;
}

export async function getAccountSummary({
  db,
  stripe,
  viewer,
  sessionId,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  /** The current user as the session read them (a deleted account, being disabled too, has none). */
  viewer: CurrentUser;
  /** The request's session (its sid): how it signed in is a column of its row. */
  sessionId: string | undefined;
}): Promise<AccountSummary> {
  const [session] = sessionId
    ? await db
        .select({ signInMethod: sessions.signInMethod })
        .from(sessions)
        .where(eq(sessions.sid, sessionId))
    : [];
  const premium = await getSubscriptionSummary({ db, stripe, viewer });
  const isLastAdmin = viewer.role === "admin" && !(await hasOtherAdmin(db, viewer.id));
  return {
    email: viewer.email,
    role: viewer.role,
    signInMethod: session?.signInMethod ?? null,
    plan: {
      name: premium.hasActiveSubscription ? "Premium" : "Free",
      status: premium.hasActiveSubscription ? premium.status : null,
      currentPeriodEnd: premium.hasActiveSubscription ? premium.currentPeriodEnd : null,
      smsAddon: await hasSmsAddon(db, viewer.id),
    },
    createdAt: viewer.createdAt,
    isLastAdmin,
  };
}
