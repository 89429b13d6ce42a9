import { Agent, request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./test/context";
import { type ServerProcess, spawnServer, waitUntilReady } from "./test/server-process";

// SIGTERM under load, as a load balancer sees a rolling restart: readiness turns 503 first while every
// other request is still answered as usual (each answer closing its connection), until the balancer
// has moved away; then the listener closes (new connections refused, which a proxy retries elsewhere),
// a request already received is still answered, and nothing is reset. A server process on PostgreSQL
// (a database clone: no seed, no initdb), driven by keep-alive clients. The whole topology behind a
// real proxy: deploy.test.ts.

const ENGINE = process.env.TEST_DB_ENGINE;
const CLIENTS = 8;
const DRAIN_MS = 1500;
/** How long after readiness turns 503 the clients keep coming, as a balancer between two health checks. */
const BALANCER_LAG_MS = 300;

interface Outcome {
  /** When the request was sent, and when its answer (or error) came. */
  sent: number;
  at: number;
  status?: number;
  connection?: string;
  error?: string;
}

function get(port: number, path: string, agent: Agent): Promise<Outcome> {
  const sent = Date.now();
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ sent, at: Date.now(), status: res.statusCode, connection: String(res.headers.connection) }),
      );
    });
    req.on("error", (err: NodeJS.ErrnoException) =>
      resolve({ sent, at: Date.now(), error: err.code ?? err.message }),
    );
    req.end();
  });
}

/** Resolves with the connection's error code once connecting fails, or null if it connects. */
function tryConnect(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(null);
    });
    socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(ENGINE === "postgres")("SIGTERM under load", () => {
  let server: ServerProcess;
  let closeDatabase = async () => {};

  beforeAll(async () => {
    const database = await openTestDatabase();
    closeDatabase = database.close;
    const url = String(database.pool!.options.connectionString);
    server = await spawnServer({
      APP_ENV: "test",
      DATABASE_URL: url,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    await waitUntilReady(server, Date.now() + 60_000);
  }, 90_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) server.process.kill("SIGKILL");
    await closeDatabase();
  });

  it("turns not-ready first and keeps serving, then refuses new connections, answers what it received and resets nothing", async () => {
    const port = Number(new URL(server.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const outcomes: Outcome[] = [];
    let notReadyAt = Number.POSITIVE_INFINITY;
    let signalledAt = Number.POSITIVE_INFINITY;

    // The balancer's health check: every 100 ms, on a connection of its own.
    const probe = (async () => {
      while (notReadyAt === Number.POSITIVE_INFINITY) {
        const outcome = await get(port, "/api/ready", new Agent());
        if (outcome.status === 503) notReadyAt = outcome.at;
        else expect(outcome.status).toBe(200);
        await sleep(100);
      }
    })();
    // Traffic until the balancer has moved away.
    const clients = Array.from({ length: CLIENTS }, async (_, i) => {
      while (Date.now() < notReadyAt + BALANCER_LAG_MS) {
        outcomes.push(await get(port, i % 2 ? "/api/health" : "/api/buyer-listings", agent));
      }
    });
    await sleep(500);
    signalledAt = Date.now();
    server.process.kill("SIGTERM");
    await probe;
    await Promise.all(clients);

    // A request that arrives during the drain and is still being received when the listener closes:
    // headers and half the body now (Node answers `Expect: 100-continue` once it has handed the request
    // on), the rest once new connections are refused.
    const body = JSON.stringify({ email: "late@example.test" });
    const socket = connect(port, "127.0.0.1");
    let response = "";
    socket.on("data", (d) => {
      response += d.toString();
    });
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    socket.write(
      `POST /api/auth/magic-link HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
    );
    await expect.poll(() => response, { timeout: 5000 }).toBe("HTTP/1.1 100 Continue\r\n\r\n");
    await expect
      .poll(() => tryConnect(port), { timeout: DRAIN_MS + 5000, interval: 50 })
      .toBe("ECONNREFUSED");
    const refusedAt = Date.now();
    socket.write(body.slice(10));
    const code = await server.exited;
    agent.destroy();

    const errors = outcomes.filter((o) => o.error).map((o) => o.error);
    const statuses = new Map<number, number>();
    for (const o of outcomes) if (o.status) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    console.info(
      `[shutdown] ${outcomes.length} requests (${outcomes.filter((o) => o.at > signalledAt).length} after SIGTERM, ${outcomes.filter((o) => o.sent > notReadyAt).length} sent once not ready): ${JSON.stringify(Object.fromEntries(statuses))}, errors ${JSON.stringify(errors)}; not ready after ${notReadyAt - signalledAt} ms, refusing connections after ${refusedAt - signalledAt} ms`,
    );
    expect(errors).toEqual([]);
    // Everything but readiness is served normally throughout, and closes its connection once draining.
    expect([...statuses.keys()]).toEqual([200]);
    const whileNotReady = outcomes.filter((o) => o.sent > notReadyAt);
    expect(whileNotReady.length).toBeGreaterThan(0);
    expect(whileNotReady.every((o) => o.connection === "close")).toBe(true);
    // The listener stays open for the drain.
    expect(refusedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 202 Accepted\r\n/);
    expect(response).toMatch(/\r\nConnection: close\r\n/i);
    socket.destroy();
    expect(code, server.output()).toBe(0);
  }, 60_000);
});
