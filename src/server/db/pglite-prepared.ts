import { type PGlite, parse, protocol } from "@electric-sql/pglite";

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A statement's rows as arrays, with its columns' names: what the hot reads make their rows from. */
export interface ArrayRows {
  rows: unknown[][];
  fields: { name: string }[];
}

type Parser = Parameters<typeof parse.parseResults>[1][number];

interface PreparedStatement {
  text: string;
  paramTypes: number[];
}

const preparedOn = new WeakMap<PGlite, Map<string, PreparedStatement>>();

/** The text of a statement prepared on this instance under `name` (for tests that record statements). */
export function preparedStatementText(pglite: PGlite, name: string): string | undefined {
  return preparedOn.get(pglite)?.get(name)?.text;
}

/**
 * Named prepared statements on PGlite, as node-postgres keeps them on each PostgreSQL connection.
 * PGlite's own `query` parses and plans its statement anew each time, and the listing's page spends
 * four times as long being planned as being run (0.79 ms against 0.19 on PostgreSQL): through PGlite's
 * one thread, planning was most of what the embedded database did per page. Here a statement is
 * parsed once per PGlite instance, under the name its text hashes to, and each later run only binds
 * and executes it (docs/performance.md, "The embedded database under load").
 *
 * It follows what PGlite's `query` does, message for message, with a name: both of PGlite's locks are
 * taken, so a statement never runs inside another caller's transaction, and a closed instance refuses
 * with PGlite's own words; values are written by PGlite's own serializers for the types the statement
 * was described with; rows are parsed by its parsers, with `textTypeIds` left as text (as Drizzle's
 * reads leave them); the data directory is synced afterwards. Not for use inside a transaction (the
 * caller's transaction holds the lock this waits for). The locks and serializers are PGlite's
 * internals, typed here by hand: db/pglite-prepared.test.ts fails if an upgrade changes them.
 */
export function pglitePrepared(
  pglite: PGlite,
  textTypeIds: ReadonlySet<number>,
): (name: string, text: string, params: unknown[]) => Promise<ArrayRows> {
  // Per statement name, its text and the types of its parameters, known once it is prepared. Kept with
  // the instance: its session holds the statements, whoever asks to run one.
  const prepared = preparedOn.get(pglite) ?? new Map<string, PreparedStatement>();
  preparedOn.set(pglite, prepared);
  let parsers: Record<number, Parser> | undefined;
  const internals = pglite as unknown as {
    /** Refuses with "PGlite is closed" (an outage: plugins/database-errors.ts) as PGlite's query does. */
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
    parsers: Record<number, Parser>;
    serializers: Record<number, (value: unknown) => string>;
  };
  // What PGlite's own query sends each message through.
  const send = async (message: Uint8Array, into: BackendMessage[]) => {
    into.push(...(await pglite.execProtocolStream(message, { syncToFs: false })));
  };

  return async (name, text, params) => {
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        // Closed while this waited for the locks: the same refusal.
        await internals._checkReady();
        // PGlite's parsers are complete once it is ready (array types are read at start): merged once.
        parsers ??= {
          ...internals.parsers,
          ...Object.fromEntries([...textTypeIds].map((id) => [id, (value: string) => value])),
        };
        const messages: BackendMessage[] = [];
        try {
          let statement = prepared.get(name);
          if (!statement) {
            await send(protocol.serialize.parse({ name, text }), []);
            const described: BackendMessage[] = [];
            await send(protocol.serialize.describe({ type: "S", name }), described);
            statement = { text, paramTypes: parse.parseDescribeStatementResults(described) };
            prepared.set(name, statement);
          }
          const types = statement.paramTypes;
          const values = params.map((param, i) => {
            if (param === null || param === undefined) return null;
            const serialize = internals.serializers[types[i]!];
            return serialize ? serialize(param) : String(param);
          });
          await send(protocol.serialize.bind({ statement: name, values }), messages);
          await send(protocol.serialize.describe({ type: "P" }), messages);
          await send(protocol.serialize.execute({}), messages);
        } finally {
          // After an error too: the backend skips everything up to the Sync, then takes statements again.
          await send(protocol.serialize.sync(), messages);
        }
        await pglite.syncToFs();
        const [result] = parse.parseResults(messages, parsers, { rowMode: "array" });
        return result as unknown as ArrayRows;
      }),
    );
  };
}
