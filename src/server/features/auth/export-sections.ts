import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys } from "../../db/schema";
import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";
import { listUserSessions } from "./user-sessions";

// Sessions and API keys in the data export (features/account/account-export.ts).

export const sessionsSection: AccountExportSection = {
  key: "sessions",
  read: ({ db, viewer, sessionId }) => listUserSessions({ db, userId: viewer.id, currentSid: sessionId }),
};

export const apiKeysSection: AccountExportSection = {
  key: "apiKeys",
  read: ({ db, viewer }) => readApiKeys(db, viewer.id),
};

/**
 * The account's API keys, revoked ones included (it made them), newest first: what the Account page
 * shows of a key, never its hash, which would let anyone test guesses offline.
 */
function readApiKeys(db: Db, userId: string) {
  return db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(EXPORT_SECTION_LIMIT);
}
