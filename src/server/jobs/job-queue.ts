import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import { z } from "zod";
import { type Database, type Db, selectRows } from "../db/client";
import { LogThrottle } from "../lib/log-throttle";
import { JOB_STATES, type JobCount } from "../lib/metrics";
import {
  JOB_MAINTENANCE_SECONDS,
  type JobPayloads,
  QUEUE_NAMES,
  QUEUES,
  type QueueName,
  WORKER_CONCURRENCY,
  WORKER_POLLING_SECONDS,
} from "./queues";

// Background work through pg-boss on the app's own database (docs/decisions/011-job-queue.md): no
// home-made queue, no timers of our own. pg-boss talks to the database through the executor below,
// so the same queue runs on PostgreSQL (the app's pool) and on the embedded PGlite.

/** pg-boss keeps its tables in this schema, next to ours in `public`. */
export const JOB_SCHEMA = "pgboss";

/**
 * pg-boss's custom executor (its `db` option): `executeSql(text, values)` answering `{ rows }`.
 * PGlite's `query` takes one statement with parameters; pg-boss sends its schema DDL as one string of
 * several statements without parameters, which only `exec` accepts (it answers one result per
 * statement: the last one's rows are the answer). node-postgres takes both forms in `query`.
 */
function jobExecutor(database: Database): PgBoss.Db {
  const { pglite, pool } = database;
  if (pglite) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  if (!pool) throw new Error("a PostgreSQL database without its pool");
  return { executeSql: (text, values) => pool.query(text, values) };
}

function createBoss(database: Database, options: { schedule: boolean; supervise: boolean; poll: number }) {
  return new PgBoss({
    db: jobExecutor(database),
    schema: JOB_SCHEMA,
    migrate: true,
    schedule: options.schedule,
    supervise: options.supervise,
    pollingIntervalSeconds: options.poll,
    maintenanceIntervalSeconds: JOB_MAINTENANCE_SECONDS,
    // Finished jobs are archived after a day and deleted after a week: enough to look into a failure.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
}

/**
 * Installs (or upgrades) pg-boss's schema and creates every queue of queues.ts with its retry rules.
 * Run with the migrations, under their startup lock (jobs/migrate-database.ts), so the queues exist before any
 * request can send to one, on every engine and in every test database.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = createBoss(database, { schedule: false, supervise: false, poll: 2 });
  await boss.start();
  for (const name of QUEUE_NAMES) {
    const options = { name, policy: "standard" as const, ...QUEUES[name] };
    await boss.createQueue(name, options);
    // createQueue leaves an existing queue as it was: the rules written here win.
    await boss.updateQueue(name, options);
  }
  await boss.stop({ graceful: false, close: false });
}

/**
 * A connection that runs one statement with positional parameters and answers its rows: a pool client
 * (node-postgres) or a PGlite transaction. Jobs sent through the connection of an open transaction are
 * rows of that transaction: they commit with the change that caused them, or roll back with it.
 */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The connection behind a Drizzle transaction (either engine), for sending jobs inside it. */
export function transactionClient(tx: Db): SqlClient {
  return (tx as unknown as { session: { client: SqlClient } }).session.client;
}

const executorOf = (client: SqlClient): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values) as ReturnType<PgBoss.Db["executeSql"]>,
});

export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Retries the queue allows: the attempt with retryCount === retryLimit is the last. */
  retryLimit: number;
}

export type JobHandler<Name extends QueueName> = (
  data: JobPayloads[Name],
  context: JobContext,
) => Promise<void>;

type AnyHandler = (data: unknown, context: JobContext) => Promise<void>;

export interface WorkResult {
  completed: number;
  failed: number;
}

