import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs, users } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createSignedInUser, createUser, type SignedInUser } from "../../test/factories";

/** The database's own words when it refuses a statement (Drizzle wraps them as the error's cause). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    const error = err as Error & { cause?: Error };
    return `${error.message} ${error.cause?.message ?? ""}`;
  }
  return "not refused";
}

describe("the audit log", () => {
  const ctx = useTestApp();

  describe("GET /api/admin/audit-logs", () => {
    let admin: SignedInUser;
    beforeEach(async () => {
      admin = await createSignedInUser(ctx, { role: "admin", email: "boss@example.test" });
    });
    const get = (url: string) => ctx.app.inject({ url, headers: { cookie: admin.cookie } });
    const actions = (res: { json: () => { action: string }[] }) => res.json().map((e) => e.action);

    it("filters by action, user, record and time, newest first, one keyset page at a time", async () => {
      const db = ctx.database.db;
      const other = await createUser(db, { email: "other@example.test" });
      const target = randomUUID();
      const base = Date.UTC(2026, 0, 10, 12);
      await db.insert(auditLogs).values([
        {
          userId: other.id,
          action: "listing.created",
          targetId: target,
          createdAt: new Date(base),
          metaJson: { n: 1 },
        },
        { userId: other.id, action: "listing.updated", targetId: target, createdAt: new Date(base + 60_000) },
        {
          userId: admin.user.id,
          action: "listing.deleted",
          targetId: target,
          createdAt: new Date(base + 120_000),
        },
        { userId: null, action: "listing.created", createdAt: new Date(base + 86_400_000) },
      ]);

      const byAction = await get("/api/admin/audit-logs?action=listing.created");
      expect(byAction.json()).toMatchObject([
        { action: "listing.created", userId: null, userEmail: null, targetId: null },
        {
          action: "listing.created",
          userId: other.id,
          userEmail: "other@example.test",
          targetId: target,
          meta: { n: 1 },
        },
      ]);
      expect(actions(await get(`/api/admin/audit-logs?userId=${other.id}`))).toEqual([
        "listing.updated",
        "listing.created",
      ]);
      expect(actions(await get(`/api/admin/audit-logs?targetId=${target}`))).toEqual([
        "listing.deleted",
        "listing.updated",
        "listing.created",
      ]);
      const from = encodeURIComponent(new Date(base + 30_000).toISOString());
      const to = encodeURIComponent(new Date(base + 120_000).toISOString());
      expect(actions(await get(`/api/admin/audit-logs?from=${from}&to=${to}`))).toEqual(["listing.updated"]);

      // Pages of one, walked through the Link header, with the filters kept.
      const seen: string[] = [];
      let next: string | undefined = `/api/admin/audit-logs?targetId=${target}&limit=1`;
      while (next) {
        const page = await get(next);
        expect(page.statusCode).toBe(200);
        seen.push(...actions(page));
        next = page.headers.link?.toString().match(/<([^>]+)>; rel="next"/)?.[1];
        if (next) expect(next).toContain(`targetId=${target}`);
      }
      expect(seen).toEqual(["listing.deleted", "listing.updated", "listing.created"]);

      const choices = await get("/api/admin/audit-actions");
      expect(choices.json()).toEqual(
        expect.arrayContaining(["auth.login", "listing.created", "listing.deleted", "listing.updated"]),
      );
    });

    it("refuses a bad filter or cursor with 400", async () => {
      for (const query of [
        "userId=someone",
        "from=yesterday",
        `from=${encodeURIComponent("2026-01-02T00:00:00Z")}&to=${encodeURIComponent("2026-01-01T00:00:00Z")}`,
        "cursor=forged",
        "limit=1000",
      ]) {
        const res = await get(`/api/admin/audit-logs?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code, query).toBe("validation");
      }
    });
  });

  describe("append-only in the database", () => {
    it("refuses UPDATE and DELETE, whoever asks", async () => {
      const db = ctx.database.db;
      const user = await createUser(db);
      const [entry] = await db
        .insert(auditLogs)
        .values({ userId: user.id, action: "listing.created", metaJson: { after: { title: "x" } } })
        .returning();

      expect(
        await refusal(() =>
          db.update(auditLogs).set({ action: "listing.deleted" }).where(eq(auditLogs.id, entry!.id)),
        ),
      ).toMatch(/audit_logs is append-only: UPDATE refused/);
      expect(
        await refusal(() =>
          db
            .update(auditLogs)
            .set({ metaJson: { forged: true } })
            .where(eq(auditLogs.id, entry!.id)),
        ),
      ).toMatch(/audit_logs is append-only: UPDATE refused/);
      // Clearing the actor by hand is refused too: only a user's deletion may do that (next test).
      expect(
        await refusal(() => db.update(auditLogs).set({ userId: null }).where(eq(auditLogs.id, entry!.id))),
      ).toMatch(/audit_logs is append-only: UPDATE refused/);
      expect(await refusal(() => db.delete(auditLogs).where(eq(auditLogs.id, entry!.id)))).toMatch(
        /audit_logs is append-only: DELETE refused/,
      );
      expect(await refusal(() => db.execute(sql`delete from audit_logs`))).toMatch(
        /audit_logs is append-only: DELETE refused/,
      );

      const [kept] = await db.select().from(auditLogs).where(eq(auditLogs.id, entry!.id));
      expect(kept).toMatchObject({ action: "listing.created", metaJson: { after: { title: "x" } } });
    });

    it("still lets a user be deleted: their entries stay, without the actor", async () => {
      const db = ctx.database.db;
      const user = await createUser(db);
      await db.insert(auditLogs).values({ userId: user.id, action: "auth.login", targetId: user.id });
      await db.delete(users).where(eq(users.id, user.id));
      const rows = await db.select().from(auditLogs);
      expect(rows).toMatchObject([{ userId: null, action: "auth.login", targetId: user.id }]);
    });
  });
});
