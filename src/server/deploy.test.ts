import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Database } from "./db/client";
import { buyerListings, savedListings } from "./db/schema";
import { openTestDatabase } from "./test/context";
import { createBuyer, createUser, outboxMagicToken } from "./test/factories";
import { freePort, type ServerProcess, spawnServer, waitUntilReady } from "./test/server-process";

// deploy/compose.yaml's topology with real processes: Caddy (Debian's package) with deploy/Caddyfile in
// front of two app instances on one PostgreSQL database. Under steady load (reads, and signed-in writes
// that each save another listing), instance A restarts, then B (SIGTERM, exit, start, ready): no request
// fails, every write that got a 2xx is in the database, and the one session cookie works on whichever
// instance is up. The figures are printed. CI installs Caddy (.ci/run); there a missing binary fails.
// The machine is kept busy throughout (one spinning process per core, as other work on a shared host),
// since that is when a readiness check that waits behind the load misses Caddy's health timeout and
// Caddy takes the one instance left out of rotation.

const ENGINE = process.env.TEST_DB_ENGINE;
const CADDYFILE = join(import.meta.dirname, "../../deploy/Caddyfile");
const COMPOSE = join(import.meta.dirname, "../../deploy/compose.yaml");
const hasCaddy = spawnSync("caddy", ["version"]).status === 0;
// The instances run the compiled server, as the image does (and start in a second or two, not the ten
// that compiling the sources on the fly takes on a busy machine): built here, into a folder of its own.
const SERVER_BUILD = "dist/deploy-test-server";
/** Longer than the Caddyfile's health_interval + health_timeout (1 s + 3 s), as in compose.yaml. */
const DRAIN_MS = 4500;
const SESSION_SECRET = "deploy-test-session-secret-0123456789abcdef";
const READERS = 3;
/** Signed-in writes sent each second, each saving another listing. */
const WRITES_PER_SECOND = 25;
/** Each reader pauses this long between requests. */
const PAUSE_MS = 10;
const LISTINGS = 3000;
/** Spinning processes per core. */
const BUSY_PER_CORE = 2;

