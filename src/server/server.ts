import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { type AppConfig, ConfigError, loadConfig } from "./config";
import { type Db, openDatabase } from "./db/client";
import { PgliteDirBusyError, pgliteBusyLine } from "./db/pglite-owner";
import type { PaymentSimulation, startPaymentSimulation } from "./features/payment-simulation/simulation";
import { migrateDatabase } from "./jobs/migrate-database";
import { LogThrottle } from "./lib/log-throttle";
import { warnAboutStripePrice } from "./lib/stripe";
import { serializeError } from "./plugins/logging";
import { startMetricsListener } from "./plugins/metrics";
import { checkPortsFree, databaseError, listenError, StartupError } from "./startup-checks";

export interface ServerOptions {
  /** Demo data written after the migrations in development (the entries for this machine pass it). */
  demoSeed?: (db: Db, options: { payments: AppConfig["payments"] }) => Promise<unknown>;
  /**
   * PAYMENTS=simulated: starts the simulated provider (main.ts passes it; the production entry does not
   * carry it, and the config refuses simulated payments in production anyway).
   */
  simulatePayments?: typeof startPaymentSimulation;
  /**
   * With simulated payments in development, once listening (the purchases' webhooks come to this
   * server): the demo accounts' plans and boosts, bought as a user would.
   */
  demoPurchases?: (app: FastifyInstance, simulation: PaymentSimulation) => Promise<unknown>;
  /**
   * The client build npm start runs beside the migrations and the seed: the app reads dist/client, so
   * it is awaited before the app is built. A failed build stops the start.
   */
  clientBuild?: Promise<void>;
  /** Sends the spans still buffered, when tracing is on (boot.ts); awaited before the process exits. */
  flushTelemetry?: () => Promise<void>;
}

/**
 * The process: config, database, migrations, the app, the job queue, listening, graceful shutdown. Two
 * entries start it: main.ts (development and tests, with the demo seed) and production.ts (the compiled
 * server, without it).
 */
export function runServer(options: ServerOptions = {}): void {
  start(options).catch((err) => {
    // A problem the operator can fix is one line; anything unforeseen is printed whole.
    console.error(err instanceof StartupError ? err.message : err);
    process.exit(1);
  });
}

