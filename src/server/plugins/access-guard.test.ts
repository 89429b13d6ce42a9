import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { users } from "../db/schema";
import { recordStatements, testConfig, useTestApp } from "../test/context";
import { createUser, grantPremium, signIn } from "../test/factories";
import { adminArea, routesWithoutAccess, withViewer } from "./access-guard";

describe("access guard (deny by default)", () => {
  const ctx = useTestApp();

  /** A second app on the same database (sessions are shared), left open for routes before ready(). */
  async function buildOpenApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
    return buildApp({ config: testConfig(env), database: ctx.database, logger: false });
  }

  it("finds an access level on every /api route of the app's route table", async () => {
    // The development helpers exist only in development: walk that app too.
    const devApp = await buildOpenApp({ APP_ENV: "development" });
    await devApp.ready();
    try {
      for (const app of [ctx.app, devApp]) {
        expect(app.apiRoutes.length).toBeGreaterThan(15);
        expect(routesWithoutAccess(app)).toEqual([]);
      }
      expect(devApp.apiRoutes.map((r) => r.url)).toContain("/api/dev/login");
    } finally {
      await devApp.close();
    }
  });

  it("reports a route added without an access level, and treats it as signed-in only", async () => {
    const app = await buildOpenApp();
    app.get("/api/forgot-its-guard", async () => ({ secret: "for signed-in users only" }));
    await app.ready();
    try {
      expect(routesWithoutAccess(app)).toEqual(["GET /api/forgot-its-guard", "HEAD /api/forgot-its-guard"]);
      const signedOut = await app.inject({ url: "/api/forgot-its-guard" });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
      const user = await createUser(ctx.database.db, { role: "guest" });
      const cookie = await signIn(ctx, user.email);
      const signedIn = await app.inject({ url: "/api/forgot-its-guard", headers: { cookie } });
      expect(signedIn.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("refuses a signed-out visitor before reading the body", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/reveal-contact/00000000-0000-4000-8000-000000000000",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthorized");
  });

  describe("an admin area", () => {
    async function appWithAdminArea() {
      const app = await buildOpenApp();
      await app.register(
        adminArea(async (admin) => {
          admin.get(
            "/whoami",
            withViewer(async (_req, _reply, viewer) => ({ seenBy: viewer.email })),
          );
        }),
        { prefix: "/api/admin" },
      );
      await app.ready();
      return app;
    }

    it("answers 401 signed out, 403 admin_required to a non-admin, and lets an admin in", async () => {
      const app = await appWithAdminArea();
      try {
        expect(routesWithoutAccess(app)).toEqual([]);
        const signedOut = await app.inject({ url: "/api/admin/whoami" });
        expect(signedOut.statusCode).toBe(401);
        expect(signedOut.json().code).toBe("unauthorized");

        const publisher = await createUser(ctx.database.db, { role: "publisher" });
        const refused = await app.inject({
          url: "/api/admin/whoami",
          headers: { cookie: await signIn(ctx, publisher.email) },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: "Administrator access required.", code: "admin_required" });

        const admin = await createUser(ctx.database.db, { role: "admin" });
        const allowed = await app.inject({
          url: "/api/admin/whoami",
          headers: { cookie: await signIn(ctx, admin.email) },
        });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.json()).toEqual({ seenBy: admin.email });
      } finally {
        await app.close();
      }
    });

    it("refuses a route in it that declares another access level", async () => {
      const app = await buildOpenApp();
      try {
        await expect(
          app.register(
            adminArea(async (admin) => {
              admin.get("/open", { config: { access: "public" } }, async () => ({}));
            }),
            { prefix: "/api/admin" },
          ),
        ).rejects.toThrow(/GET \/api\/admin\/open is in an admin area but declares access "public"/);
      } finally {
        await app.close();
      }
    });
  });

  it("refuses to register a withViewer handler on a public route", async () => {
    const app = await buildOpenApp();
    try {
      expect(() =>
        app.get(
          "/api/open-but-needs-a-viewer",
          { config: { access: "public" } },
          withViewer(async (_req, _reply, viewer) => viewer.id),
        ),
      ).toThrow(/is public but its handler uses withViewer/);
    } finally {
      await app.close();
    }
  });

  describe("the viewer's read", () => {
    it("reads the session and its user, Premium included, in one statement", async () => {
      const user = await createUser(ctx.database.db, { role: "publisher" });
      await grantPremium(ctx.database.db, user.id);
      const cookie = await signIn(ctx, user.email);
      const recorder = recordStatements(ctx.database);
      try {
        const res = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: user.id, role: "publisher", hasActiveSubscription: true });
        // The guard's one statement; then this route's own question, whether the user signed in before
        // (its greeting), which no other route asks.
        expect(recorder.texts).toHaveLength(2);
        expect(recorder.texts[0]).toMatch(/from sessions s left join users u/);
        expect(recorder.texts[1]).toMatch(/from "audit_logs"/);
      } finally {
        recorder.stop();
      }
    });

    it("sends no statement for a request without a session cookie", async () => {
      const recorder = recordStatements(ctx.database);
      try {
        const res = await ctx.app.inject({ url: "/api/auth/user?optional=1" });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toBeNull();
        expect(recorder.texts).toEqual([]);
      } finally {
        recorder.stop();
      }
    });

    it("reads a disabled user's session as signed out, in the same one statement", async () => {
      const user = await createUser(ctx.database.db, { role: "buyer" });
      const cookie = await signIn(ctx, user.email);
      await ctx.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
      const recorder = recordStatements(ctx.database);
      try {
        const res = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } });
        expect(res.statusCode).toBe(401);
        expect(recorder.texts).toHaveLength(1);
      } finally {
        recorder.stop();
      }
    });
  });
});
