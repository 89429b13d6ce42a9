import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES } from "../../shared/constants";
import { type CurrentUser, currentUserSchema } from "../../shared/schemas/auth";
import { type Db, ShapedStatement, selectRows } from "../db/client";
import { subscriptions } from "../db/schema";
import { AppError } from "./app-error";
import { activeSubscriptionNow } from "./premium";

/**
 * Who is asking, as the services see it: what the rules need. Services take it explicitly, so "who may
 * see what" is decided in one place and testable without HTTP; null (signed out) where a route is public.
 * The access guard reads the whole current user into `request.viewer` (with the session, see
 * readSessionWithUser), which satisfies this type.
 */
export type Viewer = Pick<CurrentUser, "id" | "email" | "role" | "hasActiveSubscription">;

/**
 * Refuses (403) a viewer whose role does not act as a buyer: a buyer, or an admin who made a buyer
 * profile. A profile's rows outlive a role change by an administrator; what the role allowed does not,
 * so every buyer action checks the role beside the profile (the role is read on every request).
 */
export function assertBuyerRole(viewer: Viewer): void {
  if (viewer.role !== "buyer" && viewer.role !== "admin") {
    throw new AppError("forbidden", MESSAGES.buyerRoleRequired);
  }
}

/**
 * Refuses (403) a viewer who holds a publisher profile but no longer the publisher role: the profile
 * outlives an administrator's role change, the edits it allowed do not (as assertBuyerRole for buyers).
 * Admins hold no publisher profile, so only the publisher role passes.
 */
export function assertPublisherRole(viewer: Viewer): void {
  if (viewer.role !== "publisher") throw new AppError("forbidden", MESSAGES.publisherRoleRequired);
}

/**
 * The current user's columns over `users u`, Premium included: every read of the current user (the
 * session's below, an API key's in features/auth/api-keys.ts) selects exactly these, with
 * ENABLED_USER in its join condition.
 */
export const USER_COLUMNS = sql`u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.profile_image_url as "profileImageUrl", u.role,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  exists (select 1 from ${subscriptions} where ${subscriptions.userId} = u.id and ${activeSubscriptionNow()})
    as "hasActiveSubscription"`;

/**
 * A disabled account reads as nobody: a session or an API key that outlived the disabling is signed out
 * at once, everywhere. A deleted account is disabled too (features/account/delete-account.ts).
 */
export const ENABLED_USER = sql`u.disabled_at is null`;

/** The current-user read (GET /api/auth/user): one query. */
export async function readCurrentUser({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<CurrentUser | null> {
  const [row] = await selectRows(
    db,
    currentUserSchema,
    sql`select ${USER_COLUMNS} from users u where u.id = ${userId} and ${ENABLED_USER}`,
  );
  return row ?? null;
}

const sessionWithUserSchema = z.object({
  sess: z.record(z.string(), z.unknown()),
  expire: z.coerce.date(),
  lastSeenAt: z.coerce.date().nullable(),
  // The user's columns, all null when the session has no (enabled) user.
  id: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.string().nullable(),
  createdAt: z.string().nullable(),
  hasActiveSubscription: z.boolean().nullable(),
});

/** Built once (it has one shape), then only bound: every signed-in request runs it. */
const SESSION_WITH_USER = new ShapedStatement<{ sid: string }>();
const sessionWithUserStatement = ({ sid }: { sid: string }): SQL =>
  sql`select s.sess, s.expire, s.last_seen_at as "lastSeenAt", ${USER_COLUMNS}
      from sessions s left join users u on u.id = s.user_id and ${ENABLED_USER} where s.sid = ${sid}`;

/**
 * A stored session and its signed-in user in one query (a signed-in request used to read the
 * session, then the user and the entitlement: three round trips on the hottest path). Null when there is no such session row.
 * The user is the row's user_id: the column every "sign this user out" deletes by.
 */
export async function readSessionWithUser(
  db: Db,
  sid: string,
): Promise<{
  sess: Record<string, unknown>;
  expire: Date;
  lastSeenAt: Date | null;
  user: CurrentUser | null;
} | null> {
  const [raw] = await SESSION_WITH_USER.select<unknown>(db, "by sid", { sid }, sessionWithUserStatement);
  if (raw === undefined) return null;
  const row = sessionWithUserSchema.parse(raw);
  const { sess, expire, lastSeenAt, ...user } = row;
  return { sess, expire, lastSeenAt, user: user.id === null ? null : currentUserSchema.parse(user) };
}
