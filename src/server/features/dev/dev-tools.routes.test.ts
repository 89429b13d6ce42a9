import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type InboxDelivery, WEBHOOK_INBOX_PATH } from "../../../shared/schemas/dev";
import { type CreatedWebhook, WEBHOOK_MESSAGES } from "../../../shared/schemas/webhooks";
import { smsConsents, smsNumbers, smsOptOuts, smsOutbox, webhookDeliveries } from "../../db/schema";
import { TEST_APP_URL, useTestApp } from "../../test/context";
import { createBuyer, createUser, createVerifiedSmsNumber, signIn } from "../../test/factories";
import { signTwilioRequest } from "../../test/fake-twilio";

// The development tools: the webhook inbox that checks our own deliveries' signatures, and SMS replies
// posted to the real /api/sms/inbound signed as Twilio signs them. The app listens on a loopback port,
// where the delivery worker and the reply form reach it as they do on a developer's machine.

const sign = (secret: string, t: number, body: string) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

describe("development tools", () => {
  const ctx = useTestApp({ env: { APP_ENV: "development" } });
  let origin = "";
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  const db = () => ctx.database.db;
  const inbox = async () => (await ctx.app.inject({ url: WEBHOOK_INBOX_PATH })).json<InboxDelivery[]>();

  async function buyerWithInboxEndpoint() {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: { cookie },
      payload: { url: `${origin}${WEBHOOK_INBOX_PATH}`, events: ["review.created"] },
    });
    expect(created.statusCode).toBe(201);
    return { cookie, endpoint: created.json<CreatedWebhook>() };
  }

  describe("webhook inbox", () => {
    it("takes a test event from a loopback http endpoint registered in development, its signature valid", async () => {
      const { cookie, endpoint } = await buyerWithInboxEndpoint();
      expect(endpoint.url).toBe(`${origin}${WEBHOOK_INBOX_PATH}`);
      const before = (await inbox()).length;

      const test = await ctx.app.inject({
        method: "POST",
        url: `/api/webhooks/${endpoint.id}/test`,
        headers: { cookie },
      });
      expect(test.statusCode).toBe(202);
      await ctx.app.jobs.workUntilIdle({ queues: ["webhook-delivery"] });

      const [delivery] = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(delivery).toMatchObject({ status: "succeeded", lastStatusCode: 200 });
      const received = await inbox();
      expect(received).toHaveLength(before + 1);
      expect(received[0]).toMatchObject({
        path: WEBHOOK_INBOX_PATH,
        signature: "valid",
        body: delivery!.payload,
        headers: {
          "x-webhook-event": "ping",
          "x-webhook-delivery": delivery!.id,
          "content-type": "application/json",
        },
      });
      expect(received[0]!.headers["x-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    });

    it("finds an altered body invalid, an old time stale, and a URL no endpoint names unknown", async () => {
      const { endpoint } = await buyerWithInboxEndpoint();
      const host = new URL(origin).host;
      const post = (body: string, signature: string, path = WEBHOOK_INBOX_PATH) =>
        ctx.app.inject({
          method: "POST",
          url: path,
          headers: { host, "content-type": "application/json", "x-signature": signature },
          payload: body,
        });
      const body = '{"id":"evt_1","type":"ping","data":{}}';
      const now = Math.floor(Date.now() / 1000);

      // The raw text is what is checked (and kept): the same JSON re-spaced is another body.
      expect((await post(body, sign(endpoint.secret, now, body))).json()).toEqual({ signature: "valid" });
      const altered = body.replace("ping", "pong");
      expect((await post(altered, sign(endpoint.secret, now, body))).json()).toEqual({
        signature: "invalid",
      });
      expect((await post(body, sign("whsec_other", now, body))).json()).toEqual({ signature: "invalid" });
      expect((await post(body, "v1=garbage")).json()).toEqual({ signature: "invalid" });
      expect((await post(body, sign(endpoint.secret, now - 301, body))).json()).toEqual({
        signature: "stale",
      });
      expect(
        (await post(body, sign(endpoint.secret, now, body), `${WEBHOOK_INBOX_PATH}?x=1`)).json(),
      ).toEqual({ signature: "unknown_endpoint" });

      const received = await inbox();
      expect(received.slice(0, 6).map((d) => d.signature)).toEqual([
        "unknown_endpoint",
        "stale",
        "invalid",
        "invalid",
        "invalid",
        "valid",
      ]);
      expect(received[4]!.body).toBe(altered);
    });

    it("still refuses plain http and private addresses that are not this machine", async () => {
      const buyer = await createBuyer(db());
      const cookie = await signIn(ctx, buyer.user.email);
      const register = (url: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/webhooks",
          headers: { cookie },
          payload: { url, events: ["review.created"] },
        });
      for (const url of ["http://10.0.0.5/hook", "http://93.184.216.34/hook"]) {
        const refused = await register(url);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().message).toBe(WEBHOOK_MESSAGES.httpsRequired);
      }
      const privateHttps = await register("https://10.0.0.5/hook");
      expect(privateHttps.json().message).toContain("10.0.0.5 is a private address");
      expect((await register("http://localhost:9/hook")).statusCode).toBe(201);
    });

    it("answers only a direct request from this machine", async () => {
      for (const method of ["GET", "POST"] as const) {
        const remote = await ctx.app.inject({
          method,
          url: WEBHOOK_INBOX_PATH,
          remoteAddress: "203.0.113.9",
          ...(method === "POST" ? { payload: "{}" } : {}),
        });
        expect(remote.statusCode).toBe(404);
        const relayed = await ctx.app.inject({
          method,
          url: WEBHOOK_INBOX_PATH,
          headers: { "x-forwarded-for": "127.0.0.1" },
          ...(method === "POST" ? { payload: "{}" } : {}),
        });
        expect(relayed.statusCode).toBe(404);
      }
    });
  });

  describe("SMS replies", () => {
    const phone = "+12015550142";
    async function subscriberNumber() {
      const user = await createUser(db(), { role: "publisher" });
      await createVerifiedSmsNumber(db(), user.id, { phone });
      return user;
    }
    const reply = (body: string, from = phone) =>
      ctx.app.inject({ method: "POST", url: "/api/dev/sms-inbound", payload: { from, body } });
    const number = async (userId: string) =>
      (await db().select().from(smsNumbers).where(eq(smsNumbers.userId, userId)))[0]!;

    it("opts the number out with STOP and back in with START, through the signed inbound route", async () => {
      const user = await subscriberNumber();

      const stop = await reply("STOP");
      expect(stop.statusCode).toBe(200);
      expect(stop.json()).toEqual({ status: 200, reply: expect.stringContaining("you are unsubscribed") });
      expect(await number(user.id)).toMatchObject({ optedOutAt: expect.any(Date), optOutSource: "sms" });
      expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toHaveLength(1);
      await ctx.app.jobs.workUntilIdle({ queues: ["sms-send"] });
      const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.to, phone));
      expect(texts.map((t) => t.body)).toEqual([stop.json().reply]);

      // A second STOP changes nothing and answers nothing.
      expect((await reply("stop")).json()).toEqual({ status: 200, reply: null });

      const start = await reply("START");
      expect(start.json()).toEqual({
        status: 200,
        reply: expect.stringContaining("listing alert texts again"),
      });
      expect(await number(user.id)).toMatchObject({ optedOutAt: null, optOutSource: null });
      expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
      const events = await db()
        .select()
        .from(smsConsents)
        .where(eq(smsConsents.userId, user.id))
        .orderBy(smsConsents.createdAt);
      expect(events.filter((e) => e.source === "sms").map((e) => [e.event, e.keyword])).toEqual([
        ["opted_out", "STOP"],
        ["opted_in", "START"],
      ]);
    });

    it("answers HELP with the help text, and free text with nothing", async () => {
      await subscriberNumber();
      expect((await reply("HELP")).json()).toEqual({
        status: 200,
        reply: expect.stringContaining("Reply STOP to opt out. Help: localhost:5000"),
      });
      expect((await reply("Is this offer still open?")).json()).toEqual({ status: 200, reply: null });
    });

    it("is checked by the real route: a post signed with another token, or none, is refused", async () => {
      const user = await subscriberNumber();
      const fields = { From: phone, To: "+15555550100", Body: "STOP", MessageSid: "SM1" };
      const post = (signature?: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/sms/inbound",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            ...(signature ? { "x-twilio-signature": signature } : {}),
          },
          payload: new URLSearchParams(fields).toString(),
        });
      expect(
        (await post(signTwilioRequest(`${TEST_APP_URL}/api/sms/inbound`, fields, "wrong"))).statusCode,
      ).toBe(403);
      expect((await post()).statusCode).toBe(403);
      expect((await number(user.id)).optedOutAt).toBeNull();
      expect((await reply("STOP", "12015550142")).statusCode).toBe(400);
    });
  });
});

describe("development tools outside development", () => {
  const ctx = useTestApp();

  it("are not there, and a webhook to this machine is refused", async () => {
    expect((await ctx.app.inject({ url: WEBHOOK_INBOX_PATH })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "POST", url: WEBHOOK_INBOX_PATH, payload: {} })).statusCode).toBe(
      404,
    );
    const sms = await ctx.app.inject({
      method: "POST",
      url: "/api/dev/sms-inbound",
      payload: { from: "+12015550142", body: "STOP" },
    });
    expect(sms.statusCode).toBe(404);

    const buyer = await createBuyer(ctx.database.db);
    const cookie = await signIn(ctx, buyer.user.email);
    const register = (url: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/webhooks",
        headers: { cookie },
        payload: { url, events: ["review.created"] },
      });
    const http = await register(`http://127.0.0.1:5000${WEBHOOK_INBOX_PATH}`);
    expect(http.json()).toMatchObject({ message: WEBHOOK_MESSAGES.httpsRequired });
    const loopback = await register("https://localhost/hook");
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json().message).toContain("a loopback address");
  });
});
