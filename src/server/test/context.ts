import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { PageRenderer } from "../../shared/page-render";
import { buildApp } from "../app";
import { type AppConfig, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { preparedStatementText } from "../db/pglite-prepared";
import type { TxtResolver } from "../features/buyer-verification/domain-proof";
import { type PaymentSimulation, startPaymentSimulation } from "../features/payment-simulation/simulation";
import { JOB_SCHEMA } from "../jobs/job-queue";
import { adminQuery, withDatabase } from "./global-setup";
import { PGLITE_SNAPSHOT } from "./paths";

export const TEST_APP_URL = "http://localhost:5000";

/**
 * The PostgreSQL server the postgres project runs on: TEST_DATABASE_URL's, or the run's throwaway one
 * (test/global-setup.ts provides it). Read it here, not from process.env: a throwaway server has no
 * variable of its own.
 */
export function testDatabaseUrl(): string {
  const url = inject("testDatabaseUrl");
  if (!url) throw new Error("no PostgreSQL server in this run: only the postgres project has one");
  return url;
}

/**
 * A fresh database for one test file, on the engine of the vitest project (pglite or postgres): migrated,
 * or with `empty` not even that (a migration's own test applies them itself).
 */
export async function openTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<Database> {
  if (process.env.TEST_DB_ENGINE === "postgres") {
    const url = testDatabaseUrl();
    const name = `${inject("pgTemplate")}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, `create database ${name}${empty ? "" : ` template ${inject("pgTemplate")}`}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolMax: 5 });
    const close = database.close;
    database.close = async () => {
      await close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    };
    return database;
  }
  if (empty) return openDatabase({ pgliteDir: "memory://" });
  const snapshot = new Blob([readFileSync(PGLITE_SNAPSHOT)]);
  return openDatabase({ pgliteDir: "memory://", pgliteSnapshot: snapshot });
}

let workerDatabase: Promise<Database> | undefined;

/**
 * The database of this test worker: opened on first use and kept for every file the worker runs (server
 * test files share their worker's modules, see vitest.config.ts), emptied before each test by useTestApp.
 * Opening one costs a snapshot load or a database clone per worker instead of per file. Never close it: the
 * worker's exit ends it, and the run's global teardown drops the PostgreSQL ones.
 */
function workerTestDatabase(): Promise<Database> {
  workerDatabase ??= openTestDatabase();
  return workerDatabase;
}

/**
 * Empties every table (keeps the migrations journal), so each test starts from nothing; and the job
 * queue's jobs and schedules (its queues stay: migrations made them). One statement, deleting rather than
 * truncating: TRUNCATE gives every table new files, which cost 280 ms per test on PostgreSQL and 80 ms
 * on PGlite against 4-5 ms for these deletes (docs/performance.md, "Test suite"). Foreign keys are not
 * checked meanwhile (replica role, for this transaction only), so the order of the tables is free.
 */
const EMPTY_EVERY_TABLE = `do $$
declare t text;
begin
  perform set_config('session_replication_role', 'replica', true);
  for t in select quote_ident(tablename) from pg_tables where schemaname = 'public' loop
    execute 'delete from ' || t;
  end loop;
  delete from ${JOB_SCHEMA}.job;
  delete from ${JOB_SCHEMA}.archive;
  delete from ${JOB_SCHEMA}.schedule;
end $$`;

export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql.raw(EMPTY_EVERY_TABLE));
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    APP_ENV: "test",
    APP_URL: TEST_APP_URL,
    SESSION_SECRET: "test-session-secret-0123456789abcdef-0123456789",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** With `simulatePayments`: the simulated provider the app's Stripe settings point at. */
  simulation?: PaymentSimulation;
}

/**
 * Registers hooks that give the test file one app on its worker's database, emptied before each test.
 * Read `ctx.app` inside tests (it is set in beforeAll). `resetEach: false` empties it once, before the
 * file's own beforeAll: for tests that read one world made there and change nothing another test reads.
 */
export function useTestApp(
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    resetEach?: boolean;
    clientDir?: string;
    resolveTxt?: TxtResolver;
    /** What draws the public pages; none by default, whatever the client build holds. */
    pageRenderer?: PageRenderer;
    /**
     * PAYMENTS=simulated as the development server runs it: the simulator started on the test database,
     * and the app listening on a loopback port, where the simulator's webhook events arrive.
     */
    simulatePayments?: boolean;
  } = {},
): TestContext {
  const ctx = {} as TestContext;
  const resetEach = options.resetEach ?? true;
  beforeAll(async () => {
    ctx.database = await workerTestDatabase();
    if (!resetEach) await resetDatabase(ctx.database);
    ctx.config = testConfig(
      options.simulatePayments ? { PAYMENTS: "simulated", ...options.env } : options.env,
    );
    if (options.simulatePayments) {
      ctx.simulation = await startPaymentSimulation({
        config: ctx.config,
        db: ctx.database.db,
        warn: (message) => console.warn(message),
      });
      ctx.config = ctx.simulation.config;
    }
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: false,
      now: options.now,
      clientDir: options.clientDir,
      resolveTxt: options.resolveTxt,
      pageRenderer: options.pageRenderer ?? null,
      paymentSimulator: ctx.simulation?.simulator,
    });
    await ctx.app.ready();
    if (ctx.simulation) {
      await ctx.app.listen({ port: 0, host: "127.0.0.1" });
      ctx.simulation.connect(ctx.app.server.address() as AddressInfo);
    }
  });
  beforeEach(async () => {
    if (resetEach) await resetDatabase(ctx.database);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.simulation?.close();
  });
  return ctx;
}

/** The session cookie from a response, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "ppc.sid");
  if (!cookie) throw new Error(`no session cookie in response (status ${response.statusCode})`);
  return `ppc.sid=${cookie.value}`;
}

/**
 * Records the SQL text of every statement the app sends to the database until `stop()` (both engines:
 * the pool's or PGlite's query function, and on PGlite each run of a named prepared statement, seen as
 * its Bind message: db/pglite-prepared.ts), for tests that count a request's round trips.
 */
export function recordStatements(database: Database): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const target = (database.pool ?? database.pglite) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    texts.push(typeof first === "string" ? first : first.text);
    return original.apply(this, args);
  };
  const pglite = database.pglite;
  const protocolTarget = pglite as unknown as { execProtocolRawStream: (...args: unknown[]) => unknown };
  const originalStream = protocolTarget?.execProtocolRawStream;
  if (pglite && originalStream) {
    protocolTarget.execProtocolRawStream = function (this: unknown, ...args: unknown[]) {
      const name = boundStatementName(args[0] as Uint8Array);
      // A batch that prepares a statement (Parse first) is not a run of it; the run that follows is.
      if (name) texts.push(preparedStatementText(pglite, name) ?? `(prepared statement ${name})`);
      return originalStream.apply(this, args);
    };
  }
  return {
    texts,
    stop: () => {
      target.query = original;
      if (pglite && originalStream) protocolTarget.execProtocolRawStream = originalStream;
    },
  };
}

/**
 * The statement named by the Bind a batch starts with ('B', its length, the portal, then the statement,
 * each ended by 0); null for a batch that starts otherwise (Parse, when a statement is prepared).
 */
function boundStatementName(message: Uint8Array): string | null {
  if (message[0] !== 0x42) return null;
  const portalEnd = message.indexOf(0, 5);
  const statementEnd = message.indexOf(0, portalEnd + 1);
  return new TextDecoder().decode(message.subarray(portalEnd + 1, statementEnd)) || null;
}
