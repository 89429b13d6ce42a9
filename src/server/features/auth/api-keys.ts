import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope, type Role } from "../../../shared/constants";
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES_BY_ROLE,
  type ApiKey,
  type CreatedApiKey,
  type createApiKeySchema,
  MAX_API_KEYS,
} from "../../../shared/schemas/api-keys";
import { currentUserSchema } from "../../../shared/schemas/auth";
import { type Db, selectRows } from "../../db/client";
import { apiKeys, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import { ENABLED_USER, USER_COLUMNS, type Viewer } from "../../lib/viewer";
import type { ApiKeyReader, AuthenticatedApiKey } from "../../plugins/access-guard";
import { hashToken } from "./magic-link";
import { ipPrefix } from "./session-device";

// Personal API keys (docs/api.md): a user makes keys on the Account page and a program calls the public
// API with one (Authorization: Bearer, plugins/access-guard.ts). The key is answered once; the database
// keeps its SHA-256 (the sign-in links' hashToken), so a leaked table calls nothing, and its first
// characters, which the owner sees to tell keys apart.

const KEY_PREFIX = "ppc_";
/** "ppc_" and 8 characters of the secret: 48 bits, enough to tell one's keys apart, useless to call with. */
const SHOWN_PREFIX_LENGTH = 12;
/** The fixed window the per-user request count runs over (config.apiRateLimit is per minute). */
const API_RATE_WINDOW_SECONDS = 60;

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
};

function toApiKey(row: {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}): ApiKey {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: ipPrefix(row.lastUsedIp),
  };
}

/**
 * Makes a key with the scopes the viewer's role may give (the routes behind the others would refuse the
 * role anyway). Answers the whole key: the only time it leaves the server.
 */
export async function createApiKey({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: z.infer<typeof createApiKeySchema>;
}): Promise<CreatedApiKey> {
  const allowed = API_KEY_SCOPES_BY_ROLE[viewer.role];
  if (input.scopes.some((scope) => !allowed.includes(scope))) {
    throw new AppError("validation", API_KEY_MESSAGES.scopeNotForRole);
  }
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`; // 256 bits
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  return db.transaction(async (tx) => {
    // The user's row locked: two keys made at once cannot both slip under the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, viewer.id), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= MAX_API_KEYS) {
      throw new AppError("conflict", API_KEY_MESSAGES.tooManyKeys(MAX_API_KEYS));
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId: viewer.id, name: input.name, prefix, keyHash: hashToken(key), scopes: input.scopes })
      .returning(keyColumns);
    const created = toApiKey(row!);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "account.api_key_created",
      targetId: created.id,
      before: null,
      after: { name: created.name, prefix, scopes: created.scopes },
    });
    return { ...created, key };
  });
}

/** The viewer's keys that are not revoked, newest first. */
export async function listApiKeys({ db, viewer }: { db: Db; viewer: Viewer }): Promise<ApiKey[]> {
  const rows = await db
    .select(keyColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, viewer.id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/**
 * Revokes one of the viewer's keys: its next request is refused (every request reads the key's row).
 * Another user's key, or one already revoked, is not found.
 */
export async function revokeApiKey({ db, viewer, keyId }: { db: Db; viewer: Viewer; keyId: string }) {
  if (!isUuid(keyId)) throw new AppError("not_found", API_KEY_MESSAGES.keyNotFound);
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, viewer.id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) throw new AppError("not_found", API_KEY_MESSAGES.keyNotFound);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "account.api_key_revoked",
      targetId: keyId,
      before: revoked,
      after: null,
    });
  });
}

/**
 * A new role's keys (features/auth/role-change.ts): each keeps the scopes the role may give and loses
 * the others, as if made under it. Answers how many keys lost a scope. Every role may give
 * listings:read, so no key is left with nothing.
 */
export async function narrowApiKeysToRole(
  db: Db,
  { userId, role }: { userId: string; role: Role },
): Promise<number> {
  const allowed = API_KEY_SCOPES_BY_ROLE[role];
  const keys = await db
    .select({ id: apiKeys.id, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  let narrowed = 0;
  for (const key of keys) {
    const kept = key.scopes.filter((scope) => allowed.includes(scope));
    if (kept.length === key.scopes.length) continue;
    await db.update(apiKeys).set({ scopes: kept }).where(eq(apiKeys.id, key.id));
    narrowed += 1;
  }
  return narrowed;
}

const authenticatedKeySchema = currentUserSchema.extend({
  keyId: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  count: z.number(),
  resetSeconds: z.number(),
});

/**
 * The key a request carries, its user and its rate window, or null for a key that is unknown, revoked,
 * or whose user is disabled (or deleted). Every keyed request runs this, so it is one statement, one
 * round trip, like the session's read (lib/viewer.ts): it reads the key and its user with the session's
 * user columns, counts the request in the user's fixed window (api_usage, an unlogged table: a
 * restarted window after a crash costs nothing; per user, so ten keys make no more requests than one),
 * and notes when and from where the key was last used, at most once a minute, so the logged api_keys
 * row is not rewritten on every request. The key's scopes are capped by the role read with it: a role
 * taken away stops what it allowed at once, whatever the key was made with.
 */
async function authenticateApiKey({
  db,
  key,
  ip,
}: {
  db: Db;
  key: string;
  ip: string | null;
}): Promise<AuthenticatedApiKey | null> {
  // Not one of ours (no "ppc_", or far too long): no need to ask the database.
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const windowEnd = sql`now() + make_interval(secs => ${API_RATE_WINDOW_SECONDS})`;
  // Raw: it reads the user with the session read's raw columns (lib/viewer.ts USER_COLUMNS), and every
  // keyed request runs it as a named prepared statement (selectRows), as the session read.
  const [row] = await selectRows(
    db,
    authenticatedKeySchema,
    sql`with k as (
          select k.id as "keyId", k.scopes, ${USER_COLUMNS}
          from api_keys k join users u on u.id = k.user_id and ${ENABLED_USER}
          where k.key_hash = ${hashToken(key)} and k.revoked_at is null
        ),
        used as (
          update api_keys set last_used_at = now(), last_used_ip = ${ip}
          where id = (select "keyId" from k)
            and (last_used_at is null or last_used_at <= now() - interval '1 minute')
        ),
        counted as (
          insert into api_usage as w (user_id, count, window_ends_at)
          select id, 1, ${windowEnd} from k
          on conflict (user_id) do update set
            count = case when w.window_ends_at <= now() then 1 else w.count + 1 end,
            window_ends_at = case when w.window_ends_at <= now() then excluded.window_ends_at
                                  else w.window_ends_at end
          returning w.count, w.window_ends_at
        )
        select k.*, counted.count,
          greatest(1, ceil(extract(epoch from counted.window_ends_at - now())))::int as "resetSeconds"
        from k cross join counted`,
  );
  if (!row) return null;
  const { keyId, scopes, count: requests, resetSeconds, ...user } = row;
  const allowed = API_KEY_SCOPES_BY_ROLE[user.role];
  return {
    user,
    key: { id: keyId, scopes: scopes.filter((scope) => allowed.includes(scope)) },
    window: { count: requests, resetSeconds },
  };
}

/** What the access guard reads a Bearer key with (app.ts hands it over). */
export const apiKeyReader: ApiKeyReader = {
  authenticate: authenticateApiKey,
  windowSeconds: API_RATE_WINDOW_SECONDS,
};
