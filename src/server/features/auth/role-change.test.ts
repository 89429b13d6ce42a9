import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, auditLogs, sessions, users } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createUser, signIn } from "../../test/factories";
import { LAST_ADMIN_MESSAGE, setUserRole } from "./role-change";

// The support path of a role change (`npm run user:role`, both engines): the same effects as the admin
// Users page, and the last active administrator kept.

describe("npm run user:role", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  it("ends the user's sessions, narrows their API keys to the new role, and audits it", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const made = await ctx.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie },
      payload: { name: "CRM", scopes: ["listings:read", "listings:write"] },
    });
    expect(made.statusCode).toBe(201);

    await setUserRole({ db: db(), email: buyer.user.email.toUpperCase(), role: "guest" });
    const [user] = await db().select({ role: users.role }).from(users).where(eq(users.id, buyer.user.id));
    expect(user?.role).toBe("guest");
    expect(await db().$count(sessions, eq(sessions.userId, buyer.user.id))).toBe(0);
    expect((await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    const [key] = await db().select({ scopes: apiKeys.scopes }).from(apiKeys);
    expect(key?.scopes).toEqual(["listings:read"]);
    const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "user.role_changed"));
    expect(entry).toMatchObject({
      userId: buyer.user.id,
      metaJson: { role: "guest", from: "buyer", sessionsEnded: 1, keysNarrowed: 1 },
    });
  });

  it("refuses to demote the last active administrator, and lets one go while another remains", async () => {
    const only = await createUser(db(), { role: "admin", email: "only@example.test" });
    // A disabled admin cannot sign in, so does not count.
    await createUser(db(), { role: "admin", email: "gone@example.test", disabledAt: new Date() });
    await expect(setUserRole({ db: db(), email: only.email, role: "guest" })).rejects.toMatchObject({
      code: "conflict",
      message: LAST_ADMIN_MESSAGE,
    });
    const [still] = await db().select({ role: users.role }).from(users).where(eq(users.id, only.id));
    expect(still?.role).toBe("admin");

    await createUser(db(), { role: "admin", email: "second@example.test" });
    await setUserRole({ db: db(), email: only.email, role: "guest" });
    const [demoted] = await db().select({ role: users.role }).from(users).where(eq(users.id, only.id));
    expect(demoted?.role).toBe("guest");
  });
});
