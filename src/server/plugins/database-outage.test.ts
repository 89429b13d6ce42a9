import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_STATE_ELEMENT_ID } from "../../shared/page-render";
import { buildApp } from "../app";
import type { AppConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { openTestDatabase, type TestContext, testConfig } from "../test/context";
import { createBuyer, createListing, createUser, signIn } from "../test/factories";
import { captureLogs } from "../test/log-capture";
import { drawableClientDir, recordingRenderer } from "../test/page-renderer";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy";
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from "./errors";

// The database out of reach: the API answers 503 `unavailable` with Retry-After, pages and
// static files are still served (only /api reads the session; the public pages the server draws from
// the database are drawn in the browser instead), each failed request writes one short
// log line with no session id, email or query parameter, and everything works again once it is back.
// On PostgreSQL a TCP relay in front of the server is cut, made a black hole, and restored; PGlite is
// embedded (nothing between the app and it can fail), so there the outage is a closed instance.

const ENGINE = process.env.TEST_DB_ENGINE;
/** Average log bytes per failed request this test allows (a full error log was about 2.9 KB). */
const MAX_LOG_BYTES_PER_REQUEST = 320;
const OUTAGE_LINE = "database unavailable";

interface Outage {
  app: TestContext["app"];
  config: AppConfig;
  /** The database the app uses (through the relay on PostgreSQL). */
  database: Database;
  /** The same database, directly: for test data and checks. */
  direct: Database;
  proxy?: TcpProxy;
}

describe(`database outage (${ENGINE})`, () => {
  const logs = captureLogs();
  const o = {} as Outage;
  let cookie = "";
  let sid = "";
  let email = "";
  let listingId = "";
  const clientDir = drawableClientDir();

  beforeAll(async () => {
    o.direct = await openTestDatabase();
    if (ENGINE === "postgres") {
      const url = new URL(String(o.direct.pool!.options.connectionString));
      o.proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = "127.0.0.1";
      url.port = String(o.proxy.port);
      o.database = await openDatabase({ databaseUrl: url.href, poolMax: 4, connectionTimeoutMs: 500 });
    } else {
      o.database = o.direct;
    }
    o.config = testConfig();
    o.app = await buildApp({
      config: o.config,
      database: o.database,
      logger: logs.logger,
      clientDir,
      pageRenderer: recordingRenderer(),
    });
    await o.app.ready();

    const user = await createUser(o.direct.db, { email: "outage.person@example.test" });
    email = user.email;
    cookie = await signIn({ app: o.app, database: o.direct, config: o.config }, email);
    sid = decodeURIComponent(cookie.slice("ppc.sid=".length)).split(".")[0]!;
    const { profile } = await createBuyer(o.direct.db);
    listingId = (await createListing(o.direct.db, profile.id)).id;
  });

  afterAll(async () => {
    await o.app?.close();
    if (o.database !== o.direct) await o.database?.close().catch(() => {});
    await o.proxy?.close();
    await o.direct?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  });

  const origin = { origin: "http://localhost:5000" };
  const apiRequests = () => [
    { url: "/api/auth/user", headers: { cookie } },
    { url: "/api/buyer-listings" },
    { url: "/api/buyer-listings?search=calls&sort=newest", headers: { cookie } },
    { url: `/api/buyer-listings/${listingId}`, headers: { cookie } },
    { url: "/api/saved-listings", headers: { cookie } },
    { method: "POST" as const, url: "/api/auth/magic-link", headers: origin, payload: { email } },
    {
      method: "POST" as const,
      url: "/api/auth/magic-link",
      headers: origin,
      payload: { email: "x@example.test" },
    },
    { url: "/api/ready" },
  ];
  const pageRequests = () => [
    { url: "/", headers: { cookie } },
    { url: "/browse", headers: { cookie } },
    { url: "/index.html", headers: { cookie } },
    { url: "/api/health", headers: { cookie: "ppc.sid=forged.value" } },
  ];

  it("answers as usual while the database is up", async () => {
    for (const request of apiRequests()) {
      const res = await o.app.inject(request);
      expect(res.statusCode, request.url).toBeLessThan(300);
    }
    for (const url of ["/browse", `/listings/${listingId}`]) {
      const page = await o.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(PAGE_STATE_ELEMENT_ID);
    }
  });

  it("answers 503 with Retry-After while it is down, serves pages, and logs one short redacted line per request", async () => {
    if (o.proxy) await o.proxy.cut();
    else await o.database.close();
    const from = logs.lines.length;
    const started = Date.now();
    const rounds = 5;
    let failed = 0;
    for (let round = 0; round < rounds; round++) {
      for (const request of apiRequests()) {
        const res = await o.app.inject(request);
        expect(res.statusCode, request.url).toBe(503);
        expect(res.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
        // /api/ready names the database (the load balancer's probe); every other route asks to retry.
        const message = request.url === "/api/ready" ? "Database unavailable" : DATABASE_UNAVAILABLE_MESSAGE;
        expect(res.json(), request.url).toEqual({ message, code: "unavailable" });
        failed += 1;
      }
    }
    const elapsed = Date.now() - started;
    const entries = logs.entries(from);
    const bytes = logs.bytes(from);

    const outageLines = entries.filter((e) => e.msg === OUTAGE_LINE);
    // One outage line per 10 s window while it lasts, the rest counted in `suppressed`.
    expect(outageLines.length).toBeGreaterThanOrEqual(1);
    expect(outageLines.length).toBeLessThanOrEqual(1 + Math.floor(elapsed / 10_000));
    expect(outageLines[0]).toMatchObject({
      level: 50,
      db: { code: expect.any(String), sql: expect.stringMatching(/^select /) },
    });
    // Besides those: one access line per request, and /api/ready's warning (once a minute).
    expect(entries.filter((e) => e.msg === "request completed")).toHaveLength(failed);
    const others = entries.filter((e) => e.msg !== "request completed" && e.msg !== OUTAGE_LINE);
    expect(others.map((e) => e.msg)).toEqual(["Database unavailable"]);

    // The page shell and static files do not read the session, so they are served, cookie or not.
    for (let round = 0; round < rounds; round++) {
      for (const request of pageRequests()) {
        const res = await o.app.inject(request);
        expect(res.statusCode, request.url).toBe(200);
        // Not drawn here: the browser draws it, and says what it could not read.
        expect(res.body, request.url).not.toContain(PAGE_STATE_ELEMENT_ID);
      }
    }
    // A listing's page reads its listing for its head: without it, the shell still, with the route's
    // own head and a 503 that tells crawlers to come back.
    const listingPage = await o.app.inject({ url: `/listings/${listingId}` });
    expect(listingPage.statusCode).toBe(503);
    expect(listingPage.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(listingPage.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(listingPage.body).toContain("<title>Buyer Listing · PayPerCall Hub</title>");
    expect(listingPage.body).toContain('<meta name="robots" content="noindex" />');

    const text = logs.lines.slice(from).join("");
    expect(text).not.toContain(sid);
    expect(text).not.toContain(email);
    expect(text).not.toContain("x@example.test");
    expect(text).not.toMatch(/params|stack/);
    const perRequest = Math.round(bytes / failed);
    console.info(
      `[outage ${ENGINE}] ${failed} failed requests wrote ${bytes} log bytes: ${perRequest} per request`,
    );
    expect(perRequest).toBeLessThanOrEqual(MAX_LOG_BYTES_PER_REQUEST);
    expect(DATABASE_UNAVAILABLE_MESSAGE).toMatch(/try again/i);
  });

  it.runIf(ENGINE === "postgres")(
    "answers 503 when the database hangs (connect timeout), not after minutes",
    async () => {
      await o.proxy!.hang();
      // No clock is asserted (a busy machine stretches any bound): without the pool's connect timeout
      // this request never settles and the test runs into vitest's own limit.
      const res = await o.app.inject({ url: "/api/buyer-listings" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: "unavailable" });
    },
  );

  it.runIf(ENGINE === "postgres")("recovers by itself once the database is back", async () => {
    await o.proxy!.restore();
    for (const request of apiRequests()) {
      const res = await o.app.inject(request);
      expect(res.statusCode, request.url).toBeLessThan(300);
    }
    const me = await o.app.inject({ url: "/api/auth/user", headers: { cookie } });
    expect(me.json().email).toBe(email);
    expect((await o.app.inject({ url: "/browse" })).body).toContain(PAGE_STATE_ELEMENT_ID);
  });
});
