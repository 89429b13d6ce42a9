import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, type Role } from "../../../shared/constants";
import { domainVerificationTag, domainVerificationToken } from "../../../shared/schemas/publisher";
import { CURRENT_COMPLIANCE_ACK_VERSION } from "../../../shared/schemas/publisher-compliance";
import { auditLogs, compliance, publisherProfiles, users } from "../../db/schema";
import { type TestContext, useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createSignedInUser,
  createUser,
} from "../../test/factories";
import { type LoopbackSite, pageWithHead, startLoopbackSite } from "../../test/loopback-site";

const VALID_PROFILE = {
  website: "https://calls.example",
  avgDailyCalls: 25,
  yearsInBusiness: 3,
  trafficSources: ["Social Media", "Radio"],
  verticals: ["Legal"],
  geos: ["Texas"],
  references: ["Jane Doe, Acme Leads, jane@acme.example, (555) 010-0000"],
};
// Complete profile (12) + 3 years (6); nothing checked yet.
const NEW_PROFILE_SCORE = 18;

const VALID_COMPLIANCE = {
  tcpaComplianceAck: true,
  dncProcessDesc: "We scrub every number against the national DNC list daily.",
};

function helpers(ctx: TestContext) {
  const db = () => ctx.database.db;
  const signedIn = (role: Role = "guest") => createSignedInUser(ctx, { role });
  const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), "user-agent": "RouteTest/1.0" },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const profileRow = async (userId: string) =>
    (await db().select().from(publisherProfiles).where(eq(publisherProfiles.userId, userId)))[0];
  const auditOf = (targetId: string) =>
    db().select().from(auditLogs).where(eq(auditLogs.targetId, targetId)).orderBy(auditLogs.createdAt);
  return { db, signedIn, call, profileRow, auditOf };
}

