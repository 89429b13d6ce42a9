import { randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/context";
import { createBuyer, createPublisher, createUser, grantPremium, signIn } from "../../test/factories";

// Every /api/admin route of the app's own route table x every kind of caller.
// The routes come from the table the guard records, not from a list written here, so an admin route
// added later without the guard (outside adminArea) fails this test.

describe("admin API access, walked over the app's route table", () => {
  const ctx = useTestApp();

  it("answers 401 to a visitor, 403 to guest, publisher, premium and buyer, and lets an admin through", async () => {
    const db = ctx.database.db;
    const guest = await createUser(db, { role: "guest" });
    const publisher = await createPublisher(db);
    const premium = await createPublisher(db);
    await grantPremium(db, premium.user.id);
    const buyer = await createBuyer(db);
    const admin = await createUser(db, { role: "admin" });
    const callers: { name: string; cookie: string | null; expected: number | "allowed" }[] = [
      { name: "visitor", cookie: null, expected: 401 },
      { name: "guest", cookie: await signIn(ctx, guest.email), expected: 403 },
      { name: "publisher", cookie: await signIn(ctx, publisher.user.email), expected: 403 },
      { name: "premium", cookie: await signIn(ctx, premium.user.email), expected: 403 },
      { name: "buyer", cookie: await signIn(ctx, buyer.user.email), expected: 403 },
      { name: "admin", cookie: await signIn(ctx, admin.email), expected: "allowed" },
    ];

    const adminRoutes = ctx.app.apiRoutes.flatMap((route) =>
      route.url.startsWith("/api/admin/")
        ? [route.method]
            .flat()
            .map((method) => ({ method: method as NonNullable<InjectOptions["method"]>, url: route.url }))
        : [],
    );
    // The console's routes are all there (a walk over nothing would prove nothing).
    const described = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(described).toEqual(
      expect.arrayContaining([
        "GET /api/admin/stats",
        "GET /api/admin/pending-publishers",
        "POST /api/admin/approve-publisher/:id",
        "POST /api/admin/reject-publisher/:id",
        "GET /api/admin/buyer-listings",
        "POST /api/admin/buyer-listings",
        "PUT /api/admin/buyer-listings/:id",
        "DELETE /api/admin/buyer-listings/:id",
        "GET /api/admin/buyer-profiles",
        "GET /api/admin/users",
        "PATCH /api/admin/users/:id",
        "POST /api/admin/users/:id/sessions/end",
        "GET /api/admin/audit-logs",
        "GET /api/admin/audit-actions",
        "GET /api/admin/mail/failed",
        "POST /api/admin/mail/failed/:id/retry",
      ]),
    );

    for (const route of adminRoutes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, randomUUID());
      for (const caller of callers) {
        const options: InjectOptions = {
          method: route.method,
          url,
          headers: caller.cookie ? { cookie: caller.cookie } : {},
        };
        if (["POST", "PUT", "PATCH"].includes(route.method)) options.payload = {};
        const res = await ctx.app.inject(options);
        const label = `${route.method} ${route.url} as ${caller.name}`;
        if (caller.expected === "allowed") {
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode, label).not.toBe(403);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(caller.expected);
          if (route.method !== "HEAD") {
            expect(res.json().code, label).toBe(caller.expected === 401 ? "unauthorized" : "admin_required");
          }
        }
      }
    }
  });
});
