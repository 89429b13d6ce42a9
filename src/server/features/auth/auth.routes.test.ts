import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, magicLinkTokens, mailOutbox, sessions, users } from "../../db/schema";
import { sessionCookie, useTestApp } from "../../test/context";
import { createUser, latestMagicToken, signIn } from "../../test/factories";

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
    const [mail] = await ctx.database.db.select().from(mailOutbox);
    expect(mail?.text).toContain("The link works once and expires in 10 minutes.");
    const token = await latestMagicToken(ctx.database.db, "new.person@example.test");

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

  it("stores only a hash of the token", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "a@example.test" },
    });
    const token = await latestMagicToken(ctx.database.db, "a@example.test");
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
    const token = await latestMagicToken(ctx.database.db, "late@example.test");
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
    const token = await latestMagicToken(ctx.database.db, "fix@example.test");
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

  it("logs out: deletes the session row and redirects home", async () => {
    const cookie = await signIn(ctx, "bye@example.test");
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
    const res = await ctx.app.inject({ url: "/api/logout", headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
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

  it("sets an HttpOnly SameSite=Lax cookie", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "c@example.test" },
    });
    const token = await latestMagicToken(ctx.database.db, "c@example.test");
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    const cookie = res.cookies.find((c) => c.name === "ppc.sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
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
