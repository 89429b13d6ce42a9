import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig, useTestApp } from "../test/context";
import { createBuyer, createSignedInUser, sendQueuedMail } from "../test/factories";
import { startMetricsListener } from "./metrics";

// /metrics as Prometheus scrapes it: behind the token, in the text format, with the request series
// matching the traffic sent, the pool, queue and process series present and sane; absent without a
// token; on METRICS_PORT only there.

const TOKEN = "metrics-test-token-0123456789";
const AUTH = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
}

function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = find(samples, name, labels);
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

describe("metrics at /metrics", () => {
  const ctx = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

  async function scrape(): Promise<Sample[]> {
    const response = await ctx.app.inject({ url: "/metrics", headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(response.body);
  }

  it("counts the traffic it saw, by route pattern, method and status", async () => {
    const before = await scrape();
    const countOf = (samples: Sample[], labels: Record<string, string>) =>
      sampleValue(samples, "ppc_http_request_duration_seconds_count", labels) ?? 0;
    const health = { method: "GET", route: "/api/health", status_code: "200" };
    const unknown = { method: "GET", route: "unmatched", status_code: "404" };
    const magicLink = { method: "POST", route: "/api/auth/magic-link", status_code: "202" };
    // The client build's files share one label: each has a route of its own, renamed by every build.
    const file = { method: "GET", route: "static", status_code: "200" };

    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/api/no/such/route?x=1" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: "/api/no/other/route" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: "/index.html" })).statusCode).toBe(200);
    const requested = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "metrics@example.test" },
    });
    expect(requested.statusCode).toBe(202);
    // The link's mail is a job: sent by the queue's worker, here run by the test.
    await sendQueuedMail(ctx);

    const after = await scrape();
    expect(countOf(after, health) - countOf(before, health)).toBe(3);
    expect(countOf(after, unknown) - countOf(before, unknown)).toBe(2);
    expect(countOf(after, magicLink) - countOf(before, magicLink)).toBe(1);
    expect(countOf(after, file) - countOf(before, file)).toBe(1);
    // The pattern, never the URL: no label carries what a client typed.
    const routes = new Set(find(after, "ppc_http_request_duration_seconds_count").map((s) => s.labels.route));
    expect([...routes].filter((route) => route?.includes("no/"))).toEqual([]);
    // The scrape leaves itself out.
    expect(routes.has("/metrics")).toBe(false);
    expect(sampleValue(after, "ppc_http_requests_in_flight")).toBe(0);
    // The sign-in mail went out through the counted mailer.
    expect(sampleValue(after, "ppc_mails_total", { outcome: "sent" })).toBe(
      (sampleValue(before, "ppc_mails_total", { outcome: "sent" }) ?? 0) + 1,
    );

    // Buckets count cumulatively up to +Inf, which is the count.
    const buckets = find(after, "ppc_http_request_duration_seconds_bucket", health);
    expect(buckets.length).toBeGreaterThan(5);
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets.at(-1)?.labels.le).toBe("+Inf");
    expect(buckets.at(-1)?.value).toBe(countOf(after, health));
    expect(sampleValue(after, "ppc_http_request_duration_seconds_sum", health)).toBeGreaterThan(0);
  });

  it("reports the database pool, the job queue and the process", async () => {
    await ctx.app.jobs.send("housekeeping", {});
    const samples = await scrape();
    // Every queue is listed, empty ones at 0.
    expect(sampleValue(samples, "ppc_job_queue_jobs", { queue: "housekeeping", state: "created" })).toBe(1);
    expect(
      sampleValue(samples, "ppc_job_queue_jobs", { queue: "reliability-refresh", state: "failed" }),
    ).toBe(0);
    if (ctx.database.engine === "postgres") {
      const total = sampleValue(samples, "ppc_db_pool_connections")!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, "ppc_db_pool_connections_idle")).toBeLessThanOrEqual(total);
      expect(sampleValue(samples, "ppc_db_pool_waiting_clients")).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, "ppc_db_pool_max_connections")).toBeGreaterThanOrEqual(total);
    } else {
      // The embedded engine has no pool.
      expect(find(samples, "ppc_db_pool_connections")).toEqual([]);
    }
    expect(sampleValue(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleValue(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("counts CSV imports by outcome and Stripe webhooks by type and outcome", async () => {
    const admin = await createSignedInUser(ctx, { role: "admin" });
    const { profile } = await createBuyer(ctx.database.db);
    const before = await scrape();
    const dryRun = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/buyer-listings/import-csv?dryRun=1&buyerId=${profile.id}`,
      headers: { cookie: admin.cookie, "content-type": "text/csv" },
      payload: "title,vertical,payout\nSolar Calls,Solar,50\nLegal Calls,Legal,60\n",
    });
    expect(dryRun.statusCode).toBe(200);
    // Payments are not configured in tests: the webhook answers 503 and says so in the series.
    const webhook = await ctx.app.inject({ method: "POST", url: "/api/stripe/webhook", payload: {} });
    expect(webhook.statusCode).toBe(503);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(delta("ppc_listing_imports_total", { outcome: "dry_run" })).toBe(1);
    expect(delta("ppc_listing_import_rows_total", { outcome: "dry_run" })).toBe(2);
    expect(delta("ppc_listing_imports_total", { outcome: "imported" })).toBe(0);
    expect(delta("ppc_stripe_webhooks_total", { type: "unverified", outcome: "not_configured" })).toBe(1);
  });

  it("answers 401 without the token or with a wrong one", async () => {
    for (const headers of [
      {},
      { authorization: "Bearer wrong-token-0123456789" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    ]) {
      const response = await ctx.app.inject({ url: "/metrics", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ code: "unauthorized" });
      expect(response.headers["www-authenticate"]).toBe("Bearer");
      expect(response.body).not.toContain("ppc_");
    }
  });
});

describe("metrics turned off or on a port of their own", () => {
  const ctx = useTestApp();

  it("has no /metrics without METRICS_TOKEN", async () => {
    const response = await ctx.app.inject({ url: "/metrics", headers: AUTH });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("ppc_");
  });

  it("serves /metrics on METRICS_PORT only, not on the app's port", async () => {
    const config = testConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: "0" });
    const app = await buildApp({ config, database: ctx.database, logger: false });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const appPort = (app.server.address() as AddressInfo).port;
      const { port } = await startMetricsListener(app, { port: 0, host: "127.0.0.1" });
      expect(port).not.toBe(appPort);

      const onApp = await fetch(`http://127.0.0.1:${appPort}/metrics`, { headers: AUTH });
      expect(onApp.status).toBe(404);
      expect(await onApp.text()).not.toContain("ppc_");
      // The app's port still serves (and counts) the app.
      expect((await fetch(`http://127.0.0.1:${appPort}/api/health`)).status).toBe(200);

      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: AUTH });
      expect(scraped.status).toBe(200);
      const samples = parseMetrics(await scraped.text());
      expect(
        sampleValue(samples, "ppc_http_request_duration_seconds_count", {
          method: "GET",
          route: "/api/health",
          status_code: "200",
        }),
      ).toBe(1);
      expect(sampleValue(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);

      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`, { headers: AUTH })).status).toBe(404);
    } finally {
      await app.close();
    }
    // Closed with the app.
    expect(app.metricsServer?.listening).toBe(false);
  });
});
