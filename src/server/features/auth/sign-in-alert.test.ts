import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../shared/schemas/account";
import { accountTokens, auditLogs, knownDevices, mailOutbox, mails, sessions } from "../../db/schema";
import { CHROME_MAC, FIREFOX_WINDOWS, signInFrom } from "../../test/browsers";
import { sessionCookie, TEST_APP_URL, useTestApp } from "../../test/context";
import { createUser, sendQueuedMail } from "../../test/factories";
import { hashToken } from "./magic-link";

// Sign-in alerts on the database of the run (both engines): a browser new to an account mails its owner,
// whose link signs the account out everywhere, once.

describe("sign-in alerts", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  /** The alert mails sent so far to `email` (the development outbox), after running the mail queues. */
  async function alertsTo(email: string) {
    await sendQueuedMail(ctx);
    const sent = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return sent.filter((mail) => mail.subject.startsWith("New sign-in"));
  }
  const notMeToken = (text: string) =>
    text.match(new RegExp(`${TEST_APP_URL}/account/not-me\\?token=([\\w-]{43})`))?.[1];
  const isSignedIn = async (cookie: string) =>
    (await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode === 200;
  const notMe = (token: string, cookie?: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/account/not-me",
      payload: { token },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it("gives the browser a long-lived device cookie and keeps only its hash; a first sign-in mails nothing", async () => {
    const user = await createUser(db());
    const { device } = await signInFrom(ctx.app, user.email);
    expect(device).toMatch(/^[\w-]{43}$/);
    const devices = await db().select().from(knownDevices);
    expect(devices).toEqual([expect.objectContaining({ userId: user.id, deviceHash: hashToken(device) })]);
    expect(JSON.stringify(devices)).not.toContain(device);
    expect(await alertsTo(user.email)).toEqual([]);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for the API, for 400 days", async () => {
    const user = await createUser(db());
    await ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email: user.email } });
    await sendQueuedMail(ctx);
    const [mail] = await db().select().from(mailOutbox);
    const token = mail!.text.match(/\/auth\/magic\?token=([\w-]+)/)![1];
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    const cookie = res.cookies.find((c) => c.name === "ppc.device");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api", maxAge: 400 * 24 * 3600 });
    // Not Secure outside production (tests and development run on http).
    expect(cookie?.secure).toBeUndefined();
  });

  it("mails nothing when the same browser signs in again", async () => {
    const user = await createUser(db());
    const first = await signInFrom(ctx.app, user.email);
    const again = await signInFrom(ctx.app, user.email, { device: first.device });
    expect(again.device).toBe(first.device);
    expect(await alertsTo(user.email)).toEqual([]);
    expect(await db().select().from(knownDevices)).toHaveLength(1);
  });

  it("mails the owner once when a new browser signs in: when, what, the network and the not-me link", async () => {
    const user = await createUser(db(), { email: "owner@example.test" });
    const mine = await signInFrom(ctx.app, user.email, { userAgent: CHROME_MAC });
    const theirs = await signInFrom(ctx.app, user.email, { userAgent: FIREFOX_WINDOWS, ip: "198.51.100.23" });
    expect(theirs.device).not.toBe(mine.device);

    const alerts = await alertsTo(user.email);
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert!.subject).toBe("New sign-in to your PayPerCall Hub account");
    expect(alert!.text).toContain("Browser: Firefox 133 on Windows 10");
    expect(alert!.text).toContain("From the network 198.51.100.x");
    expect(alert!.text).not.toContain("198.51.100.23");
    expect(alert!.text).toMatch(/When: \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(alert!.text).toContain("Signed in with: an email sign-in link");
    expect(alert!.text).toContain(`Not you? Sign out everywhere: ${TEST_APP_URL}/account/not-me?token=`);
    const token = notMeToken(alert!.text);
    expect(token).toBeDefined();

    // The link is stored as a hash, for seven days; the sent mail keeps no copy of it.
    const [row] = await db().select().from(accountTokens);
    expect(row).toMatchObject({
      tokenHash: hashToken(token!),
      userId: user.id,
      purpose: "not_me",
      usedAt: null,
    });
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / (24 * 3600 * 1000);
    expect(days).toBeCloseTo(7, 2);
    const [queued] = await db().select().from(mails).where(eq(mails.kind, "account"));
    expect(queued).toMatchObject({ status: "sent", text: null, html: null });
    expect(await db().select().from(knownDevices)).toHaveLength(2);
  });

  it("queues the alert behind nobody's sign-in link: on the normal mail queue, not the sign-in one", async () => {
    const user = await createUser(db());
    await signInFrom(ctx.app, user.email);
    await signInFrom(ctx.app, user.email);
    await ctx.app.jobs.workUntilIdle({ queues: ["mail-sign-in"] });
    const [queued] = await db().select().from(mails).where(eq(mails.kind, "account"));
    expect(queued?.status).toBe("queued");
    await ctx.app.jobs.workUntilIdle({ queues: ["mail"] });
    const [sent] = await db().select().from(mails).where(eq(mails.kind, "account"));
    expect(sent?.status).toBe("sent");
  });

  it("signs the account out everywhere by its link, once, and forgets the browser it warned about", async () => {
    const user = await createUser(db());
    const bystander = await createUser(db());
    const mine = await signInFrom(ctx.app, user.email);
    const theirs = await signInFrom(ctx.app, user.email);
    const alsoMine = await signInFrom(ctx.app, user.email, { device: mine.device });
    const bystanders = await signInFrom(ctx.app, bystander.email);
    const [alert] = await alertsTo(user.email);
    const token = notMeToken(alert!.text)!;

    // Opened in one of the account's own browsers: that one is signed out too, its cookie cleared.
    const res = await notMe(token, alsoMine.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.signedOutEverywhere });
    expect(res.cookies.find((c) => c.name === "ppc.sid" && c.path === "/api")?.value).toBe("");
    for (const { cookie } of [mine, theirs, alsoMine]) expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(bystanders.cookie)).toBe(true);
    const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "account.sessions_ended"));
    expect(entry).toMatchObject({
      userId: user.id,
      targetId: user.id,
      metaJson: { ended: 3, via: "sign-in alert" },
    });

    const again = await notMe(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.linkInvalid, code: "validation" });

    // The browser it warned about is a stranger again; the owner's own is still known.
    expect(
      (await db().select().from(knownDevices).where(eq(knownDevices.userId, user.id))).map(
        (d) => d.deviceHash,
      ),
    ).toEqual([hashToken(mine.device)]);
    await signInFrom(ctx.app, user.email, { device: mine.device });
    expect(await alertsTo(user.email)).toHaveLength(1);
    await signInFrom(ctx.app, user.email, { device: theirs.device });
    expect(await alertsTo(user.email)).toHaveLength(2);
  });

  it("refuses an expired, unknown or other kind of link with 400 and signs nobody out", async () => {
    const user = await createUser(db());
    const mine = await signInFrom(ctx.app, user.email);
    await signInFrom(ctx.app, user.email);
    const [alert] = await alertsTo(user.email);
    const token = notMeToken(alert!.text)!;
    await db().update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await notMe(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: ACCOUNT_MESSAGES.linkInvalid, code: "validation" });

    // A live link made for something else (an email change) is not a not-me link.
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() + interval '1 day'`, purpose: "email_change" });
    expect((await notMe(token)).statusCode).toBe(400);
    expect((await notMe("x".repeat(43))).statusCode).toBe(400);
    expect((await notMe("")).statusCode).toBe(400);

    expect(await isSignedIn(mine.cookie)).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
    const used = await db()
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), sql`${accountTokens.usedAt} is not null`));
    expect(used).toEqual([]);
  });
});

describe("seeing a sign-in alert in development", () => {
  // As README.md tells it: the one-click demo sign-in mails no alert; a sign-in link opened in one
  // browser, then another opened in a second browser, puts the alert in the development outbox.
  const ctx = useTestApp({ env: { APP_ENV: "development" } });

  type OutboxMail = { to: string; subject: string; text: string };
  const outbox = async () => {
    await sendQueuedMail(ctx);
    const res = await ctx.app.inject({ url: "/api/dev/outbox" });
    expect(res.statusCode).toBe(200);
    return res.json() as OutboxMail[];
  };
  const alertsIn = (mails: OutboxMail[]) => mails.filter((m) => m.subject.startsWith("New sign-in"));

  /** /login's "Email me a sign-in link", then the link from the outbox, opened in a browser of its own. */
  async function signInByLinkFromOutbox(email: string, userAgent: string) {
    const requested = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email },
    });
    expect(requested.statusCode).toBe(202);
    const link = (await outbox()).find((m) => m.to === email && m.subject.endsWith("sign-in link"));
    const token = link?.text.match(/\/auth\/magic\?token=([\w-]+)/)?.[1];
    expect(token, "a sign-in link in the outbox").toBeDefined();
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
      headers: { "user-agent": userAgent },
    });
    expect(verified.statusCode).toBe(200);
    return sessionCookie(verified);
  }

  it("shows no alert for the one-click demo sign-in, and one after a link sign-in from a second browser", async () => {
    const user = await createUser(ctx.database.db, { email: "demo-owner@example.test" });
    for (const _browser of ["first", "second"]) {
      const demo = await ctx.app.inject({
        method: "POST",
        url: "/api/dev/login",
        payload: { email: user.email },
      });
      expect(demo.statusCode).toBe(200);
    }
    expect(alertsIn(await outbox())).toEqual([]);

    const first = await signInByLinkFromOutbox(user.email, CHROME_MAC);
    expect(alertsIn(await outbox())).toEqual([]);
    await signInByLinkFromOutbox(user.email, FIREFOX_WINDOWS);
    const alerts = alertsIn(await outbox());
    expect(alerts).toEqual([
      expect.objectContaining({ to: user.email, subject: "New sign-in to your PayPerCall Hub account" }),
    ]);
    expect(alerts[0]!.text).toContain("Browser: Firefox 133 on Windows 10");

    // Both browsers' sessions are on the Account page (and the demo sign-ins' too).
    const sessions = await ctx.app.inject({ url: "/api/account/sessions", headers: { cookie: first } });
    expect(sessions.json().sessions.length).toBeGreaterThanOrEqual(2);
  });
});
