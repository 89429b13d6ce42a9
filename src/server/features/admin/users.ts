import { and, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { MESSAGES, type SubscriptionProduct } from "../../../shared/constants";
import type {
  AdminUser,
  AdminUserQuery,
  RefundSubscriptionInput,
  UpdateAdminUser,
} from "../../../shared/schemas/admin-users";
import type { Db } from "../../db/client";
import {
  buyerListings,
  buyerProfiles,
  publisherProfiles,
  sessions,
  subscriptions,
  users,
} from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import {
  createdKeyOf,
  type KeysetRow,
  type KeysetSource,
  type Page,
  readOne,
  readPage,
} from "../../lib/keyset-pages";
import { containsPattern } from "../../lib/paging";
import { activeSubscriptionNow, runningNow } from "../../lib/premium";
import type { StripeClient } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { retryOnceOnContention } from "../../plugins/database-errors";
import { announceListingsActivated } from "../alerts/alert-jobs";
import { applyRoleChange, lockAdminSet } from "../auth/role-change";
import { endAllUserSessions } from "../auth/user-sessions";
import { setComplimentaryPremium } from "../subscriptions/complimentary";
import { refundSubscription } from "../subscriptions/refund";

// User management (docs/admin.md; roles and disabled accounts in docs/product.md): find people, change a role,
// disable or enable an account, grant or remove complimentary Premium.

const USER_NOT_FOUND = "User not found";
const SELF_ROLE_MESSAGE = "You cannot change your own role: ask another administrator.";
const SELF_DISABLE_MESSAGE = "You cannot disable your own account.";

const USERS = {
  keyed: users,
  rows: (db: Db) =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        createdAt: users.createdAt,
        disabledAt: users.disabledAt,
        createdKey: createdKeyOf(users.createdAt),
        hasActiveSubscription: sql<boolean>`exists (select 1 from ${subscriptions}
          where ${subscriptions.userId} = ${users.id} and ${activeSubscriptionNow()})`,
        complimentaryPremium: sql<boolean>`exists (select 1 from ${subscriptions}
          where ${subscriptions.userId} = ${users.id} and ${subscriptions.stripeSubscriptionId} is null
            and ${activeSubscriptionNow()})`,
        paidSubscriptions: sql<SubscriptionProduct[]>`array(select distinct ${subscriptions.product}
          from ${subscriptions} where ${subscriptions.userId} = ${users.id}
            and ${subscriptions.stripeSubscriptionId} is not null and ${runningNow()}
          order by ${subscriptions.product})`,
        publisherStatus: publisherProfiles.status,
        buyerCompany: buyerProfiles.company,
        sessionCount: sql<number>`(select count(*) from ${sessions}
          where ${sessions.userId} = ${users.id} and ${sessions.expire} > now())::int`,
      })
      .from(users)
      .leftJoin(publisherProfiles, eq(publisherProfiles.userId, users.id))
      .leftJoin(buyerProfiles, eq(buyerProfiles.userId, users.id))
      .$dynamic(),
  count: (db: Db) => db.select({ n: count() }).from(users).$dynamic(),
} satisfies KeysetSource;
type UserRow = KeysetRow<ReturnType<typeof USERS.rows>>;

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    hasActiveSubscription: row.hasActiveSubscription,
    complimentaryPremium: row.complimentaryPremium,
    paidSubscriptions: row.paidSubscriptions,
    publisherStatus: row.publisherStatus,
    buyerCompany: row.buyerCompany,
    sessionCount: row.sessionCount,
  };
}

/**
 * GET /api/admin/users: newest first; search over email and names. A deleted account is no longer a
 * person here: its nameless row stays only for the records that hang off it (docs/decisions/026).
 */
export async function listUsers({ db, query }: { db: Db; query: AdminUserQuery }): Promise<Page<AdminUser>> {
  const filters: SQL[] = [isNull(users.deletedAt)];
  if (query.id) filters.push(eq(users.id, query.id));
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.state === "disabled") filters.push(isNotNull(users.disabledAt));
  if (query.state === "active") filters.push(isNull(users.disabledAt));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
      )!,
    );
  }
  return readPage(db, USERS, { filters, cursor: query.cursor, limit: query.limit }, toAdminUser);
}

/**
 * PATCH /api/admin/users/{id}: each change in one transaction with its audit entry.
 * - role: any of the four; an admin cannot change their own, and at least one active admin always
 *   remains (features/auth/role-change.ts: role and disabled changes take one lock on the set of admins,
 *   then check that the acting admin still is one). The user's sessions end and their API keys keep
 *   the scopes the new role may give. A publisher profile and a buyer profile exclude each other (a user
 *   is a publisher or a buyer, never both), so a user holding one cannot take the other role.
 * - disabled: sign-in refused from now on, every session deleted at once, listings out of the
 *   directory (lib/listing-read.ts); enabling gives all of it back, and the active
 *   listings that come back are announced to the listing alerts like new ones. Not oneself.
 * - complimentaryPremium: the grant `npm run user:premium` makes, recorded with the admin as actor.
 * A transaction that loses a race to another is run once more (nothing in it reaches outside it).
 */
