import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referencesSchema } from "../../../shared/schemas/publisher";
import { publisherProfiles, sessions, smsConsents, smsNumbers, users } from "../../db/schema";
import { sessionCookie, useTestApp } from "../../test/context";
import { createBuyer, createListing, createUser, sendQueuedMail } from "../../test/factories";

// The development-only API the browser tests build their data with (e2e/support/fixtures.ts).
describe("development fixtures", () => {
  const ctx = useTestApp({ env: { APP_ENV: "development" } });

  const createFixture = (payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/dev/fixtures", payload });

  it("creates a buyer with listings a search for the fixture's token finds, and signs the buyer in", async () => {
    const res = await createFixture({
      role: "buyer",
      firstName: "Bea",
      listings: [{}, { title: "Solar Leads", vertical: "Solar", payout: "120", geos: ["Texas"] }],
    });
    expect(res.statusCode).toBe(201);
    const fixture = res.json();
    expect(fixture.user).toMatchObject({ role: "buyer", firstName: "Bea", hasActiveSubscription: false });
    expect(fixture.user.email).toBe(`${fixture.token}@fixtures.test`);
    expect(fixture.buyer.contactEmail).toBe(`partners@${fixture.token}.example`);
    expect(fixture.listings).toHaveLength(2);
    expect(fixture.listings[1].title).toBe(`Solar Leads ${fixture.token}`);

    // Another listing that does not carry the token is not found by it.
    const other = await createBuyer(ctx.database.db);
    await createListing(ctx.database.db, other.profile.id, { title: "Solar Leads" });
    const found = await ctx.app.inject({ url: `/api/buyer-listings?search=${fixture.token}` });
    expect(
      found
        .json()
        .map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual(fixture.listings.map((l: { id: string }) => l.id).sort());
    const solar = found.json().find((l: { vertical: string }) => l.vertical === "Solar");
    expect(solar).toMatchObject({ payout: "120.00", geos: ["Texas"], status: "active" });

    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(res) } });
    expect(me.json()).toMatchObject({ id: fixture.fixtureId, role: "buyer" });

    // The user's own unsubscribe link, as their alert mails carry it.
    const unsubscribe = await ctx.app.inject({ url: `/api${fixture.unsubscribePath}` });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.json().email).toBe(`${fixture.token[0]}•••@fixtures.test`);
  });

  it("gives a publisher an approved profile and Premium when asked, and takes Premium away", async () => {
    const fixture = (await createFixture({ role: "publisher", premium: true })).json();
    expect(fixture.publisherProfileId).toEqual(expect.any(String));
    expect(fixture.user.hasActiveSubscription).toBe(true);
    const off = await ctx.app.inject({
      method: "PUT",
      url: `/api/dev/fixtures/${fixture.fixtureId}/premium`,
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({ hasActiveSubscription: false });
  });

  it("gives a publisher a verified SMS number with its consent record when asked", async () => {
    const fixture = (await createFixture({ role: "publisher", smsPhone: "+12015550131" })).json();
    const [number] = await ctx.database.db
      .select()
      .from(smsNumbers)
      .where(eq(smsNumbers.userId, fixture.fixtureId));
    expect(number).toMatchObject({ phone: "+12015550131", verifiedAt: expect.any(Date), optedOutAt: null });
    const [consent] = await ctx.database.db
      .select()
      .from(smsConsents)
      .where(eq(smsConsents.id, number!.consentId));
    expect(consent).toMatchObject({ userId: fixture.fixtureId, event: "consented", source: "web" });
    expect((await createFixture({ role: "publisher", smsPhone: "2015550131" })).statusCode).toBe(400);
  });

  it("gives a publisher an application to review when asked, and nobody else a review status", async () => {
    const fixture = (
      await createFixture({
        role: "publisher",
        publisherStatus: "pending",
        website: "https://shared-site.example",
        company: "Twin Calls LLC",
      })
    ).json();
    const [profile] = await ctx.database.db
      .select({
        status: publisherProfiles.status,
        references: publisherProfiles.references,
        website: publisherProfiles.website,
        company: users.company,
      })
      .from(publisherProfiles)
      .innerJoin(users, eq(users.id, publisherProfiles.userId))
      .where(eq(publisherProfiles.id, fixture.publisherProfileId));
    expect(profile).toMatchObject({
      status: "pending",
      website: "https://shared-site.example",
      company: "Twin Calls LLC",
    });
    expect((await createFixture({ role: "guest", website: "https://shared-site.example" })).statusCode).toBe(
      400,
    );
    // References a publisher could have typed: the shared schema accepts them.
    expect(referencesSchema.safeParse({ references: profile?.references }).success).toBe(true);
    const refused = await createFixture({ role: "guest", publisherStatus: "pending" });
    expect(refused.statusCode).toBe(400);
  });

  it("deletes the fixture's user, rows and sessions, and nothing that is not a fixture", async () => {
    const res = await createFixture({ role: "buyer", listings: [{}] });
    const fixture = res.json();
    const cookie = sessionCookie(res);
    const deleted = await ctx.app.inject({ method: "DELETE", url: `/api/dev/fixtures/${fixture.fixtureId}` });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, fixture.fixtureId))).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/buyer-listings/${fixture.listings[0].id}` })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions)).toEqual([]);

    const again = await ctx.app.inject({ method: "DELETE", url: `/api/dev/fixtures/${fixture.fixtureId}` });
    expect(again.json()).toEqual({ message: "No such fixture", code: "not_found" });
    const real = await createUser(ctx.database.db, { email: "real@example.test" });
    const refused = await ctx.app.inject({ method: "DELETE", url: `/api/dev/fixtures/${real.id}` });
    expect(refused.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, real.id))).toHaveLength(1);
  });

  it("still removes a fixture whose account the test deleted through the Account page", async () => {
    const res = await createFixture({ role: "buyer", listings: [{}] });
    const fixture = res.json();
    const gone = await ctx.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: { cookie: sessionCookie(res) },
      payload: { confirmEmail: fixture.user.email },
    });
    expect(gone.statusCode).toBe(204);
    const removed = await ctx.app.inject({ method: "DELETE", url: `/api/dev/fixtures/${fixture.fixtureId}` });
    expect(removed.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, fixture.fixtureId))).toEqual([]);
  });

  it("refuses listings for anyone but a buyer, and a bad id", async () => {
    const res = await createFixture({ role: "publisher", listings: [{}] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "validation",
      issues: [{ message: "only a buyer fixture has listings" }],
    });
    const bad = await ctx.app.inject({ method: "DELETE", url: "/api/dev/fixtures/not-a-uuid" });
    expect(bad.json()).toMatchObject({ code: "validation" });
  });

  it("answers only a client on this machine", async () => {
    const remote = await ctx.app.inject({
      method: "POST",
      url: "/api/dev/fixtures",
      payload: {},
      remoteAddress: "203.0.113.7",
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ message: "Not Found", code: "not_found" });
    // A proxy on this machine connects from loopback: what it relays is still a remote request.
    for (const header of ["x-forwarded-for", "x-real-ip", "forwarded"]) {
      const relayed = await ctx.app.inject({
        method: "POST",
        url: "/api/dev/login",
        payload: { email: "admin@demo.test" },
        headers: { [header]: header === "forwarded" ? "for=203.0.113.7" : "203.0.113.7" },
      });
      expect(relayed.statusCode, header).toBe(404);
    }
    expect(await ctx.database.db.select().from(users)).toEqual([]);
    const local = await ctx.app.inject({ url: "/api/dev/accounts" });
    expect(local.statusCode).toBe(200);
  });

  it("signs in by email and lists the outbox", async () => {
    const user = await createUser(ctx.database.db, { email: "someone@example.test" });
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/dev/login",
      payload: { email: "Someone@Example.test" },
    });
    expect(login.json()).toEqual({ ok: true });
    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(login) } });
    expect(me.json().id).toBe(user.id);
    await ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email: user.email } });
    await sendQueuedMail(ctx);
    const outbox = await ctx.app.inject({ url: "/api/dev/outbox" });
    expect(outbox.json()).toEqual([
      expect.objectContaining({ to: user.email, createdAt: expect.any(String), html: expect.anything() }),
    ]);
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/api/dev/login",
      payload: { email: "x@y.test" },
    });
    expect(unknown.json()).toEqual({ message: "No such user", code: "not_found" });
  });
});

describe("development helpers behind a trusted proxy", () => {
  // TRUST_PROXY makes request.ip come from X-Forwarded-For; the dev routes read the socket instead.
  const ctx = useTestApp({ env: { APP_ENV: "development", TRUST_PROXY: "loopback" } });

  it("refuses a relayed request even when the forwarded address is loopback", async () => {
    const res = await ctx.app.inject({
      url: "/api/dev/outbox",
      headers: { "x-forwarded-for": "127.0.0.1" },
      remoteAddress: "127.0.0.1",
    });
    expect(res.statusCode).toBe(404);
    const remote = await ctx.app.inject({
      url: "/api/dev/outbox",
      headers: { "x-forwarded-for": "127.0.0.1" },
      remoteAddress: "203.0.113.9",
    });
    expect(remote.statusCode).toBe(404);
  });
});