describe("deploy/compose.yaml", () => {
  it("runs two instances of one image behind the Caddyfile the test runs, draining longer than Caddy's health checks", () => {
    const compose = parse(readFileSync(COMPOSE, "utf8"));
    const { db, proxy, ...apps } = compose.services;
    expect(Object.keys(apps)).toEqual(["app-a", "app-b"]);
    expect(apps["app-a"]).toEqual(apps["app-b"]);
    const app = apps["app-a"];
    expect(app.build).toEqual({ context: "..", dockerfile: "Dockerfile" });
    expect(app.healthcheck.test.join(" ")).toContain("/api/ready");
    expect(app.environment.TRUST_PROXY).toBe("1");
    expect(app.environment.DATABASE_URL).toMatch(/@db:5432\//);
    expect(db.healthcheck).toBeDefined();
    expect(proxy.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(proxy.environment.UPSTREAMS).toBe("app-a:5000 app-b:5000");

    const caddyfile = readFileSync(CADDYFILE, "utf8");
    const healthMs = caddySetting(caddyfile, "health_interval") + caddySetting(caddyfile, "health_timeout");
    const drainMs = Number(app.environment.SHUTDOWN_DRAIN_MS);
    expect(drainMs).toBeGreaterThan(healthMs);
    expect(DRAIN_MS).toBeGreaterThan(healthMs);
    // SIGTERM's drain plus the 15 s the server gives itself to close, within Docker's stop timeout.
    expect(Number.parseInt(app.stop_grace_period, 10) * 1000).toBeGreaterThan(drainMs + 15_000);
  });
});

interface Tally {
  requests: number;
  failures: string[];
  writes: number;
  /** Signed-in requests answered while one instance was down, by the instance that was down. */
  servedWhileDown: Record<"a" | "b", number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Caddyfile's `name Ns` setting, in milliseconds. */
function caddySetting(caddyfile: string, name: string): number {
  return Number(caddyfile.match(new RegExp(`\\n\\s*${name} (\\d+)s\\n`))?.[1]) * 1000;
}

/** One process spinning per core until killed: the busy host the recipe must hold on. */
function keepCpuBusy(): ChildProcess[] {
  return Array.from({ length: BUSY_PER_CORE * availableParallelism() }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
}

/** What Caddy's active health check sees: /api/ready's status, or "timeout" past `timeoutMs`. */
async function probeReady(url: string, timeoutMs: number): Promise<string> {
  const started = Date.now();
  try {
    const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200 ? "ok" : `${res.status} after ${Date.now() - started} ms`;
  } catch (err) {
    return `${(err as Error).name === "TimeoutError" ? "timeout" : (err as Error).message} after ${Date.now() - started} ms`;
  }
}

function send(
  url: string,
  { method = "GET", cookie, agent }: { method?: string; cookie?: string; agent: Agent },
): Promise<{ status: number; body: string; setCookie?: string[] } | { error: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const req = request(url, { method, headers, agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers["set-cookie"] }),
      );
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

async function postJson(url: string, payload: object) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  return res;
}

describe.runIf(ENGINE === "postgres")("two instances behind Caddy, restarted one after the other", () => {
  let database: Database;
  const dir = mkdtempSync(join(tmpdir(), "ppc-deploy-"));
  const processes: ChildProcess[] = [];
  const ports = { a: 0, b: 0 };
  const instances = {} as Record<"a" | "b", ChildProcess>;
  /** The spinning processes, killed as soon as the restarts are over (and in afterAll, whatever happens). */
  const busy: ChildProcess[] = [];
  let proxyUrl = "";
  let env: Record<string, string> = {};

  async function startInstance(name: "a" | "b"): Promise<ServerProcess> {
    const server = await spawnServer(env, { port: ports[name], entry: `${SERVER_BUILD}/main.js` });
    processes.push(server.process);
    instances[name] = server.process;
    await waitUntilReady(server, Date.now() + 60_000);
    return server;
  }

  beforeAll(async () => {
    if (!hasCaddy) return;
    const built = spawnSync(process.execPath, ["scripts/build-server.mjs", SERVER_BUILD], {
      encoding: "utf8",
    });
    if (built.status !== 0) throw new Error(`the server build failed:\n${built.stderr}`);
    database = await openTestDatabase();
    [ports.a, ports.b] = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    env = {
      APP_ENV: "test",
      DATABASE_URL: String(database.pool!.options.connectionString),
      APP_URL: proxyUrl,
      SESSION_SECRET,
      TRUST_PROXY: "loopback",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: "warn",
      // The load stands for many users but signs in as one: a user's own write limit would refuse it.
      SESSION_WRITE_RATE_LIMIT: "100000",
    };
    const caddy = spawn("caddy", ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        SITE_ADDRESS: proxyUrl,
        PROXY_BIND: "127.0.0.1",
        UPSTREAMS: `127.0.0.1:${ports.a} 127.0.0.1:${ports.b}`,
        // Caddy's own state (certificates, autosaved configuration) stays in the test's folder.
        HOME: dir,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
      },
      // CADDY_LOG=1 shows Caddy's log (health checks, retries) when a run needs explaining.
      stdio: ["ignore", "ignore", process.env.CADDY_LOG ? "inherit" : "ignore"],
    });
    processes.push(caddy);
    await Promise.all([startInstance("a"), startInstance("b")]);
  }, 120_000);

  afterAll(async () => {
    for (const child of [...busy, ...processes]) if (child.exitCode === null) child.kill("SIGKILL");
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(SERVER_BUILD, { recursive: true, force: true });
    rmSync(`${SERVER_BUILD}-scripts`, { recursive: true, force: true });
  });

  it.skipIf(!hasCaddy && !process.env.CI)(
    "loses no request, no write and no session while each instance restarts under load",
    async () => {
      if (!hasCaddy) throw new Error("caddy is not installed (apt-get install -y caddy; .ci/run does it)");
      await expect.poll(async () => (await fetch(`${proxyUrl}/api/ready`)).status).toBe(200);

      // A publisher signs in through the proxy (the real sign-in-link flow), and a buyer's listings
      // give each write a listing of its own to save.
      const { profile: buyer } = await createBuyer(database.db);
      const rows = Array.from({ length: LISTINGS }, (_, i) => ({
        buyerId: buyer.id,
        title: `Inbound calls ${i}`,
        vertical: "Insurance" as const,
        payout: "40.00",
      }));
      const listingIds = (
        await database.db.insert(buyerListings).values(rows).returning({ id: buyerListings.id })
      ).map((r) => r.id);
      const publisher = await createUser(database.db, { role: "publisher" });
      expect((await postJson(`${proxyUrl}/api/auth/magic-link`, { email: publisher.email })).status).toBe(
        202,
      );
      // The instances' own workers send the mail (within a second: the sign-in queue is woken at once).
      await expect
        .poll(() => outboxMagicToken(database.db, publisher.email), { timeout: 10_000 })
        .toBeTruthy();
      const token = (await outboxMagicToken(database.db, publisher.email))!;
      const verified = await postJson(`${proxyUrl}/api/auth/magic-link/verify`, { token });
      expect(verified.status).toBe(200);
      const cookie = verified.headers
        .getSetCookie()
        .find((c) => c.startsWith("ppc.sid="))!
        .split(";")[0]!;

      busy.push(...keepCpuBusy());
      const tally: Tally = { requests: 0, failures: [], writes: 0, servedWhileDown: { a: 0, b: 0 } };
      let down: "a" | "b" | undefined;
      let running = true;
      const agent = new Agent({ keepAlive: true, maxSockets: READERS });
      const record = (what: string, outcome: Awaited<ReturnType<typeof send>>, expected: number) => {
        tally.requests++;
        if ("error" in outcome) tally.failures.push(`${what}: ${outcome.error}`);
        else if (outcome.status !== expected)
          tally.failures.push(`${what}: ${outcome.status} ${outcome.body}`);
        else return true;
        return false;
      };
      const readers = Array.from({ length: READERS }, async (_, i) => {
        while (running) {
          // Every other read is signed in: the session must hold on whichever instance answers.
          if (i % 2) {
            const res = await send(`${proxyUrl}/api/auth/user`, { cookie, agent });
            if (record("GET /api/auth/user", res, 200) && "body" in res) {
              expect(JSON.parse(res.body).id).toBe(publisher.id);
              if (down) tally.servedWhileDown[down]++;
            }
          } else {
            record("GET /api/buyer-listings", await send(`${proxyUrl}/api/buyer-listings`, { agent }), 200);
          }
          await new Promise((r) => setTimeout(r, PAUSE_MS));
        }
      });
      // Writes arrive at a steady rate whether or not earlier ones were answered, as users' clicks do:
      // on a busy host they pile up and hold every connection of the survivor's pool.
      const writeAgent = new Agent({ keepAlive: true });
      const pendingWrites: Promise<void>[] = [];
      const writers = (async () => {
        while (running && listingIds.length > 0) {
          const id = listingIds.pop()!;
          pendingWrites.push(
            send(`${proxyUrl}/api/saved-listings/${id}`, { method: "PUT", cookie, agent: writeAgent }).then(
              (res) => {
                if (record("PUT /api/saved-listings", res, 204)) {
                  tally.writes++;
                  if (down) tally.servedWhileDown[down]++;
                }
              },
            ),
          );
          await sleep(1000 / WRITES_PER_SECOND);
        }
        await Promise.all(pendingWrites);
      })();

      // While one instance restarts, the other is asked what Caddy asks it, as often, with the same
      // timeout: each answer that is not a 200 in time would have taken the last instance out.
      const caddyfile = readFileSync(CADDYFILE, "utf8");
      const healthTimeoutMs = caddySetting(caddyfile, "health_timeout");
      let restarting: "a" | "b" | undefined;
      const survivorProbes: string[] = [];
      const survivorMisses: string[] = [];
      const monitor = (async () => {
        while (running) {
          const survivor = restarting === "a" ? "b" : restarting === "b" ? "a" : undefined;
          if (survivor) {
            const outcome = await probeReady(`http://127.0.0.1:${ports[survivor]}`, healthTimeoutMs);
            survivorProbes.push(outcome);
            if (outcome !== "ok") survivorMisses.push(`${survivor.toUpperCase()}: ${outcome}`);
          }
          await sleep(caddySetting(caddyfile, "health_interval"));
        }
      })();

      const restarts: string[] = [];
      await sleep(1000);
      for (const name of ["a", "b"] as const) {
        const started = Date.now();
        const exited = new Promise((resolve) => instances[name].once("exit", resolve));
        restarting = name;
        instances[name].kill("SIGTERM");
        const code = await exited;
        down = name;
        const stoppedAfter = Date.now() - started;
        await startInstance(name);
        down = undefined;
        restarts.push(
          `${name.toUpperCase()}: exit ${code} after ${stoppedAfter} ms, ready again after ${Date.now() - started} ms`,
        );
        // Caddy's next health check puts it back in rotation.
        await sleep(1500);
        restarting = undefined;
      }
      running = false;
      await Promise.all([...readers, writers, monitor]);
      agent.destroy();
      writeAgent.destroy();
      for (const child of busy) child.kill("SIGKILL");

      const [saved] = await database.db
        .select({ n: count() })
        .from(savedListings)
        .where(eq(savedListings.userId, publisher.id));
      const lost = tally.writes - Number(saved!.n);
      console.info(
        `[deploy] on a busy host (${busy.length} spinning processes): ${tally.requests} requests through Caddy, ${tally.failures.length} failed; ${tally.writes} writes answered 2xx, ${Number(saved!.n)} in the database, lost ${lost}; signed-in requests served while A was down ${tally.servedWhileDown.a}, while B was down ${tally.servedWhileDown.b}; the other instance's readiness ${survivorProbes.length - survivorMisses.length} of ${survivorProbes.length} probes within ${healthTimeoutMs} ms; restarts: ${restarts.join("; ")}`,
      );
      expect(tally.failures).toEqual([]);
      expect(survivorMisses).toEqual([]);
      expect(survivorProbes.length).toBeGreaterThan(0);
      expect(lost).toBe(0);
      expect(tally.writes).toBeGreaterThan(0);
      // The one cookie worked on B alone while A was down, and on A alone while B was.
      expect(tally.servedWhileDown.a).toBeGreaterThan(0);
      expect(tally.servedWhileDown.b).toBeGreaterThan(0);
    },
    180_000,
  );
});
