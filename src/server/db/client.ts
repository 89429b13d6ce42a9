import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Placeholder, type SQL, sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { z } from "zod";
import { claimPgliteDir, type PgliteHolder } from "./pglite-owner";
import { type PreparedRunner, pglitePrepared } from "./pglite-prepared";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "postgres" | "pglite";
  /**
   * Resolves when the database answers a trivial query. On PostgreSQL it goes through a connection of
   * its own, never the request pool: readiness must not queue behind the load it is asked about.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance (embedded engine only), for migrations and test snapshots. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Data directory for PGlite; "memory://" keeps it in memory. */
  pgliteDir?: string;
  /**
   * Who opens a PGlite directory, named to anyone refused while it is held (db/pglite-owner.ts); by
   * default a command named by its command line.
   */
  owner?: PgliteHolder;
  /** A dumped PGlite data directory to start from (tests load a pre-migrated snapshot). */
  pgliteSnapshot?: Blob;
  onPoolError?: (err: Error) => void;
  poolMax?: number;
  /** How long a request waits for a connection before the database counts as out of reach. */
  connectionTimeoutMs?: number;
}

// Timeouts keep one slow query or a dead server from holding a request forever.
const STATEMENT_TIMEOUT_MS = 10_000;
const CONNECTION_TIMEOUT_MS = 5_000;
// The readiness ping answers within a load balancer's health timeout or not at all: a database that
// takes longer than this to say "1" counts as out of reach.
const PING_TIMEOUT_MS = 2_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // A client's 'error' event without a listener kills the process. The pool listens on idle clients
    // only; a client checked out for a transaction needs its own, or a database restart (57P01) or a
    // network drop while the transaction waits between statements takes the server down. The pool then
    // drops the broken client when it is released, and the next request opens a new connection.
    pool.on("error", (err) => options.onPoolError?.(err));
    pool.on("connect", (client) => client.on("error", (err) => options.onPoolError?.(err)));
    // One more connection, for the readiness ping only. When requests hold all of the pool's
    // connections, a ping through the pool waits its turn behind them, a busy instance misses its load
    // balancer's health timeout and is taken out of rotation exactly when it is needed most (during a
    // rolling restart, the survivor gets all the traffic). A pool of one reconnects by itself after a
    // database restart; it keeps its connection open between pings.
    const pingPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 1,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      statement_timeout: PING_TIMEOUT_MS,
      query_timeout: PING_TIMEOUT_MS,
      idleTimeoutMillis: 0,
      application_name: "readiness",
    });
    pingPool.on("error", (err) => options.onPoolError?.(err));
    pingPool.on("connect", (client) => client.on("error", (err) => options.onPoolError?.(err)));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    preparedOf.set(db, (name, text, values) => pool.query({ name, text, values, types, rowMode: "array" }));
    return {
      db,
      engine: "postgres",
      pool,
      ping: async () => {
        await pingPool.query("select 1");
      },
      close: async () => {
        await Promise.all([pool.end(), pingPool.end()]);
      },
    };
  }

  const dir = options.pgliteDir ?? ".data/pglite";
  let release = () => {};
  if (!dir.startsWith("memory://")) {
    mkdirSync(dir, { recursive: true });
    release = claimPgliteDir(
      dir,
      options.owner ?? { kind: "command", name: process.argv.slice(1).join(" ") || "a command" },
    );
  }
  let client: PGlite;
  try {
    // Once pg_trgm exists in a data directory, every open must load it, or queries touching it fail.
    client = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm },
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  preparedOf.set(db, pglitePrepared(client, TEXT_TYPE_IDS));
  return {
    db,
    engine: "pglite",
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Each statement text's prepared name, hashed once rather than on every request. */
const statementNames = new Map<string, string>();

/**
 * How a database (not a transaction) runs a named prepared statement: on PostgreSQL through the pool
 * (each connection prepares it once), on PGlite through its one session (db/pglite-prepared.ts).
 */
const preparedOf = new WeakMap<Db, PreparedRunner>();
const dialect = new PgDialect();

// Timestamps, dates and intervals stay text, as Drizzle's own node-postgres reads leave them, so a row
// reads the same whichever path it took (the row schemas coerce).
const TEXT_TYPE_IDS = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((typeId: number, format?: "text" | "binary") =>
    TEXT_TYPE_IDS.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs raw SQL on either engine and returns its rows, each parsed by `row` (both drivers answer
 * `{ rows }`). For hot reads where building a Drizzle query costs more than the query (see
 * lib/listing-read.ts); the parse also absorbs the drivers' differences (node-postgres
 * answers timestamps as text, PGlite as Date).
 */
export async function selectRows<Row extends z.ZodType>(
  db: Db,
  row: Row,
  query: SQL,
): Promise<z.infer<Row>[]> {
  return (await selectTypedRows<unknown>(db, query)).map((r) => row.parse(r));
}

/**
 * selectRows without the parse, for a statement whose select list is typed by the tables themselves
 * (lib/listing-read.ts `selectList`: Drizzle columns, and `sql<T>` expressions that write timestamps as
 * text), so every column comes back as the same JavaScript type from either driver.
 *
 * The statement is a named prepared statement, named by a hash of its text: each PostgreSQL connection,
 * and PGlite's one session, parses and plans a statement shape once, then only binds and executes it
 * (about half the round trip of an unnamed statement on PostgreSQL; on PGlite, where planning the
 * listing's page took four times as long as running it, a fifth). Values are always parameters, so the
 * shapes are few (one per filter combination) and the cache of prepared statements stays small.
 * Inside a transaction it runs through Drizzle as any statement.
 */
export async function selectTypedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const prepared = preparedOf.get(db);
  if (!prepared) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = statementName(text);
    // The shapes are few (see above), so the names kept are too.
    statementNames.set(text, name);
  }
  return runPrepared<Row>(prepared, name, text, params);
}

