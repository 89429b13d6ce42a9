import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, mails } from "../db/schema";
import { deletedAccountEmail } from "../lib/deleted-account";
import { useTestApp } from "../test/context";
import { createUser, sendQueuedMail, signInThroughSink } from "../test/factories";
import { withSmtpSink } from "../test/smtp-sink";
import { JOB_SCHEMA } from "./job-queue";
import { messageIdFor, type OutgoingMail } from "./mail";
import { QUEUES } from "./queues";

// Mail through the job queue against a real SMTP server on loopback: queued with the change or not at
// all, retried with backoff while the server is down, sent once, and given up on visibly.

const { env, sink } = withSmtpSink({ extraEnv: { MAIL_FROM: "Hub <hub@example.test>" } });

const notice = (n: number): OutgoingMail => ({
  kind: "deal-intent",
  key: `test:notice:${n}`,
  message: { to: `person${n}@example.test`, subject: `Notice ${n}`, text: `Hello ${n}` },
});

/** How many mails the sink holds for this address. */
const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address)).length;

describe("mail through the job queue", () => {
  const ctx = useTestApp({ env });
  const db = () => ctx.database.db;
  const queueMails = (outgoing: OutgoingMail[]) =>
    db().transaction((tx) => ctx.app.mailQueue.enqueue(tx, outgoing));
  const mailJobs = async () => {
    const result = (await db().execute(
      sql`select id, name, state from ${sql.raw(JOB_SCHEMA)}.job where name in ('mail', 'mail-sign-in')`,
    )) as unknown as { rows: { id: string; name: string; state: string }[] };
    return result.rows;
  };
  const requestSignIn = (email: string) =>
    ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });

  beforeAll(() => {
    sink.refusing = false;
  });

  it("sends a mail whose worker died mid-job within a minute", async () => {
    sink.received.length = 0;
    await queueMails([notice(90)]);
    // What a worker killed while sending leaves behind: its job active and the mail claimed, since the
    // job's expiry (30 s) ago.
    await db().execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job set state = 'active', started_on = now() - interval '30 seconds'
          where name = 'mail'`,
    );
    await db()
      .update(mails)
      .set({ status: "sending", attempts: 1, claimedUntil: sql`now()` })
      .where(eq(mails.key, "test:notice:90"));
    await ctx.app.jobs.start();
    try {
      // pg-boss's next maintenance fails the expired job, the retry sends the mail: within the minute
      // that a crash may cost (queues.test.ts), the expiry already past.
      await expect
        .poll(() => receivedBy("person90@example.test"), { timeout: 60_000, interval: 500 })
        .toBe(1);
    } finally {
      await ctx.app.jobs.stop();
    }
    expect(
      await db().select({ status: mails.status }).from(mails).where(eq(mails.key, "test:notice:90")),
    ).toEqual([{ status: "sent" }]);
    // It waits for real time (maintenance, then the retry's delay): more than the usual test's limit.
  }, 90_000);

  it("queues nothing for a change that rolls back, and delivers a committed one's mail once", async () => {
    sink.received.length = 0;
    const rolledBack = db().transaction(async (tx) => {
      await ctx.app.mailQueue.enqueue(tx, [notice(1)]);
      throw new Error("the change failed");
    });
    await expect(rolledBack).rejects.toThrow("the change failed");
    expect(await db().select().from(mails)).toEqual([]);
    expect(await mailJobs()).toEqual([]);

    await queueMails([notice(2)]);
    // Queuing the same mail again (the same key) queues nothing more.
    await queueMails([notice(2)]);
    expect(await mailJobs()).toHaveLength(1);
    expect(sink.received).toHaveLength(0);
    await sendQueuedMail(ctx);
    expect(receivedBy("person2@example.test")).toBe(1);
    expect(sink.received[0]!.raw).toContain(`Message-ID: ${messageIdFor("test:notice:2", "localhost")}`);
    const [row] = await db().select().from(mails);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, sentAt: expect.any(Date) });
  });

  it("drops a mail to a deleted account's placeholder address, and keeps no body of an account link once sent", async () => {
    sink.received.length = 0;
    const deleted = notice(3);
    deleted.message.to = deletedAccountEmail("00000000-0000-4000-8000-000000000003");
    const link: OutgoingMail = {
      kind: "account",
      key: "test:account:link",
      message: { to: "person4@example.test", subject: "Confirm", text: "Confirm: /x?token=secret" },
    };
    await queueMails([deleted, link]);
    const rows = await db().select({ to: mails.to }).from(mails);
    expect(rows).toEqual([{ to: "person4@example.test" }]);
    expect(await mailJobs()).toHaveLength(1);
    await sendQueuedMail(ctx);
    expect(sink.received.map((m) => m.to)).toEqual([["person4@example.test"]]);
    const [sent] = await db().select().from(mails);
    expect(sent).toMatchObject({ status: "sent", text: null, html: null });
  });

  it("retries with backoff while the SMTP server refuses connections, then delivers each mail once", async () => {
    sink.received.length = 0;
    sink.refusing = true;
    await queueMails([notice(1), notice(2)]);
    expect((await requestSignIn("waiting@example.test")).statusCode).toBe(202);

    expect(await ctx.app.jobs.workUntilIdle()).toEqual({ completed: 0, failed: 3 });
    const rows = await db().select().from(mails);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("421") });
    }
    // The retries wait for their backoff: nothing is due yet.
    expect(await ctx.app.jobs.workUntilIdle()).toEqual({ completed: 0, failed: 0 });
    expect((await mailJobs()).map((job) => job.state)).toEqual(["retry", "retry", "retry"]);
    // A second attempt each (not waiting for the backoff), still refused.
    expect(await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true, maxRounds: 1 })).toEqual({
      completed: 0,
      failed: 3,
    });

    sink.refusing = false;
    expect(await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true })).toEqual({ completed: 3, failed: 0 });
    expect(await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true })).toEqual({ completed: 0, failed: 0 });
    expect(receivedBy("person1@example.test")).toBe(1);
    expect(receivedBy("person2@example.test")).toBe(1);
    expect(receivedBy("waiting@example.test")).toBe(1);
    expect(sink.received).toHaveLength(3);
    const sent = await db().select().from(mails);
    expect(sent.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 3],
      ["sent", 3],
      ["sent", 3],
    ]);
    // A sign-in mail's link is not kept once it is out.
    const [signIn] = sent.filter((row) => row.kind === "sign-in");
    expect(signIn).toMatchObject({ text: null, html: null });
  });

  it("does not send again when the SMTP server accepted the mail but its job did not complete", async () => {
    sink.received.length = 0;
    await queueMails([notice(7)]);
    const [job] = await mailJobs();
    await sendQueuedMail(ctx);
    expect(receivedBy("person7@example.test")).toBe(1);
    // The job's completion is lost (a crash, the database gone for a moment): pg-boss runs it again.
    await db().execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job set state = 'retry', start_after = now(), completed_on = null
          where id = ${job!.id}`,
    );
    expect(await ctx.app.jobs.workUntilIdle()).toEqual({ completed: 1, failed: 0 });
    expect(receivedBy("person7@example.test")).toBe(1);
    // An attempt that finds another one holding the mail waits for it instead of sending a copy.
    await queueMails([notice(8)]);
    await db()
      .update(mails)
      .set({ status: "sending", claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mails.key, "test:notice:8"));
    expect(await ctx.app.jobs.workUntilIdle()).toEqual({ completed: 0, failed: 1 });
    expect(receivedBy("person8@example.test")).toBe(0);
    // Its lease passed without an "accepted" recorded (the process died mid-send): sent again, same Message-ID.
    await db()
      .update(mails)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mails.key, "test:notice:8"));
    expect(await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true })).toEqual({ completed: 1, failed: 0 });
    expect(receivedBy("person8@example.test")).toBe(1);
    expect(sink.received.at(-1)!.raw).toContain(`Message-ID: ${messageIdFor("test:notice:8", "localhost")}`);
  });

  it("gives an expired sign-in link up without sending it, and keeps no copy of it", async () => {
    sink.received.length = 0;
    expect((await requestSignIn("late@example.test")).statusCode).toBe(202);
    await db()
      .update(mails)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mails.to, "late@example.test"));
    await sendQueuedMail(ctx);
    expect(sink.received).toHaveLength(0);
    const [row] = await db().select().from(mails);
    expect(row).toMatchObject({ status: "failed", text: null, html: null, lastError: expect.any(String) });
  });

  describe("mail whose retries are used up", () => {
    const failEveryAttempt = async () => {
      sink.refusing = true;
      try {
        // Every retry at once: the first attempt and queue's retryLimit more.
        await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
      } finally {
        sink.refusing = false;
      }
    };

    it("lists failed mail for admins only, without the body, and sends a retried one once", async () => {
      sink.received.length = 0;
      const admin = await createUser(db(), { role: "admin" });
      const adminCookie = await signInThroughSink(ctx, sink, admin.email);
      const member = await createUser(db(), { role: "publisher" });
      const memberCookie = await signInThroughSink(ctx, sink, member.email);
      sink.received.length = 0;
      await queueMails([notice(3)]);
      expect((await requestSignIn("stuck@example.test")).statusCode).toBe(202);
      await failEveryAttempt();
      expect(sink.received).toHaveLength(0);

      const list = (cookie?: string) =>
        ctx.app.inject({ url: "/api/admin/mail/failed", headers: cookie ? { cookie } : {} });
      expect((await list()).statusCode).toBe(401);
      expect((await list(memberCookie)).statusCode).toBe(403);
      const res = await list(adminCookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("2");
      const failed = res.json() as { id: string; kind: string }[];
      expect(failed).toEqual([
        {
          id: expect.any(String),
          kind: "sign-in",
          to: "stuck@example.test",
          subject: "Your PayPerCall Hub sign-in link",
          attempts: QUEUES["mail-sign-in"].retryLimit + 1,
          lastError: expect.stringContaining("421"),
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          retryable: true,
        },
        expect.objectContaining({
          kind: "deal-intent",
          to: "person3@example.test",
          attempts: QUEUES.mail.retryLimit + 1,
          retryable: true,
        }),
      ]);
      // The token of the sign-in link never reaches an admin.
      expect(res.body).not.toContain("token");

      const retry = (id: string, cookie?: string) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/admin/mail/failed/${id}/retry`,
          headers: cookie ? { cookie } : {},
        });
      const notice3 = failed.find((mail) => mail.kind === "deal-intent")!;
      expect((await retry(notice3.id)).statusCode).toBe(401);
      expect((await retry(notice3.id, memberCookie)).statusCode).toBe(403);
      const retried = await retry(notice3.id, adminCookie);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ id: notice3.id, status: "queued" });
      // A second click finds nothing failed: one retry, one job.
      expect((await retry(notice3.id, adminCookie)).statusCode).toBe(404);
      expect((await retry("not-a-uuid", adminCookie)).statusCode).toBe(404);
      const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "mail.retried"));
      expect(audit).toEqual([
        expect.objectContaining({
          userId: admin.id,
          targetId: notice3.id,
          metaJson: {
            before: { status: "failed", attempts: QUEUES.mail.retryLimit + 1 },
            after: { status: "queued" },
            kind: "deal-intent",
          },
        }),
      ]);

      await sendQueuedMail(ctx);
      await sendQueuedMail(ctx);
      expect(receivedBy("person3@example.test")).toBe(1);
      expect((await list(adminCookie)).json()).toEqual([expect.objectContaining({ kind: "sign-in" })]);

      // Past its expiry a sign-in link is not worth sending: listed as such, and refused.
      const signIn = failed.find((mail) => mail.kind === "sign-in")!;
      await db()
        .update(mails)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(mails.id, signIn.id));
      expect((await list(adminCookie)).json()).toEqual([expect.objectContaining({ retryable: false })]);
      const expired = await retry(signIn.id, adminCookie);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().code).toBe("conflict");
      expect(receivedBy("stuck@example.test")).toBe(0);
    });
  });

  it("sends a sign-in link ahead of a backlog of other mail while the workers run", async () => {
    sink.received.length = 0;
    const backlog = Array.from({ length: 20 }, (_, i) => notice(100 + i));
    // The SMTP server is slow with the backlog: it has not accepted any of it yet.
    const busy = sink.hold((address) => address.startsWith("person1"));
    await queueMails(backlog);
    await ctx.app.jobs.start();
    try {
      expect((await requestSignIn("first@example.test")).statusCode).toBe(202);
      await expect.poll(() => receivedBy("first@example.test"), { timeout: 10_000 }).toBe(1);
      expect(sink.received.map((m) => m.to[0])).toEqual(["first@example.test"]);
      busy.release();
      await expect.poll(() => sink.received.length, { timeout: 30_000 }).toBe(21);
    } finally {
      busy.release();
      await ctx.app.jobs.stop();
    }
    const rows = await db()
      .select({ status: mails.status })
      .from(mails)
      .where(
        and(
          inArray(
            mails.key,
            backlog.map((mail) => mail.key),
          ),
        ),
      );
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });
});
