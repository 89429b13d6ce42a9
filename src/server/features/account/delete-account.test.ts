import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
import { type Db, queryRows } from "../../db/client";
import {
  accountTokens,
  apiKeys,
  auditLogs,
  buyerListings,
  buyerProfiles,
  buyerVerifications,
  compliance,
  dealIntents,
  knownDevices,
  mailOutbox,
  mails,
  notificationPreferences,
  publisherProfiles,
  savedListings,
  savedSearches,
  sessions,
  smsConsents,
  smsNumbers,
  subscriptions,
  users,
  webhookEndpoints,
} from "../../db/schema";
import { accountMailKey } from "../../lib/deleted-account";
import type { TestContext } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createSignedInUser,
  createUser,
  createVerifiedSmsNumber,
  sendQueuedMail,
  signIn,
  verifyBuyer,
} from "../../test/factories";
import { useStripeTestApp } from "../../test/stripe-app";

// Deleting an account (DELETE /api/account) on the database of the run, with payments configured against
// the Stripe simulator: the confirmation, the last admin, Stripe first, and what is left afterwards:
// a nameless row, the other party's reviews, disputes and deals under "Former member", the records the
// law keeps, and the old address nowhere in the database.

/**
 * Every place the database holds `needle`: each text, varchar, json, jsonb and array column of each table
 * in every schema (the job queue's included), as "schema.table.column".
 */
