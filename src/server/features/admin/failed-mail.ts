import { sql } from "drizzle-orm";
import { z } from "zod";
import { MAIL_KINDS } from "../../../shared/constants";
import {
  FAILED_MAIL_MESSAGES,
  type FailedMail,
  type FailedMailQuery,
  type RetriedMail,
} from "../../../shared/schemas/admin-mail";
import { type Db, selectRows } from "../../db/client";
import type { MailQueue } from "../../jobs/mail";
import { type AdminSource, createdKeyColumn, type Page, readPage } from "../../lib/admin-page";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../../lib/viewer";

// Mail whose retries were used up (jobs/mail.ts) stays in `mails` as `failed` until an admin sends it
// again: nothing is dropped without a trace. The list never carries a body (a sign-in mail holds a live
// link) and answers newest first from a partial index over the failed rows only.

const failedRowSchema = z.object({
  id: z.string(),
  createdKey: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
  retryable: z.boolean(),
});

// A mail can be sent again while it still has its body and has not expired.
const RETRYABLE = sql`(m.text is not null and (m.expires_at is null or m.expires_at > now()))`;

const FAILED_MAILS: AdminSource<z.infer<typeof failedRowSchema>> = {
  alias: "m",
  columns: sql`m.id, ${createdKeyColumn("m")}, m.kind, m.to, m.subject, m.attempts, m.last_error as "lastError",
    m.created_at as "createdAt", m.updated_at as "updatedAt", ${RETRYABLE} as retryable`,
  from: sql`mails m`,
  rowSchema: failedRowSchema,
  countFrom: sql`mails m`,
};

/** GET /api/admin/mail/failed. */
export async function listFailedMails({
  db,
  query,
}: {
  db: Db;
  query: FailedMailQuery;
}): Promise<Page<FailedMail>> {
  return readPage(
    db,
    FAILED_MAILS,
    { filters: [sql`m.status = 'failed'`], cursor: query.cursor, limit: query.limit },
    (row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      retryable: row.retryable,
    }),
  );
}

/**
 * POST /api/admin/mail/failed/{id}/retry: queues the failed mail again, audit-logged, in one
 * transaction. 404 for a mail that is not failed (sent, queued again by another admin's click, or
 * unknown), 409 for an expired sign-in link. The queue then sends it once (jobs/mail.ts).
 */
export async function retryFailedMail({
  db,
  mailQueue,
  viewer,
  mailId,
}: {
  db: Db;
  mailQueue: MailQueue;
  viewer: Viewer;
  mailId: string;
}): Promise<RetriedMail> {
  if (!isUuid(mailId)) throw new AppError("not_found", FAILED_MAIL_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [mail] = await selectRows(
      tx,
      z.object({ kind: z.enum(MAIL_KINDS), attempts: z.number().int(), retryable: z.boolean() }),
      sql`select m.kind, m.attempts, ${RETRYABLE} as retryable from mails m
          where m.id = ${mailId} and m.status = 'failed' for update`,
    );
    if (!mail) throw new AppError("not_found", FAILED_MAIL_MESSAGES.notFound);
    if (!mail.retryable) throw new AppError("conflict", FAILED_MAIL_MESSAGES.expired);
    await mailQueue.requeueFailed(tx, mailId);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "mail.retried",
      targetId: mailId,
      before: { status: "failed", attempts: mail.attempts },
      after: { status: "queued" },
      extra: { kind: mail.kind },
    });
    return { id: mailId, status: "queued" as const };
  });
}
