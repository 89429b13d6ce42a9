import { and, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BUYER_VERIFICATION_MESSAGES as M } from "../../../shared/schemas/buyer-verification";
import { auditLogs, buyerProfiles, buyerVerifications, mailOutbox, mails } from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createSignedInUser,
  type SignedInUser,
  sendQueuedMail,
  signIn,
} from "../../test/factories";
import { verificationTermEnd } from "./verification-review";

const ALL_TICKED = { businessExists: true, paymentTermsCredible: true, references: true };
const REASON = "The company registry lists no business under this name.";
const DAY_MS = 24 * 3600_000;

/** A clock the tests move (the app reads it for decisions and expiries); reset before each test. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

describe("buyer verification: the administrators' review", () => {
  const ctx = useTestApp({ now });
  const db = () => ctx.database.db;
  let admin: SignedInUser;
  beforeEach(async () => {
    offsetMs = 0;
    admin = await createSignedInUser(ctx, { role: "admin", email: "reviewer@example.test" });
  });
  const call = (method: "GET" | "POST", url: string, payload?: object, cookie = admin.cookie) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A buyer (with an active listing) whose attempt for calls-N.example waits for review. */
  async function submittedBuyer(name = "harbor", submittedAt = new Date()) {
    const domain = `${name}-calls.example`;
    const { user, profile } = await createBuyer(db(), {
      website: `https://${domain}`,
      company: `${name} Co`,
    });
    const listing = await createListing(db(), profile.id, { title: `${name} inbound calls` });
    const [attempt] = await db()
      .insert(buyerVerifications)
      .values({
        buyerId: profile.id,
        status: "submitted",
        domain,
        domainMethod: "meta",
        domainEvidence: `https://${domain}/`,
        domainVerifiedAt: new Date(submittedAt.getTime() - 3600_000),
        workEmail: `ops@${domain}`,
        emailVerifiedAt: new Date(submittedAt.getTime() - 1800_000),
        submittedAt,
      })
      .returning();
    return { user, profile, listing, attempt: attempt! };
  }
  const approve = (id: string, checklist = ALL_TICKED, reason?: string) =>
    call("POST", `/api/admin/buyer-verifications/${id}/approve`, {
      checklist,
      ...(reason ? { reason } : {}),
    });
  const profileOf = async (id: string) =>
    (await db().select().from(buyerProfiles).where(eq(buyerProfiles.id, id)))[0]!;
  const directory = async (query = "") =>
    (await ctx.app.inject({ url: `/api/buyer-listings${query}` })).json() as {
      id: string;
      isVerified: boolean;
      verifiedSince: string | null;
    }[];

  it("lists the queue oldest first with the evidence a decision needs", async () => {
    const older = await submittedBuyer("older", new Date(Date.now() - 2 * DAY_MS));
    const newer = await submittedBuyer("newer", new Date(Date.now() - DAY_MS));
    await db()
      .insert(buyerVerifications)
      .values({ buyerId: older.profile.id, domain: "x.example", status: "rejected" });
    const res = await call("GET", "/api/admin/buyer-verifications");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const rows = res.json();
    expect(rows.map((r: { id: string }) => r.id)).toEqual([older.attempt.id, newer.attempt.id]);
    expect(rows[0]).toMatchObject({
      status: "submitted",
      buyerId: older.profile.id,
      company: "older Co",
      website: "https://older-calls.example",
      accountEmail: older.user.email,
      activeListings: 1,
      domain: "older-calls.example",
      domainMethod: "meta",
      domainEvidence: "https://older-calls.example/",
      workEmail: "ops@older-calls.example",
      checklist: null,
    });
    const rejected = (await call("GET", "/api/admin/buyer-verifications?status=rejected")).json();
    expect(rejected).toHaveLength(1);
    expect((await call("GET", "/api/admin/buyer-verifications?status=nope")).statusCode).toBe(400);
  });

  it("approves with every item ticked: the badge shows at once everywhere, audited and mailed", async () => {
    const { user, profile, listing, attempt } = await submittedBuyer();
    await submittedBuyer("other");
    expect((await directory("?verified=1")).map((l) => l.id)).toEqual([]);

    const res = await approve(attempt.id, ALL_TICKED, "Registry entry and two references checked.");
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json();
    expect(decided).toMatchObject({ status: "approved", checklist: ALL_TICKED });
    const decidedAt = new Date(decided.decidedAt);
    expect(decided.expiresAt).toBe(verificationTermEnd(decidedAt).toISOString());
    const stored = await profileOf(profile.id);
    expect(stored.verifiedSince?.toISOString()).toBe(decided.decidedAt);
    expect(stored.verifiedUntil?.toISOString()).toBe(decided.expiresAt);
    const [row] = await db().select().from(buyerVerifications).where(eq(buyerVerifications.id, attempt.id));
    expect(row!.decidedBy).toBe(admin.user.id);

    // The directory: the badge, since when, and the verified-only filter.
    const all = await directory();
    expect(all.find((l) => l.id === listing.id)).toMatchObject({
      isVerified: true,
      verifiedSince: decided.decidedAt,
    });
    expect(
      all.filter((l) => l.id !== listing.id).every((l) => !l.isVerified && l.verifiedSince === null),
    ).toBe(true);
    expect((await directory("?verified=1")).map((l) => l.id)).toEqual([listing.id]);
    const detail = (await ctx.app.inject({ url: `/api/buyer-listings/${listing.id}` })).json();
    expect(detail.verification).toEqual({
      since: decided.decidedAt,
      until: decided.expiresAt,
      domainMethod: "meta",
      domainVerifiedAt: attempt.domainVerifiedAt!.toISOString(),
      emailVerifiedAt: attempt.emailVerifiedAt!.toISOString(),
      reviewedAt: decided.decidedAt,
    });
    // The buyer's own view.
    const cookie = await signIn(ctx, user.email);
    const state = (await call("GET", "/api/buyer-verification", undefined, cookie)).json();
    expect(state.badge).toMatchObject({
      since: decided.decidedAt,
      until: decided.expiresAt,
      domainMethod: "meta",
    });
    expect(state.isRenewalDue).toBe(false);
    expect((await call("GET", "/api/buyer-profile", undefined, cookie)).json().isVerified).toBe(true);

    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, attempt.id), eq(auditLogs.action, "buyer_verification.approved")));
    expect(entry).toMatchObject({ userId: admin.user.id });
    expect(entry!.metaJson).toMatchObject({
      before: { status: "submitted", verifiedUntil: null },
      checklist: ALL_TICKED,
    });
    await sendQueuedMail(ctx);
    // Signing in above queued a sign-in mail to the same address: pick the verification mail by subject.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, user.email),
          eq(mailOutbox.subject, "Your company is verified on PayPerCall Hub"),
        ),
      );
    expect(mail, "the verification mail").toBeDefined();
    expect(mail?.text).toContain("Registry entry and two references checked.");

    // Decided once.
    const twice = await approve(attempt.id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(M.notSubmitted);
  });

  it("refuses an incomplete checklist, an attempt not waiting for review and an unknown id, and sets nothing", async () => {
    const { profile, attempt } = await submittedBuyer();
    for (const missing of ["businessExists", "paymentTermsCredible", "references"] as const) {
      const res = await approve(attempt.id, { ...ALL_TICKED, [missing]: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.checklistIncomplete);
    }
    const partial = await call("POST", `/api/admin/buyer-verifications/${attempt.id}/approve`, {
      checklist: { businessExists: true },
    });
    expect(partial.statusCode).toBe(400);
    const [inProgress] = await db()
      .insert(buyerVerifications)
      .values({ buyerId: (await createBuyer(db())).profile.id, domain: "early.example" })
      .returning();
    expect((await approve(inProgress!.id)).json().message).toBe(M.notSubmitted);
    expect((await approve("5f0c6a1e-3b7d-4c1a-9a53-2d6f8e4b7c10")).statusCode).toBe(404);
    expect((await approve("not-an-id")).statusCode).toBe(404);
    expect(await profileOf(profile.id)).toMatchObject({ verifiedSince: null, verifiedUntil: null });
    const [row] = await db().select().from(buyerVerifications).where(eq(buyerVerifications.id, attempt.id));
    expect(row).toMatchObject({ status: "submitted", decidedAt: null, checklist: null });
    expect(await db().select().from(mails).where(like(mails.key, "buyer-verification:%"))).toEqual([]);
  });

  it("refuses to approve an attempt whose domain is no longer the buyer's website, and one's own company", async () => {
    const moved = await submittedBuyer("moved");
    await db()
      .update(buyerProfiles)
      .set({ website: "https://elsewhere.example" })
      .where(eq(buyerProfiles.id, moved.profile.id));
    const res = await approve(moved.attempt.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.reviewWebsiteChanged);

    const [own] = await db()
      .insert(buyerProfiles)
      .values({ userId: admin.user.id, company: "Admin's Own Co", website: "https://own-calls.example" })
      .returning();
    const [ownAttempt] = await db()
      .insert(buyerVerifications)
      .values({
        buyerId: own!.id,
        status: "submitted",
        domain: "own-calls.example",
        domainMethod: "dns",
        domainVerifiedAt: new Date(),
        emailVerifiedAt: new Date(),
        submittedAt: new Date(),
      })
      .returning();
    const self = await approve(ownAttempt!.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(M.ownVerification);
    expect(await profileOf(own!.id)).toMatchObject({ verifiedUntil: null });
  });

  it("rejects with the reason the buyer reads, who may then start again", async () => {
    const { user, profile, attempt } = await submittedBuyer();
    const short = await call("POST", `/api/admin/buyer-verifications/${attempt.id}/reject`, { reason: "no" });
    expect(short.statusCode).toBe(400);
    const res = await call("POST", `/api/admin/buyer-verifications/${attempt.id}/reject`, {
      reason: REASON,
      checklist: { ...ALL_TICKED, businessExists: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", decisionReason: REASON });
    expect(await profileOf(profile.id)).toMatchObject({ verifiedUntil: null });
    await sendQueuedMail(ctx);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.text).toContain(`Reason: ${REASON}`);
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "buyer_verification.rejected"));
    expect(entry?.targetId).toBe(attempt.id);

    const cookie = await signIn(ctx, user.email);
    const restarted = await call("POST", "/api/buyer-verification", undefined, cookie);
    expect(restarted.json().current).toMatchObject({ status: "in_progress", domain: "harbor-calls.example" });
  });

  it("revokes only the approval in force: the badge leaves every listing at once, audited and mailed", async () => {
    const { user, profile, listing, attempt } = await submittedBuyer();
    const early = await call("POST", `/api/admin/buyer-verifications/${attempt.id}/revoke`, {
      reason: REASON,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(M.notApproved);
    await approve(attempt.id);
    expect((await directory("?verified=1")).map((l) => l.id)).toEqual([listing.id]);

    const res = await call("POST", `/api/admin/buyer-verifications/${attempt.id}/revoke`, { reason: REASON });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "revoked", revokeReason: REASON });
    expect(await profileOf(profile.id)).toMatchObject({ verifiedSince: null, verifiedUntil: null });
    expect(await directory("?verified=1")).toEqual([]);
    const listed = (await directory()).find((l) => l.id === listing.id);
    expect(listed).toMatchObject({ isVerified: false, verifiedSince: null });
    expect(
      (await ctx.app.inject({ url: `/api/buyer-listings/${listing.id}` })).json().verification,
    ).toBeNull();
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "buyer_verification.revoked"));
    expect(entry).toMatchObject({ userId: admin.user.id, targetId: attempt.id });
    await sendQueuedMail(ctx);
    const revokedMail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(revokedMail.map((m) => m.subject)).toContain(
      'Your PayPerCall Hub "Verified buyer" badge was revoked',
    );

    const again = await call("POST", `/api/admin/buyer-verifications/${attempt.id}/revoke`, {
      reason: REASON,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.notApproved);
  });

  it("renews: an approval while the badge runs keeps its start and extends it; after a lapse it starts again", async () => {
    offsetMs = -300 * DAY_MS;
    const first = await submittedBuyer("renewing", now());
    const firstDecision = (await approve(first.attempt.id)).json();
    offsetMs = 0;
    const since = (await profileOf(first.profile.id)).verifiedSince!.toISOString();
    expect(since).toBe(firstDecision.decidedAt);

    // A renewal while approved: the buyer starts again, proves both again, an admin approves.
    const [renewal] = await db()
      .insert(buyerVerifications)
      .values({
        buyerId: first.profile.id,
        status: "submitted",
        domain: "renewing-calls.example",
        domainMethod: "dns",
        domainVerifiedAt: now(),
        emailVerifiedAt: now(),
        submittedAt: now(),
      })
      .returning();
    const renewed = (await approve(renewal!.id)).json();
    const stored = await profileOf(first.profile.id);
    expect(stored.verifiedSince?.toISOString()).toBe(since);
    expect(stored.verifiedUntil?.toISOString()).toBe(renewed.expiresAt);
    expect(new Date(renewed.expiresAt) > new Date(firstDecision.expiresAt)).toBe(true);
    // The first approval is no longer the one in force: revoking it is refused.
    const old = await call("POST", `/api/admin/buyer-verifications/${first.attempt.id}/revoke`, {
      reason: REASON,
    });
    expect(old.json().message).toBe(M.notApproved);

    // Approved 13 months ago and never renewed: lapsed, with no sweep.
    offsetMs = -396 * DAY_MS;
    const lapsed = await submittedBuyer("lapsed", now());
    await approve(lapsed.attempt.id);
    offsetMs = 0;
    expect((await directory()).find((l) => l.id === lapsed.listing.id)).toMatchObject({
      isVerified: false,
      verifiedSince: null,
    });
    expect((await directory("?verified=1")).map((l) => l.id)).toEqual([first.listing.id]);
    expect(
      (await ctx.app.inject({ url: `/api/buyer-listings/${lapsed.listing.id}` })).json().verification,
    ).toBeNull();
    const cookie = await signIn(ctx, lapsed.user.email);
    const state = (await call("GET", "/api/buyer-verification", undefined, cookie)).json();
    expect(state.badge).toBeNull();
    expect(state.current.status).toBe("approved");
    // Approved again after the lapse: a new run, verified since now.
    const [again] = await db()
      .insert(buyerVerifications)
      .values({
        buyerId: lapsed.profile.id,
        status: "submitted",
        domain: "lapsed-calls.example",
        domainMethod: "meta",
        domainVerifiedAt: now(),
        emailVerifiedAt: now(),
        submittedAt: now(),
      })
      .returning();
    const fresh = (await approve(again!.id)).json();
    expect((await profileOf(lapsed.profile.id)).verifiedSince?.toISOString()).toBe(fresh.decidedAt);
  });

  it("answers 401 signed out and 403 to buyers and publishers on every review route", async () => {
    const { user, attempt } = await submittedBuyer();
    const buyerCookie = await signIn(ctx, user.email);
    const publisher = await createPublisher(db());
    const publisherCookie = await signIn(ctx, publisher.user.email);
    const routes: [string, object | undefined][] = [
      ["/api/admin/buyer-verifications", undefined],
      [`/api/admin/buyer-verifications/${attempt.id}/approve`, { checklist: ALL_TICKED }],
      [`/api/admin/buyer-verifications/${attempt.id}/reject`, { reason: REASON }],
      [`/api/admin/buyer-verifications/${attempt.id}/revoke`, { reason: REASON }],
    ];
    for (const [url, payload] of routes) {
      const method = payload ? "POST" : "GET";
      const out = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(out.statusCode, url).toBe(401);
      for (const cookie of [buyerCookie, publisherCookie]) {
        const res = await call(method, url, payload, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe("admin_required");
      }
    }
    const foreign = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/buyer-verifications/${attempt.id}/approve`,
      headers: { cookie: admin.cookie, origin: "https://evil.example" },
      payload: { checklist: ALL_TICKED },
    });
    expect(foreign.statusCode).toBe(403);
    const [row] = await db().select().from(buyerVerifications).where(eq(buyerVerifications.id, attempt.id));
    expect(row?.status).toBe("submitted");
  });
});