describe("publisher profile API", () => {
  const ctx = useTestApp();
  const { db, signedIn, call, profileRow, auditOf } = helpers(ctx);

  it("answers 401 signed out, and 200 null for a signed-in user without a profile", async () => {
    expect((await call("GET", "/api/publisher-profile")).statusCode).toBe(401);
    expect((await call("POST", "/api/publisher-profile", undefined, VALID_PROFILE)).statusCode).toBe(401);
    const { cookie } = await signedIn();
    const res = await call("GET", "/api/publisher-profile", cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("creates a pending profile for a guest, makes them a publisher, computes the score, ignores posted identity and status", async () => {
    const { user, cookie } = await signedIn("guest");
    const other = await createUser(db());
    const res = await call("POST", "/api/publisher-profile", cookie, {
      ...VALID_PROFILE,
      userId: other.id,
      status: "approved",
      tier: "premium",
      qualityScore: 100,
      domainVerifiedAt: new Date().toISOString(),
      reviewReason: "self-approved",
    });
    expect(res.statusCode, res.body).toBe(201);
    const profile = res.json();
    expect(profile).toMatchObject({
      ...VALID_PROFILE,
      status: "pending",
      tier: "new",
      qualityScore: NEW_PROFILE_SCORE,
      domainVerifiedAt: null,
      complianceAckAt: null,
      reviewReason: null,
      verificationToken: domainVerificationToken(user.id),
    });
    expect(profile.qualityBreakdown.score).toBe(NEW_PROFILE_SCORE);
    expect(
      profile.qualityBreakdown.factors.map((f: { id: string; points: number }) => [f.id, f.points]),
    ).toEqual([
      ["profile_complete", 12],
      ["compliance", 0],
      ["domain_verified", 0],
      ["approved", 0],
      ["years_in_business", 6],
    ]);

    const row = await profileRow(user.id);
    expect(row).toMatchObject({ id: profile.id, status: "pending", qualityScore: NEW_PROFILE_SCORE });
    expect(await profileRow(other.id)).toBeUndefined();
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account!.role).toBe("publisher");
    const [entry] = await auditOf(profile.id);
    expect(entry).toMatchObject({ userId: user.id, action: "publisher.profile_created" });
    expect(entry!.metaJson).toMatchObject({ roleBefore: "guest", roleAfter: "publisher" });

    const read = await call("GET", "/api/publisher-profile", cookie);
    expect(read.json()).toEqual(profile);
  });

  it("refuses a second profile, a buyer and an administrator with 409", async () => {
    const { cookie } = await signedIn("guest");
    expect((await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).statusCode).toBe(201);
    const again = await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "You already have a publisher profile", code: "conflict" });

    const buyer = await signedIn("buyer");
    const asBuyer = await call("POST", "/api/publisher-profile", buyer.cookie, VALID_PROFILE);
    expect(asBuyer.statusCode).toBe(409);
    expect(asBuyer.json()).toEqual({ message: "This account is a buyer account", code: "conflict" });
    expect(await profileRow(buyer.user.id)).toBeUndefined();

    const admin = await signedIn("admin");
    const asAdmin = await call("POST", "/api/publisher-profile", admin.cookie, VALID_PROFILE);
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json().code).toBe("conflict");
    const [adminRow] = await db().select().from(users).where(eq(users.id, admin.user.id));
    expect(adminRow!.role).toBe("admin");
  });

  it("answers 409 to two simultaneous creations: exactly one profile is made", async () => {
    const { user, cookie } = await signedIn("guest");
    const answers = await Promise.all([
      call("POST", "/api/publisher-profile", cookie, VALID_PROFILE),
      call("POST", "/api/publisher-profile", cookie, VALID_PROFILE),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await db().select().from(publisherProfiles).where(eq(publisherProfiles.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["website", "not a url", "Please enter a valid website URL"],
    ["website", "", "Please enter a valid website URL"],
    ["website", "javascript:alert(1)", "Please enter a valid website URL"],
    ["avgDailyCalls", 0, "Must be at least 1 call per day"],
    ["yearsInBusiness", -1, "Years in business cannot be negative"],
    ["trafficSources", [], "Select at least one traffic source"],
    ["verticals", [], "Select at least one vertical"],
    ["geos", [], "Select at least one geography"],
    ["references", [], "Provide at least one reference"],
    ["references", ["", "   "], "Provide at least one reference"],
    ["references", ["Jane Doe, Acme Leads"], "Give a name and a valid email or phone number"],
    ["references", ["jane@acme.example, (555) 010-0000"], "Give a name and a valid email or phone number"],
    ["verticals", ["Crypto"], "Choose from the list"],
    ["website", "https://calls.example/\u0000", "must not contain control characters"],
  ])("refuses %s = %j with the form's message", async (field, value, message) => {
    const { user, cookie } = await signedIn();
    const res = await call("POST", "/api/publisher-profile", cookie, { ...VALID_PROFILE, [field]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("validation");
    const issue = body.issues.find((i: { path: string }) => i.path.startsWith(`body.${field}`));
    expect(issue?.message).toContain(message);
    expect(await profileRow(user.id)).toBeUndefined();
  });

  it("updates only the owner's profile, partially, recomputing the score and logging before and after", async () => {
    const { user, cookie } = await signedIn();
    const created = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    const res = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, {
      yearsInBusiness: 6,
      verticals: ["Legal", "Solar"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ...VALID_PROFILE,
      yearsInBusiness: 6,
      verticals: ["Legal", "Solar"],
      qualityScore: 20,
    });
    expect((await profileRow(user.id))!.qualityScore).toBe(20);
    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(["publisher.profile_created", "publisher.profile_updated"]);
    expect(entries[1]!.metaJson).toEqual({
      before: { yearsInBusiness: 3, verticals: ["Legal"], qualityScore: 18 },
      after: { yearsInBusiness: 6, verticals: ["Legal", "Solar"], qualityScore: 20 },
    });
  });

  it("answers 404 for another user's profile id, an unknown id and a malformed one, and changes nothing", async () => {
    const owner = await createPublisher(db(), { website: "https://owner.example" });
    const { cookie } = await signedIn("publisher");
    for (const id of [owner.profile.id, "6f1c3c9e-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await call("PUT", `/api/publisher-profile/${id}`, cookie, {
        website: "https://stolen.example",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Publisher profile not found", code: "not_found" });
    }
    expect((await profileRow(owner.user.id))!.website).toBe("https://owner.example");
  });

  it("never lets the owner set status, tier or score", async () => {
    const { user, cookie } = await signedIn();
    const created = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    const onlyForbidden = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, {
      status: "approved",
      tier: "premium",
      qualityScore: 100,
    });
    expect(onlyForbidden.statusCode).toBe(400);
    expect(onlyForbidden.json().message).toContain("Send at least one field to change");
    const mixed = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, {
      avgDailyCalls: 40,
      status: "approved",
      tier: "premium",
      qualityScore: 100,
      reviewReason: "looks fine",
      domainVerifiedAt: new Date().toISOString(),
      userId: "6f1c3c9e-0000-4000-8000-000000000000",
    });
    expect(mixed.statusCode).toBe(200);
    expect(await profileRow(user.id)).toMatchObject({
      userId: user.id,
      avgDailyCalls: 40,
      status: "pending",
      tier: "new",
      qualityScore: NEW_PROFILE_SCORE,
      reviewReason: null,
      domainVerifiedAt: null,
    });
  });

  it("refuses bad input on update with the same messages", async () => {
    const { cookie } = await signedIn();
    const created = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    const res = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, { avgDailyCalls: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].message).toBe("Must be at least 1 call per day");
  });

  it("refuses a reference nobody could contact on update, naming the line, and keeps the stored ones", async () => {
    const { user, cookie } = await signedIn();
    const created = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    const res = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, {
      references: [VALID_PROFILE.references[0], "Bob from the conference"],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      expect.objectContaining({
        path: "body.references.1",
        message: "Give a name and a valid email or phone number, written as Name, Company, Email, Phone",
      }),
    ]);
    expect((await profileRow(user.id))!.references).toEqual(VALID_PROFILE.references);
  });

  it("clears the domain verification when the website changes", async () => {
    const { user, cookie } = await signedIn();
    const created = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    await db()
      .update(publisherProfiles)
      .set({ domainVerifiedAt: new Date() })
      .where(eq(publisherProfiles.id, created.id));
    const same = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, {
      website: VALID_PROFILE.website,
    });
    expect(same.json().domainVerifiedAt).not.toBeNull();
    const moved = await call("PUT", `/api/publisher-profile/${created.id}`, cookie, {
      website: "https://new-home.example",
    });
    expect(moved.json()).toMatchObject({ website: "https://new-home.example", domainVerifiedAt: null });
    expect((await profileRow(user.id))!.domainVerifiedAt).toBeNull();
  });
});

describe("a publisher whose role an administrator changed", () => {
  const ctx = useTestApp();
  const { db, signedIn, call } = helpers(ctx);

  it("keeps the profile but may no longer edit it, submit compliance or verify its domain", async () => {
    const { user, cookie } = await signedIn("guest");
    const profile = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    expect((await call("POST", "/api/compliance", cookie, VALID_COMPLIANCE)).statusCode).toBe(201);
    // Changed in the database, as a support fix would: the session stays signed in.
    await db().update(users).set({ role: "guest" }).where(eq(users.id, user.id));
    const refused = { message: MESSAGES.publisherRoleRequired, code: "forbidden" };
    const edit = await call("PUT", `/api/publisher-profile/${profile.id}`, cookie, {
      avgDailyCalls: 999,
    });
    expect([edit.statusCode, edit.json()]).toEqual([403, refused]);
    const again = await call("POST", "/api/compliance", cookie, VALID_COMPLIANCE);
    expect([again.statusCode, again.json()]).toEqual([403, refused]);
    const verify = await call("POST", "/api/publisher-profile/verify-domain", cookie, {});
    expect([verify.statusCode, verify.json()]).toEqual([403, refused]);
    expect((await call("GET", "/api/publisher-profile", cookie)).json()).toMatchObject({
      avgDailyCalls: VALID_PROFILE.avgDailyCalls,
    });
    expect(await db().$count(compliance)).toBe(1);
  });
});

describe("compliance API", () => {
  const ctx = useTestApp();
  const { db, signedIn, call, profileRow } = helpers(ctx);

  it("needs a profile first, and answers null before any record", async () => {
    const { cookie } = await signedIn();
    expect((await call("GET", "/api/compliance", cookie)).json()).toBeNull();
    const res = await call("POST", "/api/compliance", cookie, VALID_COMPLIANCE);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Create your publisher profile first");
  });

  it("keeps every submission with its time, IP, User-Agent and text version, and answers the latest", async () => {
    const { user, cookie } = await signedIn();
    const profile = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    const first = await call("POST", "/api/compliance", cookie, VALID_COMPLIANCE);
    expect(first.statusCode, first.body).toBe(201);
    const second = await call("POST", "/api/compliance", cookie, {
      ...VALID_COMPLIANCE,
      dncProcessDesc: "Updated: internal DNC list synced hourly.",
      ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION,
      ip: "1.2.3.4",
      publisherId: "6f1c3c9e-0000-4000-8000-000000000000",
    });
    expect(second.statusCode).toBe(201);

    const rows = await db()
      .select()
      .from(compliance)
      .where(eq(compliance.publisherId, profile.id))
      .orderBy(compliance.createdAt);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        tcpaComplianceAck: true,
        ip: "127.0.0.1",
        userAgent: "RouteTest/1.0",
        ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION,
      });
      expect(row.acceptedAt).toBeInstanceOf(Date);
    }
    expect(rows.map((r) => r.dncProcessDesc)).toEqual([
      VALID_COMPLIANCE.dncProcessDesc,
      "Updated: internal DNC list synced hourly.",
    ]);

    const latest = await call("GET", "/api/compliance", cookie);
    expect(latest.json()).toMatchObject({
      id: second.json().id,
      dncProcessDesc: "Updated: internal DNC list synced hourly.",
      ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION,
    });
    const row = await profileRow(user.id);
    expect(row!.complianceAckAt?.toISOString()).toBe(latest.json().acceptedAt);
    expect(row!.qualityScore).toBe(NEW_PROFILE_SCORE + 15);
  });

  it.each([
    [{ ...VALID_COMPLIANCE, tcpaComplianceAck: false }, "TCPA compliance acknowledgment is required"],
    [{ dncProcessDesc: VALID_COMPLIANCE.dncProcessDesc }, "TCPA compliance acknowledgment is required"],
    [{ ...VALID_COMPLIANCE, dncProcessDesc: "too short" }, "Please describe your DNC process in detail"],
    [
      { ...VALID_COMPLIANCE, dncProcessDesc: "         x         " },
      "Please describe your DNC process in detail",
    ],
    [{ ...VALID_COMPLIANCE, ackTextVersion: "tcpa-1999" }, "The compliance text has changed"],
  ])("refuses %j", async (payload, message) => {
    const { cookie } = await signedIn();
    const profile = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    const res = await call("POST", "/api/compliance", cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].message).toContain(message);
    expect(await db().select().from(compliance).where(eq(compliance.publisherId, profile.id))).toEqual([]);
  });

  it("never shows one publisher another's record", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await call("POST", "/api/publisher-profile", a.cookie, VALID_PROFILE);
    await call("POST", "/api/publisher-profile", b.cookie, VALID_PROFILE);
    await call("POST", "/api/compliance", a.cookie, VALID_COMPLIANCE);
    expect((await call("GET", "/api/compliance", b.cookie)).json()).toBeNull();
  });
});

