import { createHash } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { MailKind } from "../../shared/constants";
import type { Db } from "../db/client";
import { mails } from "../db/schema";
import { isDeletedAccountEmail } from "../lib/deleted-account";
import type { Mailer, MailMessage } from "../lib/mailer";
import { type JobContext, type JobQueue, transactionClient } from "./job-queue";
import { QUEUES } from "./queues";

// Every mail but the alerts goes out through the job queue (docs/decisions/019-mail-through-the-queue.md):
//
//   the change's transaction ── insert into mails (unique key) + its job ──> mail / mail-sign-in
//   the job ── claim the row (sending, a lease) ── Mailer.send ── sent (or the error, and a retry)
//
// Queued in the transaction of the change that causes it, a mail is never sent for a change that rolled
// back, and never lost for one that committed. The row is checked before each attempt: a job retried
// after the SMTP server accepted its mail finds it `sent` and sends nothing. What no check can close is
// a process dying between the server's "accepted" and the UPDATE that records it: that mail is sent
// again when its lease has passed, with the same Message-ID (a receiving system that keeps Message-IDs
// shows one message). We prefer that rare copy to a lost sign-in link.

const EXPIRED_MESSAGE = "Expired before it could be sent.";
const BUSY_MESSAGE = "Another attempt is sending this mail.";

/** A mail to queue: what it is, its idempotency key, and the message itself. */
export interface OutgoingMail {
  kind: MailKind;
  /**
   * Names this one mail: what it is about and for whom ("deal-intent:<id>:requested:buyer"). Queuing the
   * same key twice queues one mail.
   */
  key: string;
  message: Omit<MailMessage, "messageId">;
  /** Not worth sending after this (a sign-in link's expiry): then it fails without a send. */
  expiresAt?: Date;
}

const queueOf = (kind: MailKind) => (kind === "sign-in" ? "mail-sign-in" : "mail");

/**
 * Mails whose body holds a live one-time link: a sign-in link, or an account link (confirm or undo an
 * email change, "not you?"). Once such a mail is out, the database keeps no copy of its body.
 */
const carriesLiveLink = (kind: MailKind) => kind === "sign-in" || kind === "account";

