import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import type { Mailer } from "./mailer";

// The app's Prometheus series (docs/operations.md#metrics, docs/decisions/021-metrics-prometheus.md).
// Each app has a registry of its own, made in buildApp and decorated as `app.metrics`, so two apps in
// one process (the tests build many) never share or clash over a series. Node's process series (memory,
// CPU, event-loop lag, GC) describe the process, not an app: they live in one registry per process,
// started by the first app that serves metrics, and every scrape appends them.

const PREFIX = "ppc_";

/** How many jobs of one queue are in one state (read from pg-boss's table at scrape time). */
export interface JobCount {
  queue: string;
  state: string;
  count: number;
}

export interface AppMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<"method" | "route" | "status_code">;
  readonly httpInFlight: Gauge;
  readonly mails: Counter<"outcome">;
  readonly listingImports: Counter<"outcome">;
  readonly listingImportRows: Counter<"outcome">;
  readonly stripeWebhooks: Counter<"type" | "outcome">;
}

/** The outcome of an import: written, a dry run's report, refused for errors in the file, or failed. */
export type ImportMetricOutcome = "imported" | "dry_run" | "refused" | "failed";

/** What became of a Stripe webhook request. */
export type WebhookMetricOutcome =
  | "processed"
  | "duplicate"
  | "invalid_signature"
  | "not_configured"
  | "failed";

/** The job states worth watching: waiting (created, retry), running, given up. */
export const JOB_STATES = ["created", "retry", "active", "failed"] as const;

let processRegistry: Registry | undefined;

/** The process's own series, started once per process. */
function startProcessMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

// Seconds; from a cached directory page (a few ms) to an import that streams a large file.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * A registry with every series of the app. `countJobs` is read at each scrape; `serve` says the app
 * serves its metrics (METRICS_TOKEN set), which starts the process series too.
 */
export function createMetrics({
  database,
  countJobs,
  queues,
  serve,
}: {
  database: Database;
  countJobs: () => Promise<JobCount[]>;
  /** Every queue name, so a queue with nothing in it reads 0 rather than nothing. */
  queues: readonly string[];
  serve: boolean;
}): AppMetrics {
  if (serve) startProcessMetrics();
  const registry = new Registry();
  const registers = [registry];

  const { pool } = database;
  // The embedded PGlite has one connection and no pool: these series exist on PostgreSQL only.
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge("db_pool_connections", "Connections the database pool holds open.", () => pool.totalCount);
    poolGauge("db_pool_connections_idle", "Open pool connections not in use.", () => pool.idleCount);
    poolGauge(
      "db_pool_waiting_clients",
      "Queries waiting for a pool connection (all connections busy).",
      () => pool.waitingCount,
    );
    poolGauge("db_pool_max_connections", "The pool's connection limit.", () => pool.options.max ?? 10);
  }

  new Gauge({
    name: `${PREFIX}job_queue_jobs`,
    help: "Jobs per queue and state: created and retry wait to run, active run, failed gave up (kept 7 days).",
    labelNames: ["queue", "state"],
    registers,
    async collect() {
      let counts: JobCount[];
      try {
        counts = await countJobs();
      } catch {
        // The database out of reach: the series is missing from this scrape rather than the scrape
        // failing; the request and pool series still say what happens.
        this.reset();
        return;
      }
      this.reset();
      for (const queue of queues) {
        for (const state of JOB_STATES) this.set({ queue, state }, 0);
      }
      for (const { queue, state, count } of counts) this.set({ queue, state }, count);
    },
  });

  return {
    registry,
    httpDuration: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "Time to answer an HTTP request, by method, route pattern and status code.",
      labelNames: ["method", "route", "status_code"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    httpInFlight: new Gauge({
      name: `${PREFIX}http_requests_in_flight`,
      help: "HTTP requests being answered.",
      registers,
    }),
    mails: new Counter({
      name: `${PREFIX}mails_total`,
      help: "Mails handed to the transport (SMTP, or the development outbox), by outcome: sent or failed.",
      labelNames: ["outcome"],
      registers,
    }),
    listingImports: new Counter({
      name: `${PREFIX}listing_imports_total`,
      help: "CSV listing imports, by outcome: imported, dry_run, refused (errors in the file) or failed.",
      labelNames: ["outcome"],
      registers,
    }),
    listingImportRows: new Counter({
      name: `${PREFIX}listing_import_rows_total`,
      help: "CSV rows read by listing imports, by the import's outcome.",
      labelNames: ["outcome"],
      registers,
    }),
    stripeWebhooks: new Counter({
      name: `${PREFIX}stripe_webhooks_total`,
      help: "Stripe webhook requests, by event type (unknown before the signature is verified) and outcome.",
      labelNames: ["type", "outcome"],
      registers,
    }),
  };
}

/** The Prometheus text of the app's series and the process's. */
export async function renderMetrics(metrics: AppMetrics): Promise<string> {
  const own = await metrics.registry.metrics();
  const processSeries = processRegistry ? await processRegistry.metrics() : "";
  return `${own}\n${processSeries}`;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * Whether an Authorization header carries the token as a bearer token. Both sides are hashed first, so
 * the comparison takes the same time whatever the header holds, its length included.
 */
export function bearerTokenMatches(token: string, authorization: string | undefined): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(authorization ?? "");
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const matches = timingSafeEqual(digest(match?.[1] ?? ""), digest(token));
  return match !== null && matches;
}

/** The mailer, counting each mail sent or failed (a failure is still thrown to the caller). */
export function countMails(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (err) {
        metrics.mails.inc({ outcome: "failed" });
        throw err;
      }
      metrics.mails.inc({ outcome: "sent" });
    },
  };
}