describe("activity and dashboard figures", () => {
  const ctx = useTestApp();
  const { db, signedIn, call } = helpers(ctx);

  it("lists the profile's events newest first, an admin's decision with its reason, and nobody else's", async () => {
    const { cookie } = await signedIn();
    const profile = (await call("POST", "/api/publisher-profile", cookie, VALID_PROFILE)).json();
    await call("POST", "/api/compliance", cookie, VALID_COMPLIANCE);
    await call("PUT", `/api/publisher-profile/${profile.id}`, cookie, { avgDailyCalls: 30, geos: ["Ohio"] });
    const admin = await createUser(db(), { role: "admin" });
    await db()
      .insert(auditLogs)
      .values({
        userId: admin.id,
        action: "publisher.rejected",
        targetId: profile.id,
        metaJson: { before: { status: "pending" }, after: { status: "rejected" }, reason: "No TCPA records" },
      });
    const stranger = await signedIn();
    const strangerProfile = (
      await call("POST", "/api/publisher-profile", stranger.cookie, VALID_PROFILE)
    ).json();
    await db()
      .insert(auditLogs)
      .values({ userId: admin.id, action: "publisher.approved", targetId: strangerProfile.id });

    const res = await call("GET", "/api/publisher-profile/activity", cookie);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((e: { kind: string; detail: string | null; actor: string }) => [e.kind, e.detail, e.actor]),
    ).toEqual([
      ["rejected", "No TCPA records", "admin"],
      ["profile_updated", "Changed: daily calls, geographies", "you"],
      ["compliance_submitted", null, "you"],
      ["profile_created", null, "you"],
      ["account_created", null, "you"],
    ]);
  });

  it("counts buyers, the mean payout and the verticals of the directory's active listings only", async () => {
    const { cookie } = await signedIn();
    const empty = await call("GET", "/api/publisher-dashboard", cookie);
    expect(empty.json()).toEqual({ activeBuyers: 0, avgPayout: null, verticals: 0 });

    const one = await createBuyer(db());
    const two = await createBuyer(db());
    const idle = await createBuyer(db());
    await createListing(db(), one.profile.id, { vertical: "Legal", payout: "40.00" });
    await createListing(db(), one.profile.id, { vertical: "Solar", payout: "65.50" });
    await createListing(db(), two.profile.id, { vertical: "Legal", payout: "100.00" });
    await createListing(db(), idle.profile.id, { vertical: "Finance", payout: "900.00", status: "paused" });
    const res = await call("GET", "/api/publisher-dashboard", cookie);
    expect(res.json()).toEqual({ activeBuyers: 2, avgPayout: "68.50", verticals: 2 });
  });
});

