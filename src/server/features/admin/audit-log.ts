import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AuditEntry, AuditLogQuery } from "../../../shared/schemas/admin-audit";
import { type Db, selectRows } from "../../db/client";
import { type AdminSource, createdKeyColumn, type Page, readPage } from "../../lib/admin-page";

// The audit log: read-only here, and append-only in the database (a trigger refuses UPDATE
// and DELETE on audit_logs, migration 0002). Newest first; each filter has an index that starts with
// its column and ends with created_at (audit_logs_action_idx, _user_idx, _target_idx, _created_idx).

const entryRowSchema = z.object({
  id: z.string(),
  createdAt: z.coerce.date(),
  createdKey: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  targetId: z.string().nullable(),
  meta: z.unknown(),
});

// Entries store no email address (an address would outlive a deleted account in this append-only table):
// who acted is read from the users row, null once that account is deleted ("A deleted user"), and the
// complimentary Premium entries, whose target is a user, get that user's current address added to their
// meta as they are read, for the sentence "granted complimentary Premium to ...".
const TARGETS_A_USER = sql`a.action in ('subscription.complimentary_granted', 'subscription.complimentary_revoked')`;

// No total (no countFrom): the log only grows, and counting all of it on every visit would cost more
// than it tells.
const AUDIT_LOG: AdminSource<z.infer<typeof entryRowSchema>> = {
  alias: "a",
  columns: sql`a.id, a.created_at as "createdAt", ${createdKeyColumn("a")}, a.action, a.user_id as "userId",
    case when u.deleted_at is null then u.email end as "userEmail", a.target_id as "targetId",
    case when tu.id is not null and tu.deleted_at is null
      then coalesce(a.meta_json, '{}'::jsonb) || jsonb_build_object('email', tu.email)
      else a.meta_json end as meta`,
  // The CASE keeps the cast to the entries whose target is a user id (other targets need not be uuids).
  from: sql`audit_logs a left join users u on u.id = a.user_id
    left join users tu on tu.id = case when ${TARGETS_A_USER} then a.target_id::uuid end`,
  rowSchema: entryRowSchema,
};

/** GET /api/admin/audit-logs: filtered by action, user, record and time ([from, to)). */
export async function listAuditEntries({
  db,
  query,
}: {
  db: Db;
  query: AuditLogQuery;
}): Promise<Page<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(sql`a.action = ${query.action}`);
  if (query.userId) filters.push(sql`a.user_id = ${query.userId}`);
  if (query.targetId) filters.push(sql`a.target_id = ${query.targetId}`);
  if (query.from) filters.push(sql`a.created_at >= ${query.from}::timestamptz`);
  if (query.to) filters.push(sql`a.created_at < ${query.to}::timestamptz`);
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
