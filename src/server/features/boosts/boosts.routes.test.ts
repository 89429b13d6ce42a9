import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../shared/constants";
import {
  auditLogs,
  boostPayments,
  boostPurchases,
  buyerListings,
  mailOutbox,
  stripeEvents,
  users,
} from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, createSignedInUser, sendQueuedMail, signIn } from "../../test/factories";
import { useStripeTestApp } from "../../test/stripe-app";
import { stripeEvent } from "../payment-simulation/stripe-events";

const DAY_MS = 24 * 3600 * 1000;
// Not the default price: a figure that came from a constant instead of the config would show.
const PRICE_CENTS = 12300;

describe("Boost: a one-off Stripe payment for 14 days of featured placement", () => {
  const { ctx, stripe, postWebhook } = useStripeTestApp({ BOOST_PRICE_CENTS: String(PRICE_CENTS) });
  const db = () => ctx.database.db;

  /** A signed-in buyer with one active listing (or as given). */
  async function buyerWithListing(values: Parameters<typeof createListing>[2] = {}) {
    const { user, profile } = await createBuyer(db());
    const listing = await createListing(db(), profile.id, values);
    return { user, profile, listing, cookie: await signIn(ctx, user.email) };
  }

  const startBoost = (cookie: string, listingId: string) =>
    ctx.app.inject({ method: "POST", url: `/api/buyer-listings/${listingId}/boost`, headers: { cookie } });
  const boostStatus = (cookie: string, listingId: string) =>
    ctx.app.inject({ method: "GET", url: `/api/buyer-listings/${listingId}/boost`, headers: { cookie } });

  /** Starts a boost and pays it at Stripe; the webhook has not been told yet. */
  async function paidIntent(cookie: string, listingId: string) {
    const started = await startBoost(cookie, listingId);
    expect(started.statusCode).toBe(200);
    const id = stripe.simulator.confirmPaymentIntent(started.json().clientSecret);
    return { id, event: stripeEvent("payment_intent.succeeded", stripe.simulator.paymentIntentObject(id)) };
  }

  const boostedUntilOf = async (listingId: string) =>
    (await db().select().from(buyerListings).where(eq(buyerListings.id, listingId)))[0]!.boostedUntil;
  const purchasesOf = (listingId: string) =>
    db().select().from(boostPurchases).where(eq(boostPurchases.listingId, listingId));
  /** The listing's audit actions, oldest first. */
  const auditActions = async (listingId: string) =>
    (
      await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.targetId, listingId))
        .orderBy(auditLogs.createdAt)
    ).map((a) => a.action);

  describe("POST /api/buyer-listings/{id}/boost", () => {
    it("creates a PaymentIntent at the configured price with the boost metadata and an idempotency key", async () => {
      const { user, listing, cookie } = await buyerWithListing();
      const res = await startBoost(cookie, listing.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        paymentIntentId: expect.stringMatching(/^pi_/),
        clientSecret: expect.stringContaining("_secret_"),
        amountCents: PRICE_CENTS,
      });
      const [created] = stripe.simulator.requestsTo("POST", "/v1/payment_intents");
      expect(created?.params).toMatchObject({
        amount: String(PRICE_CENTS),
        currency: "usd",
        metadata: { kind: "boost", listingId: listing.id, userId: user.id },
      });
      expect(created?.idempotencyKey).toBe(`ppc-boost-${listing.id}-1-${PRICE_CENTS}`);
      expect(res.headers["cache-control"]).toContain("no-store");
      // Nothing is granted by starting a payment.
      expect(await boostedUntilOf(listing.id)).toBeNull();
      expect(await purchasesOf(listing.id)).toHaveLength(0);
      expect(await auditActions(listing.id)).toEqual(["boost.payment_started"]);
    });

    it("makes one intent for a double click, and reuses it after a declined card", async () => {
      const { listing, cookie } = await buyerWithListing();
      const [a, b] = await Promise.all([startBoost(cookie, listing.id), startBoost(cookie, listing.id)]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json().paymentIntentId).toBe(b.json().paymentIntentId);
      expect(stripe.simulator.paymentIntentIds()).toHaveLength(1);

      stripe.simulator.confirmPaymentIntent(a.json().clientSecret, {
        declineMessage: "Your card was declined.",
      });
      const again = await startBoost(cookie, listing.id);
      expect(again.json().paymentIntentId).toBe(a.json().paymentIntentId);
      expect(stripe.simulator.paymentIntentIds()).toHaveLength(1);
    });

    it("starts a new attempt once the last one was paid", async () => {
      const { listing, cookie } = await buyerWithListing();
      const first = await paidIntent(cookie, listing.id);
      expect((await postWebhook(first.event)).statusCode).toBe(200);
      const second = await startBoost(cookie, listing.id);
      expect(second.json().paymentIntentId).not.toBe(first.id);
      expect(stripe.simulator.requestsTo("POST", "/v1/payment_intents").at(-1)?.idempotencyKey).toBe(
        `ppc-boost-${listing.id}-2-${PRICE_CENTS}`,
      );
    });

    it("refuses a paused or deactivated listing (409), another buyer's (404) and a non-buyer (403), never calling Stripe", async () => {
      const paused = await buyerWithListing({ status: "paused" });
      const res = await startBoost(paused.cookie, paused.listing.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: "Only an active listing can be boosted: make it active first.",
        code: "conflict",
      });
      const inactive = await buyerWithListing({ status: "inactive" });
      expect((await startBoost(inactive.cookie, inactive.listing.id)).statusCode).toBe(409);

      const other = await buyerWithListing();
      const foreign = await startBoost(other.cookie, paused.listing.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe("not_found");
      expect((await boostStatus(other.cookie, paused.listing.id)).statusCode).toBe(404);
      expect((await startBoost(other.cookie, "not-a-uuid")).statusCode).toBe(404);

      const publisher = await createSignedInUser(ctx, { role: "publisher" });
      const refused = await startBoost(publisher.cookie, other.listing.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("forbidden");

      const signedOut = await ctx.app.inject({
        method: "POST",
        url: `/api/buyer-listings/${other.listing.id}/boost`,
      });
      expect(signedOut.statusCode).toBe(401);

      // A buyer moved to another role keeps the profile and its listings, not the right to boost them.
      await ctx.database.db.update(users).set({ role: "guest" }).where(eq(users.id, other.user.id));
      const demoted = await startBoost(other.cookie, other.listing.id);
      expect([demoted.statusCode, demoted.json()]).toEqual([
        403,
        { message: MESSAGES.buyerRoleRequired, code: "forbidden" },
      ]);
      expect(stripe.simulator.requests).toHaveLength(0);
    });

    it("answers 502 with a plain message when Stripe fails, and records nothing", async () => {
      const { listing, cookie } = await buyerWithListing();
      stripe.simulator.failNext(10);
      const res = await startBoost(cookie, listing.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe("bad_gateway");
      expect(await db().select().from(boostPayments)).toHaveLength(0);
    });
  });

  describe("the webhook grants the days", () => {
    it("grants 14 days once per succeeded intent, with an audit entry and a receipt, however often the event comes", async () => {
      const { user, listing, cookie } = await buyerWithListing({ title: "Medicare Inbound" });
      const { id, event } = await paidIntent(cookie, listing.id);
      const before = Date.now();
      const first = await postWebhook(event);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      // The same event again, and the same success under another event id (a resend): still one grant.
      expect((await postWebhook(event)).json()).toEqual({ received: true, duplicate: true });
      const resent = stripeEvent("payment_intent.succeeded", stripe.simulator.paymentIntentObject(id));
      expect((await postWebhook(resent)).json()).toEqual({ received: true, duplicate: false });

      const purchases = await purchasesOf(listing.id);
      expect(purchases).toHaveLength(1);
      const [purchase] = purchases;
      expect(purchase).toMatchObject({
        source: "stripe",
        status: "active",
        stripePaymentIntentId: id,
        amountCents: PRICE_CENTS,
        days: 14,
        userId: user.id,
      });
      expect(purchase!.endsAt.getTime() - purchase!.startsAt.getTime()).toBe(14 * DAY_MS);
      expect(purchase!.startsAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
      expect((await boostedUntilOf(listing.id))?.getTime()).toBe(purchase!.endsAt.getTime());
      expect(await auditActions(listing.id)).toEqual(["boost.payment_started", "boost.purchased"]);

      await sendQueuedMail(ctx);
      const receipts = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
      const receipt = receipts.find((m) => m.subject.startsWith("Receipt"));
      expect(receipts.filter((m) => m.subject.startsWith("Receipt"))).toHaveLength(1);
      expect(receipt?.subject).toBe('Receipt: Boost for "Medicare Inbound"');
      expect(receipt?.text).toContain("Amount paid: $123.00");
      expect(receipt?.text).toContain(`Payment reference: ${id}`);
      expect(receipt?.text).toContain("14 days");

      // The owner's screen and the directory show it.
      const status = (await boostStatus(cookie, listing.id)).json();
      expect(status.boostedUntil).toBe(purchase!.endsAt.toISOString());
      expect(status.purchases).toEqual([expect.objectContaining({ paymentIntentId: id, status: "active" })]);
      expect(status.lastPayment).toMatchObject({ id, status: "succeeded", lastError: null });
      const detail = await ctx.app.inject({ method: "GET", url: `/api/buyer-listings/${listing.id}` });
      expect(detail.json()).toMatchObject({ isBoosted: true });
    });

    it("extends a running boost from its current end", async () => {
      const { listing, cookie } = await buyerWithListing();
      const first = await paidIntent(cookie, listing.id);
      await postWebhook(first.event);
      const firstEnd = (await boostedUntilOf(listing.id))!;
      const second = await paidIntent(cookie, listing.id);
      await postWebhook(second.event);
      expect((await boostedUntilOf(listing.id))?.getTime()).toBe(firstEnd.getTime() + 14 * DAY_MS);
      const [secondPurchase] = (await purchasesOf(listing.id)).filter(
        (p) => p.stripePaymentIntentId === second.id,
      );
      expect(secondPurchase?.startsAt.getTime()).toBe(firstEnd.getTime());
    });

    it("takes a fully refunded purchase's days back, recomputed from the purchases that stand", async () => {
      const { listing, cookie } = await buyerWithListing();
      const first = await paidIntent(cookie, listing.id);
      await postWebhook(first.event);
      const second = await paidIntent(cookie, listing.id);
      await postWebhook(second.event);

      const refund = await postWebhook(
        stripeEvent("charge.refunded", stripe.simulator.refundPaymentIntent(first.id)),
      );
      expect(refund.statusCode).toBe(200);
      const purchases = await purchasesOf(listing.id);
      const refunded = purchases.find((p) => p.stripePaymentIntentId === first.id)!;
      const standing = purchases.find((p) => p.stripePaymentIntentId === second.id)!;
      expect(refunded.status).toBe("refunded");
      expect(refunded.refundedAt).not.toBeNull();
      // The second purchase now runs from its own grant: 14 days, not 28.
      expect(standing.startsAt.getTime()).toBe(standing.createdAt.getTime());
      expect((await boostedUntilOf(listing.id))?.getTime()).toBe(standing.createdAt.getTime() + 14 * DAY_MS);
      expect(await auditActions(listing.id)).toContain("boost.refunded");

      // Refunding the other one too: nothing stands, the listing is not boosted.
      await postWebhook(stripeEvent("charge.refunded", stripe.simulator.refundPaymentIntent(second.id)));
      expect(await boostedUntilOf(listing.id)).toBeNull();
    });

    it("keeps the days on a partial refund (recorded only)", async () => {
      const { listing, cookie } = await buyerWithListing();
      const paid = await paidIntent(cookie, listing.id);
      await postWebhook(paid.event);
      const until = await boostedUntilOf(listing.id);
      await postWebhook(stripeEvent("charge.refunded", stripe.simulator.refundPaymentIntent(paid.id, 1000)));
      expect(await boostedUntilOf(listing.id)).toEqual(until);
      expect((await purchasesOf(listing.id))[0]?.status).toBe("active");
      expect(await auditActions(listing.id)).toContain("boost.partially_refunded");
    });

    it("keeps the purchase when its listing is deleted, and still records its refund", async () => {
      const { listing, cookie } = await buyerWithListing();
      const paid = await paidIntent(cookie, listing.id);
      await postWebhook(paid.event);
      const deleted = await ctx.app.inject({
        method: "DELETE",
        url: `/api/buyer-listings/${listing.id}`,
        headers: { cookie },
      });
      expect(deleted.statusCode).toBe(204);
      const kept = () =>
        db().select().from(boostPurchases).where(eq(boostPurchases.stripePaymentIntentId, paid.id));
      expect(await kept()).toEqual([expect.objectContaining({ listingId: null, status: "active" })]);
      expect(
        (await postWebhook(stripeEvent("charge.refunded", stripe.simulator.refundPaymentIntent(paid.id))))
          .statusCode,
      ).toBe(200);
      expect((await kept())[0]?.status).toBe("refunded");
    });

    it("grants nothing when the refund overtakes the success", async () => {
      const { listing, cookie } = await buyerWithListing();
      const paid = await paidIntent(cookie, listing.id);
      const refund = stripeEvent("charge.refunded", stripe.simulator.refundPaymentIntent(paid.id));
      expect((await postWebhook(refund)).statusCode).toBe(200);
      expect((await postWebhook(paid.event)).statusCode).toBe(200);
      const purchases = await purchasesOf(listing.id);
      expect(purchases).toHaveLength(1);
      expect(purchases[0]?.status).toBe("refunded");
      expect(await boostedUntilOf(listing.id)).toBeNull();
    });

    it("grants nothing for a failed payment and keeps the provider's message for the screen", async () => {
      const { listing, cookie } = await buyerWithListing();
      const started = (await startBoost(cookie, listing.id)).json();
      const id = stripe.simulator.confirmPaymentIntent(started.clientSecret, {
        declineMessage: "Your card has insufficient funds.",
      });
      const res = await postWebhook(
        stripeEvent("payment_intent.payment_failed", stripe.simulator.paymentIntentObject(id)),
      );
      expect(res.statusCode).toBe(200);
      expect(await purchasesOf(listing.id)).toHaveLength(0);
      expect(await boostedUntilOf(listing.id)).toBeNull();
      const status = (await boostStatus(cookie, listing.id)).json();
      expect(status.lastPayment).toMatchObject({
        id,
        status: "requires_payment_method",
        lastError: "Your card has insufficient funds.",
      });
      expect(await auditActions(listing.id)).toContain("boost.payment_failed");
      // A late failure of an attempt that later succeeded does not overwrite the success.
      const paid = stripe.simulator.confirmPaymentIntent(started.clientSecret);
      await postWebhook(stripeEvent("payment_intent.succeeded", stripe.simulator.paymentIntentObject(paid)));
      await postWebhook(
        stripeEvent("payment_intent.payment_failed", {
          ...stripe.simulator.paymentIntentObject(paid),
          status: "requires_payment_method",
        }),
      );
      expect((await boostStatus(cookie, listing.id)).json().lastPayment.status).toBe("succeeded");
    });

    it("writes nothing for a forged or unsigned event, and ignores payments that are not boosts", async () => {
      const { listing, cookie } = await buyerWithListing();
      const paid = await paidIntent(cookie, listing.id);
      expect((await postWebhook(paid.event, { secret: "whsec_forged" })).statusCode).toBe(400);
      const unsigned = await ctx.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(paid.event),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await db().select().from(stripeEvents)).toHaveLength(0);
      expect(await purchasesOf(listing.id)).toHaveLength(0);

      const other = { ...stripe.simulator.paymentIntentObject(paid.id), metadata: { listingId: listing.id } };
      expect((await postWebhook(stripeEvent("payment_intent.succeeded", other))).statusCode).toBe(200);
      expect(await purchasesOf(listing.id)).toHaveLength(0);
    });

    it("grants nothing for a success the app never asked for: an unknown intent, another amount or currency", async () => {
      const { listing, cookie } = await buyerWithListing();
      const paid = await paidIntent(cookie, listing.id);
      const asked = stripe.simulator.paymentIntentObject(paid.id);
      const forged = [
        // An intent made outside the app (say, in the Dashboard) that names one of our listings.
        { ...asked, id: "pi_not_ours_0001", amount: 50, amount_received: 50, currency: "jpy" },
        { ...asked, amount: 50, amount_received: 50 },
        { ...asked, currency: "jpy" },
      ];
      for (const intent of forged) {
        const answer = await postWebhook(stripeEvent("payment_intent.succeeded", intent));
        // Answered 2xx all the same: Stripe would otherwise resend it for days.
        expect(answer.statusCode, JSON.stringify(intent)).toBe(200);
      }
      expect(await purchasesOf(listing.id)).toHaveLength(0);
      expect(await boostedUntilOf(listing.id)).toBeNull();
      expect(await auditActions(listing.id)).toEqual([
        "boost.payment_started",
        "boost.payment_mismatch",
        "boost.payment_mismatch",
        "boost.payment_mismatch",
      ]);

      // The payment the app asked for still grants its days.
      await postWebhook(paid.event);
      expect(await purchasesOf(listing.id)).toHaveLength(1);
    });
  });

  describe("the admin's grant, end and history", () => {
    it("grants complimentary days and ends a boost, each with a reason and an audit entry", async () => {
      const { listing, cookie } = await buyerWithListing();
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const call = (url: string, payload?: object) =>
        ctx.app.inject({
          method: payload ? "POST" : "GET",
          url: `/api/admin/buyer-listings/${listing.id}${url}`,
          headers: { cookie: admin.cookie },
          ...(payload ? { payload } : {}),
        });

      const noReason = await call("/boosts", { days: 7 });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toContain("reason");
      expect((await call("/boosts", { days: 0, reason: "Launch week" })).statusCode).toBe(400);
      expect((await call("/boosts", { days: 91, reason: "Launch week" })).statusCode).toBe(400);

      const granted = await call("/boosts", { days: 7, reason: "Launch week goodwill" });
      expect(granted.statusCode).toBe(200);
      const history = granted.json();
      expect(history.boostedUntil).not.toBeNull();
      expect(history.purchases).toEqual([
        expect.objectContaining({
          source: "complimentary",
          status: "active",
          days: 7,
          amountCents: 0,
          reason: "Launch week goodwill",
          actorEmail: admin.user.email,
          paymentIntentId: null,
        }),
      ]);
      const until = (await boostedUntilOf(listing.id))!;
      expect(until.getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);

      // A paid boost bought now starts after the complimentary days.
      const paid = await paidIntent(cookie, listing.id);
      await postWebhook(paid.event);
      expect((await boostedUntilOf(listing.id))?.getTime()).toBe(until.getTime() + 14 * DAY_MS);

      expect((await call("/boosts/end", {})).statusCode).toBe(400);
      const ended = await call("/boosts/end", { reason: "Buyer asked to stop" });
      expect(ended.statusCode).toBe(200);
      expect(ended.json().boostedUntil).toBeNull();
      expect(ended.json().purchases.map((p: { status: string }) => p.status)).toEqual(["ended", "ended"]);
      expect(ended.json().purchases[0].endReason).toBe("Buyer asked to stop");
      expect((await boostedUntilOf(listing.id))!.getTime()).toBeLessThanOrEqual(Date.now());
      const again = await call("/boosts/end", { reason: "Twice" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: "This listing is not boosted.", code: "conflict" });

      const audit = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, listing.id), eq(auditLogs.userId, admin.user.id)))
        .orderBy(auditLogs.createdAt);
      expect(audit.map((a) => [a.action, (a.metaJson as { reason: string }).reason])).toEqual([
        ["boost.granted", "Launch week goodwill"],
        ["boost.ended", "Buyer asked to stop"],
      ]);
      // The history read, and who may read it.
      expect((await call("/boosts")).json().purchases).toHaveLength(2);
      const buyerTry = await ctx.app.inject({
        method: "GET",
        url: `/api/admin/buyer-listings/${listing.id}/boosts`,
        headers: { cookie },
      });
      expect(buyerTry.statusCode).toBe(403);
      expect((await call("/boosts", { days: 3, reason: "x" })).statusCode).toBe(400);
    });

    it("refunds a paid boost through Stripe once: its days come off at once, and the webhook after it changes nothing", async () => {
      const { listing, cookie } = await buyerWithListing();
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const complimentary = await ctx.app.inject({
        method: "POST",
        url: `/api/admin/buyer-listings/${listing.id}/boosts`,
        headers: { cookie: admin.cookie },
        payload: { days: 3, reason: "Launch week goodwill" },
      });
      const [granted] = complimentary.json().purchases;
      const paid = await paidIntent(cookie, listing.id);
      await postWebhook(paid.event);
      const purchase = (await purchasesOf(listing.id)).find((p) => p.stripePaymentIntentId === paid.id)!;
      const refund = (purchaseId: string, payload: object = { reason: "Bought by mistake" }) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/admin/buyer-listings/${listing.id}/boosts/${purchaseId}/refund`,
          headers: { cookie: admin.cookie },
          payload,
        });

      expect((await refund(purchase.id, {})).statusCode).toBe(400);
      const refused = await refund(granted.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "Only a paid boost can be refunded: end a complimentary one instead.",
      );
      expect(stripe.simulator.requestsTo("POST", "/v1/refunds")).toEqual([]);

      const done = await refund(purchase.id);
      expect(done.statusCode).toBe(200);
      expect(done.json().purchases).toEqual([
        expect.objectContaining({ id: purchase.id, status: "refunded", refundedAt: expect.any(String) }),
        expect.objectContaining({ id: granted.id, status: "active" }),
      ]);
      // Only the complimentary days stand.
      expect(done.json().boostedUntil).toBe(granted.endsAt);
      const [asked] = stripe.simulator.requestsTo("POST", "/v1/refunds");
      expect(asked?.params).toMatchObject({ payment_intent: paid.id, reason: "requested_by_customer" });
      expect(asked?.idempotencyKey).toBe(`ppc-boost-refund-${purchase.id}`);
      expect(stripe.simulator.paymentIntentObject(paid.id).amount_received).toBe(PRICE_CENTS);

      // Stripe's event for the same refund arrives after: recorded, nothing changes.
      const { latest_charge } = stripe.simulator.paymentIntentObject(paid.id) as { latest_charge: string };
      const charge = await ctx.app.stripe!.charges.retrieve(latest_charge);
      expect(charge).toMatchObject({ refunded: true, amount_refunded: PRICE_CENTS });
      const before = await boostedUntilOf(listing.id);
      const event = stripeEvent("charge.refunded", charge as unknown as Record<string, unknown>);
      expect((await postWebhook(event)).statusCode).toBe(200);
      expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
      expect((await purchasesOf(listing.id)).map((p) => p.status).sort()).toEqual(["active", "refunded"]);
      const late = await refund(purchase.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe("This boost was refunded already.");
      const audit = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, listing.id), eq(auditLogs.userId, admin.user.id)))
        .orderBy(auditLogs.createdAt);
      expect(audit.map((a) => [a.action, (a.metaJson as { reason: string }).reason])).toEqual([
        ["boost.granted", "Launch week goodwill"],
        ["boost.refund_issued", "Bought by mistake"],
      ]);
      expect(await boostedUntilOf(listing.id)).toEqual(before);
    });

    it("applies a refund made in Stripe's dashboard before its webhook arrived, and answers 404 for another listing's purchase", async () => {
      const { listing, cookie } = await buyerWithListing();
      const other = await buyerWithListing();
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const paid = await paidIntent(cookie, listing.id);
      await postWebhook(paid.event);
      const purchase = (await purchasesOf(listing.id))[0]!;
      const refund = (listingId: string) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/admin/buyer-listings/${listingId}/boosts/${purchase.id}/refund`,
          headers: { cookie: admin.cookie },
          payload: { reason: "Customer asked by phone" },
        });
      expect((await refund(other.listing.id)).statusCode).toBe(404);
      stripe.simulator.refundPaymentIntent(paid.id);
      const done = await refund(listing.id);
      expect(done.statusCode).toBe(200);
      expect(done.json().purchases[0].status).toBe("refunded");
      expect(done.json().boostedUntil).toBeNull();
    });

    it("refuses a grant to a paused listing and answers 404 for an unknown one", async () => {
      const { listing } = await buyerWithListing({ status: "paused" });
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const grant = (id: string) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/admin/buyer-listings/${id}/boosts`,
          headers: { cookie: admin.cookie },
          payload: { days: 3, reason: "Goodwill" },
        });
      expect((await grant(listing.id)).statusCode).toBe(409);
      expect((await grant("6f1c1a56-8d52-4f4c-9c39-0a4f1f7f0c11")).statusCode).toBe(404);
    });
  });
});

describe("Boost without Stripe keys", () => {
  const ctx = useTestApp();

  it("says payments are not set up, refuses to start one (503), and still lets an admin grant days", async () => {
    const { user, profile } = await createBuyer(ctx.database.db);
    const listing = await createListing(ctx.database.db, profile.id);
    const cookie = await signIn(ctx, user.email);
    const status = await ctx.app.inject({
      method: "GET",
      url: `/api/buyer-listings/${listing.id}/boost`,
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({
      publishableKey: null,
      priceCents: 9900,
      days: 14,
      boostedUntil: null,
    });
    const started = await ctx.app.inject({
      method: "POST",
      url: `/api/buyer-listings/${listing.id}/boost`,
      headers: { cookie },
    });
    expect(started.statusCode).toBe(503);
    expect(started.json()).toEqual({
      message: "Payments are not configured on this server.",
      code: "unavailable",
    });

    const admin = await createSignedInUser(ctx, { role: "admin" });
    const granted = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/buyer-listings/${listing.id}/boosts`,
      headers: { cookie: admin.cookie },
      payload: { days: 14, reason: "Demo of a boosted listing" },
    });
    expect(granted.statusCode).toBe(200);
    // A newer listing without a boost: the boosted one still comes first.
    await createListing(ctx.database.db, profile.id, { title: "Newer, not boosted" });
    const page = await ctx.app.inject({ method: "GET", url: "/api/buyer-listings?sort=boosted" });
    expect(page.json()[0]).toMatchObject({ id: listing.id, isBoosted: true });
    expect(page.json()[1]).toMatchObject({ isBoosted: false });
  });
});