const statementName = (text: string) =>
  `s_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;

async function runPrepared<Row>(
  prepared: PreparedRunner,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  try {
    const result = await prepared(name, text, params);
    return result.rows.map(rowMaker(result.fields)) as Row[];
  } catch (err) {
    // As Drizzle reports a failed query: the error handler logs the SQL text (never the parameters).
    throw new DrizzleQueryError(text, params, err as Error);
  }
}

const rowMakers = new Map<string, (values: unknown[]) => unknown>();

/**
 * Rows come from the driver as arrays and are made into objects here, one object literal per column
 * list: node-postgres fills a copied object field by field with a keyed store that every statement of
 * the process shares, the job queue's included, and that cost a directory page 28 µs against the
 * floor's 7 (docs/performance.md, "CPU per request").
 */
function rowMaker(fields: { name: string }[]): (values: unknown[]) => unknown {
  const names = fields.map((field) => field.name);
  const key = names.join("\u0000");
  let make = rowMakers.get(key);
  if (!make) {
    // The names are the statement's own column aliases, written as JSON strings: never code.
    const body = `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(", ")}};`;
    make = new Function("v", body) as (values: unknown[]) => unknown;
    rowMakers.set(key, make);
  }
  return make;
}

/**
 * A fixed fragment of a hot statement as plain text, written once at start-up: Drizzle walks every
 * nested template of a statement on every request, and the listing's page spent a tenth of its CPU
 * on that before its fixed parts were written out. A fragment with a parameter is refused: values
 * change per request and stay parameters.
 */
export function writtenOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`a fragment written once takes no parameters: ${text}`);
  return sql.raw(text);
}

/** A statement's text once per shape, and where each of its parameters comes from. */
export interface CompiledShape {
  name: string;
  text: string;
  /** Per parameter: the value's name in the request's values, or a value fixed in the text's build. */
  slots: ({ value: string } | { fixed: unknown })[];
}

/**
 * A hot statement built once per shape instead of on every request (selectTypedRows builds it each
 * time, then hashes its text): the listing's page spent a fifth of its CPU on that. `build` writes the
 * statement from the request's values; the first request of a shape calls it with a placeholder for
 * each value, and the text it writes is kept, named and prepared, so a later request of that shape
 * only binds its values. The shape must name everything the text depends on besides those values (the
 * caller's branches: who reads, which parts are included); a statement test builds each shape both
 * ways and compares (see compiledShape). Inside a transaction the statement is built with the values and
 * run as selectTypedRows runs it.
 */
export class ShapedStatement<Values extends Record<string, unknown>> {
  readonly #shapes = new Map<string, CompiledShape>();

  async select<Row>(db: Db, shape: string, values: Values, build: (values: Values) => SQL): Promise<Row[]> {
    const prepared = preparedOf.get(db);
    if (!prepared) return selectTypedRows<Row>(db, build(values));
    let compiled = this.#shapes.get(shape);
    if (!compiled) {
      compiled = compiledShape(values, build);
      this.#shapes.set(shape, compiled);
    }
    return runPrepared<Row>(prepared, compiled.name, compiled.text, shapeParams(compiled, values));
  }
}

/** The parameters of a compiled shape for these values, in the text's order. */
export function shapeParams(compiled: CompiledShape, values: Record<string, unknown>): unknown[] {
  return compiled.slots.map((slot) => ("value" in slot ? values[slot.value] : slot.fixed));
}

/** `build`'s statement with a placeholder for each of `values`' names: its text and parameter slots. */
export function compiledShape<Values extends Record<string, unknown>>(
  values: Values,
  build: (values: Values) => SQL,
): CompiledShape {
  const placeholders = Object.fromEntries(Object.keys(values).map((key) => [key, sql.placeholder(key)]));
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders as unknown as Values));
  const slots = params.map((param) =>
    param instanceof Placeholder ? { value: param.name as string } : { fixed: param },
  );
  return { name: statementName(text), text, slots };
}

/**
 * Raw SQL for tests and scripts, rows typed by the caller's word. Feature code reads through the query
 * builder, or selectRows on a hot path or for a statement the builder cannot say.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
