import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, magicLinkTokens, mailOutbox, rateLimits, sessions, users } from "../../db/schema";
import { sessionCookie, useTestApp } from "../../test/context";
import { createUser, latestMagicToken, sendQueuedMail, signIn } from "../../test/factories";

describe("email sign-in", () => {
  const ctx = useTestApp({ env: { ADMIN_EMAILS: "boss@example.test" } });

  it("signs a new user in as a guest through a mailed single-use link", async () => {
    const requested = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "New.Person@Example.test", returnTo: "/browse" },
    });
    expect(requested.statusCode).toBe(202);
    expect(requested.json().message).toContain("It works once, for 10 minutes.");
    await sendQueuedMail(ctx);
    const [mail] = await ctx.database.db.select().from(mailOutbox);
    expect(mail?.text).toContain("The link works once and expires in 10 minutes.");
    const token = await latestMagicToken(ctx, "new.person@example.test");

    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      returnTo: "/browse",
      user: { email: "new.person@example.test", role: "guest" },
    });

    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(verified) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: "new.person@example.test",
      role: "guest",
      hasActiveSubscription: false,
    });

    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: "validation",
      message: expect.stringMatching(/invalid, used or expired/),
    });
  });

  it("carries the side chosen at sign-up through the link: a new buyer lands in buyer onboarding", async () => {
    const signUp = async (email: string, returnTo: string) => {
      const requested = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email, returnTo },
      });
      if (requested.statusCode !== 202) return requested.statusCode;
      const token = await latestMagicToken(ctx, email);
      const verified = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link/verify",
        payload: { token },
      });
      return verified.json().returnTo as string;
    };
    expect(await signUp("buyer@example.test", "/buyer/onboarding")).toBe("/buyer/onboarding");
    expect(await signUp("publisher@example.test", "/publisher/onboarding")).toBe("/publisher/onboarding");
    // Never an API path (a GET the person did not ask for), never another site.
    expect(await signUp("api@example.test", "/api/onboarding/buyer/draft")).toBe("/");
    expect(await signUp("away@example.test", "//evil.example/buyer/onboarding")).toBe(400);
    expect(await signUp("slash@example.test", "/\\evil.example")).toBe(400);
  });

  it("stores only a hash of the token", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "a@example.test" },
    });
    const token = await latestMagicToken(ctx, "a@example.test");
    const rows = await ctx.database.db.select().from(magicLinkTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses an expired link", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "late@example.test" },
    });
    const token = await latestMagicToken(ctx, "late@example.test");
    await ctx.database.db.update(magicLinkTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    expect(verified.statusCode).toBe(400);
    expect(verified.cookies.find((c) => c.name === "ppc.sid")).toBeUndefined();
  });

  it("answers known and unknown addresses identically", async () => {
    await createUser(ctx.database.db, { email: "known@example.test" });
    const known = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "known@example.test" },
    });
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "unknown@example.test" },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    // No account is made just by asking for a link.
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, "unknown@example.test")),
    ).toHaveLength(0);
  });

  it("limits requests per email with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: "spam@example.test" },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({
      message: "Too many requests. Please wait and try again.",
      code: "rate_limited",
    });
  });

  it("limits requests per IP across emails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: `u${i}@example.test` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses control characters in the email or return path with 400, before spending a rate-limit slot", async () => {
    const bad = [
      { email: "nul@example.test", returnTo: "/a\u0000" },
      { email: "nul@example.test", returnTo: "/a\u001b[31m" },
      { email: "nul\u0000@example.test" },
    ];
    for (const payload of bad) {
      const res = await ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", message: expect.any(String) });
    }
    expect(await ctx.database.db.select().from(rateLimits)).toEqual([]);
    // Refused requests do not count: 30 of them, and the 30 a client may send still all pass.
    for (let i = 0; i < 30; i++) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: `u${i}@example.test`, returnTo: "/\u0000" },
      });
    }
    for (let i = 0; i < 30; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: `u${i}@example.test` },
      });
      expect(res.statusCode).toBe(202);
    }
  });

  it("rejects a malformed email with a clear message", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation", issues: [{ path: "body.email" }] });
    expect(res.json().message).toContain("Enter a valid email address");
  });

  it("gives a new session id at login and deletes the old one", async () => {
    // A session that exists before login (OIDC state, say) must not survive as the signed-in one.
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "fix@example.test" },
    });
    const token = await latestMagicToken(ctx, "fix@example.test");
    const first = await signIn(ctx, "fix@example.test");
    const second = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
      headers: { cookie: first },
    });
    expect(second.statusCode).toBe(200);
    expect(sessionCookie(second)).not.toBe(first);
    const stale = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: first } });
    expect(stale.statusCode).toBe(401);
  });

  describe("the current user", () => {
    it("answers 401 Unauthorized to a signed-out visitor", async () => {
      const me = await ctx.app.inject({ url: "/api/auth/user" });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
    });

    it("answers 200 null to a signed-out visitor who asks with ?optional=1, and never caches it", async () => {
      const me = await ctx.app.inject({ url: "/api/auth/user?optional=1" });
      expect(me.statusCode).toBe(200);
      expect(me.headers["content-type"]).toContain("application/json");
      expect(me.headers["cache-control"]).toBe("private, no-store");
      expect(me.body).toBe("null");
    });

    it("answers the user to a signed-in visitor in both forms", async () => {
      const cookie = await signIn(ctx, "me@example.test");
      for (const url of ["/api/auth/user", "/api/auth/user?optional=1"]) {
        const me = await ctx.app.inject({ url, headers: { cookie } });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ email: "me@example.test", role: "guest" });
      }
    });

    it("tells a first sign-in from a return, whatever sessions ended in between", async () => {
      const hasSignedInBefore = async (cookie: string) =>
        (await ctx.app.inject({ url: "/api/auth/user?optional=1", headers: { cookie } })).json()
          .hasSignedInBefore;
      const first = await signIn(ctx, "newcomer@example.test");
      expect(await hasSignedInBefore(first)).toBe(false);
      // Still the first visit on a reload; signed out and back in, it is a return.
      expect(await hasSignedInBefore(first)).toBe(false);
      await ctx.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: first } });
      const second = await signIn(ctx, "newcomer@example.test");
      expect(await hasSignedInBefore(second)).toBe(true);
    });

    it("answers null with ?optional=1 once the session has ended", async () => {
      const cookie = await signIn(ctx, "gone@example.test");
      await ctx.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
      const me = await ctx.app.inject({ url: "/api/auth/user?optional=1", headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toBeNull();
    });

    it("refuses another value of optional with 400", async () => {
      const me = await ctx.app.inject({ url: "/api/auth/user?optional=yes" });
      expect(me.statusCode).toBe(400);
      expect(me.json().code).toBe("validation");
    });
  });

  describe("logout", () => {
    const logout = (cookie: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url: "/api/logout", headers: { cookie, ...headers } });

    async function expectSignedOut(cookie: string) {
      expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
      const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
    }

    it("logs out a navigation from our own pages: deletes the session row and redirects home", async () => {
      const cookie = await signIn(ctx, "bye@example.test");
      expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
      const res = await logout(cookie, { "sec-fetch-site": "same-origin" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
      // Both the cookie's path and the one sessions had before it was /api are cleared.
      const cleared = res.cookies.filter((c) => c.name === "ppc.sid").map((c) => c.path);
      expect(cleared.sort()).toEqual(["/", "/api"]);
      await expectSignedOut(cookie);
    });

    it("logs out with a same-origin Referer from a browser without Sec-Fetch-Site", async () => {
      const cookie = await signIn(ctx, "bye@example.test");
      const res = await logout(cookie, { referer: "http://localhost:5000/dashboard" });
      expect(res.statusCode).toBe(302);
      await expectSignedOut(cookie);
    });

    it("keeps the session on a GET another site caused, and asks instead with a form that POSTs", async () => {
      const cookie = await signIn(ctx, "stay@example.test");
      const attempts: Record<string, string>[] = [
        { "sec-fetch-site": "cross-site", referer: "http://localhost:5000/" },
        { "sec-fetch-site": "same-site" },
        { "sec-fetch-site": "none" },
        { referer: "https://evil.example/page" },
        { referer: "http://localhost:5000.evil.example/" },
        {},
      ];
      for (const headers of attempts) {
        const res = await logout(cookie, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect(res.headers["content-type"]).toContain("text/html");
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(res.body).toContain('<form method="post" action="/api/logout">');
        expect(res.body).toContain("<h1>Log out?</h1>");
      }
      const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(200);

      // The confirm page's button: a same-origin form POST with an empty urlencoded body.
      const confirmed = await ctx.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: {
          cookie,
          origin: "http://localhost:5000",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: "",
      });
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe("/");
      await expectSignedOut(cookie);
    });

    it("refuses a logout POST from another site", async () => {
      const cookie = await signIn(ctx, "stay@example.test");
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie, origin: "https://evil.example" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: "forbidden",
        message: expect.stringMatching(/^This request came from another site/),
      });
      expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
    });

    it("sends a signed-out visitor home without asking", async () => {
      const res = await ctx.app.inject({ url: "/api/logout", headers: { "sec-fetch-site": "cross-site" } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
    });
  });

  it("ends a session past the 30-day absolute limit", async () => {
    const cookie = await signIn(ctx, "old@example.test");
    const [row] = await ctx.database.db.select().from(sessions);
    const sess = {
      ...(row!.sess as Record<string, unknown>),
      signedInAt: Date.now() - 31 * 24 * 3600 * 1000,
    };
    await ctx.database.db.update(sessions).set({ sess });
    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("makes ADMIN_EMAILS admins and audit-logs sign-ins", async () => {
    const cookie = await signIn(ctx, "boss@example.test");
    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
    expect(me.json().role).toBe("admin");
    const actions = (await ctx.database.db.select().from(auditLogs)).map((a) => a.action).sort();
    expect(actions).toEqual(["auth.login", "user.created"]);
  });

  it("sets an HttpOnly SameSite=Lax cookie for the API only", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "c@example.test" },
    });
    const token = await latestMagicToken(ctx, "c@example.test");
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    const cookie = res.cookies.find((c) => c.name === "ppc.sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    // Only the API reads it: pages and static files are served without a session read.
    expect(cookie.path).toBe("/api");
  });

  it("sends /api/login to the sign-in page, keeping only same-site return paths", async () => {
    const ok = await ctx.app.inject({ url: "/api/login?returnTo=%2Fbrowse" });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe("/login?returnTo=%2Fbrowse");
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example", "/api/logout"]) {
      const res = await ctx.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(evil)}` });
      expect(res.headers.location).toBe("/login");
    }
  });
});
