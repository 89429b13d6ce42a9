import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./test/context";
import { type ServerProcess, spawnServer, waitUntilReady } from "./test/server-process";

// SIGTERM under load, as a load balancer sees a rolling restart: every request that reaches the server
// gets an answer, those that arrive after the signal a 503 with `Connection: close` (so the client goes
// elsewhere), and none finds its connection reset. A server process on PostgreSQL (a database clone:
// no seed, no initdb), driven by keep-alive clients.

const ENGINE = process.env.TEST_DB_ENGINE;
const CLIENTS = 16;

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
}

function get(port: number, path: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, connection: String(res.headers.connection) }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

describe.runIf(ENGINE === "postgres")("SIGTERM under load", () => {
  let server: ServerProcess;
  let closeDatabase = async () => {};

  beforeAll(async () => {
    const database = await openTestDatabase();
    closeDatabase = database.close;
    const url = String(database.pool!.options.connectionString);
    server = await spawnServer({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "warn" });
    await waitUntilReady(server, Date.now() + 60_000);
  }, 90_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) server.process.kill("SIGKILL");
    await closeDatabase();
  });

  it("answers every request it received, the late ones 503 with Connection: close, and resets none", async () => {
    const port = Number(new URL(server.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const outcomes: Outcome[] = [];
    let signalled = false;
    // Each client asks until it is told to go elsewhere (a 503) or its request fails.
    const clients = Array.from({ length: CLIENTS }, async (_, i) => {
      for (;;) {
        const outcome = await get(port, i % 2 ? "/api/health" : "/api/buyer-listings", agent);
        outcomes.push(outcome);
        if (outcome.error || outcome.status === 503) return outcome;
        if (signalled && outcomes.length > 100_000) return outcome;
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    server.process.kill("SIGTERM");
    signalled = true;
    const last = await Promise.all(clients);
    const code = await server.exited;
    agent.destroy();

    const errors = outcomes.filter((o) => o.error).map((o) => o.error);
    const statuses = new Map<number, number>();
    for (const o of outcomes) if (o.status) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    console.info(
      `[shutdown] ${outcomes.length} requests: ${JSON.stringify(Object.fromEntries(statuses))}, errors ${JSON.stringify(errors)}`,
    );
    expect(errors).toEqual([]);
    for (const outcome of last) expect(outcome).toMatchObject({ status: 503, connection: "close" });
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(code).toBe(0);
  }, 60_000);
});
