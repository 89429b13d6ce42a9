import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, notificationPreferences, stripeEvents, subscriptions, users } from "../../db/schema";
import { checkStripePrice, createStripeClient, PAYMENT_PROVIDER_ERROR } from "../../lib/stripe";
import { createBuyer, createListing, createSignedInUser, grantPremium } from "../../test/factories";
import { TEST_WEBHOOK_SECRET, useStripeTestApp } from "../../test/stripe-app";
import { signStripePayload, stripeEvent } from "../payment-simulation/stripe-events";
import { SIMULATOR_PRICE_ID, SIMULATOR_SECRET_KEY } from "../payment-simulation/stripe-simulator";
import { setComplimentaryPremium } from "./complimentary";

describe("Premium subscription with Stripe", () => {
  const { ctx, stripe, postWebhook } = useStripeTestApp();
  const eventFor = stripeEvent;

  const signedInUser = () => createSignedInUser(ctx, { role: "publisher" });

  function startSubscription(cookie: string) {
    return ctx.app.inject({ method: "POST", url: "/api/get-or-create-subscription", headers: { cookie } });
  }

  async function isPremium(cookie: string): Promise<boolean> {
    const res = await ctx.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    return res.json().hasActiveSubscription;
  }

  async function rowsOf(userId: string) {
    return ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  }

  /** A signed-in user with an incomplete Stripe subscription, as after opening /subscribe. */
  async function userWithOpenSubscription() {
    const { user, cookie } = await signedInUser();
    const started = await startSubscription(cookie);
    expect(started.statusCode).toBe(200);
    const { subscriptionId, clientSecret } = started.json();
    return { user, cookie, subscriptionId: subscriptionId as string, clientSecret: clientSecret as string };
  }

  describe("POST /api/get-or-create-subscription", () => {
    it("answers 401 when signed out", async () => {
      const res = await ctx.app.inject({ method: "POST", url: "/api/get-or-create-subscription" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
      expect(stripe.simulator.requests).toHaveLength(0);
    });

    it("creates one customer and an incomplete yearly subscription, and returns the invoice's client secret", async () => {
      const { user, cookie } = await signedInUser();
      const res = await startSubscription(cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.subscriptionId).toMatch(/^sub_/);
      expect(body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);

      const [customerCall] = stripe.simulator.requestsTo("POST", "/v1/customers");
      expect(customerCall?.params).toMatchObject({ email: user.email, metadata: { userId: user.id } });
      expect(customerCall?.idempotencyKey).toBe(`ppc-customer-${user.id}`);

      const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(stored?.stripeCustomerId).toMatch(/^cus_/);
      const subscriptionCalls = stripe.simulator.requestsTo("POST", "/v1/subscriptions");
      expect(subscriptionCalls).toHaveLength(1);
      expect(subscriptionCalls[0]!.params).toEqual({
        customer: stored!.stripeCustomerId,
        items: [{ price: SIMULATOR_PRICE_ID }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        expand: ["latest_invoice.confirmation_secret"],
        metadata: { userId: user.id, product: "premium" },
      });
      expect(subscriptionCalls[0]!.idempotencyKey).toBe(`ppc-subscription-${user.id}-1`);
      expect(subscriptionCalls[0]!.authorization).toBe(`Bearer ${SIMULATOR_SECRET_KEY}`);

      // Not paid yet, so it is not the user's subscription of record (users.stripeSubscriptionId).
      expect(stored?.stripeSubscriptionId).toBeNull();
      const rows = await rowsOf(user.id);
      expect(rows).toMatchObject([{ stripeSubscriptionId: body.subscriptionId, status: "incomplete" }]);
      // Incomplete is not Premium.
      expect(await isPremium(cookie)).toBe(false);
    });

    it("reuses the customer and the open subscription on the next visit", async () => {
      const { cookie, subscriptionId, clientSecret } = await userWithOpenSubscription();
      const again = await startSubscription(cookie);
      expect(again.json()).toEqual({ subscriptionId, clientSecret });
      expect(stripe.simulator.requestsTo("POST", "/v1/customers")).toHaveLength(1);
      expect(stripe.simulator.requestsTo("POST", "/v1/subscriptions")).toHaveLength(1);
      expect(stripe.simulator.subscriptionIds()).toEqual([subscriptionId]);
    });

    it("creates exactly one Stripe subscription for two concurrent calls (double click)", async () => {
      const { user, cookie } = await signedInUser();
      const [a, b] = await Promise.all([startSubscription(cookie), startSubscription(cookie)]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json().subscriptionId).toBe(b.json().subscriptionId);
      expect(a.json().clientSecret).toBe(b.json().clientSecret);
      expect(stripe.simulator.subscriptionIds()).toHaveLength(1);
      expect(stripe.simulator.requestsTo("POST", "/v1/subscriptions")).toHaveLength(1);
      expect(stripe.simulator.customerCount()).toBe(1);
      expect(await rowsOf(user.id)).toHaveLength(1);
    });

    it("creates exactly one new subscription for two concurrent calls of a returning customer", async () => {
      const { user, cookie, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "incomplete_expired" });
      await ctx.database.db
        .update(subscriptions)
        .set({ status: "incomplete_expired" })
        .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
      const before = stripe.simulator.requestsTo("POST", "/v1/subscriptions").length;
      const [a, b] = await Promise.all([startSubscription(cookie), startSubscription(cookie)]);
      expect(a.json().subscriptionId).toBe(b.json().subscriptionId);
      expect(stripe.simulator.requestsTo("POST", "/v1/subscriptions").length - before).toBe(1);
      expect(stripe.simulator.subscriptionIds()).toHaveLength(2);
      expect(await rowsOf(user.id)).toHaveLength(2);
    });

    it("starts a new attempt, with a new idempotency key, when the open subscription expired unpaid", async () => {
      const { user, cookie, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "incomplete_expired" });
      const res = await startSubscription(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().subscriptionId).not.toBe(subscriptionId);
      const calls = stripe.simulator.requestsTo("POST", "/v1/subscriptions");
      expect(calls.map((c) => c.idempotencyKey)).toEqual([
        `ppc-subscription-${user.id}-1`,
        `ppc-subscription-${user.id}-2`,
      ]);
      expect(stripe.simulator.customerCount()).toBe(1);
      const statuses = (await rowsOf(user.id)).map((r) => r.status).sort();
      expect(statuses).toEqual(["incomplete", "incomplete_expired"]);
    });

    it("answers {status: active} without calling Stripe when the user already has Premium", async () => {
      const { user, cookie } = await signedInUser();
      await grantPremium(ctx.database.db, user.id);
      const res = await startSubscription(cookie);
      expect(res.json()).toEqual({ status: "active" });
      expect(stripe.simulator.requests).toHaveLength(0);
    });

    it("answers 502 with a plain message, and stores nothing, when Stripe keeps failing", async () => {
      const { user, cookie } = await signedInUser();
      stripe.simulator.failNext(3); // the first try and the SDK's two retries
      const res = await startSubscription(cookie);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: PAYMENT_PROVIDER_ERROR, code: "bad_gateway" });
      expect(stripe.simulator.requestsTo("POST", "/v1/customers")).toHaveLength(3);
      const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(stored?.stripeCustomerId).toBeNull();
      expect(await rowsOf(user.id)).toHaveLength(0);
    });
  });

  describe("POST /api/stripe/webhook", () => {
    it("refuses a bad signature with 400 and writes nothing", async () => {
      const { user, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const event = eventFor(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      const wrongSecret = await postWebhook(event, { secret: "whsec_someone_else" });
      expect(wrongSecret.statusCode).toBe(400);
      expect(wrongSecret.json()).toEqual({ message: "Invalid Stripe signature", code: "validation" });
      const noHeader = await ctx.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(event),
      });
      expect(noHeader.statusCode).toBe(400);
      // A valid signature over other bytes (re-serialised JSON) does not verify either.
      const signature = signStripePayload(JSON.stringify(event), TEST_WEBHOOK_SECRET);
      const tampered = await ctx.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload: JSON.stringify(event, null, 2),
      });
      expect(tampered.statusCode).toBe(400);

      expect(await ctx.database.db.select().from(stripeEvents)).toHaveLength(0);
      expect((await rowsOf(user.id))[0]?.status).toBe("incomplete");
    });

    it("refuses a stale timestamp (older than five minutes) with 400", async () => {
      const { user, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const event = eventFor(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      const res = await postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      expect(res.statusCode).toBe(400);
      expect(await ctx.database.db.select().from(stripeEvents)).toHaveLength(0);
      expect((await rowsOf(user.id))[0]?.status).toBe("incomplete");
    });

    it("refuses a timestamp beyond the tolerance in the future too, and allows a little clock skew", async () => {
      const { user, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const event = eventFor(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      const future = await postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) + 400 });
      expect(future.statusCode).toBe(400);
      expect(future.json()).toEqual({ message: "Invalid Stripe signature", code: "validation" });
      expect(await ctx.database.db.select().from(stripeEvents)).toHaveLength(0);
      expect((await rowsOf(user.id))[0]?.status).toBe("incomplete");

      const skewed = await postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) + 30 });
      expect(skewed.statusCode).toBe(200);
      expect((await rowsOf(user.id))[0]?.status).toBe("active");
    });

    it("accepts Stripe's servers (a foreign Origin) when the signature is right", async () => {
      const { subscriptionId } = await userWithOpenSubscription();
      const event = eventFor(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      const res = await postWebhook(event, {
        headers: { origin: "https://stripe.com", "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
    });

    it("stores each event once: a replay writes nothing more", async () => {
      const { user, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const event = eventFor(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      const first = await postWebhook(event);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect(stripe.simulator.requestsTo("GET", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      const before = stripe.simulator.requests.length;
      const replay = await postWebhook(event);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      expect(stripe.simulator.requests.length).toBe(before);
      expect(await ctx.database.db.select().from(stripeEvents)).toEqual([
        expect.objectContaining({ id: event.id, type: "customer.subscription.updated" }),
      ]);
      const logs = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, "stripe.customer.subscription.updated"));
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ userId: user.id, metaJson: { eventId: event.id, status: "active" } });
    });

    it("processes a concurrent duplicate once", async () => {
      const { subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const event = eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId));
      const results = await Promise.all([postWebhook(event), postWebhook(event), postWebhook(event)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      const logs = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, "stripe.invoice.paid"));
      expect(logs).toHaveLength(1);
    });

    it("converges to Stripe's current state whatever order the events arrive in", async () => {
      const { user, cookie, subscriptionId } = await userWithOpenSubscription();
      const createdPayload = stripe.simulator.subscriptionObject(subscriptionId); // status incomplete, as sent then
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const updatedPayload = stripe.simulator.subscriptionObject(subscriptionId);

      // The newer event first, the older one last: the old payload must not win.
      expect((await postWebhook(eventFor("customer.subscription.updated", updatedPayload))).statusCode).toBe(
        200,
      );
      expect((await postWebhook(eventFor("customer.subscription.created", createdPayload))).statusCode).toBe(
        200,
      );
      expect((await rowsOf(user.id)).map((r) => r.status)).toEqual(["active"]);
      expect(await isPremium(cookie)).toBe(true);
    });

    it("stores a subscription it hears of first through a webhook, found by the customer id", async () => {
      const { user, cookie, subscriptionId } = await userWithOpenSubscription();
      // As if our own write had been lost: the event alone must be enough.
      await ctx.database.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const res = await postWebhook(eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId)));
      expect(res.statusCode).toBe(200);
      expect(await rowsOf(user.id)).toMatchObject([
        { stripeSubscriptionId: subscriptionId, status: "active" },
      ]);
      // The read that names the owner is the one stored: Stripe is asked once, not twice.
      expect(stripe.simulator.requestsTo("GET", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      expect(await isPremium(cookie)).toBe(true);
    });

    it("records and ignores events about other things", async () => {
      const unrelated = await postWebhook(eventFor("charge.refunded", { id: "ch_1", object: "charge" }));
      expect(unrelated.json()).toEqual({ received: true, duplicate: false });
      expect(stripe.simulator.requests).toHaveLength(0);
      expect(await ctx.database.db.select().from(stripeEvents)).toHaveLength(1);
    });

    it("leaves the rest of the API parsing JSON as before", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: "json-still-works@example.test" },
      });
      expect(res.statusCode).toBe(202);
    });
  });

  describe("entitlement follows Stripe", () => {
    it("turns on after invoice.paid, stays on while cancelling, and turns off at the period end", async () => {
      const { cookie, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      await postWebhook(eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId)));
      expect(await isPremium(cookie)).toBe(true);
      const ofRecord = await ctx.database.db
        .select()
        .from(users)
        .where(eq(users.stripeSubscriptionId, subscriptionId));
      expect(ofRecord).toHaveLength(1);

      // Cancel any time: access continues to the end of the billing period.
      stripe.simulator.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
      await postWebhook(
        eventFor("customer.subscription.updated", stripe.simulator.subscriptionObject(subscriptionId)),
      );
      expect(await isPremium(cookie)).toBe(true);
      const summary = await ctx.app.inject({ method: "GET", url: "/api/subscription", headers: { cookie } });
      expect(summary.json()).toMatchObject({
        hasActiveSubscription: true,
        status: "active",
        cancelAtPeriodEnd: true,
      });

      // The period end passes before Stripe reports anything: Premium ends on the date alone.
      stripe.simulator.updateSubscription(subscriptionId, {
        currentPeriodEnd: Math.floor(Date.now() / 1000) - 60,
      });
      await postWebhook(
        eventFor("customer.subscription.updated", stripe.simulator.subscriptionObject(subscriptionId)),
      );
      expect(await isPremium(cookie)).toBe(false);
    });

    it("turns off when the subscription is cancelled (customer.subscription.deleted)", async () => {
      const { cookie, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      await postWebhook(
        eventFor("customer.subscription.updated", stripe.simulator.subscriptionObject(subscriptionId)),
      );
      expect(await isPremium(cookie)).toBe(true);
      stripe.simulator.updateSubscription(subscriptionId, { status: "canceled" });
      await postWebhook(
        eventFor("customer.subscription.deleted", stripe.simulator.subscriptionObject(subscriptionId)),
      );
      expect(await isPremium(cookie)).toBe(false);
    });

    it("falls instant alerts back to daily when the subscription ends", async () => {
      const { cookie, user, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      await postWebhook(
        eventFor("customer.subscription.updated", stripe.simulator.subscriptionObject(subscriptionId)),
      );
      const chosen = await ctx.app.inject({
        method: "PUT",
        url: "/api/notification-preferences",
        headers: { cookie },
        payload: { frequency: "instant", verticals: ["Legal"] },
      });
      expect(chosen.json().frequency).toBe("instant");
      // A renewal that is still paid changes nothing.
      await postWebhook(eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId)));
      const stored = () =>
        ctx.database.db
          .select({
            frequency: notificationPreferences.frequency,
            verticals: notificationPreferences.verticals,
          })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, user.id));
      expect(await stored()).toEqual([{ frequency: "instant", verticals: ["Legal"] }]);
      stripe.simulator.updateSubscription(subscriptionId, { status: "canceled" });
      await postWebhook(
        eventFor("customer.subscription.deleted", stripe.simulator.subscriptionObject(subscriptionId)),
      );
      expect(await stored()).toEqual([{ frequency: "daily", verticals: ["Legal"] }]);
    });

    it("turns off when a renewal fails (invoice.payment_failed leaves it past_due)", async () => {
      const { cookie, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      await postWebhook(eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId)));
      expect(await isPremium(cookie)).toBe(true);
      stripe.simulator.updateSubscription(subscriptionId, { status: "past_due" });
      await postWebhook(eventFor("invoice.payment_failed", stripe.simulator.invoiceObject(subscriptionId)));
      expect(await isPremium(cookie)).toBe(false);
    });

    it("turns a free user's reveal from 403 into 200 after customer.subscription.updated makes them active", async () => {
      const { profile: buyer } = await createBuyer(ctx.database.db);
      const listing = await createListing(ctx.database.db, buyer.id);
      const { cookie, subscriptionId } = await userWithOpenSubscription();
      const reveal = () =>
        ctx.app.inject({ method: "POST", url: `/api/reveal-contact/${listing.id}`, headers: { cookie } });

      const before = await reveal();
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({ message: "Premium subscription required", code: "premium_required" });

      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      const event = eventFor(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      expect((await postWebhook(event)).statusCode).toBe(200);

      const after = await reveal();
      expect(after.statusCode).toBe(200);
      expect(after.json().contact).toMatchObject({
        company: buyer.company,
        email: buyer.contactEmail,
        phone: buyer.contactPhone,
      });
    });

    it("holds while any one of several subscriptions is active", async () => {
      const { user, cookie, subscriptionId } = await userWithOpenSubscription();
      await grantPremium(ctx.database.db, user.id, {
        status: "canceled",
        currentPeriodEnd: new Date(Date.now() - 1000),
      });
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      await postWebhook(eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId)));
      expect(await isPremium(cookie)).toBe(true);
    });
  });

  describe("POST /api/subscription/refresh", () => {
    it("makes the user Premium right after payment, before any webhook", async () => {
      const { cookie, clientSecret } = await userWithOpenSubscription();
      stripe.simulator.payByClientSecret(clientSecret); // what confirmPayment does at Stripe
      expect(await isPremium(cookie)).toBe(false);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/subscription/refresh",
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        hasActiveSubscription: true,
        status: "active",
        cancelAtPeriodEnd: false,
        isComplimentary: false,
        canManageBilling: true,
      });
      expect(new Date(res.json().currentPeriodEnd).getTime()).toBeGreaterThan(
        Date.now() + 360 * 24 * 3600 * 1000,
      );
      expect(await isPremium(cookie)).toBe(true);
      // The client then asks again for the intent: the answer is "already active".
      expect((await startSubscription(cookie)).json()).toEqual({ status: "active" });
    });

    it("answers 401 when signed out", async () => {
      const res = await ctx.app.inject({ method: "POST", url: "/api/subscription/refresh" });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("unauthorized");
    });
  });

  describe("GET /api/subscription and POST /api/billing-portal", () => {
    it("shows a never-subscribed user as free, without billing", async () => {
      const { cookie } = await signedInUser();
      const res = await ctx.app.inject({ method: "GET", url: "/api/subscription", headers: { cookie } });
      expect(res.json()).toEqual({
        hasActiveSubscription: false,
        status: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        isComplimentary: false,
        canManageBilling: false,
      });
      const portal = await ctx.app.inject({
        method: "POST",
        url: "/api/billing-portal",
        headers: { cookie },
      });
      expect(portal.statusCode).toBe(409);
      expect(portal.json().code).toBe("conflict");
      expect(stripe.simulator.requests).toHaveLength(0);
    });

    it("opens a portal session for the user's own customer, returning to the pricing page", async () => {
      const { user, cookie } = await userWithOpenSubscription();
      const res = await ctx.app.inject({ method: "POST", url: "/api/billing-portal", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
      const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(stripe.simulator.requestsTo("POST", "/v1/billing_portal/sessions")[0]?.params).toEqual({
        customer: stored?.stripeCustomerId,
        return_url: `${ctx.config.appUrl}/pricing`,
      });
    });
  });

  describe("POST /api/admin/users/{id}/refund", () => {
    it("refunds the latest payment once and cancels at once: Premium ends now; nothing to refund after, nor for a grant", async () => {
      const { user, cookie, clientSecret, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.payByClientSecret(clientSecret);
      await ctx.app.inject({ method: "POST", url: "/api/subscription/refresh", headers: { cookie } });
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const refund = (userId: string, payload: object) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/admin/users/${userId}/refund`,
          headers: { cookie: admin.cookie },
          payload,
        });
      const listed = await ctx.app.inject({
        url: `/api/admin/users?id=${user.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(listed.json()[0]).toMatchObject({ hasActiveSubscription: true, paidSubscriptions: ["premium"] });

      expect((await refund(user.id, { product: "premium" })).statusCode).toBe(400);
      const done = await refund(user.id, { product: "premium", reason: "Changed their mind" });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ hasActiveSubscription: false, paidSubscriptions: [] });
      const [asked] = stripe.simulator.requestsTo("POST", "/v1/refunds");
      const invoice = stripe.simulator.invoiceObject(subscriptionId) as { id: string };
      expect(asked?.idempotencyKey).toBe(`ppc-subscription-refund-${invoice.id}`);
      expect(stripe.simulator.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      expect(stripe.simulator.subscriptionObject(subscriptionId)).toMatchObject({ status: "canceled" });
      // Premium is off at once, before Stripe's events arrive.
      expect(await isPremium(cookie)).toBe(false);
      const [row] = await rowsOf(user.id);
      expect(row).toMatchObject({ status: "canceled" });
      const [entry] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, "subscription.refunded"));
      expect(entry).toMatchObject({
        userId: admin.user.id,
        targetId: user.id,
        metaJson: expect.objectContaining({
          product: "premium",
          amountRefunded: 49900,
          reason: "Changed their mind",
        }),
      });

      const again = await refund(user.id, { product: "premium", reason: "Twice" });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This user has no paid Premium running to refund.");
      const granted = await signedInUser();
      await setComplimentaryPremium({ db: ctx.database.db, email: granted.user.email, enabled: true });
      expect((await refund(granted.user.id, { product: "premium", reason: "A grant" })).statusCode).toBe(409);
      expect(stripe.simulator.requestsTo("POST", "/v1/refunds")).toHaveLength(1);
    });
  });

  describe("complimentary Premium (npm run user:premium)", () => {
    it("grants and removes Premium without Stripe, audit-logged, idempotently", async () => {
      const { user, cookie } = await signedInUser();
      const db = ctx.database.db;
      expect(await setComplimentaryPremium({ db, email: user.email.toUpperCase(), enabled: true })).toEqual({
        userId: user.id,
        changed: true,
      });
      expect((await setComplimentaryPremium({ db, email: user.email, enabled: true })).changed).toBe(false);
      expect(await isPremium(cookie)).toBe(true);
      const summary = await ctx.app.inject({ method: "GET", url: "/api/subscription", headers: { cookie } });
      expect(summary.json()).toMatchObject({
        hasActiveSubscription: true,
        isComplimentary: true,
        currentPeriodEnd: null,
      });

      expect((await setComplimentaryPremium({ db, email: user.email, enabled: false })).changed).toBe(true);
      expect(await isPremium(cookie)).toBe(false);
      const actions = (await db.select().from(auditLogs).where(eq(auditLogs.userId, user.id))).map(
        (l) => l.action,
      );
      expect(actions).toEqual(
        expect.arrayContaining(["subscription.complimentary_granted", "subscription.complimentary_revoked"]),
      );
      expect(stripe.simulator.requests).toHaveLength(0);
      await expect(
        setComplimentaryPremium({ db, email: "nobody@example.test", enabled: true }),
      ).rejects.toThrow(/No user/);
    });

    it("removes only the complimentary grant, never a paid subscription", async () => {
      const { user, cookie, subscriptionId } = await userWithOpenSubscription();
      stripe.simulator.updateSubscription(subscriptionId, { status: "active" });
      await postWebhook(eventFor("invoice.paid", stripe.simulator.invoiceObject(subscriptionId)));
      await setComplimentaryPremium({ db: ctx.database.db, email: user.email, enabled: true });
      await setComplimentaryPremium({ db: ctx.database.db, email: user.email, enabled: false });
      expect(await isPremium(cookie)).toBe(true);
    });
  });

  describe("one price", () => {
    it("serves PREMIUM_PRICE_CENTS in /api/config, the figure the Stripe price is checked against", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/config" });
      expect(res.json()).toMatchObject({
        premiumPriceCents: ctx.config.premiumPriceCents,
        premiumInterval: "year",
      });
      const stripe = createStripeClient(ctx.config.stripe)!;
      expect(
        await checkStripePrice({
          stripe,
          priceId: SIMULATOR_PRICE_ID,
          cents: ctx.config.premiumPriceCents,
        }),
      ).toBeNull();
      expect(await checkStripePrice({ stripe, priceId: SIMULATOR_PRICE_ID, cents: 29900 })).toMatch(
        /charges 49900 cents, PREMIUM_PRICE_CENTS is 29900/,
      );
      // The SMS add-on's price is monthly: the yearly one is not it.
      expect(
        await checkStripePrice({
          stripe,
          priceId: SIMULATOR_PRICE_ID,
          cents: 49900,
          centsSetting: "SMS_PRICE_CENTS",
          interval: "month",
        }),
      ).toMatch(/bills every year, the product sells a monthly plan/);
      expect(await checkStripePrice({ stripe, priceId: "price_missing", cents: 49900 })).toMatch(
        /Could not read Stripe price price_missing/,
      );
    });
  });
});