/**
 * The app's queue: features register handlers and schedules while the app is built; `send` works at
 * once (it only inserts a row); `start` (main.ts) runs the workers and the schedules until `stop`.
 * Tests leave it stopped and run the jobs themselves with `workUntilIdle`.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #handlers = new Map<QueueName, AnyHandler>();
  readonly #schedules: { name: QueueName; cron: string; data: object }[] = [];
  readonly #pollingMs: number;
  /** Each queue's worker loop while running (start), awaited by stop. */
  #loops: Promise<void>[] = [];
  /** The jobs the workers are running (id to queue), marked failed if stop's timeout passes first. */
  readonly #current = new Map<string, QueueName>();
  /** Wakes a worker that waits for its next poll; a wake that finds it busy is kept for later. */
  readonly #wakers = new Map<QueueName, () => void>();
  readonly #woken = new Set<QueueName>();
  #running = false;
  readonly #errorLog = new LogThrottle(10_000);

  constructor({
    database,
    log,
    pollingIntervalSeconds = 2,
  }: {
    database: Database;
    log: FastifyBaseLogger;
    pollingIntervalSeconds?: number;
  }) {
    this.#log = log;
    this.#pollingMs = pollingIntervalSeconds * 1000;
    this.#boss = createBoss(database, { schedule: true, supervise: true, poll: pollingIntervalSeconds });
    // Polling and maintenance errors (a database restart, say): worth a line, never a crash.
    this.#boss.on("error", (err) => this.#log.warn({ err }, "job queue error"));
  }

  /** Registers the handler of a queue (before start). */
  handle<Name extends QueueName>(name: Name, handler: JobHandler<Name>): void {
    this.#handlers.set(name, handler as AnyHandler);
  }

  /** A cron schedule (UTC) that sends `data` to a queue; pg-boss sends it once per slot across instances. */
  scheduleOnStart<Name extends QueueName>(name: Name, cron: string, data: JobPayloads[Name]): void {
    this.#schedules.push({ name, cron, data });
  }

  /**
   * One job; `within` an open transaction's connection, it is part of that transaction. `startAfter`:
   * not run before then; `delaySeconds`: not before that many seconds from now by the database's clock
   * (which decides when a job is ready, so a job meant for "30 s from now" is not early or late by the
   * difference between the two clocks). On pg-boss's standard policy a `singletonKey` keeps a second job
   * out only with `singletonSeconds`: one job per key within each such slot of the database clock; on
   * the short policy (QueueOptions.policy), while a job with that key is waiting. Send answers null for
   * the one kept out.
   */
  async send<Name extends QueueName>(
    name: Name,
    data: JobPayloads[Name],
    {
      singletonKey,
      singletonSeconds,
      startAfter,
      delaySeconds,
      within,
    }: {
      singletonKey?: string;
      singletonSeconds?: number;
      startAfter?: Date;
      delaySeconds?: number;
      within?: SqlClient;
    } = {},
  ): Promise<string | null> {
    const start = startAfter ?? delaySeconds;
    return this.#boss.send(name, data, {
      ...(singletonKey ? { singletonKey } : {}),
      ...(singletonSeconds ? { singletonSeconds } : {}),
      ...(start !== undefined ? { startAfter: start } : {}),
      ...(within ? { db: executorOf(within) } : {}),
    });
  }

  /**
   * Several jobs of one queue in one insert; `within` as for send. `singletonKeyOf` names each job's
   * singleton key, which keeps out a duplicate as for send: within `singletonSeconds`, or on a short-policy
   * queue while one with that key waits (several in one insert with the same key make one).
   */
  async sendMany<Name extends QueueName>(
    name: Name,
    items: JobPayloads[Name][],
    {
      within,
      singletonKeyOf,
      singletonSeconds,
    }: {
      within?: SqlClient;
      singletonKeyOf?: (data: JobPayloads[Name]) => string;
      singletonSeconds?: number;
    } = {},
  ): Promise<void> {
    if (items.length === 0) return;
    const jobs = items.map((data) => ({
      name,
      data,
      ...(singletonKeyOf ? { singletonKey: singletonKeyOf(data) } : {}),
      ...(singletonSeconds ? { singletonSeconds } : {}),
    }));
    await (within ? this.#boss.insert(jobs, { db: executorOf(within) }) : this.#boss.insert(jobs));
  }

  /**
   * Workers for every registered handler, and the schedules (main.ts, after the migrations).
   *
   * The workers are our own loops over pg-boss's fetch, complete and fail, not pg-boss's `work`: `work`
   * neither awaits its complete and fail statements (one that fails, the database being down or its
   * pool closed, is an unhandled rejection that ends the process) nor counts a job whose fetch was under
   * way when it stops (that job then runs on a closed pool). Here every statement is awaited and caught,
   * and stop waits for the fetch and the job in hand. pg-boss still does the rest: storage, locking
   * (SKIP LOCKED), retries with backoff, expiry, schedules and its own maintenance.
   */
  async start(): Promise<void> {
    if (this.#running) return;
    await this.#boss.start();
    this.#running = true;
    this.#loops = [...this.#handlers].map(([name, handler]) => this.#workLoop(name, handler));
    for (const { name, cron, data } of this.#schedules) {
      await this.#boss.schedule(name, cron, data, { tz: "UTC" });
    }
  }

  /**
   * Stops taking jobs and waits for the running ones (up to `timeoutMs`); a job still running then is
   * marked failed and will be retried. Leaves the database connection to its owner.
   */
  async stop(timeoutMs = 8000): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    for (const wake of this.#wakers.values()) wake();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const outcome = await Promise.race([Promise.all(this.#loops), timedOut]);
    clearTimeout(timer);
    if (outcome === "timeout") {
      for (const [jobId, name] of this.#current) {
        await this.#boss
          .fail(name, jobId, { message: "the server stopped while the job ran" })
          .catch((err) => this.#log.warn({ err, queue: name, jobId }, "job queue error"));
      }
    }
    await this.#boss.stop({ graceful: false, close: false });
  }

  /**
   * Wakes this instance's worker of a queue now instead of at its next poll (after a commit that queued a
   * job someone is waiting for). Nothing happens while the workers are stopped (tests, scripts).
   */
  notify(name: QueueName): void {
    if (this.#running) this.#wake(name);
  }

  #wake(name: QueueName): void {
    const wake = this.#wakers.get(name);
    if (wake) wake();
    else this.#woken.add(name);
  }

  /**
   * One queue's worker, running up to WORKER_CONCURRENCY[name] jobs at once (one by default): it fetches
   * as many ready jobs as it has free slots, starts each, and fetches again at once while jobs come and
   * slots are free (a backlog drains at the speed of the work); when all slots are taken it waits for one
   * to free, and when nothing was ready, for the queue's polling interval or a job of its own ending (a
   * job may queue the next one). A failed statement (the database away) is logged and tried again at the
   * next poll. One fetch per poll whatever the number of slots, so idle slots cost nothing.
   */
  async #workLoop(name: QueueName, handler: AnyHandler): Promise<void> {
    const intervalMs = (WORKER_POLLING_SECONDS[name] ?? this.#pollingMs / 1000) * 1000;
    const slots = WORKER_CONCURRENCY[name] ?? 1;
    const running = new Set<Promise<void>>();
    while (this.#running) {
      let found = 0;
      try {
        const jobs = await this.#boss.fetch<unknown>(name, {
          batchSize: slots - running.size,
          includeMetadata: true,
        });
        for (const job of jobs) {
          found++;
          this.#current.set(job.id, name);
          const run = this.#settle(name, handler, job)
            .then(
              () => undefined,
              (err) => this.#logQueueError(name, err),
            )
            .finally(() => {
              this.#current.delete(job.id);
              running.delete(run);
              this.#wake(name);
            });
          running.add(run);
        }
      } catch (err) {
        this.#logQueueError(name, err);
      }
      if (!this.#running) break;
      if (running.size >= slots) await Promise.race(running);
      else if (found === 0) await this.#nextPoll(name, intervalMs);
    }
    await Promise.all(running);
  }

  /** One line per queue and 10 s: an outage fails every poll of every queue. */
  #logQueueError(name: QueueName, err: unknown): void {
    const admitted = this.#errorLog.admit(name);
    if (admitted) this.#log.warn({ err, queue: name, suppressed: admitted.suppressed }, "job queue error");
  }

  #nextPoll(name: QueueName, ms: number): Promise<void> {
    if (this.#woken.delete(name)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(name);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.set(name, done);
    });
  }

  /** Runs one fetched job and records its outcome with pg-boss (which retries a failure with backoff). */
  async #settle(
    name: QueueName,
    handler: AnyHandler,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<"completed" | "failed"> {
    try {
      await this.#run(name, handler, job);
    } catch (err) {
      await this.#boss.fail(name, job.id, { message: (err as Error).message });
      return "failed";
    }
    await this.#boss.complete(name, job.id);
    return "completed";
  }

  get isRunning(): boolean {
    return this.#running;
  }

  /** The app's logger, for what a caller of `send` wants said about a failure. */
  get log(): FastifyBaseLogger {
    return this.#log;
  }

  /**
   * Runs every job that is ready, queue after queue, until none is left (tests, scripts): the jobs a
   * job sends run too. `ignoreStartAfter` also runs retries whose backoff has not elapsed yet, so a
   * test can see a retry without waiting for it. `queues` limits the run to those queues (a test that
   * signs someone in runs the sign-in mail and leaves every other job where it is). Returns how many
   * jobs completed and failed.
   */
  async workUntilIdle({
    ignoreStartAfter = false,
    maxRounds = 20,
    queues,
  }: {
    ignoreStartAfter?: boolean;
    maxRounds?: number;
    queues?: readonly QueueName[];
  } = {}): Promise<WorkResult> {
    const result: WorkResult = { completed: 0, failed: 0 };
    for (let round = 0; round < maxRounds; round++) {
      // pg-boss takes a job only once its start is before now(): one sent just before this round, in the
      // same tick of the database's clock (PGlite's counts milliseconds), would not be ready yet.
      await new Promise((resolve) => setTimeout(resolve, 2));
      let ran = 0;
      for (const [name, handler] of this.#handlers) {
        if (queues && !queues.includes(name)) continue;
        const jobs = await this.#boss.fetch<unknown>(name, {
          batchSize: 100,
          includeMetadata: true,
          ignoreStartAfter,
        });
        for (const job of jobs) {
          ran++;
          result[await this.#settle(name, handler, job)]++;
        }
      }
      if (ran === 0) return result;
    }
    return result;
  }

  /** pg-boss's own record of a job (tests read its state and retries). */
  getJob(name: QueueName, id: string) {
    return this.#boss.getJobById(name, id, { includeArchive: true });
  }

  /**
   * One job through its handler. A failure is logged and rethrown, for #settle to mark it failed (pg-boss
   * retries it with backoff until the queue's retryLimit).
   */
  async #run(name: QueueName, handler: AnyHandler, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    try {
      await handler(job.data, { jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
    } catch (err) {
      const willRetry = job.retryCount < job.retryLimit;
      this.#log.warn(
        { err, queue: name, jobId: job.id, attempt: job.retryCount + 1, willRetry },
        "job failed",
      );
      throw err;
    }
  }
}

const jobCountRow = z.object({ queue: z.string(), state: z.string(), count: z.coerce.number().int() });

/**
 * How many jobs each queue holds in the states worth watching (the metrics read it at each scrape). One
 * grouped count over pg-boss's job table, which keeps finished jobs a day and failed ones a week, so its
 * size, and the cost of a scrape, stays bounded.
 */
export function countJobs(db: Db): Promise<JobCount[]> {
  const states = sql.join(
    JOB_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  // Raw: pg-boss's own table, which has no Drizzle table.
  return selectRows(
    db,
    jobCountRow,
    sql`select name as queue, state::text as state, count(*)::int as count
        from ${sql.raw(JOB_SCHEMA)}.job where state::text in (${states}) group by name, state`,
  );
}
