import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OwnReview } from "../../../shared/schemas/reviews";
import {
  type CreatedWebhook,
  WEBHOOK_MESSAGES,
  WEBHOOK_SEND_LIMITS,
  type WebhookDelivery,
} from "../../../shared/schemas/webhooks";
import {
  mails,
  notificationPreferences,
  publisherProfiles,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { JOB_SCHEMA } from "../../jobs/job-queue";
import type { Viewer } from "../../lib/viewer";
import { testConfig, useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createUser,
  grantPremium,
  signIn,
} from "../../test/factories";
import { createWebhookEndpoint } from "./webhook-endpoints";
import { emitWebhookEvent } from "./webhook-events";

// Webhooks end to end against a loopback receiver (node:http): registration and its address rules,
// signed deliveries verified by the snippet docs/api.md publishes, retries with backoff, disabling after
// a day of failures, test events and redeliveries, and what listing.matched shows to whom. The app's
// clock moves instead of the tests waiting; workUntilIdle runs the jobs.

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The docs' verifyWebhook, read from docs/api.md and run as published. */
function documentedVerifier(): (rawBody: string, header: string, secret: string) => boolean {
  const docs = readFileSync(new URL("../../../../docs/api.md", import.meta.url), "utf8");
  const section = docs.slice(docs.indexOf("## Webhooks"));
  const code = section.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error("docs/api.md has no js block in its Webhooks section");
  const require = createRequire(import.meta.url);
  return new Function("require", `${code}\nreturn verifyWebhook;`)(require);
}

const REVIEW: OwnReview = {
  id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
  buyerId: "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a",
  rating: 5,
  comment: null,
  verifiedDeal: true,
  createdAt: "2026-11-21T10:00:00.000Z",
  reviewer: "Publisher 5e6f7a8b",
  reply: null,
  hidden: null,
  dealIntentId: "6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c",
  listingId: null,
  listingTitle: null,
  counterpart: "Acme Leads",
};

describe("webhooks", () => {
  let clockOffsetMs = 0;
  const ctx = useTestApp({
    env: { VERIFY_ALLOW_PRIVATE: "1" },
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  const db = () => ctx.database.db;
  const received: Received[] = [];
  /** The statuses the receiver answers next, in order; then 200. */
  let answers: number[] = [];
  /** The statuses a path answers next, in order, before `answers`. */
  let answersTo: Record<string, number[]> = {};
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.statusCode = answersTo[req.url ?? ""]?.shift() ?? answers.shift() ?? 200;
        if (res.statusCode === 301) res.setHeader("location", `${base}/elsewhere`);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clockOffsetMs = 0;
    received.length = 0;
    answers = [];
    answersTo = {};
  });

  const deliver = (ignoreStartAfter = false) =>
    ctx.app.jobs.workUntilIdle({ queues: ["webhook-delivery"], ignoreStartAfter });
  const call = (cookie: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const deliveries = () => db().select().from(webhookDeliveries);
  const endpointOf = async (id: string) =>
    (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

  /** An endpoint registered through the service (no sign-in needed), on the receiver at `path`. */
  async function registerEndpoint(
    role: "publisher" | "buyer",
    path: string,
    events: CreatedWebhook["events"],
  ) {
    const user = await createUser(db(), { role });
    const viewer = { id: user.id, email: user.email, role, hasActiveSubscription: false };
    const endpoint = await createWebhookEndpoint({
      db: db(),
      viewer,
      input: { url: `${base}${path}`, events },
      allowPrivate: true,
    });
    return { user, endpoint };
  }

  /** A review.created event to `userId`'s endpoints: its data only has to fit the event's schema. */
  const emit = (userId: string) =>
    db().transaction((tx) =>
      emitWebhookEvent(tx, ctx.app.jobs, { userId, type: "review.created", data: REVIEW }),
    );

  it("refuses plain http and private addresses unless VERIFY_ALLOW_PRIVATE, guests, and events the role never receives", async () => {
    const buyer = await createUser(db(), { role: "buyer" });
    const viewer: Viewer = { id: buyer.id, email: buyer.email, role: "buyer", hasActiveSubscription: false };
    const strict = testConfig({ VERIFY_ALLOW_PRIVATE: "0" }).verifyAllowPrivate;
    const register = (url: string, allowPrivate: boolean, as = viewer) =>
      createWebhookEndpoint({
        db: db(),
        viewer: as,
        input: { url, events: ["review.created"] },
        allowPrivate,
      });

    await expect(register(`${base}/hook`, strict)).rejects.toMatchObject({
      statusCode: 400,
      message: "Webhook endpoints must use https://",
    });
    await expect(register("https://127.0.0.1:8443/hook", strict)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining("127.0.0.1 is a loopback address"),
    });
    // Only 443 and 8443 outside development: any other port would turn the delivery log into a port scanner.
    for (const port of [0, 22, 80, 5432]) {
      await expect(register(`https://93.184.216.34:${port}/hook`, strict)).rejects.toMatchObject({
        statusCode: 400,
        message: WEBHOOK_MESSAGES.portNotAllowed,
      });
    }
    for (const address of ["https://93.184.216.34/in", "https://93.184.216.34:8443/in"]) {
      expect((await register(address, strict)).url).toBe(address);
    }
    await expect(register("https://user:pw@hooks.example/in", strict)).rejects.toMatchObject({
      statusCode: 400,
      message: WEBHOOK_MESSAGES.credentials,
    });
    const guest: Viewer = { ...viewer, role: "guest" };
    await expect(register(`${base}/hook`, true, guest)).rejects.toMatchObject({ statusCode: 403 });
    // A review is about a buyer: a publisher never receives one.
    const publisher: Viewer = { ...viewer, role: "publisher" };
    await expect(register(`${base}/hook`, true, publisher)).rejects.toMatchObject({
      statusCode: 400,
      message: WEBHOOK_MESSAGES.eventNotForRole,
    });
    // Development and tests (VERIFY_ALLOW_PRIVATE=1): a local receiver is accepted.
    const created = await register(`${base}/hook`, true);
    expect(created.url).toBe(`${base}/hook`);
    expect(await db().select().from(webhookEndpoints)).toHaveLength(3);
  });

  it("sends a buyer a signed deal_intent.created the documented snippet verifies; test, redeliver, 404s", async () => {
    const buyer = await createBuyer(db(), { contactEmail: "deals@buyer.example" });
    const listing = await createListing(db(), buyer.profile.id, { title: "Solar Inbound Calls" });
    const publisher = await createPublisher(db(), { status: "approved" });
    const buyerCookie = await signIn(ctx, buyer.user.email);
    const publisherCookie = await signIn(ctx, publisher.user.email);

    const created = await call(buyerCookie, "POST", "/api/webhooks", {
      url: `${base}/buyer`,
      events: ["deal_intent.created", "review.created"],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<CreatedWebhook>();
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    // The secret is answered once: the list never carries it.
    const { secret: _, ...shown } = endpoint;
    const listed = await call(buyerCookie, "GET", "/api/webhooks");
    expect(listed.json()).toEqual([shown]);
    expect(listed.body).not.toContain(endpoint.secret);

    const requested = await call(publisherCookie, "POST", "/api/deal-intents", {
      listingId: listing.id,
      message: "Let's work together",
    });
    expect(requested.statusCode).toBe(201);
    expect(await deliver()).toEqual({ completed: 1, failed: 0 });

    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit!.path).toBe("/buyer");
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["user-agent"]).toBe("PayPerCallHub-Webhooks/1.0");
    expect(hit!.headers["x-webhook-event"]).toBe("deal_intent.created");
    const verify = documentedVerifier();
    const signature = hit!.headers["x-signature"] as string;
    expect(verify(hit!.body, signature, endpoint.secret)).toBe(true);
    expect(verify(`${hit!.body} `, signature, endpoint.secret)).toBe(false);
    expect(verify(hit!.body, signature, "whsec_another")).toBe(false);
    const event = JSON.parse(hit!.body);
    expect(event).toMatchObject({
      type: "deal_intent.created",
      data: {
        id: requested.json().id,
        direction: "received",
        status: "pending",
        listingTitle: "Solar Inbound Calls",
      },
    });
    // Pending: the buyer sees nothing of the publisher's profile or email.
    expect(hit!.body).not.toContain(publisher.user.email);

    // Another user's endpoint is not found.
    expect((await call(publisherCookie, "GET", `/api/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(
      404,
    );
    expect((await call(publisherCookie, "DELETE", `/api/webhooks/${endpoint.id}`)).statusCode).toBe(404);

    // A test event, then the deal intent's event again: the same event id and body, a new delivery.
    expect((await call(buyerCookie, "POST", `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    const [first] = (await call(buyerCookie, "GET", `/api/webhooks/${endpoint.id}/deliveries`))
      .json<WebhookDelivery[]>()
      .filter((d) => d.eventType === "deal_intent.created");
    expect(first).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200 });
    const again = await call(
      buyerCookie,
      "POST",
      `/api/webhooks/${endpoint.id}/deliveries/${first!.id}/redeliver`,
    );
    expect(again.statusCode).toBe(202);
    expect(await deliver()).toEqual({ completed: 2, failed: 0 });
    const ping = received.find((r) => r.headers["x-webhook-event"] === "ping");
    expect(JSON.parse(ping!.body)).toMatchObject({ type: "ping", data: { endpointId: endpoint.id } });
    const redelivered = received.filter((r) => r.headers["x-webhook-event"] === "deal_intent.created");
    expect(redelivered).toHaveLength(2);
    expect(redelivered[1]!.body).toBe(hit!.body);
    expect(redelivered[1]!.headers["x-webhook-delivery"]).not.toBe(hit!.headers["x-webhook-delivery"]);

    expect((await call(buyerCookie, "DELETE", `/api/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect(await deliveries()).toHaveLength(0);
  });

  it("tells the publisher of the buyer's decision, the buyer of a review, and both parties of a dispute", async () => {
    const buyer = await createBuyer(db());
    const listing = await createListing(db(), buyer.profile.id);
    const publisher = await createPublisher(db(), { status: "approved" });
    const buyerCookie = await signIn(ctx, buyer.user.email);
    const publisherCookie = await signIn(ctx, publisher.user.email);
    const register = async (cookie: string, path: string, events: CreatedWebhook["events"]) =>
      (await call(cookie, "POST", "/api/webhooks", { url: `${base}${path}`, events })).json<CreatedWebhook>();
    const toBuyer = await register(buyerCookie, "/b", ["review.created", "dispute.updated"]);
    const toPublisher = await register(publisherCookie, "/p", ["deal_intent.decided", "dispute.updated"]);
    const sentTo = async (endpointId: string) =>
      (await deliveries())
        .filter((d) => d.endpointId === endpointId)
        .map((d) => d.eventType)
        .sort();

    const intent = (
      await call(publisherCookie, "POST", "/api/deal-intents", { listingId: listing.id })
    ).json();
    expect((await call(buyerCookie, "POST", `/api/deal-intents/${intent.id}/accept`, {})).statusCode).toBe(
      200,
    );
    expect(await sentTo(toPublisher.id)).toEqual(["deal_intent.decided"]);

    const review = await call(publisherCookie, "POST", "/api/reviews", {
      dealIntentId: intent.id,
      rating: 4,
    });
    expect(review.statusCode, review.body).toBe(201);
    const dispute = await call(publisherCookie, "POST", "/api/disputes", {
      dealIntentId: intent.id,
      reason: "Twelve qualified calls from last week were not paid for.",
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    expect(await sentTo(toBuyer.id)).toEqual(["dispute.updated", "review.created"]);
    expect(await sentTo(toPublisher.id)).toEqual(["deal_intent.decided", "dispute.updated"]);
  });

  it("sends only the fields its event's schema documents, and queues nothing for data that does not fit it", async () => {
    const { user } = await registerEndpoint("buyer", "/strict", ["review.created"]);
    const send = (data: OwnReview) =>
      db().transaction((tx) =>
        emitWebhookEvent(tx, ctx.app.jobs, { userId: user.id, type: "review.created", data }),
      );
    await expect(send({ rating: 5 } as OwnReview)).rejects.toThrow();
    expect(await deliveries()).toHaveLength(0);
    await send({ ...REVIEW, authorEmail: "author@pub.example" } as OwnReview);
    const [delivery] = await deliveries();
    expect(JSON.parse(delivery!.payload).data).toEqual(REVIEW);
  });

  it("retries a failing receiver with backoff until it answers 2xx, then clears failing_since", async () => {
    const { user, endpoint } = await registerEndpoint("buyer", "/flaky", ["review.created"]);
    // A redirect is not followed: it counts as a failure like a 500.
    answers = [301, 500];
    await emit(user.id);

    // The retry waits for its backoff: a run now makes the first attempt only.
    expect(await deliver()).toEqual({ completed: 1, failed: 0 });
    const [afterOne] = await deliveries();
    expect(afterOne).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 301,
      lastError: "HTTP 301: redirects are not followed",
    });
    expect(afterOne!.nextAttemptAt!.getTime()).toBeGreaterThan(afterOne!.lastAttemptAt!.getTime());
    expect((await endpointOf(endpoint.id)).failingSince).not.toBeNull();

    // Each backoff over (the app's clock moved, the queue's ignored), the next attempt.
    clockOffsetMs = 10 * 60_000;
    await deliver(true);
    expect(received).toHaveLength(2);
    clockOffsetMs = 30 * 60_000;
    await deliver(true);
    expect(received).toHaveLength(3);
    const [done] = await deliveries();
    expect(done).toMatchObject({ status: "succeeded", attempts: 3, lastStatusCode: 200, lastError: null });
    expect(done!.deliveredAt).not.toBeNull();
    expect((await endpointOf(endpoint.id)).failingSince).toBeNull();
  });

  it("disables an endpoint whose attempts failed for a day on end, stops its deliveries and mails its owner once", async () => {
    const { user, endpoint } = await registerEndpoint("buyer", "/down", ["review.created"]);
    const hour = 3600 * 1000;
    answers = Array(30).fill(503);
    // An event an hour, each attempt failing: a spell of failures with no quiet hour in it.
    let disabledAtHour: number | null = null;
    for (let at = 0; at <= 25 && disabledAtHour === null; at++) {
      clockOffsetMs = at * hour;
      await emit(user.id);
      await deliver();
      if ((await endpointOf(endpoint.id)).disabledAt) disabledAtHour = at;
    }
    // Disabled at the first failure more than a day into the spell, not before.
    expect(disabledAtHour).not.toBeNull();
    expect(disabledAtHour).toBeGreaterThanOrEqual(24);
    expect(received).toHaveLength(disabledAtHour! + 1);
    // The retries still waiting stop unsent.
    await deliver(true);
    expect(received).toHaveLength(disabledAtHour! + 1);
    expect((await deliveries()).every((d) => d.status === "failed")).toBe(true);
    const sent = await db().select().from(mails).where(eq(mails.kind, "webhook"));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: user.email });
    expect(sent[0]!.text).toContain(`${base}/down`);
    // A disabled endpoint gets no new deliveries.
    const before = (await deliveries()).length;
    await emit(user.id);
    expect(await deliveries()).toHaveLength(before);
  });

  it("starts a new failing spell after a quiet one, so one failure weeks later disables nothing", async () => {
    const { user, endpoint } = await registerEndpoint("buyer", "/flaky-once", ["review.created"]);
    answers = [503, 503];
    await emit(user.id);
    await deliver();
    const firstSpell = (await endpointOf(endpoint.id)).failingSince;
    expect(firstSpell).not.toBeNull();

    clockOffsetMs = 30 * 24 * 3600 * 1000;
    await emit(user.id);
    await deliver();
    const later = await endpointOf(endpoint.id);
    expect(later.disabledAt).toBeNull();
    expect(later.failingSince!.getTime()).toBeGreaterThan(firstSpell!.getTime() + 29 * 24 * 3600 * 1000);
    expect(await db().select().from(mails).where(eq(mails.kind, "webhook"))).toHaveLength(0);
  });

  it("shows the owner a refused and a cut connection alike, without the low-level error", async () => {
    // A port nothing listens on, and a server that drops every connection it accepts.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dropping = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    try {
      const refused = await registerEndpoint("buyer", "/unused", ["review.created"]);
      const cut = await registerEndpoint("buyer", "/unused", ["review.created"]);
      await db()
        .update(webhookEndpoints)
        .set({ url: `http://127.0.0.1:${closedPort}/hook` })
        .where(eq(webhookEndpoints.id, refused.endpoint.id));
      await db()
        .update(webhookEndpoints)
        .set({ url: `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/hook` })
        .where(eq(webhookEndpoints.id, cut.endpoint.id));
      await emit(refused.user.id);
      await emit(cut.user.id);
      await deliver();

      const errors = (await deliveries()).map((d) => d.lastError);
      expect(errors).toEqual([WEBHOOK_MESSAGES.couldNotConnect, WEBHOOK_MESSAGES.couldNotConnect]);
      const cookie = await signIn(ctx, refused.user.email);
      const log = await call(cookie, "GET", `/api/webhooks/${refused.endpoint.id}/deliveries`);
      expect(log.json()).toMatchObject([
        { lastStatusCode: null, lastError: WEBHOOK_MESSAGES.couldNotConnect },
      ]);
      expect(log.body).not.toMatch(/ECONNREFUSED|ECONNRESET|socket/i);
    } finally {
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });

  it("backs a failing endpoint off: its other deliveries wait for the backoff while other endpoints' go", async () => {
    const failing = await registerEndpoint("buyer", "/failing", ["review.created"]);
    const healthy = await registerEndpoint("buyer", "/healthy", ["review.created"]);
    answersTo = { "/failing": [503] };
    for (let i = 0; i < 3; i++) await emit(failing.user.id);
    await emit(healthy.user.id);

    await deliver();
    // One attempt at the failing endpoint, none at its two other deliveries; the other endpoint's sent.
    expect(received.map((r) => r.path).sort()).toEqual(["/failing", "/healthy"]);
    const attemptsOf = async (endpointId: string) =>
      (await deliveries())
        .filter((d) => d.endpointId === endpointId)
        .map((d) => d.attempts)
        .sort();
    expect(await attemptsOf(failing.endpoint.id)).toEqual([0, 0, 1]);
    expect((await endpointOf(failing.endpoint.id)).backoffUntil).not.toBeNull();

    // The backoff over, the endpoint answers again: its deliveries go one after another.
    clockOffsetMs = 60_000;
    await deliver(true);
    expect(received.filter((r) => r.path === "/failing")).toHaveLength(4);
    expect(await attemptsOf(failing.endpoint.id)).toEqual([1, 1, 2]);
    expect(await endpointOf(failing.endpoint.id)).toMatchObject({ failingSince: null, backoffUntil: null });
  });

  it("keeps one job waiting per endpoint, however many events it has", async () => {
    const { user } = await registerEndpoint("buyer", "/busy", ["review.created"]);
    const waitingJobs = async () => {
      const result = (await db().execute(
        sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job
            where name = 'webhook-delivery' and state = 'created'`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    for (let i = 0; i < 20; i++) await emit(user.id);
    expect(await waitingJobs()).toBe(1);
    // Twenty deliveries, twenty attempts: each job made one and queued the next.
    expect(await deliver()).toEqual({ completed: 20, failed: 0 });
    expect(received).toHaveLength(20);
    expect(await waitingJobs()).toBe(0);
  });

  it("still delivers through a job queued before deliveries were scheduled per endpoint", async () => {
    const { user } = await registerEndpoint("buyer", "/legacy", ["review.created"]);
    await emit(user.id);
    await db().execute(sql`delete from ${sql.raw(JOB_SCHEMA)}.job where name = 'webhook-delivery'`);
    const [delivery] = await deliveries();
    // Such a job named its delivery.
    await ctx.app.jobs.send("webhook-delivery", { deliveryId: delivery!.id });
    expect(await deliver()).toEqual({ completed: 1, failed: 0 });
    expect(received.map((r) => r.path)).toEqual(["/legacy"]);
    expect(await deliveries()).toMatchObject([{ status: "succeeded", attempts: 1 }]);
  });

  it("delivers another user's event while a hanging endpoint holds 50 queued deliveries", async () => {
    // A receiver that reads each request and never answers.
    const hung = new Set<import("node:net").Socket>();
    let hangingRequests = 0;
    const hanging = createServer((req) => {
      hangingRequests++;
      hung.add(req.socket);
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const slow = await registerEndpoint("buyer", "/unused", ["review.created"]);
    await db()
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook` })
      .where(eq(webhookEndpoints.id, slow.endpoint.id));
    for (let i = 0; i < 50; i++) {
      await db().transaction((tx) =>
        emitWebhookEvent(tx, ctx.app.jobs, {
          userId: slow.user.id,
          type: "review.created",
          data: { ...REVIEW, id: `${REVIEW.id.slice(0, -2)}${String(i).padStart(2, "0")}` },
        }),
      );
    }
    const other = await registerEndpoint("buyer", "/other", ["review.created"]);
    await emit(other.user.id);

    const slowAttempted = async () =>
      (await deliveries()).some((d) => d.endpointId === slow.endpoint.id && d.attempts > 0);
    await ctx.app.jobs.start();
    try {
      // Until the other user's event arrives or the hanging endpoint's first attempt gives up (10 s).
      for (let i = 0; i < 1000; i++) {
        if (received.some((r) => r.path === "/other") || (await slowAttempted())) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(received.map((r) => r.path)).toEqual(["/other"]);
      expect(await slowAttempted()).toBe(false);
      // The hanging endpoint holds one slot: one request at most, not one per queued delivery.
      expect(hangingRequests).toBeLessThanOrEqual(1);
    } finally {
      for (const socket of hung) socket.destroy();
      await ctx.app.jobs.stop();
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it("limits test events and redeliveries per user, with Retry-After and a message saying which", async () => {
    const buyer = await createBuyer(db());
    const cookie = await signIn(ctx, buyer.user.email);
    const endpoint = (
      await call(cookie, "POST", "/api/webhooks", { url: `${base}/limited`, events: ["review.created"] })
    ).json<CreatedWebhook>();
    const test = () => call(cookie, "POST", `/api/webhooks/${endpoint.id}/test`);
    for (let i = 0; i < WEBHOOK_SEND_LIMITS.test.limit; i++) expect((await test()).statusCode).toBe(202);
    const refused = await test();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: WEBHOOK_MESSAGES.testLimited, code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const [first] = await deliveries();
    const redeliver = () =>
      call(cookie, "POST", `/api/webhooks/${endpoint.id}/deliveries/${first!.id}/redeliver`);
    for (let i = 0; i < WEBHOOK_SEND_LIMITS.redeliver.limit; i++) {
      expect((await redeliver()).statusCode).toBe(202);
    }
    const again = await redeliver();
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: WEBHOOK_MESSAGES.redeliverLimited, code: "rate_limited" });
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    // Another user's limit is their own.
    const other = await createBuyer(db());
    const otherCookie = await signIn(ctx, other.user.email);
    const theirs = (
      await call(otherCookie, "POST", "/api/webhooks", { url: `${base}/theirs`, events: ["review.created"] })
    ).json<CreatedWebhook>();
    expect((await call(otherCookie, "POST", `/api/webhooks/${theirs.id}/test`)).statusCode).toBe(202);
  });

  it("sends listing.matched with a masked contact to a free publisher and the contact to a Premium one", async () => {
    const free = await registerEndpoint("publisher", "/free", ["listing.matched"]);
    const premium = await registerEndpoint("publisher", "/premium", ["listing.matched"]);
    await grantPremium(db(), premium.user.id);
    for (const { user } of [free, premium]) {
      await db().insert(publisherProfiles).values({ userId: user.id, website: "https://pub.example" });
      // Alert filters on, with nothing narrowed: every new listing matches.
      await db().insert(notificationPreferences).values({ userId: user.id, frequency: "daily" });
    }
    const buyer = await createBuyer(db(), { contactEmail: "calls@buyer.example" });
    const listing = await createListing(db(), buyer.profile.id);

    const announce = async () => {
      await ctx.app.jobs.send("alert-listings-activated", { listingIds: [listing.id] });
      await ctx.app.jobs.workUntilIdle({ queues: ["alert-listings-activated", "webhook-delivery"] });
    };
    await announce();
    const byPath = Object.fromEntries(received.map((r) => [r.path, JSON.parse(r.body)]));
    expect(byPath["/free"]).toMatchObject({
      type: "listing.matched",
      data: { id: listing.id, contact: null },
    });
    expect(byPath["/premium"]).toMatchObject({
      type: "listing.matched",
      data: { id: listing.id, contact: { email: "calls@buyer.example" } },
    });
    expect(received.find((r) => r.path === "/free")!.body).not.toContain("calls@buyer.example");
    // Once per user and listing: the same news again sends nothing.
    await announce();
    expect(received).toHaveLength(2);
  });
});

describe("webhook deliveries outside development", () => {
  const ctx = useTestApp({ env: { VERIFY_ALLOW_PRIVATE: "0" } });

  it("refuses to deliver to an endpoint on a port no longer allowed, without connecting", async () => {
    const db = ctx.database.db;
    const user = await createUser(db, { role: "buyer" });
    // Registered before ports were limited: written directly, as such a row was.
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        userId: user.id,
        url: "https://93.184.216.34:22/old",
        events: ["review.created"],
        secret: "whsec_x",
      })
      .returning();
    await db.transaction((tx) =>
      emitWebhookEvent(tx, ctx.app.jobs, { userId: user.id, type: "review.created", data: REVIEW }),
    );
    await ctx.app.jobs.workUntilIdle({ queues: ["webhook-delivery"] });
    expect(await db.select().from(webhookDeliveries)).toMatchObject([
      { endpointId: endpoint!.id, attempts: 1, lastError: WEBHOOK_MESSAGES.portNotAllowed },
    ]);
  });
});
