import { and, eq, isNull } from "drizzle-orm";
import { normalizeEmail } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { auditLogs, subscriptions, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { fallBackFromInstantAlerts } from "../alerts/alert-preferences";

/**
 * Support and demos (`npm run user:premium -- EMAIL on|off`): a complimentary Premium has no Stripe
 * objects and no period end. Turning it off removes only complimentary rows; a paid plan is Stripe's.
 * `actorId` is the admin who did it from the console (audit entry's user; default: the user themself).
 * Pass a transaction as `db` to make it part of a larger change (it nests as a savepoint).
 */
export async function setComplimentaryPremium({
  db,
  email,
  enabled,
  actorId,
}: {
  db: Db;
  email: string;
  enabled: boolean;
  actorId?: string;
}): Promise<{ userId: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, normalizeEmail(email)), isNull(users.deletedAt)))
      .for("update");
    if (!user) throw new AppError("not_found", `No user with email ${email}`);
    const complimentary = and(eq(subscriptions.userId, user.id), isNull(subscriptions.stripeSubscriptionId));
    if (enabled) {
      const [existing] = await tx
        .select({ id: subscriptions.id, status: subscriptions.status })
        .from(subscriptions)
        .where(complimentary);
      if (existing?.status === "active") return { userId: user.id, changed: false };
      if (existing) {
        await tx
          .update(subscriptions)
          .set({ status: "active", currentPeriodEnd: null, updatedAt: new Date() })
          .where(eq(subscriptions.id, existing.id));
      } else {
        await tx.insert(subscriptions).values({ userId: user.id, status: "active" });
      }
    } else {
      const removed = await tx.delete(subscriptions).where(complimentary).returning({ id: subscriptions.id });
      if (removed.length === 0) return { userId: user.id, changed: false };
      // Premium may have ended with it: instant alerts fall back to daily (they are a Premium benefit).
      await fallBackFromInstantAlerts(tx, user.id);
    }
    await tx.insert(auditLogs).values({
      userId: actorId ?? user.id,
      action: enabled ? "subscription.complimentary_granted" : "subscription.complimentary_revoked",
      targetId: user.id,
      // The target is the user's id; the log shows their current address (admin/audit-log.ts), never
      // stores one, so a deleted account's address does not outlive it here.
      metaJson: {
        before: { complimentaryPremium: !enabled },
        after: { complimentaryPremium: enabled },
      },
    });
    return { userId: user.id, changed: true };
  });
}
