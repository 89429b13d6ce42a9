import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { AuditEntry, AuditLogQuery } from "../../../shared/schemas/admin-audit";
import { type Db, selectRows } from "../../db/client";
import { auditLogs, users } from "../../db/schema";
import { createdKeyOf, type KeysetSource, type Page, readPage } from "../../lib/keyset-pages";

// The audit log: read-only here, and append-only in the database (a trigger refuses UPDATE
// and DELETE on audit_logs, migration 0002). Newest first; each filter has an index that starts with
// its column and ends with created_at (audit_logs_action_idx, _user_idx, _target_idx, _created_idx).

// Entries store no email address (an address would outlive a deleted account in this append-only table):
// who acted is read from the users row, null once that account is deleted ("A deleted user"), and the
// complimentary Premium entries, whose target is a user, get that user's current address added to their
// meta as they are read, for the sentence "granted complimentary Premium to ...".
const TARGETS_A_USER = sql`${auditLogs.action} in ('subscription.complimentary_granted', 'subscription.complimentary_revoked')`;

const target = alias(users, "target_user");

// No total (no count): the log only grows, and counting all of it on every visit would cost more
// than it tells.
const AUDIT_LOG = {
  keyed: auditLogs,
  rows: (db: Db) =>
    db
      .select({
        id: auditLogs.id,
        createdAt: auditLogs.createdAt,
        createdKey: createdKeyOf(auditLogs.createdAt),
        action: auditLogs.action,
        userId: auditLogs.userId,
        userEmail: sql<string | null>`case when ${users.deletedAt} is null then ${users.email} end`,
        targetId: auditLogs.targetId,
        meta: sql<unknown>`case when ${target.id} is not null and ${target.deletedAt} is null
          then coalesce(${auditLogs.metaJson}, '{}'::jsonb) || jsonb_build_object('email', ${target.email})
          else ${auditLogs.metaJson} end`,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      // The CASE keeps the cast to the entries whose target is a user id (other targets need not be uuids).
      .leftJoin(target, eq(target.id, sql`case when ${TARGETS_A_USER} then ${auditLogs.targetId}::uuid end`))
      .$dynamic(),
} satisfies KeysetSource;

/** GET /api/admin/audit-logs: filtered by action, user, record and time ([from, to)). */
export async function listAuditEntries({
  db,
  query,
}: {
  db: Db;
  query: AuditLogQuery;
}): Promise<Page<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLogs.action, query.action));
  if (query.userId) filters.push(eq(auditLogs.userId, query.userId));
  if (query.targetId) filters.push(eq(auditLogs.targetId, query.targetId));
  // The bounds as the query gives them, microseconds included (a Date would drop them).
  if (query.from) filters.push(sql`${auditLogs.createdAt} >= ${query.from}::timestamptz`);
  if (query.to) filters.push(sql`${auditLogs.createdAt} < ${query.to}::timestamptz`);
  return readPage(db, AUDIT_LOG, { filters, cursor: query.cursor, limit: query.limit }, (row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    userId: row.userId,
    userEmail: row.userEmail,
    targetId: row.targetId,
    meta: row.meta ?? null,
  }));
}

/** GET /api/admin/audit-actions: the actions the log holds, for the filter's choices. */
export async function listAuditActions({ db }: { db: Db }): Promise<string[]> {
  const rows = await selectRows(
    db,
    z.object({ action: z.string() }),
    sql`select distinct action from audit_logs order by action`,
  );
  return rows.map((r) => r.action);
}
