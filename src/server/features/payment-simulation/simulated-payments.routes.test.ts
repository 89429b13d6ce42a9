import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SIMULATED_PAYMENT_LABEL } from "../../../shared/schemas/payment-simulation";
import { paymentSimulatorState, stripeEvents, subscriptions } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createSignedInUser } from "../../test/factories";
import { startPaymentSimulation } from "./simulation";

// PAYMENTS=simulated as the development server runs it: the simulator started beside the app on its
// database, the app's Stripe settings pointing at it, and the app listening, so the simulator's signed
// events reach /api/stripe/webhook over loopback and the real webhook code grants what was bought.

describe("simulated payments", () => {
  const ctx = useTestApp({ simulatePayments: true });
  const simulator = () => ctx.simulation!.simulator;
  beforeEach(() => simulator().reset());

  const post = (cookie: string, url: string, payload?: object) =>
    ctx.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const get = (cookie: string, url: string) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
  const confirm = (cookie: string, clientSecret: string, cardNumber: string) =>
    post(cookie, "/api/simulated-payments/confirm", { clientSecret, cardNumber });
  const isPremium = async (cookie: string) =>
    (await get(cookie, "/api/auth/user")).json().hasActiveSubscription;
  const recordedTypes = async () =>
    (await ctx.database.db.select({ type: stripeEvents.type }).from(stripeEvents)).map((e) => e.type).sort();

  it("runs the app against the simulator on loopback and tells the browser so, without Stripe's hosts", async () => {
    expect(new URL(simulator().url).hostname).toBe("127.0.0.1");
    expect(ctx.config.stripe.apiUrl).toBe(simulator().url);
    const config = (await ctx.app.inject({ url: "/api/config" })).json();
    expect(config).toMatchObject({ payments: "simulated", stripePublishableKey: "pk_test_simulated" });
    const page = await ctx.app.inject({ url: "/browse" });
    expect(page.headers["content-security-policy"]).not.toContain("stripe.com");
    expect(page.headers["permissions-policy"]).toContain("payment=(self)");
    expect(SIMULATED_PAYMENT_LABEL).toBe("Test payment - no money moves");
  });

  it("buys Premium with 4242 4242 4242 4242: the signed events reach the webhook, which turns Premium on", async () => {
    const { user, cookie } = await createSignedInUser(ctx, { role: "publisher" });
    expect((await confirm("", "pi_x_secret_y", "4242424242424242")).statusCode).toBe(401);
    const started = (await post(cookie, "/api/get-or-create-subscription")).json();
    const paid = await confirm(cookie, started.clientSecret, "4242 4242 4242 4242");
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      paymentIntent: { id: expect.stringMatching(/^pi_/), status: "succeeded" },
    });

    await simulator().idle();
    // No refresh asked for: the webhook alone made the user Premium.
    expect(await isPremium(cookie)).toBe(true);
    expect(await recordedTypes()).toEqual([
      "customer.subscription.created",
      "customer.subscription.updated",
      "invoice.paid",
      "payment_intent.succeeded",
    ]);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({
      product: "premium",
      status: "active",
      stripeSubscriptionId: expect.any(String),
    });

    // The admin's view of the deliveries: each answered 200 and recorded, none refused.
    const admin = await createSignedInUser(ctx, { role: "admin" });
    const deliveries = await get(admin.cookie, "/api/admin/simulated-payments/webhook-deliveries");
    expect(deliveries.statusCode).toBe(200);
    expect(deliveries.json()).toHaveLength(4);
    for (const delivery of deliveries.json()) {
      expect(delivery).toMatchObject({ state: "delivered", status: 200, attempts: 1, recorded: true });
    }
    expect((await get(cookie, "/api/admin/simulated-payments/webhook-deliveries")).statusCode).toBe(403);
  });

  it("declines Stripe's declining test cards with Stripe's messages; the subscription waits for another card", async () => {
    const { cookie } = await createSignedInUser(ctx, { role: "publisher" });
    const { clientSecret } = (await post(cookie, "/api/get-or-create-subscription")).json();

    const declined = (await confirm(cookie, clientSecret, "4000 0000 0000 0002")).json();
    expect(declined).toEqual({
      error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      },
    });
    const poor = (await confirm(cookie, clientSecret, "4000000000009995")).json();
    expect(poor.error).toMatchObject({
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    expect((await confirm(cookie, clientSecret, "4242 4242 4242 4241")).json().error).toMatchObject({
      code: "incorrect_number",
      message: "Your card number is incorrect.",
    });
    // 3-D Secure's card: no bank page to simulate, so it is declined as unauthenticated.
    expect((await confirm(cookie, clientSecret, "4000 0025 0000 3155")).json().error).toMatchObject({
      decline_code: "authentication_required",
    });
    // A real card's number (it passes the check digit) is refused as Stripe's test mode refuses it.
    expect((await confirm(cookie, clientSecret, "5555 5555 5555 4444")).json().error.message).toMatch(
      /^Your card was declined\. Your request was in test mode, but used a non test card\./,
    );
    await simulator().idle();
    expect(await isPremium(cookie)).toBe(false);
    expect(await recordedTypes()).toEqual([
      "customer.subscription.created",
      ...Array(4).fill("invoice.payment_failed"),
      ...Array(4).fill("payment_intent.payment_failed"),
    ]);

    // The same payment, with the card that pays.
    expect((await confirm(cookie, clientSecret, "4242424242424242")).json().paymentIntent.status).toBe(
      "succeeded",
    );
    await simulator().idle();
    expect(await isPremium(cookie)).toBe(true);
    expect((await confirm(cookie, clientSecret, "4242424242424242")).json().error.code).toBe(
      "payment_intent_unexpected_state",
    );
  });

  it("runs the billing portal as a page of ours: cancel and resume through the API, renew and end at the period's end", async () => {
    const { cookie } = await createSignedInUser(ctx, { role: "publisher" });
    const { clientSecret } = (await post(cookie, "/api/get-or-create-subscription")).json();
    await confirm(cookie, clientSecret, "4242424242424242");
    await simulator().idle();
    const { url } = (await post(cookie, "/api/billing-portal")).json();
    expect(new URL(url).pathname).toMatch(/^\/billing\/portal\/bps_/);
    const session = new URL(url).pathname.split("/").pop()!;

    const portal = (await get(cookie, `/api/simulated-payments/portal/${session}`)).json();
    expect(portal.returnUrl).toBe(`${ctx.config.appUrl}/pricing`);
    expect(portal.subscriptions).toEqual([
      expect.objectContaining({ product: "premium", status: "active", amountCents: 49900, interval: "year" }),
    ]);
    const [{ id, currentPeriodEnd }] = portal.subscriptions;
    const act = (action: string) =>
      post(cookie, `/api/simulated-payments/portal/${session}/subscriptions/${id}`, { action });
    const summary = async () => (await get(cookie, "/api/subscription")).json();

    // Another user's session, or another user's subscription, is not found.
    const other = await createSignedInUser(ctx, { role: "publisher" });
    expect((await get(other.cookie, `/api/simulated-payments/portal/${session}`)).statusCode).toBe(404);
    expect(
      (
        await post(other.cookie, `/api/simulated-payments/portal/${session}/subscriptions/${id}`, {
          action: "cancel",
        })
      ).statusCode,
    ).toBe(404);

    // Renewing bills the next year at once: the webhook moves the period end a year on.
    const renewed = (await act("renew")).json().subscriptions[0];
    expect(new Date(renewed.currentPeriodEnd).getUTCFullYear()).toBe(
      new Date(currentPeriodEnd).getUTCFullYear() + 1,
    );
    expect((await summary()).currentPeriodEnd).toBe(renewed.currentPeriodEnd);

    expect((await act("cancel")).json().subscriptions[0].cancelAtPeriodEnd).toBe(true);
    expect(await summary()).toMatchObject({ hasActiveSubscription: true, cancelAtPeriodEnd: true });
    expect((await act("resume")).json().subscriptions[0].cancelAtPeriodEnd).toBe(false);
    expect((await summary()).cancelAtPeriodEnd).toBe(false);

    // A renewal the card declines leaves the plan past due, and Premium off; paying it turns it back on.
    expect((await act("renew-declined")).json().subscriptions[0].status).toBe("past_due");
    expect(await isPremium(cookie)).toBe(false);
    expect((await act("renew")).json().subscriptions[0].status).toBe("active");
    expect(await isPremium(cookie)).toBe(true);

    // Set to cancel, the end of the period ends it: Premium stops.
    await act("cancel");
    expect((await act("renew")).json().subscriptions[0].status).toBe("canceled");
    expect(await isPremium(cookie)).toBe(false);
    const ended = await act("renew");
    expect(ended.statusCode).toBe(409);
  });

  it("keeps the simulator's objects in the database, so a restart still knows the subscriptions the app names", async () => {
    const { cookie } = await createSignedInUser(ctx, { role: "publisher" });
    const { clientSecret, subscriptionId } = (await post(cookie, "/api/get-or-create-subscription")).json();
    await confirm(cookie, clientSecret, "4242424242424242");
    await simulator().idle();
    // Saved after each change, never awaited by the request: a moment later it is there.
    await expect
      .poll(async () =>
        JSON.stringify((await ctx.database.db.select().from(paymentSimulatorState))[0]?.state ?? {}),
      )
      .toContain(subscriptionId);

    const restarted = await startPaymentSimulation({
      config: ctx.config,
      db: ctx.database.db,
      warn: () => {},
    });
    try {
      expect(restarted.simulator.subscriptionObject(subscriptionId)).toMatchObject({ status: "active" });
    } finally {
      await restarted.close();
    }
  });
});
