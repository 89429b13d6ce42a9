import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onboardingDrafts } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createPublisher, createSignedInUser, signIn } from "../../test/factories";

// The onboarding wizards' drafts through HTTP: each person's own, on the side their role allows, bounded,
// and gone once the profile they were drafting exists.

const BUYER_DRAFT = {
  step: 2,
  data: {
    company: "Acme Call Buying",
    website: "https://acme.example",
    verticals: ["Legal", "Solar"],
    payoutMin: "40",
    dailyCap: 50,
    agreed: true,
    contactPhone: null,
  },
};

describe("onboarding drafts", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  function request(cookie: string | undefined, method: "GET" | "PUT", url: string, payload?: unknown) {
    return ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  it("answers step 1 with no fields before anything is saved, then the saved draft, to its owner only", async () => {
    const guest = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const empty = await request(guest.cookie, "GET", "/api/onboarding/buyer/draft");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ step: 1, data: {}, updatedAt: null });
    expect(empty.headers["cache-control"]).toBe("private, no-store");

    const saved = await request(guest.cookie, "PUT", "/api/onboarding/buyer/draft", {
      ...BUYER_DRAFT,
      // Ignored: the session names the draft's owner.
      userId: other.user.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(BUYER_DRAFT);
    const read = await request(guest.cookie, "GET", "/api/onboarding/buyer/draft");
    expect(read.json()).toMatchObject(BUYER_DRAFT);
    expect(typeof read.json().updatedAt).toBe("string");

    // The other side's draft and another person's are their own.
    expect((await request(guest.cookie, "GET", "/api/onboarding/publisher/draft")).json().data).toEqual({});
    expect((await request(other.cookie, "GET", "/api/onboarding/buyer/draft")).json().data).toEqual({});
    const rows = await db().select().from(onboardingDrafts);
    expect(rows.map((r) => [r.userId, r.side])).toEqual([[guest.user.id, "buyer"]]);

    // A second save replaces the first.
    await request(guest.cookie, "PUT", "/api/onboarding/buyer/draft", { step: 3, data: { company: "B" } });
    expect((await request(guest.cookie, "GET", "/api/onboarding/buyer/draft")).json()).toMatchObject({
      step: 3,
      data: { company: "B" },
    });
  });

  it("lets a guest draft either side, a buyer and a publisher only their own, and no administrator", async () => {
    const guest = await createSignedInUser(ctx);
    for (const side of ["buyer", "publisher"]) {
      const res = await request(guest.cookie, "PUT", `/api/onboarding/${side}/draft`, { step: 1, data: {} });
      expect(res.statusCode, side).toBe(200);
    }
    // A publisher whose profile is not made yet cannot exist; a buyer role with a profile is done
    // onboarding, so: the role alone refuses the other side.
    const buyer = await createBuyer(db());
    const buyerCookie = await signIn(ctx, buyer.user.email);
    const publisher = await createPublisher(db());
    const publisherCookie = await signIn(ctx, publisher.user.email);
    const admin = await createSignedInUser(ctx, { role: "admin" });
    for (const [cookie, side] of [
      [buyerCookie, "publisher"],
      [publisherCookie, "buyer"],
      [admin.cookie, "buyer"],
      [admin.cookie, "publisher"],
    ] as const) {
      for (const method of ["GET", "PUT"] as const) {
        const res = await request(
          cookie,
          method,
          `/api/onboarding/${side}/draft`,
          method === "PUT" ? BUYER_DRAFT : undefined,
        );
        expect(res.statusCode, `${method} ${side}`).toBe(403);
        expect(res.json().code).toBe("forbidden");
      }
    }
    // Their own side, once the profile exists, is done: a late save is refused and leaves nothing.
    const late = await request(buyerCookie, "PUT", "/api/onboarding/buyer/draft", BUYER_DRAFT);
    expect(late.statusCode).toBe(409);
    const latePublisher = await request(
      publisherCookie,
      "PUT",
      "/api/onboarding/publisher/draft",
      BUYER_DRAFT,
    );
    expect(latePublisher.statusCode).toBe(409);
    const rows = await db().select().from(onboardingDrafts);
    expect(rows.every((r) => r.userId === guest.user.id)).toBe(true);
  });

  it("refuses a draft over 16 KB with 413, and a malformed one with 400", async () => {
    const guest = await createSignedInUser(ctx);
    const url = "/api/onboarding/publisher/draft";
    // Under the body limit, over the draft's: the service's 413.
    const big = await request(guest.cookie, "PUT", url, {
      step: 1,
      data: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}`, "x".repeat(3500)])),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe("payload_too_large");
    // Over the body limit: refused before it is parsed.
    const huge = await request(guest.cookie, "PUT", url, { step: 1, data: { notes: "x".repeat(40_000) } });
    expect(huge.statusCode).toBe(413);

    for (const body of [
      { step: 0, data: {} },
      { step: 1.5, data: {} },
      { step: "2", data: {} },
      { step: 1 },
      { step: 1, data: [] },
      { step: 1, data: "text" },
      { step: 1, data: { nested: { deep: true } } },
      { step: 1, data: { list: [{ a: 1 }] } },
      { step: 1, data: { bad: "nul\u0000" } },
      { step: 1, data: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, i])) },
    ]) {
      const res = await request(guest.cookie, "PUT", url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe("validation");
    }
    const raw = await ctx.app.inject({
      method: "PUT",
      url,
      headers: { cookie: guest.cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(raw.statusCode).toBe(400);
    expect((await request(guest.cookie, "GET", "/api/onboarding/other/draft")).statusCode).toBe(400);
    expect(await db().select().from(onboardingDrafts)).toEqual([]);
  });

  it("deletes the buyer draft with the profile's creation, and keeps it when the creation fails", async () => {
    const guest = await createSignedInUser(ctx);
    await request(guest.cookie, "PUT", "/api/onboarding/buyer/draft", BUYER_DRAFT);
    await request(guest.cookie, "PUT", "/api/onboarding/publisher/draft", {
      step: 2,
      data: { website: "x" },
    });
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/api/buyer-profile",
      headers: { cookie: guest.cookie },
      payload: { company: "Acme", contactEmail: "not an email" },
    });
    expect(refused.statusCode).toBe(400);
    expect((await request(guest.cookie, "GET", "/api/onboarding/buyer/draft")).json().step).toBe(2);

    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/buyer-profile",
      headers: { cookie: guest.cookie },
      payload: { company: "Acme", contactEmail: "partners@acme.example" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rows = await db().select().from(onboardingDrafts).where(eq(onboardingDrafts.userId, guest.user.id));
    // The buyer draft is gone; the publisher one is left to the account's deletion (a buyer cannot read it).
    expect(rows.map((r) => r.side)).toEqual(["publisher"]);
    expect((await request(guest.cookie, "GET", "/api/onboarding/buyer/draft")).json().data).toEqual({});
  });

  it("deletes the publisher draft with the publisher profile's creation", async () => {
    const guest = await createSignedInUser(ctx);
    await request(guest.cookie, "PUT", "/api/onboarding/publisher/draft", {
      step: 4,
      data: { website: "https://p.example" },
    });
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/publisher-profile",
      headers: { cookie: guest.cookie },
      payload: {
        website: "https://p.example",
        avgDailyCalls: 10,
        yearsInBusiness: 1,
        trafficSources: ["Radio"],
        verticals: ["Legal"],
        geos: ["Ohio"],
        references: ["Jane Doe, Acme Leads, jane@acme.example"],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await db().select().from(onboardingDrafts)).toEqual([]);
    const read = await request(guest.cookie, "GET", "/api/onboarding/publisher/draft");
    expect(read.json()).toEqual({ step: 1, data: {}, updatedAt: null });
  });

  it("asks a signed-out visitor to sign in", async () => {
    for (const method of ["GET", "PUT"] as const) {
      const res = await request(
        undefined,
        method,
        "/api/onboarding/buyer/draft",
        method === "PUT" ? BUYER_DRAFT : undefined,
      );
      expect(res.statusCode, method).toBe(401);
      expect(res.json().code).toBe("unauthorized");
    }
  });
});
