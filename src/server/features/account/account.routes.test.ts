import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../shared/schemas/account";
import { accountTokens, auditLogs, magicLinkTokens, sessions, subscriptions, users } from "../../db/schema";
import { linkToken, mailsTo } from "../../test/account-links";
import { useTestApp } from "../../test/context";
import { createSignedInUser, createUser, grantPremium, grantSmsAddon, signIn } from "../../test/factories";

// The Account page's summary and email change through their routes, on the database of the run.

describe("the Account page", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const summary = (cookie?: string) =>
    ctx.app.inject({ method: "GET", url: "/api/account", headers: cookie ? { cookie } : {} });

  describe("GET /api/account", () => {
    it("answers 401 signed out", async () => {
      const res = await summary();
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("unauthorized");
    });

    it("shows a guest's email, role, plan, creation date and how this session signed in, never cached", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { email: "guest@example.test" });
      // A session stored before the column existed has no method.
      await db().update(sessions).set({ signInMethod: null });
      const before = await summary(cookie);
      expect(before.json().signInMethod).toBeNull();
      // The sign-in writes the column; the summary reads this request's own row.
      await db().update(sessions).set({ signInMethod: "email" });
      const res = await summary(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.json()).toEqual({
        email: "guest@example.test",
        role: "guest",
        signInMethod: "email",
        plan: { name: "Free", status: null, currentPeriodEnd: null, smsAddon: false },
        createdAt: user.createdAt.toISOString(),
        isLastAdmin: false,
      });
    });

    it("shows Premium and the SMS add-on for a publisher who has them, Free for a buyer", async () => {
      const publisher = await createSignedInUser(ctx, { role: "publisher" });
      const end = new Date(Date.now() + 200 * 24 * 3600_000);
      await grantPremium(db(), publisher.user.id, {
        stripeSubscriptionId: "sub_paid",
        currentPeriodEnd: end,
      });
      await grantSmsAddon(db(), publisher.user.id);
      expect((await summary(publisher.cookie)).json()).toMatchObject({
        role: "publisher",
        plan: { name: "Premium", status: "active", currentPeriodEnd: end.toISOString(), smsAddon: true },
      });

      const buyer = await createSignedInUser(ctx, { role: "buyer" });
      expect((await summary(buyer.cookie)).json()).toMatchObject({
        role: "buyer",
        plan: { name: "Free", status: null, smsAddon: false },
        isLastAdmin: false,
      });
    });

    it("tells the only admin they are the last one, until another enabled admin exists", async () => {
      const admin = await createSignedInUser(ctx, { role: "admin" });
      expect((await summary(admin.cookie)).json()).toMatchObject({ role: "admin", isLastAdmin: true });
      // A disabled admin or a deleted one runs nothing.
      const disabled = await createUser(db(), { role: "admin", disabledAt: new Date() });
      await createUser(db(), { role: "admin", deletedAt: new Date() });
      expect((await summary(admin.cookie)).json().isLastAdmin).toBe(true);
      await db().update(users).set({ disabledAt: null }).where(eq(users.id, disabled.id));
      expect((await summary(admin.cookie)).json().isLastAdmin).toBe(false);
    });
  });

  describe("changing the email address", () => {
    const requestChange = (cookie: string, email: string) =>
      ctx.app.inject({ method: "POST", url: "/api/account/email", headers: { cookie }, payload: { email } });
    const confirm = (token: string) =>
      ctx.app.inject({ method: "POST", url: "/api/account/email/confirm", payload: { token } });
    const undo = (token: string) =>
      ctx.app.inject({ method: "POST", url: "/api/account/email/undo", payload: { token } });
    const emailOf = async (id: string) =>
      (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

    /** The audit entries of the Account page's actions, their meta as text (to look for addresses). */
    async function accountEntries() {
      const rows = await db().select().from(auditLogs).where(sql`${auditLogs.action} like 'account.%'`);
      return rows.map((row) => ({ ...row, metaText: JSON.stringify(row.metaJson) }));
    }

    it("refuses the address the account already has", async () => {
      const { cookie } = await createSignedInUser(ctx, { email: "same@example.test" });
      const res = await requestChange(cookie, "  Same@Example.test ");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", message: ACCOUNT_MESSAGES.emailSame });
    });

    it("answers a free and a taken address alike, and mails only the free one", async () => {
      const { cookie } = await createSignedInUser(ctx, { email: "me@example.test" });
      await createUser(db(), { email: "taken@example.test" });
      const free = await requestChange(cookie, "Free@Example.test");
      const taken = await requestChange(cookie, "taken@example.test");
      expect(free.statusCode).toBe(202);
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.body).toBe(free.body);
      expect(free.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });

      const [mail] = await mailsTo(ctx, "free@example.test");
      expect(mail?.subject).toContain("Confirm your new email address");
      expect(mail?.text).toMatch(/http:\/\/localhost:5000\/account\/email\/confirm\?token=[\w-]{43}/);
      expect(await mailsTo(ctx, "taken@example.test")).toEqual([]);
      // Both recorded alike, neither address with them.
      const entries = await accountEntries();
      expect(entries.map((e) => [e.action, e.metaText])).toEqual([
        ["account.email_change_requested", '{"after":null,"before":null}'],
        ["account.email_change_requested", '{"after":null,"before":null}'],
      ]);
      // Only the hash of the link is kept.
      const [row] = await db()
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.email, "free@example.test"));
      expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(mail?.text).not.toContain(row!.tokenHash);
      expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    });

    it("changes the email when the new address's link is used, once, and tells the old address how to undo it", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { email: "old@example.test" });
      // A sign-in link still out for the old address stops working with the change.
      await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: "old@example.test" },
      });
      expect((await requestChange(cookie, "new@example.test")).statusCode).toBe(202);
      const token = await linkToken(ctx, "new@example.test", "/account/email/confirm");

      // The link works in a browser signed in as nobody.
      const res = await confirm(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged });
      expect(await emailOf(user.id)).toBe("new@example.test");
      expect(
        await db().select().from(magicLinkTokens).where(eq(magicLinkTokens.email, "old@example.test")),
      ).toEqual([]);

      const reused = await confirm(token);
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ code: "validation", message: ACCOUNT_MESSAGES.linkInvalid });

      const notices = (await mailsTo(ctx, "old@example.test")).filter((m) =>
        m.subject.includes("was changed"),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain("was changed to new@example.test");
      expect(notices[0]!.text).toMatch(/\/account\/email\/undo\?token=[\w-]{43}/);

      const entries = await accountEntries();
      expect(entries.map((e) => [e.action, e.userId, e.targetId]).sort()).toEqual([
        ["account.email_change_requested", user.id, user.id],
        ["account.email_changed", user.id, user.id],
      ]);
      for (const entry of entries) expect(entry.metaText).not.toContain("@");
    });

    it("refuses a wrong, an expired and a superseded link", async () => {
      const { cookie } = await createSignedInUser(ctx);
      expect((await confirm("not-a-real-token")).json()).toMatchObject({
        code: "validation",
        message: ACCOUNT_MESSAGES.linkInvalid,
      });

      await requestChange(cookie, "first@example.test");
      const first = await linkToken(ctx, "first@example.test", "/account/email/confirm");
      await requestChange(cookie, "second@example.test");
      const second = await linkToken(ctx, "second@example.test", "/account/email/confirm");
      // The newer request is the one that counts.
      expect((await confirm(first)).statusCode).toBe(400);

      await db()
        .update(accountTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(accountTokens.email, "second@example.test"));
      const expired = await confirm(second);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    });

    it("answers 409 when another account took the address before the link was used, and spends the link", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { email: "mine@example.test" });
      await requestChange(cookie, "contested@example.test");
      const token = await linkToken(ctx, "contested@example.test", "/account/email/confirm");
      await createUser(db(), { email: "contested@example.test" });

      const res = await confirm(token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "conflict", message: ACCOUNT_MESSAGES.emailTakenAtConfirm });
      expect(await emailOf(user.id)).toBe("mine@example.test");
      expect((await confirm(token)).statusCode).toBe(400);
      expect((await accountEntries()).map((e) => e.action)).toEqual(["account.email_change_requested"]);
    });

    it("undoes a change from the old address: the address comes back, every session ends, once", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { email: "victim@example.test" });
      const otherBrowser = await signIn(ctx, "victim@example.test");
      await requestChange(cookie, "intruder@example.test");
      await confirm(await linkToken(ctx, "intruder@example.test", "/account/email/confirm"));
      // A further change already requested from the intruder's side dies with the undo.
      await requestChange(cookie, "elsewhere@example.test");
      const pending = await linkToken(ctx, "elsewhere@example.test", "/account/email/confirm");
      expect((await summary(cookie)).statusCode).toBe(200);

      const token = await linkToken(ctx, "victim@example.test", "/account/email/undo");
      const res = await undo(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeUndone });
      expect(await emailOf(user.id)).toBe("victim@example.test");
      expect((await summary(cookie)).statusCode).toBe(401);
      expect((await summary(otherBrowser)).statusCode).toBe(401);
      expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await confirm(pending)).statusCode).toBe(400);

      const again = await undo(token);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);

      const entries = await accountEntries();
      expect(entries.map((e) => e.action).sort()).toEqual([
        "account.email_change_requested",
        "account.email_change_requested",
        "account.email_change_undone",
        "account.email_changed",
      ]);
      expect(entries.find((e) => e.action === "account.email_change_undone")).toMatchObject({
        userId: user.id,
        targetId: user.id,
        metaJson: { sessionsEnded: 2 },
      });
      for (const entry of entries) expect(entry.metaText).not.toContain("@");
    });

    it("cannot undo onto an address another account took meanwhile (409, link spent)", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { email: "first-owner@example.test" });
      await requestChange(cookie, "moved@example.test");
      await confirm(await linkToken(ctx, "moved@example.test", "/account/email/confirm"));
      const token = await linkToken(ctx, "first-owner@example.test", "/account/email/undo");
      await createUser(db(), { email: "first-owner@example.test" });

      const res = await undo(token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "conflict", message: ACCOUNT_MESSAGES.emailTakenAtUndo });
      expect(await emailOf(user.id)).toBe("moved@example.test");
      expect((await undo(token)).statusCode).toBe(400);
    });

    it("limits requests per account", async () => {
      const { cookie } = await createSignedInUser(ctx);
      for (let i = 0; i < 5; i++)
        expect((await requestChange(cookie, `try${i}@example.test`)).statusCode).toBe(202);
      const res = await requestChange(cookie, "one-more@example.test");
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("needs a session to ask for a change", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/account/email",
        payload: { email: "x@example.test" },
      });
      expect(res.statusCode).toBe(401);
      expect(await db().select().from(accountTokens)).toEqual([]);
    });
  });
  describe("deleting an account without payments configured", () => {
    it("ends a complimentary Premium with the account, with no Stripe to ask", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { role: "publisher" });
      await grantPremium(db(), user.id);
      const res = await ctx.app.inject({
        method: "DELETE",
        url: "/api/account",
        headers: { cookie },
        payload: { confirmEmail: user.email },
      });
      expect(res.statusCode).toBe(204);
      const rows = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
      expect(rows.map((r) => r.status)).toEqual(["canceled"]);
      expect((await summary(cookie)).statusCode).toBe(401);
    });
  });
});