describe("domain verification against a real HTTP server (VERIFY_ALLOW_PRIVATE=1)", () => {
  let site: LoopbackSite;
  beforeAll(async () => {
    site = await startLoopbackSite();
  });
  afterAll(() => site?.close());
  const ctx = useTestApp({ env: { VERIFY_ALLOW_PRIVATE: "1" } });
  const { db, signedIn, call, profileRow } = helpers(ctx);

  async function publisherWithSite(path: string) {
    const signed = await signedIn();
    const website = `${site.origin}${path}`;
    const created = await call("POST", "/api/publisher-profile", signed.cookie, {
      ...VALID_PROFILE,
      website,
    });
    return { ...signed, website, profile: created.json() };
  }
  const verify = (cookie: string, body?: object) =>
    call("POST", "/api/publisher-profile/verify-domain", cookie, body ?? {});

  it("verifies a profile whose homepage carries the tag: stores the time, adds 25 points, logs it", async () => {
    const { user, cookie, website, profile } = await publisherWithSite("/found");
    site.setPage("/found", pageWithHead(domainVerificationTag(user.id)));
    const res = await verify(cookie, { website: "https://ignored-once-a-profile-exists.example" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ verified: true, website });
    const row = await profileRow(user.id);
    expect(row!.domainVerifiedAt?.toISOString()).toBe(res.json().verifiedAt);
    expect(row!.qualityScore).toBe(NEW_PROFILE_SCORE + 25);
    const read = (await call("GET", "/api/publisher-profile", cookie)).json();
    expect(read.domainVerifiedAt).toBe(res.json().verifiedAt);
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, profile.id), eq(auditLogs.action, "publisher.domain_verified")));
    expect(entry).toMatchObject({ userId: user.id, metaJson: { website } });
  });

  it("verifies the wizard's website before the profile exists, and the profile made with it keeps that", async () => {
    const { user, cookie } = await signedIn();
    site.setPage("/wizard", pageWithHead(domainVerificationTag(user.id)));
    const website = `${site.origin}/wizard`;
    expect((await verify(cookie)).json().message).toBe("Please enter a valid website URL");
    const res = await verify(cookie, { website });
    expect(res.statusCode, res.body).toBe(200);
    const created = (
      await call("POST", "/api/publisher-profile", cookie, { ...VALID_PROFILE, website })
    ).json();
    expect(created.domainVerifiedAt).not.toBeNull();
    expect(created.qualityScore).toBe(NEW_PROFILE_SCORE + 25);

    // Another website than the one verified starts unverified.
    const other = await signedIn();
    site.setPage("/other", pageWithHead(domainVerificationTag(other.user.id)));
    await verify(other.cookie, { website: `${site.origin}/other` });
    const unverified = (
      await call("POST", "/api/publisher-profile", other.cookie, {
        ...VALID_PROFILE,
        website: `${site.origin}/else`,
      })
    ).json();
    expect(unverified.domainVerifiedAt).toBeNull();
  });

  it("says what it found: no tag, another token, an error status, a page over 1 MB", async () => {
    const { user, cookie } = await publisherWithSite("/page");
    const expected = domainVerificationToken(user.id);
    const cases: [string | ((req: unknown, res: import("node:http").ServerResponse) => void), string][] = [
      [
        pageWithHead('<meta name="description" content="calls">'),
        `No <meta name="ppc-site-verification"> tag was found on ${site.origin}/page.`,
      ],
      [
        pageWithHead('<meta name="ppc-site-verification" content="ppc-verify-somebodyelse00">'),
        `has content "ppc-verify-somebodyelse00", but yours is "${expected}"`,
      ],
      [
        (_req, res) => res.writeHead(503, { "content-type": "text/plain" }).end("down"),
        "answered HTTP 503 Service Unavailable",
      ],
      [
        pageWithHead(
          "",
          `${"<p>filler</p>".repeat(90_000)}<meta name="ppc-site-verification" content="${expected}">`,
        ),
        `No <meta name="ppc-site-verification"> tag was found in the first 1 MB of ${site.origin}/page.`,
      ],
    ];
    for (const [page, message] of cases) {
      site.setPage("/page", page as string);
      const res = await verify(cookie);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe("unprocessable");
      expect(res.json().message).toContain(message);
    }
    expect((await profileRow(user.id))!.domainVerifiedAt).toBeNull();
  });

  it("gives up after 5 seconds on a site that does not answer", async () => {
    const { cookie } = await publisherWithSite("/hang");
    site.setPage("/hang", () => {
      // never answers
    });
    const res = await verify(cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`${site.origin} did not answer within 5 seconds.`);
  }, 15_000);

  it("allows 10 checks an hour per user, then answers 429", async () => {
    const { cookie } = await publisherWithSite("/limit");
    site.setPage("/limit", pageWithHead(""));
    for (let i = 0; i < 10; i++) expect((await verify(cookie)).statusCode).toBe(422);
    const limited = await verify(cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: "Too many requests. Please wait and try again.",
      code: "rate_limited",
    });
    // The hour's window, less the moments this test took (its own timeout caps those far below 600 s).
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it("refuses buyers and signed-out callers", async () => {
    expect((await call("POST", "/api/publisher-profile/verify-domain", undefined, {})).statusCode).toBe(401);
    const buyer = await signedIn("buyer");
    const res = await verify(buyer.cookie, { website: `${site.origin}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This account is a buyer account");
  });
});

describe("domain verification without VERIFY_ALLOW_PRIVATE", () => {
  let site: LoopbackSite;
  beforeAll(async () => {
    site = await startLoopbackSite();
  });
  afterAll(() => site?.close());
  const ctx = useTestApp();
  const { signedIn, call } = helpers(ctx);

  it("refuses to fetch a loopback website, even one that carries the tag", async () => {
    const { user, cookie } = await signedIn();
    site.setPage("/", pageWithHead(domainVerificationTag(user.id)));
    for (const website of [`${site.origin}/`, `http://localhost:${site.port}/`]) {
      const res = await call("POST", "/api/publisher-profile/verify-domain", cookie, { website });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/resolves to (127\.0\.0\.1|::1), a loopback address/);
    }
    expect(site.requests).toEqual([]);
  });
});
