import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, type AccountSession } from "../../../shared/schemas/account";
import { buildApp } from "../../app";
import { auditLogs, sessions } from "../../db/schema";
import { CHROME_MAC, FIREFOX_WINDOWS, signInFrom } from "../../test/browsers";
import { recordStatements, testConfig, useTestApp } from "../../test/context";
import { createUser } from "../../test/factories";

// The Account page's sessions through the API, on the database of the run (both engines): each user
// sees and ends only their own, by public id; ending takes effect at the next request on every instance.

describe("your sessions (/api/account/sessions)", () => {
  const ctx = useTestApp();

  const listSessions = async (cookie: string, app: FastifyInstance = ctx.app) => {
    const res = await app.inject({ url: "/api/account/sessions", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return { res, sessions: res.json().sessions as AccountSession[] };
  };
  const isSignedIn = async (cookie: string, app: FastifyInstance = ctx.app) =>
    (await app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode === 200;

  it("lists only the owner's sessions, marks the current one, names browser and system, hides the host part of the address, never the sid", async () => {
    const ann = await createUser(ctx.database.db, { email: "ann@example.test" });
    const bob = await createUser(ctx.database.db, { email: "bob@example.test" });
    const laptop = await signInFrom(ctx.app, ann.email, { userAgent: CHROME_MAC, ip: "203.0.113.57" });
    const desktop = await signInFrom(ctx.app, ann.email, {
      userAgent: FIREFOX_WINDOWS,
      ip: "2001:db8:85a3:8d3:1319:8a2e:370:7348",
    });
    const bobs = await signInFrom(ctx.app, bob.email, { userAgent: CHROME_MAC, ip: "198.51.100.7" });

    const { res, sessions: annSees } = await listSessions(laptop.cookie);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(annSees).toHaveLength(2);
    const current = annSees.find((s) => s.current);
    expect(current).toMatchObject({
      browser: "Chrome 131",
      os: "macOS 10.15",
      ipPrefix: "203.0.113.x",
      signInMethod: "email",
      lastSeenAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(annSees.find((s) => !s.current)).toMatchObject({
      browser: "Firefox 133",
      os: "Windows 10",
      ipPrefix: "2001:db8:85a3::x",
    });
    // Asked from the other browser, the other one is current.
    const fromDesktop = (await listSessions(desktop.cookie)).sessions;
    expect(fromDesktop.find((s) => s.current)?.browser).toBe("Firefox 133");

    const bobSees = (await listSessions(bobs.cookie)).sessions;
    expect(bobSees).toHaveLength(1);
    expect(bobSees[0]).toMatchObject({ current: true, ipPrefix: "198.51.100.x" });
    expect(annSees.map((s) => s.id)).not.toContain(bobSees[0]!.id);

    // The cookie's secret is nowhere in the answer, nor the full address.
    const rows = await ctx.database.db.select({ sid: sessions.sid }).from(sessions);
    for (const { sid } of rows) expect(res.body).not.toContain(sid);
    expect(res.body).not.toContain("203.0.113.57");
    expect(Object.keys(annSees[0]!).sort()).toEqual(
      ["browser", "createdAt", "current", "id", "ipPrefix", "lastSeenAt", "os", "signInMethod"].sort(),
    );
  });

  it("lists the most recently used first and leaves out expired sessions", async () => {
    const user = await createUser(ctx.database.db);
    const older = await signInFrom(ctx.app, user.email, { userAgent: FIREFOX_WINDOWS });
    const newer = await signInFrom(ctx.app, user.email, { userAgent: CHROME_MAC });
    const expired = await signInFrom(ctx.app, user.email);
    const db = ctx.database.db;
    const idOf = async (cookie: string) => (await listSessions(cookie)).sessions.find((s) => s.current)!.id;
    const [olderId, newerId, expiredId] = [
      await idOf(older.cookie),
      await idOf(newer.cookie),
      await idOf(expired.cookie),
    ];
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 days'` })
      .where(eq(sessions.id, olderId));
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, newerId));
    await db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, expiredId));
    // Asked by the newer one, which the request itself marks as seen now: first.
    const listed = (await listSessions(newer.cookie)).sessions.map((s) => s.id);
    expect(listed).toEqual([newerId, olderId]);
  });

  it("answers 404 for another user's session and leaves it alive; ends one's own other session at once", async () => {
    const ann = await createUser(ctx.database.db);
    const bob = await createUser(ctx.database.db);
    const annHere = await signInFrom(ctx.app, ann.email);
    const annThere = await signInFrom(ctx.app, ann.email);
    const bobs = await signInFrom(ctx.app, bob.email);
    const bobId = (await listSessions(bobs.cookie)).sessions[0]!.id;

    for (const id of [bobId, "00000000-0000-4000-8000-000000000000", "not-a-session"]) {
      const res = await ctx.app.inject({
        method: "DELETE",
        url: `/api/account/sessions/${id}`,
        headers: { cookie: annHere.cookie },
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionNotFound, code: "not_found" });
    }
    expect(await isSignedIn(bobs.cookie)).toBe(true);

    const thereId = (await listSessions(annHere.cookie)).sessions.find((s) => !s.current)!.id;
    const ended = await ctx.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${thereId}`,
      headers: { cookie: annHere.cookie },
    });
    expect(ended.statusCode).toBe(204);
    // Ending another browser's session leaves this browser's cookie alone.
    expect(ended.cookies.find((c) => c.name === "ppc.sid")).toBeUndefined();
    expect(await isSignedIn(annThere.cookie)).toBe(false);
    expect(await isSignedIn(annHere.cookie)).toBe(true);
    const again = await ctx.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${thereId}`,
      headers: { cookie: annHere.cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it("signs this browser out when it ends its own session, cookie and all", async () => {
    const user = await createUser(ctx.database.db);
    const { cookie } = await signInFrom(ctx.app, user.email);
    const id = (await listSessions(cookie)).sessions[0]!.id;
    const res = await ctx.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === "ppc.sid" && c.path === "/api");
    expect(cleared?.value).toBe("");
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await ctx.database.db.select().from(sessions)).toEqual([]);
  });

  it("refuses every session route to a signed-out visitor", async () => {
    for (const [method, url] of [
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/account/sessions/revoke-others"],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  describe("on two instances of the app", () => {
    let other: FastifyInstance;
    /** Set by a test: this instance revokes the request's session while the request is being handled. */
    let revokeDuringRequest = false;

    beforeAll(async () => {
      other = await buildApp({ config: testConfig(), database: ctx.database, logger: false });
      // Another instance ending the session while this request is in flight.
      other.addHook("preHandler", async (request) => {
        if (!revokeDuringRequest || !request.session?.sessionId) return;
        await other.db.delete(sessions).where(eq(sessions.sid, request.session.sessionId));
      });
      await other.ready();
    });
    afterAll(async () => {
      await other?.close();
    });

    it("signs every other browser out at once on every instance, and keeps this one", async () => {
      const user = await createUser(ctx.database.db);
      const bystander = await createUser(ctx.database.db);
      const first = await signInFrom(ctx.app, user.email);
      const second = await signInFrom(other, user.email);
      const third = await signInFrom(ctx.app, user.email);
      const bystanders = await signInFrom(other, bystander.email);
      for (const app of [ctx.app, other]) {
        for (const { cookie } of [first, second, third]) expect(await isSignedIn(cookie, app)).toBe(true);
      }

      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/account/sessions/revoke-others",
        headers: { cookie: first.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ended: 2 });

      expect(await isSignedIn(first.cookie, ctx.app)).toBe(true);
      expect(await isSignedIn(first.cookie, other)).toBe(true);
      expect(await isSignedIn(second.cookie, other)).toBe(false);
      expect(await isSignedIn(third.cookie, other)).toBe(false);
      expect(await isSignedIn(bystanders.cookie, other)).toBe(true);
      expect((await listSessions(first.cookie, other)).sessions).toHaveLength(1);

      const entries = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, "account.sessions_ended"));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ userId: user.id, targetId: user.id, metaJson: { ended: 2 } });

      // Nothing left to end: nothing audited.
      const none = await ctx.app.inject({
        method: "POST",
        url: "/api/account/sessions/revoke-others",
        headers: { cookie: first.cookie },
      });
      expect(none.json()).toEqual({ ended: 0 });
      expect(
        await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, "account.sessions_ended")),
      ).toHaveLength(1);
    });

    it("never brings back a session revoked while one of its requests was being served", async () => {
      const user = await createUser(ctx.database.db);
      const { cookie } = await signInFrom(ctx.app, user.email);
      // An hour since the idle timeout was last slid: this request saves the session again.
      await ctx.database.db
        .update(sessions)
        .set({ sess: sql`jsonb_set(${sessions.sess}, '{touchedAt}', to_jsonb(0))` });
      revokeDuringRequest = true;
      try {
        await other.inject({ url: "/api/auth/user", headers: { cookie } });
      } finally {
        revokeDuringRequest = false;
      }
      expect(await ctx.database.db.select().from(sessions)).toEqual([]);
      expect(await isSignedIn(cookie)).toBe(false);
    });
  });

  describe("what a session row records", () => {
    it("keeps the sign-in's method, address, user agent (cut to 512 characters) and time, and only its facts in the json", async () => {
      const user = await createUser(ctx.database.db);
      const longAgent = `${CHROME_MAC} ${"x".repeat(1000)}`;
      const { cookie } = await signInFrom(ctx.app, user.email, { userAgent: longAgent, ip: "203.0.113.9" });
      const [row] = await ctx.database.db.select().from(sessions);
      expect(row).toMatchObject({
        userId: user.id,
        signInMethod: "email",
        ip: "203.0.113.9",
        userAgent: longAgent.slice(0, 512),
        lastSeenAt: expect.any(Date),
      });
      const sess = row!.sess as Record<string, unknown>;
      expect(Object.keys(sess).sort()).toEqual(["cookie", "signedInAt", "touchedAt", "userId"]);
      // The row ends at the idle timeout, and never after the absolute one.
      expect(row!.expire.getTime()).toBeLessThanOrEqual((sess.signedInAt as number) + 30 * 24 * 3600 * 1000);

      // A later save (the idle timeout slid, a day before the absolute limit) rewrites the json and the
      // expiry, never the sign-in's facts; and the expiry stops at the absolute limit.
      const signedInAt = Date.now() - 29 * 24 * 3600 * 1000;
      await ctx.database.db.update(sessions).set({
        sess: sql`jsonb_set(jsonb_set(${sessions.sess}, '{touchedAt}', to_jsonb(0)), '{signedInAt}', to_jsonb(${signedInAt}::bigint))`,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      });
      expect(await isSignedIn(cookie)).toBe(true);
      const [after] = await ctx.database.db.select().from(sessions);
      expect((after!.sess as { touchedAt: number }).touchedAt).toBeGreaterThan(0);
      expect(after!.expire.getTime()).toBe(signedInAt + 30 * 24 * 3600 * 1000);
      expect(after).toMatchObject({
        createdAt: new Date("2026-01-01T00:00:00Z"),
        signInMethod: "email",
        ip: "203.0.113.9",
        userAgent: longAgent.slice(0, 512),
      });
      expect(Object.keys(after!.sess as object).sort()).toEqual([
        "cookie",
        "signedInAt",
        "touchedAt",
        "userId",
      ]);
    });

    it("writes last seen at most once a minute, in one small statement", async () => {
      const user = await createUser(ctx.database.db);
      const { cookie } = await signInFrom(ctx.app, user.email);
      const lastSeen = async () => (await ctx.database.db.select().from(sessions))[0]!.lastSeenAt;
      const atSignIn = await lastSeen();
      expect(atSignIn).toBeInstanceOf(Date);

      // Within the minute: the request reads its session and writes nothing.
      const quiet = recordStatements(ctx.database);
      try {
        expect(await isSignedIn(cookie)).toBe(true);
      } finally {
        quiet.stop();
      }
      expect(quiet.texts.filter((t) => /^\s*update/i.test(t))).toEqual([]);
      expect(await lastSeen()).toEqual(atSignIn);

      // Older than a minute: one update of that column alone.
      await ctx.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 minutes'` });
      const stale = await lastSeen();
      const busy = recordStatements(ctx.database);
      try {
        expect(await isSignedIn(cookie)).toBe(true);
      } finally {
        busy.stop();
      }
      const updates = busy.texts.filter((t) => /^\s*update/i.test(t));
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatch(
        /update "sessions" set "last_seen_at" = now\(\) where "sessions"."sid" = \$1/,
      );
      expect((await lastSeen())!.getTime()).toBeGreaterThan(stale!.getTime());

      // Never written: written by the next request.
      await ctx.database.db.update(sessions).set({ lastSeenAt: null });
      expect(await isSignedIn(cookie)).toBe(true);
      expect(await lastSeen()).toBeInstanceOf(Date);
    });

    it("records the development sign-in as such, with no device cookie", async () => {
      const devApp = await buildApp({
        config: testConfig({ APP_ENV: "development" }),
        database: ctx.database,
        logger: false,
      });
      try {
        const user = await createUser(ctx.database.db);
        const res = await devApp.inject({
          method: "POST",
          url: "/api/dev/login",
          payload: { email: user.email },
          remoteAddress: "127.0.0.1",
        });
        expect(res.statusCode).toBe(200);
        expect(res.cookies.find((c) => c.name === "ppc.device")).toBeUndefined();
        const [row] = await ctx.database.db.select().from(sessions);
        expect(row).toMatchObject({ userId: user.id, signInMethod: "dev", ip: "127.0.0.1" });
      } finally {
        await devApp.close();
      }
    });
  });
});