export async function updateUserByAdmin({
  db,
  jobs,
  viewer,
  userId,
  changes,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  userId: string;
  changes: UpdateAdminUser;
}): Promise<AdminUser> {
  if (!isUuid(userId)) throw new AppError("not_found", USER_NOT_FOUND);
  if (userId === viewer.id) {
    if (changes.role !== undefined && changes.role !== viewer.role) {
      throw new AppError("forbidden", SELF_ROLE_MESSAGE);
    }
    if (changes.disabled === true) throw new AppError("forbidden", SELF_DISABLE_MESSAGE);
  }
  const touchesAdmins = changes.role !== undefined || changes.disabled !== undefined;
  await retryOnceOnContention(() =>
    db.transaction(async (tx) => {
      if (touchesAdmins) {
        await lockAdminSet(tx);
        // The guard read the viewer before this request waited for the lock: another admin may have
        // demoted or disabled them meanwhile.
        const [actor] = await tx
          .select({ role: users.role, disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.id, viewer.id));
        if (actor?.role !== "admin" || actor.disabledAt !== null) {
          throw new AppError("admin_required", MESSAGES.adminRequired);
        }
      }
      const [user] = await tx
        .select({ id: users.id, email: users.email, role: users.role, disabledAt: users.disabledAt })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for("update");
      if (!user) throw new AppError("not_found", USER_NOT_FOUND);
      const now = new Date();

      if (changes.role !== undefined && changes.role !== user.role) {
        await assertRoleFitsProfiles(tx, userId, changes.role);
        const ended = await applyRoleChange(tx, { userId, from: user.role, role: changes.role });
        await writeAuditEntry(tx, {
          actorId: viewer.id,
          action: "user.role_changed",
          targetId: userId,
          before: { role: user.role },
          after: { role: changes.role },
          extra: ended,
        });
      }

      if (changes.disabled !== undefined && changes.disabled !== (user.disabledAt !== null)) {
        const disabledAt = changes.disabled ? now : null;
        await tx.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, userId));
        const sessionsEnded = changes.disabled ? await endAllUserSessions(tx, userId) : 0;
        await writeAuditEntry(tx, {
          actorId: viewer.id,
          action: changes.disabled ? "user.disabled" : "user.enabled",
          targetId: userId,
          before: { disabledAt: user.disabledAt },
          after: { disabledAt },
          extra: changes.disabled ? { sessionsEnded } : {},
        });
        if (!changes.disabled) {
          const listings = await tx
            .update(buyerListings)
            .set({ activatedAt: now })
            .where(
              sql`${buyerListings.status} = 'active' and ${buyerListings.buyerId} in (select id from buyer_profiles where user_id = ${userId})`,
            )
            .returning({ id: buyerListings.id });
          await announceListingsActivated({
            jobs,
            listingIds: listings.map((l) => l.id),
            within: transactionClient(tx),
          });
        }
      }

      if (changes.complimentaryPremium !== undefined) {
        await setComplimentaryPremium({
          db: tx,
          email: user.email,
          enabled: changes.complimentaryPremium,
          actorId: viewer.id,
        });
      }
    }),
  );
  return toAdminUser(await readOne(db, USERS, userId, USER_NOT_FOUND));
}

/**
 * POST /api/admin/users/{id}/refund: the user's paid Premium or SMS add-on refunded and cancelled
 * (features/subscriptions/refund.ts); the answer is the user as the console shows them after it.
 */
export async function refundUserSubscription({
  db,
  stripe,
  viewer,
  userId,
  input,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  viewer: Viewer;
  userId: string;
  input: RefundSubscriptionInput;
}): Promise<AdminUser> {
  if (!isUuid(userId)) throw new AppError("not_found", USER_NOT_FOUND);
  await readOne(db, USERS, userId, USER_NOT_FOUND);
  await refundSubscription({ db, stripe, admin: viewer, userId, input });
  return toAdminUser(await readOne(db, USERS, userId, USER_NOT_FOUND));
}

/**
 * POST /api/admin/users/{id}/sessions/end: signs the user out everywhere at once (a lost laptop reported
 * to support, a shared password), without disabling the account. Audited with how many ended.
 */
export async function endUserSessionsByAdmin({
  db,
  viewer,
  userId,
}: {
  db: Db;
  viewer: Viewer;
  userId: string;
}): Promise<{ ended: number }> {
  if (!isUuid(userId)) throw new AppError("not_found", USER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("not_found", USER_NOT_FOUND);
    const ended = await endAllUserSessions(tx, userId);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "user.sessions_ended",
      targetId: userId,
      before: null,
      after: null,
      extra: { ended },
    });
    return { ended };
  });
}

async function assertRoleFitsProfiles(tx: Db, userId: string, role: string): Promise<void> {
  if (role === "buyer") {
    const [profile] = await tx
      .select({ id: publisherProfiles.id })
      .from(publisherProfiles)
      .where(eq(publisherProfiles.userId, userId));
    if (profile) {
      throw new AppError("conflict", "This user has a publisher profile, so they cannot be a buyer.");
    }
  }
  if (role === "publisher") {
    const [profile] = await tx
      .select({ id: buyerProfiles.id })
      .from(buyerProfiles)
      .where(eq(buyerProfiles.userId, userId));
    if (profile) {
      throw new AppError("conflict", "This user has a buyer profile, so they cannot be a publisher.");
    }
  }
}