async function findEverywhere(db: Db, needle: string): Promise<string[]> {
  const columns = await queryRows<{ schema: string; table: string; column: string }>(
    db,
    sql`select c.table_schema as schema, c.table_name as table, c.column_name as column
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema not in ('pg_catalog', 'information_schema')
          and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}
          where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
    );
    if (row!.n > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

describe("DELETE /api/account", () => {
  const { ctx, stripe } = useStripeTestApp();
  const db = () => ctx.database.db;

  const call = (
    cookie: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const deleteAccount = (cookie: string, confirmEmail: string) =>
    call(cookie, "DELETE", "/api/account", { confirmEmail });
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  it("refuses a confirmation that is not the account's email, and deletes nothing", async () => {
    const { user, cookie } = await createSignedInUser(ctx, { email: "keep@example.test" });
    const res = await deleteAccount(cookie, "kep@example.test");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation", message: ACCOUNT_MESSAGES.confirmEmailMismatch });
    expect((await userRow(user.id)).deletedAt).toBeNull();
    expect((await call(cookie, "GET", "/api/auth/user")).statusCode).toBe(200);
  });

  it("takes the email in any case and spacing", async () => {
    const { user, cookie } = await createSignedInUser(ctx, { email: "spaced@example.test" });
    const res = await deleteAccount(cookie, "  Spaced@EXAMPLE.test ");
    expect(res.statusCode).toBe(204);
    expect((await userRow(user.id)).deletedAt).not.toBeNull();
  });

  it("deletes the account's own mails by their key, also those to an address the account no longer names", async () => {
    const { user, cookie } = await createSignedInUser(ctx, { email: "moved-on@example.test" });
    // A sign-in alert and an SMS notice sent to an earlier address, whose link rows are long swept.
    const mail = (key: string) => ({
      key,
      kind: "account" as const,
      to: "earlier@example.test",
      subject: "s",
      messageId: `<${key}@example.test>`,
      status: "sent" as const,
    });
    await db()
      .insert(mails)
      .values([
        mail(accountMailKey("account", user.id, "sign-in-alert:abc")),
        mail(accountMailKey("sms", user.id, "suspended:2026-11-01T00:00:00.000Z")),
      ]);
    expect((await deleteAccount(cookie, user.email)).statusCode).toBe(204);
    expect(await db().select().from(mails).where(eq(mails.to, "earlier@example.test"))).toEqual([]);
  });

  it("refuses the last admin (409), and lets an admin go once another one is there", async () => {
    const admin = await createSignedInUser(ctx, { role: "admin" });
    // A disabled admin runs nothing: still the last one.
    await createUser(db(), { role: "admin", disabledAt: new Date() });
    const refused = await deleteAccount(admin.cookie, admin.user.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "conflict", message: ACCOUNT_MESSAGES.lastAdmin });
    expect((await userRow(admin.user.id)).deletedAt).toBeNull();

    const second = await createSignedInUser(ctx, { role: "admin" });
    expect((await deleteAccount(admin.cookie, admin.user.email)).statusCode).toBe(204);
    // Now the other one is the last.
    expect((await deleteAccount(second.cookie, second.user.email)).statusCode).toBe(409);
    const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "account.deleted"));
    expect(entry).toMatchObject({
      userId: admin.user.id,
      targetId: admin.user.id,
      metaJson: { role: "admin" },
    });
  });

  /** A publisher with a paid Premium at the Stripe simulator, as after the Payment Element and the refresh. */
  async function payingPublisher() {
    const signedIn = await createSignedInUser(ctx, { role: "publisher" });
    const started = await call(signedIn.cookie, "POST", "/api/get-or-create-subscription");
    stripe.simulator.payByClientSecret(started.json().clientSecret);
    await call(signedIn.cookie, "POST", "/api/subscription/refresh");
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, signedIn.user.id));
    expect(row?.status).toBe("active");
    return { ...signedIn, subscriptionId: row!.stripeSubscriptionId! };
  }

  it("cancels every running Stripe subscription at once before deleting", async () => {
    const { user, cookie, subscriptionId } = await payingPublisher();
    const res = await deleteAccount(cookie, user.email);
    expect(res.statusCode).toBe(204);
    expect(stripe.simulator.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.simulator.subscriptionObject(subscriptionId).status).toBe("canceled");
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row?.status).toBe("canceled");
  });

  it("deletes nothing when Stripe fails, and says so", async () => {
    const { user, cookie, subscriptionId } = await payingPublisher();
    // The SDK retries twice; then the cancel and the look at the subscription fail too.
    stripe.simulator.failNext(10);
    const res = await deleteAccount(cookie, user.email);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe("bad_gateway");
    stripe.simulator.failNext(0);
    expect(stripe.simulator.subscriptionObject(subscriptionId).status).toBe("active");
    const row = await userRow(user.id);
    expect(row.deletedAt).toBeNull();
    expect(row.email).toBe(user.email);
    expect((await call(cookie, "GET", "/api/auth/user")).statusCode).toBe(200);
    expect(await db().select().from(auditLogs).where(eq(auditLogs.action, "account.deleted"))).toEqual([]);
  });

  /**
   * A deal the real way: the publisher asks (signed in by the email link, so sign-in rows hold their
   * address), the buyer accepts (the buyer's copy of the decision quotes the publisher's address), the
   * publisher reviews the buyer and opens a dispute; a second request stays pending.
   */
  async function dealBetween(context: TestContext) {
    const publisher = await createPublisher(db(), { status: "approved", website: "https://leaver.example" });
    const buyer = await createBuyer(db(), { company: "Steady Buyer" });
    const listing = await createListing(db(), buyer.profile.id, { title: "Accepted deal calls" });
    const other = await createListing(db(), buyer.profile.id, { title: "Pending deal calls" });
    const publisherCookie = await signIn(context, publisher.user.email);
    const buyerCookie = await signIn(context, buyer.user.email);
    const asked = await call(publisherCookie, "POST", "/api/deal-intents", { listingId: listing.id });
    const intentId = asked.json().id as string;
    expect((await call(buyerCookie, "POST", `/api/deal-intents/${intentId}/accept`, {})).statusCode).toBe(
      200,
    );
    const pending = await call(publisherCookie, "POST", "/api/deal-intents", { listingId: other.id });
    expect(pending.statusCode).toBe(201);
    const reviewed = await call(publisherCookie, "POST", "/api/reviews", {
      dealIntentId: intentId,
      rating: 2,
      comment: "Slow to pay",
    });
    expect(reviewed.statusCode).toBe(201);
    const disputed = await call(publisherCookie, "POST", "/api/disputes", {
      dealIntentId: intentId,
      reason: "Two invoices were never paid",
    });
    expect(disputed.statusCode).toBe(201);
    await sendQueuedMail(context);
    return {
      publisher,
      buyer,
      listing,
      other,
      publisherCookie,
      buyerCookie,
      intentId,
      pendingId: pending.json().id as string,
      disputeId: disputed.json().id as string,
    };
  }

  it("leaves a publisher's deals, review and dispute to the buyer under 'Former member', keeps the law's records, and the address nowhere", async () => {
    const deal = await dealBetween(ctx);
    const { publisher, buyer, publisherCookie, buyerCookie } = deal;
    const address = publisher.user.email;
    // What the account holds besides: a saved listing and search, alerts, a number, a device, a
    // compliance record, a pending email change, a second browser.
    expect((await call(publisherCookie, "PUT", `/api/saved-listings/${deal.other.id}`)).statusCode).toBe(204);
    await db()
      .insert(savedSearches)
      .values({ userId: publisher.user.id, geo: "Texas", filtersKey: "geo=Texas" });
    await db()
      .insert(notificationPreferences)
      .values({ userId: publisher.user.id, verticals: ["Legal"] });
    await createVerifiedSmsNumber(db(), publisher.user.id, { phone: "+12015550177" });
    await db().insert(knownDevices).values({ userId: publisher.user.id, deviceHash: randomUUID() });
    await db().insert(compliance).values({
      publisherId: publisher.profile.id,
      tcpaComplianceAck: true,
      acceptedAt: new Date(),
      ackTextVersion: "2026-01",
      ip: "203.0.113.9",
    });
    expect(
      (await call(publisherCookie, "POST", "/api/account/email", { email: "leaver-next@example.test" }))
        .statusCode,
    ).toBe(202);
    const secondBrowser = await signIn(ctx, address);
    const { key } = (
      await call(publisherCookie, "POST", "/api/api-keys", { name: "Sync", scopes: ["listings:read"] })
    ).json();
    await db()
      .insert(webhookEndpoints)
      .values({ userId: publisher.user.id, url: "https://hooks.pub.example/in", secret: "whsec_x" });
    await sendQueuedMail(ctx);
    expect(await findEverywhere(db(), address)).not.toEqual([]);

    const res = await deleteAccount(publisherCookie, address);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const cleared = res.cookies.find((c) => c.name === "ppc.sid");
    expect(cleared?.value).toBe("");
    for (const cookie of [publisherCookie, secondBrowser]) {
      expect((await call(cookie, "GET", "/api/auth/user")).statusCode).toBe(401);
    }
    const byKey = await ctx.app.inject({
      url: "/api/deal-intents",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byKey.statusCode).toBe(401);

    // The row: nameless, unreachable.
    const row = await userRow(publisher.user.id);
    expect(row).toMatchObject({
      email: `deleted-${publisher.user.id}@deleted.invalid`,
      firstName: null,
      lastName: null,
      company: null,
      phone: null,
      profileImageUrl: null,
      verifiedAt: null,
    });
    expect(row.deletedAt).not.toBeNull();
    const [profile] = await db()
      .select()
      .from(publisherProfiles)
      .where(eq(publisherProfiles.id, publisher.profile.id));
    expect(profile).toMatchObject({ website: null, references: [] });

    // Gone: sessions, API keys, webhook endpoints, devices, links, saved items, alerts, the number.
    const gone = [
      await db().select().from(apiKeys).where(eq(apiKeys.userId, publisher.user.id)),
      await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, publisher.user.id)),
      await db().select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${publisher.user.id}`),
      await db().select().from(knownDevices).where(eq(knownDevices.userId, publisher.user.id)),
      await db().select().from(accountTokens).where(eq(accountTokens.userId, publisher.user.id)),
      await db().select().from(savedListings).where(eq(savedListings.userId, publisher.user.id)),
      await db().select().from(savedSearches).where(eq(savedSearches.userId, publisher.user.id)),
      await db()
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, publisher.user.id)),
      await db().select().from(smsNumbers).where(eq(smsNumbers.userId, publisher.user.id)),
      await db().select().from(mails).where(eq(mails.to, "leaver-next@example.test")),
    ];
    for (const rows of gone) expect(rows).toEqual([]);

    // Kept: the compliance record and the consent records (with the opt-out that says why texts stopped).
    expect(
      await db().select().from(compliance).where(eq(compliance.publisherId, publisher.profile.id)),
    ).toHaveLength(1);
    const consents = await db().select().from(smsConsents).where(eq(smsConsents.userId, publisher.user.id));
    expect(consents.map((c) => [c.event, c.source]).sort()).toEqual([
      ["consented", "web"],
      ["opted_out", "system"],
    ]);

    // The pending request is closed; the accepted deal, its review and its dispute stay, for the buyer.
    const [closed] = await db().select().from(dealIntents).where(eq(dealIntents.id, deal.pendingId));
    expect(closed).toMatchObject({ status: "rejected", decisionNote: expect.stringContaining("deleted") });
    const intents = (await call(buyerCookie, "GET", "/api/deal-intents")).json();
    const accepted = intents.find((i: { id: string }) => i.id === deal.intentId);
    expect(accepted.publisher).toMatchObject({ name: FORMER_MEMBER_NAME, email: null });
    const reviews = (await call(buyerCookie, "GET", "/api/reviews/mine")).json();
    expect(reviews.received).toMatchObject([
      { rating: 2, comment: "Slow to pay", counterpart: FORMER_MEMBER_NAME },
    ]);
    // Visitors see the review too, by "Former member" instead of the author's pseudonym, on the buyer's
    // reviews and on the listing's page.
    const visible = await ctx.app.inject({
      method: "GET",
      url: `/api/buyers/${deal.buyer.profile.id}/reviews`,
    });
    expect(visible.json()).toMatchObject([{ comment: "Slow to pay", reviewer: FORMER_MEMBER_NAME }]);
    const detail = await ctx.app.inject({ method: "GET", url: `/api/buyer-listings/${deal.listing.id}` });
    expect(detail.json().reviews.latest).toMatchObject([{ reviewer: FORMER_MEMBER_NAME }]);
    const disputes = (await call(buyerCookie, "GET", "/api/disputes")).json();
    expect(disputes).toMatchObject([{ id: deal.disputeId, publisher: { name: FORMER_MEMBER_NAME } }]);

    // An admin decides the dispute: the buyer is told, the deleted party is not written to.
    const admin = await createSignedInUser(ctx, { role: "admin" });
    const decided = await call(admin.cookie, "POST", `/api/admin/disputes/${deal.disputeId}/resolve`, {
      status: "rejected",
      resolutionNotes: "No proof of the unpaid invoices",
    });
    expect(decided.statusCode).toBe(200);
    await sendQueuedMail(ctx);
    const decisionMails = await db()
      .select()
      .from(mails)
      .where(sql`${mails.key} like ${`dispute:${deal.disputeId}:rejected:%`}`);
    expect(decisionMails.map((m) => m.to)).toEqual([buyer.profile.contactEmail]);
    expect(decisionMails[0]!.text).toContain(`the dispute ${FORMER_MEMBER_NAME} opened`);

    // Not a person any more: not in the admin's users, nor the figures.
    const listed = (await call(admin.cookie, "GET", `/api/admin/users?id=${publisher.user.id}`)).json();
    expect(listed).toEqual([]);
    const stats = (await call(admin.cookie, "GET", "/api/admin/stats")).json();
    expect(stats.users).toMatchObject({ publisher: 0 });
    expect(stats.publishers).toMatchObject({ total: 0 });
    const patched = await call(admin.cookie, "PATCH", `/api/admin/users/${publisher.user.id}`, {
      disabled: false,
    });
    expect(patched.statusCode).toBe(404);

    // The audit entry names no address; an entry by the deleted account reads as by nobody we name.
    const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "account.deleted"));
    expect(entry).toMatchObject({
      userId: publisher.user.id,
      targetId: publisher.user.id,
      metaJson: { role: "publisher" },
    });
    const log = (await call(admin.cookie, "GET", `/api/admin/audit-logs?userId=${publisher.user.id}`)).json();
    expect(log.length).toBeGreaterThan(0);
    for (const item of log) expect(item.userEmail).toBeNull();

    // The old address: nowhere in the database.
    expect(await findEverywhere(db(), address)).toEqual([]);

    // It cannot sign in again: the address now makes a brand-new account.
    const fresh = await signIn(ctx, address);
    const me = (await call(fresh, "GET", "/api/auth/user")).json();
    expect(me).toMatchObject({ email: address, role: "guest" });
    expect(me.id).not.toBe(publisher.user.id);
  });

  it("takes a buyer's listings out of the directory at once and leaves their deals to the publisher under 'Former member'", async () => {
    const deal = await dealBetween(ctx);
    const { publisher, buyer, publisherCookie, buyerCookie } = deal;
    const address = buyer.user.email;
    // Verified with the sign-in address as the work address, and a renewal under way with a code mailed.
    await verifyBuyer(db(), buyer.profile.id);
    await db()
      .insert(buyerVerifications)
      .values({
        buyerId: buyer.profile.id,
        domain: "steady-buyer.example",
        workEmail: address,
        emailCodeHash: "9f".repeat(32),
      });
    expect((await ctx.app.inject({ url: "/api/buyer-listings?verified=1" })).json()).toHaveLength(2);
    expect((await call(buyerCookie, "PUT", `/api/saved-listings/${deal.listing.id}`)).statusCode).toBe(204);
    const before = (await ctx.app.inject({ method: "GET", url: "/api/buyer-listings" })).json();
    expect(before.map((l: { id: string }) => l.id)).toContain(deal.other.id);

    expect((await deleteAccount(buyerCookie, address)).statusCode).toBe(204);
    expect((await call(buyerCookie, "GET", "/api/auth/user")).statusCode).toBe(401);

    const after = (await ctx.app.inject({ method: "GET", url: "/api/buyer-listings" })).json();
    expect(after).toEqual([]);
    expect(await db().select().from(buyerListings)).toEqual([]);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/buyer-listings/${deal.other.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/buyers/${buyer.profile.id}/reviews` })).statusCode,
    ).toBe(404);
    expect(await db().select().from(savedListings)).toEqual([]);
    const [profile] = await db().select().from(buyerProfiles).where(eq(buyerProfiles.id, buyer.profile.id));
    expect(profile).toMatchObject({
      company: FORMER_MEMBER_NAME,
      contactEmail: null,
      contactPhone: null,
      applicationUrl: null,
      notes: null,
      verifiedSince: null,
      verifiedUntil: null,
    });
    expect(await db().select().from(buyerVerifications)).toEqual([]);

    // The publisher keeps the deal, the review and the dispute, naming the buyer "Former member".
    const reviews = (await call(publisherCookie, "GET", "/api/reviews/mine")).json();
    expect(reviews.written).toMatchObject([{ counterpart: FORMER_MEMBER_NAME, listingId: null }]);
    const disputes = (await call(publisherCookie, "GET", "/api/disputes")).json();
    expect(disputes).toMatchObject([{ buyer: { company: FORMER_MEMBER_NAME } }]);
    const intents = (await call(publisherCookie, "GET", "/api/deal-intents")).json();
    expect(intents.map((i: { status: string }) => i.status).sort()).toEqual(["accepted", "rejected"]);
    const [closed] = await db().select().from(dealIntents).where(eq(dealIntents.id, deal.pendingId));
    expect(closed?.decisionNote).toContain("buyer deleted their account");

    // The buyer's public figures count them no more.
    const figures = (await ctx.app.inject({ method: "GET", url: "/api/stats/public" })).json();
    expect(figures.activeBuyers ?? 0).toBe(0);

    expect(await findEverywhere(db(), address)).toEqual([]);
    expect(publisher.user.id).not.toBe(buyer.user.id);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, address))).toEqual([]);
  });
});
