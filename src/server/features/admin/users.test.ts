import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { API_KEY_MESSAGES } from "../../../shared/schemas/api-keys";
import { buildApp } from "../../app";
import { apiKeys, auditLogs, sessions, subscriptions, users } from "../../db/schema";
import { recordStatements, testConfig, useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createSignedInUser,
  createUser,
  grantPremium,
  latestMagicToken,
  type SignedInUser,
  signIn,
} from "../../test/factories";

const DISABLED_MESSAGE = "This account has been disabled. Contact support if you think this is a mistake.";

describe("user management (/api/admin/users)", () => {
  const ctx = useTestApp();
  let admin: SignedInUser;

  beforeEach(async () => {
    admin = await createSignedInUser(ctx, { role: "admin", email: "boss@example.test" });
  });

  const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const patchUser = (id: string, payload: object) => call("PATCH", `/api/admin/users/${id}`, payload);

  it("finds users by email or name, by role and state, newest first in keyset pages", async () => {
    const db = ctx.database.db;
    const start = Date.now() - 60_000;
    await createUser(db, {
      email: "ann@example.test",
      firstName: "Ann",
      lastName: "Lee",
      createdAt: new Date(start),
    });
    await createUser(db, { email: "bob@example.test", role: "buyer", createdAt: new Date(start + 1000) });
    await createUser(db, {
      email: "cy@example.test",
      firstName: "Cy",
      lastName: "Annex",
      disabledAt: new Date(),
      createdAt: new Date(start + 2000),
    });

    const all = await call("GET", "/api/admin/users?limit=2");
    expect(all.headers["x-total-count"]).toBe("4");
    expect(all.json().map((u: { email: string }) => u.email)).toEqual([
      "boss@example.test",
      "cy@example.test",
    ]);
    const link = all.headers.link?.toString().match(/<([^>]+)>/)?.[1];
    const rest = await call("GET", link!);
    expect(rest.json().map((u: { email: string }) => u.email)).toEqual([
      "bob@example.test",
      "ann@example.test",
    ]);
    expect(rest.headers.link).toBeUndefined();

    const ann = await call("GET", "/api/admin/users?search=ann");
    expect(ann.json().map((u: { email: string }) => u.email)).toEqual([
      "cy@example.test",
      "ann@example.test",
    ]);
    const fullName = await call("GET", "/api/admin/users?search=ann%20lee");
    expect(fullName.json().map((u: { email: string }) => u.email)).toEqual(["ann@example.test"]);
    const buyers = await call("GET", "/api/admin/users?role=buyer");
    expect(buyers.json()).toMatchObject([{ email: "bob@example.test", role: "buyer", disabledAt: null }]);
    const disabled = await call("GET", "/api/admin/users?state=disabled");
    expect(disabled.json()).toMatchObject([{ email: "cy@example.test", disabledAt: expect.any(String) }]);
    const badRole = await call("GET", "/api/admin/users?role=owner");
    expect(badRole.statusCode).toBe(400);
  });

  it("changes a role with an audit entry, and refuses the admin's own demotion", async () => {
    const db = ctx.database.db;
    const guest = await createUser(db, { role: "guest" });
    const res = await patchUser(guest.id, { role: "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: guest.id, role: "admin" });
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "user.role_changed"));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      targetId: guest.id,
      metaJson: { before: { role: "guest" }, after: { role: "admin" } },
    });

    const self = await patchUser(admin.user.id, { role: "guest" });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({
      message: "You cannot change your own role: ask another administrator.",
      code: "forbidden",
    });
    const [me] = await db.select({ role: users.role }).from(users).where(eq(users.id, admin.user.id));
    expect(me?.role).toBe("admin");
    // Setting one's own role to what it is changes nothing and is not refused.
    expect((await patchUser(admin.user.id, { role: "admin" })).statusCode).toBe(200);
  });

  it("lets only one of two admins demoting each other at once win, never answering 500 (5 rounds)", async () => {
    const db = ctx.database.db;
    const demote = (actor: SignedInUser, target: SignedInUser) =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${target.user.id}`,
        headers: { cookie: actor.cookie },
        payload: { role: "guest" },
      });
    for (let round = 1; round <= 5; round++) {
      const a = await createSignedInUser(ctx, { role: "admin" });
      const b = await createSignedInUser(ctx, { role: "admin" });
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      const label = `round ${round}: ${answers.map((r) => `${r.statusCode} ${r.body}`).join(" | ")}`;
      const [won, lost] = answers[0]!.statusCode === 200 ? answers : [answers[1]!, answers[0]!];
      expect(won!.statusCode, label).toBe(200);
      // The loser was demoted first: refused as no longer an admin, or, once its session has ended with
      // the demotion, as signed out.
      expect(
        [
          { message: "Administrator access required.", code: "admin_required" },
          { message: "Unauthorized", code: "unauthorized" },
        ],
        label,
      ).toContainEqual(lost!.json());
      const roles = await db
        .select({ role: users.role })
        .from(users)
        .where(inArray(users.id, [a.user.id, b.user.id]));
      expect(roles.map((r) => r.role).sort(), label).toEqual(["admin", "guest"]);
    }
  });

  it("ends the sessions of a user whose role changes and narrows their API keys to the new role", async () => {
    const db = ctx.database.db;
    const buyer = await createBuyer(db);
    const cookie = await signIn(ctx, buyer.user.email);
    const made = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie },
      payload: { name: "CRM", scopes: ["listings:read", "listings:write", "webhooks:manage"] },
    });
    const { key } = made.json() as { key: string };
    const listing = { title: "Solar inbound calls", vertical: "Solar", payout: "40.00" };
    const create = (headers: Record<string, string>) =>
      ctx.app.inject({ method: "POST", url: "/api/buyer-listings", headers, payload: listing });
    expect((await create({ authorization: `Bearer ${key}` })).statusCode).toBe(201);

    expect((await patchUser(buyer.user.id, { role: "guest" })).statusCode).toBe(200);
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "user.role_changed"));
    expect(entry?.metaJson).toMatchObject({ sessionsEnded: 1, keysNarrowed: 1 });

    // The demoted buyer's session is gone; their key reads the directory, writes nothing.
    const bySession = await create({ cookie });
    expect(bySession.statusCode).toBe(401);
    const byKey = await create({ authorization: `Bearer ${key}` });
    expect([byKey.statusCode, byKey.json()]).toEqual([
      403,
      { message: API_KEY_MESSAGES.scopeMissing("listings:write"), code: "forbidden" },
    ]);
    const read = await ctx.app.inject({
      url: "/api/buyer-listings",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveLength(1);
    const [stored] = await db.select({ scopes: apiKeys.scopes }).from(apiKeys);
    expect(stored?.scopes).toEqual(["listings:read"]);
  });

  it("keeps publisher and buyer apart, and refuses unknown users and empty bodies", async () => {
    const db = ctx.database.db;
    const publisher = await createPublisher(db);
    const buyer = await createBuyer(db);
    const toBuyer = await patchUser(publisher.user.id, { role: "buyer" });
    expect(toBuyer.statusCode).toBe(409);
    expect(toBuyer.json().message).toBe("This user has a publisher profile, so they cannot be a buyer.");
    expect((await patchUser(buyer.user.id, { role: "publisher" })).statusCode).toBe(409);
    expect((await patchUser(buyer.user.id, { role: "guest" })).statusCode).toBe(200);

    expect((await patchUser(randomUUID(), { role: "guest" })).statusCode).toBe(404);
    expect((await patchUser("not-an-id", { role: "guest" })).statusCode).toBe(404);
    const empty = await patchUser(buyer.user.id, { email: "hijack@example.test" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Send role, disabled or complimentaryPremium");
    expect((await patchUser(buyer.user.id, { role: "owner" })).statusCode).toBe(400);
  });

  it("disables an account: sessions deleted at once, sign-in refused, listings out of the directory", async () => {
    const db = ctx.database.db;
    const buyer = await createBuyer(db, { company: "Vanishing Co" });
    const listing = await createListing(db, buyer.profile.id, { title: "Vanishing listing" });
    const buyerCookie = await signIn(ctx, buyer.user.email);
    const secondCookie = await signIn(ctx, buyer.user.email);
    const visitorSees = async () =>
      (await ctx.app.inject({ url: "/api/buyer-listings" })).json().map((l: { id: string }) => l.id);
    expect(await visitorSees()).toEqual([listing.id]);

    const res = await patchUser(buyer.user.id, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().disabledAt).toEqual(expect.any(String));

    // Both sessions are gone, not merely refused.
    const left = await db.select().from(sessions).where(eq(sessions.userId, buyer.user.id));
    expect(left).toEqual([]);
    for (const cookie of [buyerCookie, secondCookie]) {
      const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }

    // Sign-in through the magic link is refused with a clear message.
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: buyer.user.email },
    });
    const verify = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token: await latestMagicToken(ctx, buyer.user.email) },
    });
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toEqual({ message: DISABLED_MESSAGE, code: "forbidden" });
    expect(verify.cookies.find((c) => c.name === "ppc.sid" && c.value)).toBeUndefined();

    // The listing leaves the directory and its detail page, for everyone but admins.
    expect(await visitorSees()).toEqual([]);
    const detail = await ctx.app.inject({ url: `/api/buyer-listings/${listing.id}` });
    expect(detail.statusCode).toBe(404);
    const adminList = await call("GET", "/api/admin/buyer-listings");
    expect(adminList.json()).toMatchObject([{ id: listing.id, owner: { disabled: true } }]);

    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "user.disabled"));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      targetId: buyer.user.id,
      metaJson: { before: { disabledAt: null }, after: { disabledAt: expect.any(String) }, sessionsEnded: 2 },
    });

    // Enabled again: everything comes back.
    const enabled = await patchUser(buyer.user.id, { disabled: false });
    expect(enabled.json().disabledAt).toBeNull();
    expect(await visitorSees()).toEqual([listing.id]);
    const cookie = await signIn(ctx, buyer.user.email);
    expect((await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(200);
    expect(await db.select().from(auditLogs).where(eq(auditLogs.action, "user.enabled"))).toHaveLength(1);
  });

  it("treats a session that outlived the disabling as signed out", async () => {
    const db = ctx.database.db;
    const guest = await createUser(db);
    const cookie = await signIn(ctx, guest.email);
    // Disabled behind the API's back: the session row is still there.
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, guest.id));
    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("refuses to disable the admin's own account", async () => {
    const res = await patchUser(admin.user.id, { disabled: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You cannot disable your own account.");
    expect(
      (await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
  });

  it("shows how many live sessions each user has, read in the list's one query", async () => {
    const db = ctx.database.db;
    const busy = await createUser(db, { email: "busy@example.test" });
    await createUser(db, { email: "idle@example.test" });
    // An expired session is not counted (the sweep deletes it later).
    await signIn(ctx, busy.email);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, busy.id));
    await signIn(ctx, busy.email);
    await signIn(ctx, busy.email);
    const recorder = recordStatements(ctx.database);
    let res: Awaited<ReturnType<typeof call>>;
    try {
      res = await call("GET", "/api/admin/users?search=example.test");
    } finally {
      recorder.stop();
    }
    const counts = Object.fromEntries(
      res.json().map((u: { email: string; sessionCount: number }) => [u.email, u.sessionCount]),
    );
    expect(counts).toEqual({ "busy@example.test": 2, "idle@example.test": 0, "boss@example.test": 1 });
    // The session read, the page and its total: the counts ride along in the page's query.
    expect(
      recorder.texts.filter((t) => /from "sessions"\s+where "sessions"\."user_id" = "users"\."id"/.test(t)),
    ).toHaveLength(1);
  });

  it("ends every session of a user at once, audited, without disabling the account", async () => {
    const db = ctx.database.db;
    const buyer = await createBuyer(db);
    const cookies = [await signIn(ctx, buyer.user.email), await signIn(ctx, buyer.user.email)];
    const bystander = await createSignedInUser(ctx);

    const res = await call("POST", `/api/admin/users/${buyer.user.id}/sessions/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const cookie of cookies) {
      expect((await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    }
    expect(
      (await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: bystander.cookie } })).statusCode,
    ).toBe(200);
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "user.sessions_ended"));
    expect(entry).toMatchObject({ userId: admin.user.id, targetId: buyer.user.id, metaJson: { ended: 2 } });
    const [listed] = (await call("GET", `/api/admin/users?id=${buyer.user.id}`)).json();
    expect(listed).toMatchObject({ sessionCount: 0, disabledAt: null });
    // They can sign in again at once.
    const back = await signIn(ctx, buyer.user.email);
    expect((await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: back } })).statusCode).toBe(200);

    for (const id of [randomUUID(), "not-a-user"]) {
      const unknown = await call("POST", `/api/admin/users/${id}/sessions/end`);
      expect(unknown.statusCode, id).toBe(404);
      expect(unknown.json()).toEqual({ message: "User not found", code: "not_found" });
    }
    const notAdmin = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/users/${buyer.user.id}/sessions/end`,
      headers: { cookie: bystander.cookie },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: back } })).statusCode).toBe(200);
  });

  it("refuses the development sign-in of a disabled account", async () => {
    const devApp = await buildApp({
      config: testConfig({ APP_ENV: "development" }),
      database: ctx.database,
      logger: false,
    });
    try {
      const user = await createUser(ctx.database.db, { disabledAt: new Date() });
      const res = await devApp.inject({
        method: "POST",
        url: "/api/dev/login",
        payload: { email: user.email },
        remoteAddress: "127.0.0.1",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DISABLED_MESSAGE);
    } finally {
      await devApp.close();
    }
  });

  it("grants and removes complimentary Premium, never touching a paid plan", async () => {
    const db = ctx.database.db;
    const publisher = await createPublisher(db);
    const granted = await patchUser(publisher.user.id, { complimentaryPremium: true });
    expect(granted.json()).toMatchObject({ hasActiveSubscription: true, complimentaryPremium: true });
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "subscription.complimentary_granted"));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      targetId: publisher.user.id,
      metaJson: { before: { complimentaryPremium: false }, after: { complimentaryPremium: true } },
    });
    const removed = await patchUser(publisher.user.id, { complimentaryPremium: false });
    expect(removed.json()).toMatchObject({ hasActiveSubscription: false, complimentaryPremium: false });

    const paying = await createPublisher(db);
    await grantPremium(db, paying.user.id, { stripeSubscriptionId: "sub_paid" });
    const untouched = await patchUser(paying.user.id, { complimentaryPremium: false });
    expect(untouched.json()).toMatchObject({ hasActiveSubscription: true, complimentaryPremium: false });
    expect(
      await db.select().from(subscriptions).where(eq(subscriptions.userId, paying.user.id)),
    ).toHaveLength(1);
  });
});
