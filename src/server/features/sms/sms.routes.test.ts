import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { SMS_CONSENT_VERSION, SMS_LIMITS } from "../../../shared/constants";
import { SMS_MESSAGES, smsStoppedMessage } from "../../../shared/schemas/sms";
import { buildApp } from "../../app";
import { smsConsents, smsMessages, smsNumbers, subscriptions, users } from "../../db/schema";
import { TEST_APP_URL } from "../../test/context";
import {
  createSignedInUser,
  createVerifiedSmsNumber,
  grantPremium,
  grantSmsAddon,
} from "../../test/factories";
import { fakeTwilioEnv, signTwilioRequest, startFakeTwilio } from "../../test/fake-twilio";
import { useStripeTestApp } from "../../test/stripe-app";
import { stripeEvent } from "../payment-simulation/stripe-events";
import { SIMULATOR_PRICE_ID } from "../payment-simulation/stripe-simulator";

// The Alerts tab's SMS section through its routes, against the loopback fake Twilio (and fake Stripe
// for the add-on): number, consent and code; the add-on's purchase; STOP, START and HELP replies.

const SMS_PRICE_ID = "price_sms_monthly";
const twilio = await startFakeTwilio();
let clock = new Date("2026-11-26T15:00:00Z");

describe("SMS alerts: number, consent, add-on and replies", () => {
  const { ctx, stripe, postWebhook } = useStripeTestApp(
    { ...fakeTwilioEnv(twilio), STRIPE_SMS_PRICE_ID: SMS_PRICE_ID },
    {
      prices: [
        { id: SIMULATOR_PRICE_ID, unitAmount: 49900, currency: "usd", interval: "year" },
        { id: SMS_PRICE_ID, unitAmount: 4900, currency: "usd", interval: "month" },
      ],
      now: () => clock,
    },
  );
  afterAll(() => twilio.close());
  beforeEach(() => {
    twilio.reset();
    clock = new Date("2026-11-26T15:00:00Z");
  });

  const call = (cookie: string, method: "GET" | "POST", url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, "user-agent": "Mozilla/5.0 (test)" },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A publisher with Premium and, unless told otherwise, the add-on. */
  async function subscriber({ addon = true }: { addon?: boolean } = {}) {
    const signedIn = await createSignedInUser(ctx, { role: "publisher" });
    await grantPremium(ctx.database.db, signedIn.user.id);
    if (addon) await grantSmsAddon(ctx.database.db, signedIn.user.id);
    return signedIn;
  }

  const consent = { consent: true, consentVersion: SMS_CONSENT_VERSION };

  /** The code of the newest text to `phone` at the fake Twilio. */
  function lastCode(phone: string): string {
    const text = twilio.messages.filter((m) => m.to === phone).at(-1);
    const code = text?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    return code;
  }

  async function numberRow(userId: string) {
    const [row] = await ctx.database.db.select().from(smsNumbers).where(eq(smsNumbers.userId, userId));
    return row;
  }

  describe("GET /api/sms", () => {
    it("tells a publisher why texts do not go out, and refuses anyone else", async () => {
      const free = await createSignedInUser(ctx, { role: "publisher" });
      const status = await call(free.cookie, "GET", "/api/sms");
      expect(status.statusCode).toBe(200);
      expect(status.headers["cache-control"]).toBe("private, no-store");
      expect(status.json()).toMatchObject({
        available: true,
        priceCents: 4900,
        hasPremium: false,
        addon: { active: false, status: null },
        number: null,
        timeZone: "America/New_York",
        consent: { version: SMS_CONSENT_VERSION },
        blockedReason: "no_premium",
        publishableKey: "pk_test_simulator",
      });
      const buyer = await createSignedInUser(ctx, { role: "buyer" });
      expect((await call(buyer.cookie, "GET", "/api/sms")).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: "GET", url: "/api/sms" })).statusCode).toBe(401);
    });

    it("stops texts when Premium ends, though the add-on still runs", async () => {
      const { user, cookie } = await subscriber();
      await createVerifiedSmsNumber(ctx.database.db, user.id);
      expect((await call(cookie, "GET", "/api/sms")).json().blockedReason).toBeNull();
      await ctx.database.db
        .update(subscriptions)
        .set({ status: "canceled" })
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.product, "premium")));
      const after = (await call(cookie, "GET", "/api/sms")).json();
      expect(after).toMatchObject({
        blockedReason: "no_premium",
        hasPremium: false,
        addon: { active: true },
      });
    });
  });

  describe("POST /api/sms/subscription", () => {
    it("refuses the add-on without Premium (premium_required) and to a buyer", async () => {
      const free = await createSignedInUser(ctx, { role: "publisher" });
      const refused = await call(free.cookie, "POST", "/api/sms/subscription");
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: "premium_required", message: SMS_MESSAGES.needsPremium });
      const buyer = await createSignedInUser(ctx, { role: "buyer" });
      expect((await call(buyer.cookie, "POST", "/api/sms/subscription")).statusCode).toBe(403);
      expect(stripe.simulator.requestsTo("POST", "/v1/subscriptions")).toHaveLength(0);
    });

    it("starts a monthly add-on subscription that the webhook turns on, and that never grants Premium", async () => {
      const { user, cookie } = await createSignedInUser(ctx, { role: "publisher" });
      await grantPremium(ctx.database.db, user.id);
      const started = await call(cookie, "POST", "/api/sms/subscription");
      expect(started.statusCode).toBe(200);
      const { subscriptionId, clientSecret } = started.json();
      expect(clientSecret).toMatch(/_secret_/);
      const [created] = stripe.simulator.requestsTo("POST", "/v1/subscriptions");
      expect(created?.params).toMatchObject({
        items: [{ price: SMS_PRICE_ID }],
        metadata: { userId: user.id, product: "sms" },
      });
      expect(created?.idempotencyKey).toBe(`ppc-sms-subscription-${user.id}-1`);
      // A second click reuses the open subscription.
      const again = await call(cookie, "POST", "/api/sms/subscription");
      expect(again.json().subscriptionId).toBe(subscriptionId);

      stripe.simulator.payByClientSecret(clientSecret);
      const event = stripeEvent(
        "customer.subscription.updated",
        stripe.simulator.subscriptionObject(subscriptionId),
      );
      expect((await postWebhook(event)).statusCode).toBe(200);
      const status = (await call(cookie, "GET", "/api/sms")).json();
      expect(status.addon).toMatchObject({ active: true, status: "active" });
      expect(status.blockedReason).toBe("no_number");
      const active = await call(cookie, "POST", "/api/sms/subscription");
      expect(active.json()).toEqual({ status: "active" });

      // The add-on alone is not Premium: once Premium is gone, the user is free.
      await ctx.database.db
        .delete(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.product, "premium")));
      const me = await call(cookie, "GET", "/api/auth/user");
      expect(me.json().hasActiveSubscription).toBe(false);
      const premiumSummary = await call(cookie, "GET", "/api/subscription");
      expect(premiumSummary.json()).toMatchObject({ hasActiveSubscription: false, status: null });
    });
  });

  describe("POST /api/sms/phone and /verify", () => {
    it("refuses numbers that are not US mobiles, and a missing consent, with clear messages", async () => {
      const { cookie } = await subscriber();
      for (const phone of ["+44 20 7946 0958", "call me", "555-0100", "+1 800 555 0199", "+1 787 555 0101"]) {
        const res = await call(cookie, "POST", "/api/sms/phone", { phone, ...consent });
        expect(res.statusCode, phone).toBe(400);
        expect(res.json().message, phone).toBe(SMS_MESSAGES.invalidPhone);
      }
      const noConsent = await call(cookie, "POST", "/api/sms/phone", {
        phone: "(201) 555-0123",
        consent: false,
      });
      expect(noConsent.statusCode).toBe(400);
      expect(JSON.stringify(noConsent.json())).toContain(SMS_MESSAGES.consentRequired);
      const stale = await call(cookie, "POST", "/api/sms/phone", {
        phone: "(201) 555-0123",
        consent: true,
        consentVersion: "2020-01-01",
      });
      expect(stale.json().message).toBe(SMS_MESSAGES.consentOutdated);
      expect(twilio.messages).toHaveLength(0);
    });

    it("takes a number only from a subscriber: Premium first, then the add-on", async () => {
      const free = await createSignedInUser(ctx, { role: "publisher" });
      const noPremium = await call(free.cookie, "POST", "/api/sms/phone", {
        phone: "2015550123",
        ...consent,
      });
      expect(noPremium.json().code).toBe("premium_required");
      const noAddon = await subscriber({ addon: false });
      const refused = await call(noAddon.cookie, "POST", "/api/sms/phone", {
        phone: "2015550123",
        ...consent,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SMS_MESSAGES.needsAddon);
      expect(twilio.messages).toHaveLength(0);
    });

    it("records the consent, texts a code kept only as a hash, and verifies the number with it", async () => {
      const { user, cookie } = await subscriber();
      const res = await call(cookie, "POST", "/api/sms/phone", { phone: "(201) 555-0123", ...consent });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        number: { phone: "+12015550123", verifiedAt: null, optedOutAt: null },
        blockedReason: "unverified",
      });
      expect(res.json().number.codeExpiresAt).toBe(new Date(clock.getTime() + 10 * 60_000).toISOString());
      expect(twilio.messages).toHaveLength(1);
      expect(twilio.messages[0]).toMatchObject({ to: "+12015550123", from: "+12015550100" });
      const code = lastCode("+12015550123");

      const [record] = await ctx.database.db
        .select()
        .from(smsConsents)
        .where(eq(smsConsents.userId, user.id));
      expect(record).toMatchObject({
        phone: "+12015550123",
        event: "consented",
        source: "web",
        textVersion: SMS_CONSENT_VERSION,
        ip: "127.0.0.1",
        userAgent: "Mozilla/5.0 (test)",
      });
      const row = await numberRow(user.id);
      expect(row?.codeHash).not.toContain(code);
      expect(row?.consentId).toBe(record?.id);
      const [logged] = await ctx.database.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.userId, user.id));
      expect(logged).toMatchObject({ kind: "verification", phone: "+12015550123" });
      expect(logged?.body).not.toContain(code);

      const verified = await call(cookie, "POST", "/api/sms/phone/verify", { code });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ blockedReason: null, number: { codeExpiresAt: null } });
      expect(verified.json().number.verifiedAt).toBe(clock.toISOString());
      // Used: the same code again finds nothing to verify.
      const reused = await call(cookie, "POST", "/api/sms/phone/verify", { code });
      expect(reused.statusCode).toBe(409);
    });

    it("refuses a wrong code, spends the code after five wrong tries, and refuses an expired one", async () => {
      const { user, cookie } = await subscriber();
      await call(cookie, "POST", "/api/sms/phone", { phone: "2015550123", ...consent });
      const code = lastCode("+12015550123");
      const wrong = code === "000000" ? "111111" : "000000";
      const malformed = await call(cookie, "POST", "/api/sms/phone/verify", { code: "12ab56" });
      expect(malformed.statusCode).toBe(400);
      for (let i = 1; i < SMS_LIMITS.codeMaxAttempts; i++) {
        const res = await call(cookie, "POST", "/api/sms/phone/verify", { code: wrong });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(SMS_MESSAGES.wrongCode);
      }
      const last = await call(cookie, "POST", "/api/sms/phone/verify", { code: wrong });
      expect(last.json().message).toBe(SMS_MESSAGES.tooManyTries);
      const right = await call(cookie, "POST", "/api/sms/phone/verify", { code });
      expect(right.statusCode).toBe(409);
      expect(right.json().message).toBe(SMS_MESSAGES.noPendingCode);
      expect((await numberRow(user.id))?.verifiedAt).toBeNull();

      // A new code (after the resend wait), then let it expire.
      clock = new Date(clock.getTime() + 61_000);
      expect((await call(cookie, "POST", "/api/sms/phone/resend")).statusCode).toBe(200);
      const fresh = lastCode("+12015550123");
      clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
      const expired = await call(cookie, "POST", "/api/sms/phone/verify", { code: fresh });
      expect(expired.json().message).toBe(SMS_MESSAGES.codeExpired);
      expect((await numberRow(user.id))?.verifiedAt).toBeNull();
    });

    it("limits codes: one a minute, five an hour", async () => {
      const { cookie } = await subscriber();
      await call(cookie, "POST", "/api/sms/phone", { phone: "2015550123", ...consent });
      const tooSoon = await call(cookie, "POST", "/api/sms/phone/resend");
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toBe(SMS_MESSAGES.resendTooSoon);
      const sameNumberAgain = await call(cookie, "POST", "/api/sms/phone", {
        phone: "2015550123",
        ...consent,
      });
      expect(sameNumberAgain.statusCode).toBe(429);
      for (let i = 2; i <= SMS_LIMITS.codesPerHour; i++) {
        clock = new Date(clock.getTime() + 61_000);
        expect((await call(cookie, "POST", "/api/sms/phone/resend")).statusCode).toBe(200);
      }
      clock = new Date(clock.getTime() + 61_000);
      const sixth = await call(cookie, "POST", "/api/sms/phone/resend");
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(SMS_MESSAGES.tooManyCodes);
      expect(twilio.messages).toHaveLength(SMS_LIMITS.codesPerHour);
      clock = new Date(clock.getTime() + 60 * 60_000);
      expect((await call(cookie, "POST", "/api/sms/phone/resend")).statusCode).toBe(200);
    });

    it("keeps nothing when Twilio refuses the number, and says so", async () => {
      const { user, cookie } = await subscriber();
      twilio.failNext(1, { status: 400, code: 21211 });
      const res = await call(cookie, "POST", "/api/sms/phone", { phone: "2015550123", ...consent });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SMS_MESSAGES.sendFailed);
      expect(await numberRow(user.id)).toBeUndefined();
    });
  });

  describe("without an SMS provider in production", () => {
    it("answers that SMS alerts are not set up, and takes no number", async () => {
      const production = await buildApp({
        config: { ...ctx.config, isProduction: true, twilio: undefined },
        database: ctx.database,
        logger: false,
      });
      try {
        expect(production.sms).toBeUndefined();
        const { user } = await subscriber();
        const cookie = (await createSignedInUser(ctx, { email: `x-${user.email}` })).cookie;
        await ctx.database.db
          .update(users)
          .set({ role: "publisher" })
          .where(eq(users.email, `x-${user.email}`));
        const status = await production.inject({ method: "GET", url: "/api/sms", headers: { cookie } });
        expect(status.json()).toMatchObject({ available: false, blockedReason: "not_configured" });
        const phone = await production.inject({
          method: "POST",
          url: "/api/sms/phone",
          headers: { cookie },
          payload: { phone: "2015550123", ...consent },
        });
        expect(phone.statusCode).toBe(503);
        expect(phone.json().message).toBe(SMS_MESSAGES.notConfigured);
        const addon = await production.inject({
          method: "POST",
          url: "/api/sms/subscription",
          headers: { cookie },
        });
        expect(addon.statusCode).toBe(503);
        expect(twilio.messages).toHaveLength(0);
      } finally {
        await production.close();
      }
    });
  });

  describe("GET /api/admin/users/{id}/sms", () => {
    it("shows an admin the user's number, consent records and texts, codes masked; nobody else", async () => {
      const { user, cookie } = await subscriber();
      await call(cookie, "POST", "/api/sms/phone", { phone: "2015550123", ...consent });
      const code = lastCode("+12015550123");
      await call(cookie, "POST", "/api/sms/phone/verify", { code });
      await call(cookie, "POST", "/api/sms/opt-out");
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const res = await call(admin.cookie, "GET", `/api/admin/users/${user.id}/sms`);
      expect(res.statusCode).toBe(200);
      const history = res.json();
      expect(history.number).toMatchObject({ phone: "+12015550123", optOutSource: "web" });
      expect(history.consents.map((c: { event: string }) => c.event)).toEqual(["opted_out", "consented"]);
      expect(history.messages).toHaveLength(1);
      expect(history.messages[0]).toMatchObject({ kind: "verification", status: "queued" });
      expect(JSON.stringify(history)).not.toContain(code);
      expect((await call(cookie, "GET", `/api/admin/users/${user.id}/sms`)).statusCode).toBe(403);
      const missing = await call(
        admin.cookie,
        "GET",
        "/api/admin/users/00000000-0000-4000-8000-000000000000/sms",
      );
      expect(missing.statusCode).toBe(404);
    });
  });

  describe("opting out and back in", () => {
    async function verifiedSubscriber(phone = "+12015550177") {
      const signedIn = await subscriber();
      await createVerifiedSmsNumber(ctx.database.db, signedIn.user.id, { phone });
      return { ...signedIn, phone };
    }

    function postInbound(fields: Record<string, string>, signature?: string) {
      const url = `${TEST_APP_URL}/api/sms/inbound`;
      return ctx.app.inject({
        method: "POST",
        url: "/api/sms/inbound",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": signature ?? signTwilioRequest(url, fields),
        },
        payload: new URLSearchParams(fields).toString(),
      });
    }

    const inbound = (from: string, body: string) =>
      postInbound({ From: from, To: "+12015550100", Body: body, MessageSid: `SM${Math.random()}` });

    const runReplies = () => ctx.app.jobs.workUntilIdle({ queues: ["sms-send"] });

    it("turns texts off from the Alerts tab, recorded like a STOP", async () => {
      const { user, cookie, phone } = await verifiedSubscriber();
      const res = await call(cookie, "POST", "/api/sms/opt-out");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ blockedReason: "opted_out", number: { optOutSource: "web" } });
      const records = await ctx.database.db.select().from(smsConsents).where(eq(smsConsents.userId, user.id));
      expect(records.map((r) => [r.event, r.source, r.phone])).toContainEqual(["opted_out", "web", phone]);
      const none = await subscriber();
      expect((await call(none.cookie, "POST", "/api/sms/opt-out")).statusCode).toBe(409);
    });

    it("starts over with a new consent after an opt-out or a suspension: a code, then texts", async () => {
      for (const stopped of [
        // Turned off on the Alerts tab (a STOP reply is the number's: only START lifts it, below).
        { optedOutAt: new Date(), optOutSource: "web" as const },
        { suspendedAt: new Date() },
      ]) {
        twilio.reset();
        const signedIn = await subscriber();
        await createVerifiedSmsNumber(ctx.database.db, signedIn.user.id, {
          phone: "+12015550166",
          ...stopped,
        });
        const again = await call(signedIn.cookie, "POST", "/api/sms/phone", {
          phone: "2015550166",
          ...consent,
        });
        expect(again.statusCode).toBe(200);
        // Waiting for the code, not still stopped: nothing is texted until it comes back.
        expect(again.json()).toMatchObject({
          blockedReason: "unverified",
          number: { verifiedAt: null, optedOutAt: null, optOutSource: null, suspendedAt: null },
        });
        const verified = await call(signedIn.cookie, "POST", "/api/sms/phone/verify", {
          code: lastCode("+12015550166"),
        });
        expect(verified.json().blockedReason).toBeNull();
      }
    });

    it("texts nothing to a number that replied STOP, whichever account enters it, until that number texts START", async () => {
      const first = await verifiedSubscriber("+12015550177");
      await inbound(first.phone, "STOP");
      await runReplies();
      twilio.reset();
      const stopped = { code: "conflict", message: smsStoppedMessage("+12015550100") };
      expect(stopped.message).toContain("text START to (201) 555-0100");

      // Another account enters the number: no code is texted, nothing is kept, and the user hears why.
      const other = await subscriber();
      const refused = await call(other.cookie, "POST", "/api/sms/phone", { phone: "2015550177", ...consent });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(stopped);
      expect(await numberRow(other.user.id)).toBeUndefined();
      // Nor does a new consent on the web from the account that sent STOP lift it.
      const again = await call(first.cookie, "POST", "/api/sms/phone", { phone: "2015550177", ...consent });
      expect(again.json()).toEqual(stopped);
      expect((await call(first.cookie, "GET", "/api/sms")).json()).toMatchObject({
        blockedReason: "opted_out",
        replyNumber: "+12015550100",
        number: { phone: "+12015550177", optOutSource: "sms" },
      });
      // A STOP from a number no account uses yet holds too.
      await inbound("+12015550188", "STOP");
      const late = await call(other.cookie, "POST", "/api/sms/phone", { phone: "2015550188", ...consent });
      expect(late.json()).toEqual(stopped);
      await runReplies();
      expect(twilio.messages).toEqual([]);

      // START from the number itself: codes go to it again, for any account.
      await inbound(first.phone, "START");
      await runReplies();
      twilio.reset();
      const allowed = await call(other.cookie, "POST", "/api/sms/phone", { phone: "2015550177", ...consent });
      expect(allowed.statusCode).toBe(200);
      expect(twilio.messages.map((m) => m.to)).toEqual(["+12015550177"]);
    });

    it("refuses a forged reply with 403 and writes nothing", async () => {
      const { user, phone } = await verifiedSubscriber();
      const fields = { From: phone, To: "+12015550100", Body: "STOP", MessageSid: "SM1" };
      const forged = await postInbound(
        fields,
        signTwilioRequest(`${TEST_APP_URL}/api/sms/inbound`, fields, "wrong-token"),
      );
      expect(forged.statusCode).toBe(403);
      const unsigned = await ctx.app.inject({
        method: "POST",
        url: "/api/sms/inbound",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(unsigned.statusCode).toBe(403);
      // Signed over other fields: the body was changed on the way.
      const tampered = await postInbound(
        { ...fields, Body: "HELLO" },
        signTwilioRequest(`${TEST_APP_URL}/api/sms/inbound`, fields),
      );
      expect(tampered.statusCode).toBe(403);
      expect((await numberRow(user.id))?.optedOutAt).toBeNull();
      expect(await ctx.database.db.select().from(smsMessages)).toHaveLength(0);
    });

    it("opts out at once on STOP and its synonyms, confirms once, and START opts back in", async () => {
      const { user, cookie, phone } = await verifiedSubscriber();
      const stop = await inbound(phone, "  stop ");
      expect(stop.statusCode).toBe(200);
      expect(stop.headers["content-type"]).toContain("text/xml");
      expect((await numberRow(user.id))?.optedOutAt).not.toBeNull();
      expect((await call(cookie, "GET", "/api/sms")).json()).toMatchObject({
        blockedReason: "opted_out",
        number: { optOutSource: "sms" },
      });
      await runReplies();
      expect(twilio.messages.map((m) => m.body)).toEqual([expect.stringContaining("no more texts")]);

      // Already out: a second STOP (or a synonym) changes nothing and is not confirmed again.
      await inbound(phone, "UNSUBSCRIBE");
      await inbound(phone, "quit");
      await runReplies();
      expect(twilio.messages).toHaveLength(1);

      const start = await inbound(phone, "Start");
      expect(start.statusCode).toBe(200);
      expect((await numberRow(user.id))?.optedOutAt).toBeNull();
      await runReplies();
      expect(twilio.messages.at(-1)?.body).toContain("Reply STOP to opt out");
      const events = await ctx.database.db
        .select({ event: smsConsents.event, keyword: smsConsents.keyword, source: smsConsents.source })
        .from(smsConsents)
        .where(eq(smsConsents.userId, user.id));
      expect(events).toEqual(
        expect.arrayContaining([
          { event: "opted_out", keyword: "STOP", source: "sms" },
          { event: "opted_in", keyword: "START", source: "sms" },
        ]),
      );
      for (const word of ["STOPALL", "CANCEL", "END"]) {
        await inbound(phone, word);
        expect((await numberRow(user.id))?.optedOutAt, word).not.toBeNull();
        await inbound(phone, "UNSTOP");
        expect((await numberRow(user.id))?.optedOutAt, word).toBeNull();
      }
    });

    it("answers HELP with who we are and how to stop; ignores other texts and unknown numbers", async () => {
      const { user, phone } = await verifiedSubscriber();
      await inbound(phone, "help");
      await inbound(phone, "Is this offer still open?");
      await inbound("+12015550999", "STOP");
      await inbound("+12015550999", "HELP");
      await runReplies();
      expect(twilio.messages).toHaveLength(1);
      expect(twilio.messages[0]).toMatchObject({ to: phone });
      expect(twilio.messages[0]?.body).toMatch(/PayPerCall Hub.*STOP/);
      expect(twilio.messages[0]?.body.length).toBeLessThanOrEqual(SMS_LIMITS.maxLength);
      expect((await numberRow(user.id))?.optedOutAt).toBeNull();
    });

    it("retries a reply the provider could not take, and sends it once", async () => {
      const { phone } = await verifiedSubscriber();
      await inbound(phone, "STOP");
      twilio.failNext(1);
      const first = await runReplies();
      expect(first.failed).toBe(1);
      await ctx.app.jobs.workUntilIdle({ queues: ["sms-send"], ignoreStartAfter: true });
      expect(twilio.messages).toHaveLength(1);
      const [text] = await ctx.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone));
      expect(text).toMatchObject({ kind: "opt_out_confirmation", status: "queued" });
      expect(text?.providerSid).toBe(twilio.messages[0]?.sid);
    });
  });
});