async function start({
  demoSeed,
  simulatePayments,
  demoPurchases,
  flushTelemetry,
  clientBuild,
}: ServerOptions) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const ports = [{ name: "PORT", port: config.port }];
  if (config.metrics?.port !== undefined) ports.push({ name: "METRICS_PORT", port: config.metrics.port });
  await checkPortsFree(ports, config.host);

  // An idle connection dropped by the server (a restart, a network cut): worth a line, not a crash.
  let onPoolError = (err: Error) => console.error(`database connection lost: ${err.message}`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      owner: { kind: "server", name: config.appUrl },
      onPoolError: (err) => onPoolError(err),
    });
  } catch (err) {
    if (err instanceof PgliteDirBusyError) {
      console.error(pgliteBusyLine(err));
      process.exit(1);
    }
    throw err;
  }
  // The first contact with PostgreSQL says plainly what is wrong with it (no such database, role or
  // server), before the migrations would fail on it with a driver's error.
  if (config.databaseUrl) {
    try {
      await database.ping();
    } catch (err) {
      await database.close().catch(() => {});
      throw databaseError(err, config.databaseUrl);
    }
  }
  // Several instances may start at once: migrations and the seed run under one lock (db/apply-migrations.ts).
  const payments = config.payments;
  await migrateDatabase(database, {
    afterMigrations: config.isDevelopment && demoSeed ? (db) => demoSeed(db, { payments }) : undefined,
  });

  // The simulator's troubles go to the app's log once there is one.
  let warnOfSimulation = (message: string, err?: unknown) => console.warn(message, err ?? "");
  let simulation: PaymentSimulation | undefined;
  if (payments === "simulated") {
    if (!simulatePayments) {
      await database.close();
      throw new StartupError(
        "PAYMENTS=simulated runs only in the development server (npm start, npm run dev): set PAYMENTS=stripe here.",
      );
    }
    simulation = await simulatePayments({
      config,
      db: database.db,
      warn: (message, err) => warnOfSimulation(message, err),
    });
    config = simulation.config;
  }

  if (clientBuild) {
    try {
      await clientBuild;
    } catch (err) {
      await simulation?.close();
      await database.close();
      throw new StartupError(`Not started: ${(err as Error).message}.`);
    }
  }
  const app = await buildApp({ config, database, paymentSimulator: simulation?.simulator });
  warnOfSimulation = (message, err) => app.log.warn({ err }, message);
  // Brief, and once per 10 s: a database restart drops every idle connection of the pool at once.
  const poolErrors = new LogThrottle(10_000);
  onPoolError = (err) => {
    const admitted = poolErrors.admit("pool");
    if (!admitted) return;
    const cause = serializeError(err, { stack: false });
    app.log.warn({ cause, suppressed: admitted.suppressed }, "database connection lost");
  };
  app.log.info({ engine: database.engine, env: config.env }, "database ready");
  // Workers and schedules of the job queue, on this same database (pg-boss through our executor). They
  // stop in the app's onClose, before the database closes.
  await app.jobs.start();
  app.log.info("job queue started");

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // SIGTERM is an orchestrator's rolling restart. First /api/ready answers 503 while everything else
    // is still served (each answer closing its connection), until the load balancer's health check
    // has moved traffic away; only then does the listener close. Ctrl-C (SIGINT) is a person at a
    // terminal: no wait.
    const drainMs = signal === "SIGTERM" ? config.shutdownDrainMs : 0;
    app.startDraining();
    if (drainMs > 0) app.log.info({ signal, drainMs }, "shutting down: not ready, still serving");
    // Fails fast instead of hanging forever if something refuses to close.
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, drainMs + 15_000);
    timer.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      app.log.info({ signal }, "shutting down: finishing in-flight requests");
      // Stops listening (new connections are refused, which a proxy retries elsewhere), closes idle
      // connections, serves the requests already received, then stops the job workers.
      await app.close();
      await simulation?.close();
      await database.close();
      // The last spans, but a collector that does not answer may hold the exit up for 2 s at most.
      if (flushTelemetry) await Promise.race([flushTelemetry(), new Promise((r) => setTimeout(r, 2000))]);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // Fastify would print the bound address (http://0.0.0.0:5000 or 127.0.0.1); say instead where the app
  // is meant to be opened, the address sign-in links and cookies are made for.
  try {
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `Server listening at ${address}: open ${config.appUrl}`,
    });
    if (config.metrics?.port !== undefined) {
      const { port } = await startMetricsListener(app, { port: config.metrics.port, host: config.host });
      app.log.info({ port }, "metrics listening");
    }
  } catch (err) {
    // Taken since checkPortsFree looked: worded the same, and the job workers stop before the exit.
    // Node's listen error names the port it wanted.
    const failed = ports.find((p) => p.port === (err as { port?: number }).port) ?? ports[0]!;
    const known = listenError(err, { ...failed, host: config.host });
    if (!known) throw err;
    await app.close().catch(() => {});
    await simulation?.close().catch(() => {});
    throw known;
  }
  logPayments(app, config);
  if (simulation) {
    simulation.connect(app.server.address() as AddressInfo);
    if (config.isDevelopment && demoPurchases) {
      await demoPurchases(app, simulation).then(
        (bought) => app.log.info({ bought }, "demo purchases checked"),
        (err) => app.log.warn({ err }, "the demo purchases could not be made"),
      );
    }
  }
  // Not awaited: a slow or unreachable Stripe must not hold up serving; the outcome is only a log line.
  void warnAboutStripePrice({ stripe: app.stripe, config, log: app.log }).catch((err) =>
    app.log.warn({ err }, "could not check the Stripe price"),
  );
}

/** One line at start saying where payments go, so nobody takes a simulated payment for a real one. */
function logPayments(app: FastifyInstance, config: AppConfig): void {
  if (config.payments === "simulated") {
    app.log.info(
      { payments: "simulated" },
      "payments: simulated, no money moves (PAYMENTS=simulated): pay with test card 4242 4242 4242 4242",
    );
  } else if (config.stripe.secretKey) {
    const mode = config.stripe.secretKey.startsWith("sk_live_") ? "live" : "test";
    app.log.info({ payments: "stripe", mode }, `payments: Stripe, ${mode} mode`);
  } else {
    app.log.info(
      { payments: "stripe" },
      "payments: Stripe, not configured (no STRIPE_SECRET_KEY): nothing can be bought",
    );
  }
}
