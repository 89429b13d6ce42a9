import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test/context";
import { BUSY_MESSAGE } from "./busy-guard";

// PGlite answers one statement at a time: past PGLITE_MAX_IN_FLIGHT requests in flight, the next is
// turned away at once. The database is held here by an open transaction, as a slow statement would.

const onPglite = process.env.TEST_DB_ENGINE !== "postgres";
let base = "";

/**
 * Waits until a request that needs no database is answered `status`: 503 once the requests in flight
 * fill the allowance, 404 once there is room again.
 */
async function untilProbeAnswers(status: 503 | 404) {
  for (let i = 0; i < 300; i++) {
    const response = await fetch(`${base}/api/no-such-route`);
    await response.arrayBuffer();
    if (response.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the probe was never answered ${status}`);
}

describe.skipIf(!onPglite)("on PGlite, past the requests in flight it allows", () => {
  const ctx = useTestApp({ env: { PGLITE_MAX_IN_FLIGHT: "2" } });
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  // Before the app closes (after hooks run last-registered first): fetch keeps its connections open.
  afterAll(() => ctx.app.server.closeAllConnections());

  /** Holds the embedded database until the returned function is called. */
  async function holdDatabase(): Promise<() => Promise<void>> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const holding = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = ctx.database.pglite!.transaction(async () => {
      started();
      await released;
    });
    await holding;
    return async () => {
      release();
      await transaction;
    };
  }

  it("answers 503 with Retry-After at once, serves the probes, and admits again once one is done", async () => {
    const release = await holdDatabase();
    const waiting = [fetch(`${base}/api/buyer-listings`), fetch(`${base}/api/buyer-listings`)];
    await untilProbeAnswers(503);

    const refused = await fetch(`${base}/api/buyer-listings`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({ message: BUSY_MESSAGE, code: "unavailable" });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    await release();
    for (const response of await Promise.all(waiting)) expect(response.status).toBe(200);
    expect((await fetch(`${base}/api/buyer-listings`)).status).toBe(200);
  });

  it("counts a request whose client went away as done", async () => {
    const release = await holdDatabase();
    const aborts = [new AbortController(), new AbortController()];
    const gone = aborts.map((abort) =>
      fetch(`${base}/api/buyer-listings`, { signal: abort.signal }).catch(() => null),
    );
    await untilProbeAnswers(503);
    for (const abort of aborts) abort.abort();
    await Promise.all(gone);
    // Room again while the database is still held: the two left, though their statements wait.
    await untilProbeAnswers(404);
    await release();

    const responses = await Promise.all([
      fetch(`${base}/api/buyer-listings`),
      fetch(`${base}/api/buyer-listings`),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
  });
});
