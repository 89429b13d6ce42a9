import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs, compliance, mailOutbox, mails, publisherProfiles, users } from "../../db/schema";
import { type TestContext, useTestApp } from "../../test/context";
import {
  createPublisher,
  createSignedInUser,
  createUser,
  type SignedInUser,
  sendQueuedMail,
  signInThroughSink,
} from "../../test/factories";
import { type SmtpSink, withSmtpSink } from "../../test/smtp-sink";
import { computeQualityScore, qualityFactsOf, recomputeQualityScore } from "../publishers/quality-score";

const REASON = "Your website shows no TCPA consent language on its forms.";

const ADMIN = { role: "admin", email: "reviewer@example.test" } as const;

async function signInAdminThroughSink(ctx: TestContext, sink: SmtpSink) {
  const user = await createUser(ctx.database.db, ADMIN);
  return { user, cookie: await signInThroughSink(ctx, sink, user.email) };
}

describe("publisher review (/api/admin/pending-publishers, approve, reject)", () => {
  const ctx = useTestApp();
  let admin: SignedInUser;
  beforeEach(async () => {
    admin = await createSignedInUser(ctx, ADMIN);
  });
  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  it("lists every status with the details a review needs, filtered and searched", async () => {
    const db = ctx.database.db;
    const start = Date.now() - 60_000;
    const older = await createPublisher(db, {
      status: "pending",
      website: "https://older-calls.example",
      verticals: ["Legal"],
      createdAt: new Date(start),
    });
    const newer = await createPublisher(db, {
      status: "pending",
      website: "https://newer-calls.example",
      verticals: ["Insurance", "Solar"],
      domainVerifiedAt: new Date(),
      createdAt: new Date(start + 1000),
    });
    await createPublisher(db, {
      status: "approved",
      website: "https://approved.example",
      createdAt: new Date(start + 2000),
    });
    await db.insert(compliance).values({
      publisherId: newer.profile.id,
      tcpaComplianceAck: true,
      dncProcessDesc: "We scrub every list against the national DNC registry daily.",
      acceptedAt: new Date(),
      ackTextVersion: "2026-01",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0",
    });

    const all = await call("GET", "/api/admin/pending-publishers");
    expect(all.statusCode).toBe(200);
    expect(all.headers["x-total-count"]).toBe("3");
    // Every status, newest first.
    expect(all.json().map((p: { website: string }) => p.website)).toEqual([
      "https://approved.example",
      "https://newer-calls.example",
      "https://older-calls.example",
    ]);

    // The pending queue: who has waited longest comes first.
    const pending = await call("GET", "/api/admin/pending-publishers?status=pending");
    expect(pending.json().map((p: { id: string }) => p.id)).toEqual([older.profile.id, newer.profile.id]);
    expect(pending.json()[1]).toMatchObject({
      email: newer.user.email,
      verticals: ["Insurance", "Solar"],
      domainVerifiedAt: expect.any(String),
      reviewedAt: null,
      compliance: {
        tcpaComplianceAck: true,
        dncProcessDesc: "We scrub every list against the national DNC registry daily.",
        ackTextVersion: "2026-01",
        ip: "203.0.113.7",
      },
    });
    expect(pending.json()[0]).toMatchObject({ compliance: null, domainVerifiedAt: null });

    const byVertical = await call("GET", "/api/admin/pending-publishers?search=solar");
    expect(byVertical.json().map((p: { id: string }) => p.id)).toEqual([newer.profile.id]);
    const byWebsite = await call("GET", "/api/admin/pending-publishers?search=older-calls");
    expect(byWebsite.json().map((p: { id: string }) => p.id)).toEqual([older.profile.id]);

    const firstPage = await call("GET", "/api/admin/pending-publishers?status=pending&limit=1");
    const next = firstPage.headers.link?.toString().match(/<([^>]+)>/)?.[1];
    expect(next).toContain("status=pending");
    const secondPage = await call("GET", next!);
    expect(secondPage.json().map((p: { id: string }) => p.id)).toEqual([newer.profile.id]);
    expect(secondPage.headers.link).toBeUndefined();

    expect((await call("GET", "/api/admin/pending-publishers?status=banned")).statusCode).toBe(400);
  });

  it("answers each application's score with the factors it stands on: a new, unchecked applicant scores low", async () => {
    const db = ctx.database.db;
    const { profile } = await createPublisher(db, {
      status: "pending",
      website: "https://new-applicant.example",
      avgDailyCalls: 20,
      yearsInBusiness: 4,
      trafficSources: ["Radio"],
      verticals: ["Legal"],
      geos: ["Ohio"],
      references: ["Jane Doe, Acme Leads, jane@acme.example, (555) 010-0000"],
      // A figure stored under an older formula: the answer follows the facts.
      qualityScore: 57,
    });
    await db.insert(compliance).values({
      publisherId: profile.id,
      tcpaComplianceAck: true,
      dncProcessDesc: "We scrub every list against the national DNC registry daily.",
    });
    const [application] = (await call("GET", "/api/admin/pending-publishers?status=pending")).json();
    expect(application.qualityScore).toBe(35);
    expect(application.qualityBreakdown.score).toBe(35);
    expect(
      application.qualityBreakdown.factors.map((f: { id: string; points: number }) => [f.id, f.points]),
    ).toEqual([
      ["profile_complete", 12],
      ["compliance", 15],
      ["domain_verified", 0],
      ["approved", 0],
      ["years_in_business", 8],
    ]);
  });

  it("names the other applications for the same website, compared by host, and the applicant's company", async () => {
    const db = ctx.database.db;
    const start = Date.now() - 60_000;
    const first = await createPublisher(db, {
      status: "approved",
      website: "https://www.Twin-Calls.example/apply",
      createdAt: new Date(start),
    });
    const second = await createPublisher(db, {
      status: "pending",
      website: "http://twin-calls.example",
      createdAt: new Date(start + 1000),
    });
    await db.update(users).set({ company: "Twin Calls LLC" }).where(eq(users.id, second.user.id));
    // Contains the host, but is another site.
    const lookalike = await createPublisher(db, {
      status: "pending",
      website: "https://twin-calls.example.net",
      createdAt: new Date(start + 2000),
    });
    const alone = await createPublisher(db, { status: "pending", website: "https://alone.example" });

    const answers = (await call("GET", "/api/admin/pending-publishers")).json() as {
      id: string;
      company: string | null;
      sameWebsite: { id: string; email: string; status: string }[];
    }[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    expect(byId.get(second.profile.id)).toMatchObject({
      company: "Twin Calls LLC",
      sameWebsite: [{ id: first.profile.id, email: first.user.email, status: "approved" }],
    });
    expect(byId.get(first.profile.id)!.sameWebsite).toEqual([
      expect.objectContaining({ id: second.profile.id, company: "Twin Calls LLC", status: "pending" }),
    ]);
    expect(byId.get(lookalike.profile.id)!.sameWebsite).toEqual([]);
    expect(byId.get(alone.profile.id)!.sameWebsite).toEqual([]);

    // A page of one still sees applications outside the page.
    const one = await call("GET", "/api/admin/pending-publishers?status=pending&limit=1");
    expect(one.json()[0]).toMatchObject({ id: second.profile.id, sameWebsite: [{ id: first.profile.id }] });
  });

  it("records in an approval's audit entry what the administrator was warned of, and nothing when all is clear", async () => {
    const db = ctx.database.db;
    const twin = await createPublisher(db, { status: "pending", website: "https://twin.example" });
    const other = await createPublisher(db, { status: "pending", website: "https://www.twin.example/" });
    const clear = await createPublisher(db, {
      status: "pending",
      website: "https://clear.example",
      domainVerifiedAt: new Date(),
    });

    const res = await call("POST", `/api/admin/approve-publisher/${twin.profile.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().publisher.sameWebsite).toEqual([expect.objectContaining({ id: other.profile.id })]);
    expect((await call("POST", `/api/admin/approve-publisher/${clear.profile.id}`)).statusCode).toBe(200);

    const entries = await db.select().from(auditLogs).where(eq(auditLogs.action, "publisher.approved"));
    const metaOf = (id: string) =>
      entries.find((e) => e.targetId === id)!.metaJson as Record<string, unknown>;
    expect(metaOf(twin.profile.id)).toMatchObject({
      warnings: ["domain_unverified", "same_website"],
      sameWebsite: [other.profile.id],
    });
    expect(metaOf(clear.profile.id)).not.toHaveProperty("warnings");
  });

  it("approves a pending publisher once, recomputes the score, mails them and audits it; a second decision is a 409", async () => {
    const db = ctx.database.db;
    const { profile, user } = await createPublisher(db, {
      status: "pending",
      website: "https://calls.example",
    });
    await recomputeQualityScore({ db, profileId: profile.id });
    const [pending] = await db.select().from(publisherProfiles).where(eq(publisherProfiles.id, profile.id));
    // The score an approved profile with these facts earns, by the publishers' own rule.
    const approvedScore = computeQualityScore(
      qualityFactsOf({ ...pending!, status: "approved" }, false),
    ).score;
    expect(approvedScore).toBeGreaterThan(pending!.qualityScore);

    const res = await call("POST", `/api/admin/approve-publisher/${profile.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      publisher: {
        id: profile.id,
        status: "approved",
        qualityScore: approvedScore,
        reviewedAt: expect.any(String),
        reviewedByEmail: "reviewer@example.test",
        reviewReason: null,
      },
    });
    await sendQueuedMail(ctx);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.subject).toBe("Your PayPerCall Hub publisher application was approved");
    expect(mail?.text).toContain("your publisher application for https://calls.example has been approved");
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "publisher.approved"));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      targetId: profile.id,
      metaJson: {
        before: {
          status: "pending",
          reviewedAt: null,
          reviewReason: null,
          qualityScore: pending!.qualityScore,
        },
        after: {
          status: "approved",
          reviewedBy: admin.user.id,
          reviewReason: null,
          qualityScore: approvedScore,
        },
      },
    });

    const again = await call("POST", `/api/admin/approve-publisher/${profile.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This application was already approved.", code: "conflict" });
    const reject = await call("POST", `/api/admin/reject-publisher/${profile.id}`, { reason: REASON });
    expect(reject.statusCode).toBe(409);
    expect(await db.select().from(auditLogs).where(eq(auditLogs.targetId, profile.id))).toHaveLength(1);
  });

  it("rejects only with a reason of 10 to 1,000 characters, stores it and mails it to the publisher", async () => {
    const db = ctx.database.db;
    const { profile, user } = await createPublisher(db, { status: "pending" });
    const url = `/api/admin/reject-publisher/${profile.id}`;
    const refusals: [object | undefined, RegExp][] = [
      [undefined, /body/],
      [{}, /Give a reason for the rejection/],
      [{ reason: "Too short" }, /The reason must be at least 10 characters/],
      [{ reason: "x".repeat(1001) }, /The reason must be at most 1000 characters/],
      [{ reason: "Bad\u0000reason text" }, /control characters/],
    ];
    for (const [body, message] of refusals) {
      const res = await call("POST", url, body);
      expect(res.statusCode, String(message)).toBe(400);
      expect(res.json().message, String(message)).toMatch(message);
    }
    const [still] = await db.select().from(publisherProfiles).where(eq(publisherProfiles.id, profile.id));
    expect(still?.status).toBe("pending");

    const res = await call("POST", url, { reason: `  ${REASON}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().publisher).toMatchObject({ status: "rejected", reviewReason: REASON });
    await sendQueuedMail(ctx);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.subject).toBe("Your PayPerCall Hub publisher application was not approved");
    expect(mail?.text).toContain(`Reason: ${REASON}`);
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "publisher.rejected"));
    expect(entry?.metaJson).toMatchObject({ after: { status: "rejected", reviewReason: REASON } });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await call("POST", `/api/admin/approve-publisher/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call("POST", "/api/admin/approve-publisher/not-an-id")).statusCode).toBe(404);
    const reject = await call("POST", `/api/admin/reject-publisher/${randomUUID()}`, { reason: REASON });
    expect(reject.statusCode).toBe(404);
    expect(reject.json()).toEqual({ message: "Publisher not found", code: "not_found" });
  });
});

describe("publisher decision mail over SMTP", () => {
  // A real SMTP server; it refuses one mailbox, to show a failed delivery.
  const { env, sink } = withSmtpSink({ refuse: (address) => address.startsWith("unreachable") });
  const ctx = useTestApp({ env });

  const reject = (cookie: string, profileId: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/admin/reject-publisher/${profileId}`,
      headers: { cookie },
      payload: { reason: REASON },
    });

  it("delivers the rejection with its reason to the publisher's address", async () => {
    const admin = await signInAdminThroughSink(ctx, sink);
    const { profile, user } = await createPublisher(ctx.database.db, { status: "pending" });
    const res = await reject(admin.cookie, profile.id);
    expect(res.statusCode).toBe(200);
    await sendQueuedMail(ctx);
    const delivered = sink.received.find((m) => m.to.includes(user.email));
    expect(delivered?.raw).toContain("Subject: Your PayPerCall Hub publisher application was not");
    // Quoted-printable may wrap long lines with a soft break ("=" at the end of a line).
    expect(delivered?.raw.replace(/=\r?\n/g, "")).toContain(REASON);
  });

  it("keeps the decision when the mail is refused, and keeps the mail queued for a retry", async () => {
    const admin = await signInAdminThroughSink(ctx, sink);
    const { profile, user } = await createPublisher(ctx.database.db, { status: "pending" });
    await ctx.database.db
      .update(users)
      .set({ email: `unreachable-${user.id}@example.test` })
      .where(eq(users.id, user.id));
    const res = await reject(admin.cookie, profile.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ publisher: { status: "rejected" } });
    expect(
      await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, "publisher.rejected")),
    ).toHaveLength(1);
    await sendQueuedMail(ctx);
    const [mail] = await ctx.database.db.select().from(mails).where(eq(mails.kind, "publisher-review"));
    expect(mail).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("550") });
  });
});
