import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs, buyerListings, listingPayoutChanges } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, createSignedInUser, type SignedInUser } from "../../test/factories";

describe("admin listing management (/api/admin/buyer-listings)", () => {
  const ctx = useTestApp();
  let admin: SignedInUser;

  beforeEach(async () => {
    admin = await createSignedInUser(ctx, { role: "admin" });
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  const validBody = (buyerId: string) => ({
    buyerId,
    title: "Solar Appointment Calls",
    description: "Homeowners with a roof less than 15 years old.",
    vertical: "Solar",
    payout: "$1,250.5",
    durationRequirement: "120",
    geos: ["California", "Texas", "California"],
    minVolume: 15,
  });

  it("lists every status with contacts, the true total, filters and keyset pages", async () => {
    const db = ctx.database.db;
    const { profile } = await createBuyer(db, { company: "Helios Energy" });
    const start = Date.now() - 60_000;
    for (const [i, status] of (["active", "paused", "inactive", "active", "active"] as const).entries()) {
      await createListing(db, profile.id, {
        title: `Solar Lead ${i}`,
        vertical: i < 4 ? "Solar" : "Legal",
        status,
        createdAt: new Date(start + i * 1000),
      });
    }

    const first = await call("GET", "/api/admin/buyer-listings?limit=2");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe("5");
    expect(first.json().map((l: { title: string }) => l.title)).toEqual(["Solar Lead 4", "Solar Lead 3"]);
    expect(first.json()[0]).toMatchObject({
      contact: { company: "Helios Energy", email: expect.stringContaining("@buyer.example") },
      owner: { company: "Helios Energy", disabled: false },
      tags: [],
    });
    const titles: string[] = [];
    let next: string | undefined = "/api/admin/buyer-listings?limit=2";
    for (let pageNumber = 0; next; pageNumber++) {
      const page = await call("GET", next);
      titles.push(...page.json().map((l: { title: string }) => l.title));
      // The total comes with the first page only.
      expect(page.headers["x-total-count"]).toBe(pageNumber === 0 ? "5" : undefined);
      next = page.headers.link?.toString().match(/<([^>]+)>; rel="next"/)?.[1];
    }
    expect(titles).toEqual(["Solar Lead 4", "Solar Lead 3", "Solar Lead 2", "Solar Lead 1", "Solar Lead 0"]);

    const paused = await call("GET", "/api/admin/buyer-listings?status=paused");
    expect(paused.json().map((l: { status: string }) => l.status)).toEqual(["paused"]);
    const legal = await call("GET", "/api/admin/buyer-listings?vertical=Legal");
    expect(legal.headers["x-total-count"]).toBe("1");
    const searched = await call("GET", "/api/admin/buyer-listings?search=helios");
    expect(searched.headers["x-total-count"]).toBe("5");
    const none = await call("GET", "/api/admin/buyer-listings?search=zzzqqq");
    expect(none.json()).toEqual([]);
    expect(none.headers["x-total-count"]).toBe("0");
    const forged = await call("GET", "/api/admin/buyer-listings?cursor=not-a-cursor");
    expect(forged.statusCode).toBe(400);
  });

  it("creates a listing for the chosen buyer profile with the form's defaults and an audit entry", async () => {
    const db = ctx.database.db;
    const { profile } = await createBuyer(db);
    const res = await call("POST", "/api/admin/buyer-listings", {
      ...validBody(profile.id),
      id: randomUUID(),
      boostedUntil: "2099-01-01T00:00:00Z",
    });
    expect(res.statusCode).toBe(201);
    const listing = res.json();
    expect(listing).toMatchObject({
      buyerId: profile.id,
      title: "Solar Appointment Calls",
      payout: "1250.50",
      paymentTerms: "Net 30",
      durationRequirement: 120,
      geos: ["California", "Texas"],
      minVolume: 15,
      status: "active",
      boostedUntil: null,
    });
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "listing.created"));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      targetId: listing.id,
      metaJson: {
        before: null,
        after: { buyerId: profile.id, title: "Solar Appointment Calls", payout: "1250.50" },
      },
    });
  });

  it("refuses a bad body with the admin form's messages, and an unknown buyer", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    const cases: [object, string][] = [
      [{ title: "" }, "Title is required"],
      [{ vertical: "" }, "Vertical is required"],
      [{ payout: "" }, "Payout is required"],
      [{ durationRequirement: "" }, "Duration requirement is required"],
      [{ minVolume: 0 }, "Minimum volume is required"],
      [{ status: "archived" }, "Status must be one of: active, paused, inactive"],
      [{ buyerId: "nobody" }, "Choose the buyer this listing belongs to"],
    ];
    for (const [change, message] of cases) {
      const res = await call("POST", "/api/admin/buyer-listings", { ...validBody(profile.id), ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toContain(message);
    }
    const unknown = await call("POST", "/api/admin/buyer-listings", validBody(randomUUID()));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/that buyer profile does not exist/);
    expect(await ctx.database.db.select().from(buyerListings)).toEqual([]);
    expect(
      await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, "listing.created")),
    ).toEqual([]);
  });

  it("edits only what changed, keeps the payout history, moves a listing to another buyer, and audits it", async () => {
    const db = ctx.database.db;
    const first = await createBuyer(db);
    const second = await createBuyer(db);
    const listing = await createListing(db, first.profile.id, { payout: "40.00", title: "Old title" });

    const res = await call("PUT", `/api/admin/buyer-listings/${listing.id}`, {
      title: "New title",
      payout: "55",
      status: "inactive",
      vertical: "Insurance",
      buyerId: second.profile.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "New title",
      payout: "55.00",
      status: "inactive",
      buyerId: second.profile.id,
      owner: { company: second.profile.company },
    });
    const history = await db
      .select()
      .from(listingPayoutChanges)
      .where(eq(listingPayoutChanges.listingId, listing.id));
    expect(history).toMatchObject([{ fromPayout: "40.00", toPayout: "55.00" }]);
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.action, "listing.updated"));
    // The vertical did not change, so it is not in the entry.
    expect(entry?.metaJson).toEqual({
      before: { title: "Old title", payout: "40.00", status: "active", buyerId: first.profile.id },
      after: { title: "New title", payout: "55.00", status: "inactive", buyerId: second.profile.id },
    });
    expect(entry?.targetId).toBe(listing.id);

    const empty = await call("PUT", `/api/admin/buyer-listings/${listing.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Send at least one field to change");
    const missing = await call("PUT", `/api/admin/buyer-listings/${randomUUID()}`, { title: "x" });
    expect(missing.statusCode).toBe(404);
    const malformed = await call("PUT", "/api/admin/buyer-listings/not-an-id", { title: "x" });
    expect(malformed.statusCode).toBe(404);
    const toNowhere = await call("PUT", `/api/admin/buyer-listings/${listing.id}`, { buyerId: randomUUID() });
    expect(toNowhere.statusCode).toBe(400);
  });

  it("deletes a listing, keeping the whole listing in the audit entry", async () => {
    const db = ctx.database.db;
    const { profile } = await createBuyer(db);
    const listing = await createListing(db, profile.id, { title: "Doomed listing" });
    const res = await call("DELETE", `/api/admin/buyer-listings/${listing.id}`);
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(buyerListings)).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "listing.deleted"), eq(auditLogs.targetId, listing.id)));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      metaJson: { before: { title: "Doomed listing", buyerId: profile.id }, after: null },
    });
    const again = await call("DELETE", `/api/admin/buyer-listings/${listing.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("finds buyer profiles by company or email for the form's select", async () => {
    const db = ctx.database.db;
    const helios = await createBuyer(db, { company: "Helios Energy" });
    await createBuyer(db, { company: "Acme Legal" });
    await createListing(db, helios.profile.id);
    const found = await call("GET", "/api/admin/buyer-profiles?search=heli");
    expect(found.json()).toEqual([
      { id: helios.profile.id, company: "Helios Energy", email: helios.user.email, listingCount: 1 },
    ]);
    const byEmail = await call(
      "GET",
      `/api/admin/buyer-profiles?search=${encodeURIComponent(helios.user.email)}`,
    );
    expect(byEmail.json()).toHaveLength(1);
    const byId = await call("GET", `/api/admin/buyer-profiles?id=${helios.profile.id}`);
    expect(byId.json()[0].company).toBe("Helios Energy");
    const all = await call("GET", "/api/admin/buyer-profiles");
    expect(all.json().map((o: { company: string }) => o.company)).toEqual(["Acme Legal", "Helios Energy"]);
  });
});
