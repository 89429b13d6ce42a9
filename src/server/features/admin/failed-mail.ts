import { and, count, eq, sql } from "drizzle-orm";
import {
  FAILED_MAIL_MESSAGES,
  type FailedMail,
  type FailedMailQuery,
  type RetriedMail,
} from "../../../shared/schemas/admin-mail";
import type { Db } from "../../db/client";
import { mails } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import { createdKeyOf, type KeysetSource, type Page, readPage } from "../../lib/keyset-pages";
import type { Viewer } from "../../lib/viewer";

// Mail whose retries were used up (jobs/mail.ts) stays in `mails` as `failed` until an admin sends it
// again: nothing is dropped without a trace. The list never carries a body (a sign-in mail holds a live
// link) and answers newest first from a partial index over the failed rows only.

// A mail can be sent again while it still has its body and has not expired.
const RETRYABLE = sql<boolean>`(${mails.text} is not null and (${mails.expiresAt} is null or ${mails.expiresAt} > now()))`;

const FAILED_MAILS = {
  keyed: mails,
  rows: (db: Db) =>
    db
      .select({
        id: mails.id,
        createdKey: createdKeyOf(mails.createdAt),
        kind: mails.kind,
        to: mails.to,
        subject: mails.subject,
        attempts: mails.attempts,
        lastError: mails.lastError,
        createdAt: mails.createdAt,
        updatedAt: mails.updatedAt,
        retryable: RETRYABLE,
      })
      .from(mails)
      .$dynamic(),
  count: (db: Db) => db.select({ n: count() }).from(mails).$dynamic(),
} satisfies KeysetSource;

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
    { filters: [eq(mails.status, "failed")], cursor: query.cursor, limit: query.limit },
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
    const [mail] = await tx
      .select({ kind: mails.kind, attempts: mails.attempts, retryable: RETRYABLE })
      .from(mails)
      .where(and(eq(mails.id, mailId), eq(mails.status, "failed")))
      .for("update");
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