/** A stable Message-ID for a mail key: the same on every attempt and on an admin's retry. */
export function messageIdFor(key: string, host: string): string {
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${host}>`;
}

/** Features queue their mails through this (app.mailQueue). */
export class MailQueue {
  readonly #jobs: JobQueue;
  readonly #host: string;
  readonly #log: Pick<FastifyBaseLogger, "info"> | undefined;

  constructor({
    jobs,
    appUrl,
    log,
  }: {
    jobs: JobQueue;
    appUrl: string;
    log?: Pick<FastifyBaseLogger, "info">;
  }) {
    this.#jobs = jobs;
    this.#host = new URL(appUrl).hostname;
    this.#log = log;
  }

  /**
   * Queues mails as rows of the open transaction `tx`, with their jobs in it too: they exist once it
   * commits, and not at all if it rolls back. A key queued before is skipped. A mail to a deleted
   * account (its placeholder address, lib/deleted-account.ts) is dropped here, the one place every mail
   * passes: whatever feature still names that party (a dispute decided after they left, say), nothing
   * is written for it and nothing is sent.
   */
  async enqueue(tx: Db, outgoing: readonly OutgoingMail[]): Promise<void> {
    const deliverable = outgoing.filter((mail) => {
      if (!isDeletedAccountEmail(mail.message.to)) return true;
      // The key says what the mail was about; the placeholder address names nobody.
      this.#log?.info({ mailKind: mail.kind, mailKey: mail.key }, "mail to a deleted account dropped");
      return false;
    });
    if (deliverable.length === 0) return;
    const rows = await tx
      .insert(mails)
      .values(
        deliverable.map((mail) => ({
          key: mail.key,
          kind: mail.kind,
          to: mail.message.to,
          subject: mail.message.subject,
          text: mail.message.text,
          html: mail.message.html ?? null,
          headers: mail.message.headers ?? null,
          messageId: messageIdFor(mail.key, this.#host),
          expiresAt: mail.expiresAt ?? null,
        })),
      )
      .onConflictDoNothing({ target: mails.key })
      .returning({ id: mails.id, kind: mails.kind });
    await this.#sendJobs(tx, rows);
  }

  /**
   * Queues a new job for a mail that failed for good (an admin's retry), inside `tx`: only a row that is
   * still `failed` moves back to `queued`, so two retries at once queue one job. Answers whether it did.
   */
  async requeueFailed(tx: Db, id: string): Promise<boolean> {
    const rows = await tx
      .update(mails)
      .set({ status: "queued", updatedAt: sql`now()` })
      .where(and(eq(mails.id, id), eq(mails.status, "failed")))
      .returning({ id: mails.id, kind: mails.kind });
    await this.#sendJobs(tx, rows);
    return rows.length > 0;
  }

  /**
   * After the commit that queued a sign-in mail: this instance's sign-in worker looks at once instead
   * of at its next poll, because someone is waiting for the mail.
   */
  wakeSignIn(): void {
    this.#jobs.notify("mail-sign-in");
  }

  async #sendJobs(tx: Db, rows: { id: string; kind: MailKind }[]): Promise<void> {
    const within = transactionClient(tx);
    for (const queue of ["mail-sign-in", "mail"] as const) {
      const jobs = rows.filter((row) => queueOf(row.kind) === queue).map((row) => ({ mailId: row.id }));
      await this.#jobs.sendMany(queue, jobs, { within });
    }
  }
}

/** The error as the failed-mail list shows it: the SMTP server's answer, no stack. */
function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}

/**
 * One attempt at one mail. Claims the row (queued, or sending whose lease has passed) for the length of
 * the queue's job expiry; a row sent or failed already is left alone, and one another attempt holds
 * is retried later.
 */
async function deliverMail(
  { db, mailer }: { db: Db; mailer: Mailer },
  mailId: string,
  job: JobContext,
  leaseSeconds: number,
): Promise<void> {
  const [mail] = await db
    .update(mails)
    .set({
      status: "sending",
      attempts: sql`${mails.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(mails.id, mailId),
        or(eq(mails.status, "queued"), and(eq(mails.status, "sending"), sql`${mails.claimedUntil} < now()`)),
      ),
    )
    .returning();
  if (!mail) {
    const [current] = await db.select({ status: mails.status }).from(mails).where(eq(mails.id, mailId));
    // Sent (an earlier attempt's mail was accepted, its job did not complete), failed, or gone: done.
    if (current?.status !== "sending") return;
    throw new Error(BUSY_MESSAGE);
  }
  const ours = and(eq(mails.id, mail.id), eq(mails.status, "sending"));
  if (mail.expiresAt && mail.expiresAt.getTime() <= Date.now()) {
    await db
      .update(mails)
      .set({ status: "failed", lastError: EXPIRED_MESSAGE, text: null, html: null, updatedAt: sql`now()` })
      .where(ours);
    return;
  }
  try {
    await mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text ?? "",
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      messageId: mail.messageId,
    });
  } catch (err) {
    const final = job.retryCount >= job.retryLimit;
    await db
      .update(mails)
      .set({ status: final ? "failed" : "queued", lastError: describeError(err), updatedAt: sql`now()` })
      .where(ours);
    throw err;
  }
  await db
    .update(mails)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      lastError: null,
      // A live token: once it is out, the database keeps no copy of it.
      ...(carriesLiveLink(mail.kind) ? { text: null, html: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(mails.id, mail.id));
}

/** The two mail queues' handlers (app.ts): the same delivery, each queue with its own worker. */
export function registerMailJobs(jobs: JobQueue, deps: { db: Db; mailer: Mailer }): void {
  jobs.handle("mail", (data, job) => deliverMail(deps, data.mailId, job, QUEUES.mail.expireInSeconds));
  jobs.handle("mail-sign-in", (data, job) =>
    deliverMail(deps, data.mailId, job, QUEUES["mail-sign-in"].expireInSeconds),
  );
}
