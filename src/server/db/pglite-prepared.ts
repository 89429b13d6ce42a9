import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import { Parser } from "pg-protocol/dist/parser.js";

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A statement's rows as arrays, with its columns' names: what the hot reads make their rows from. */
interface ArrayRows {
  rows: unknown[][];
  fields: { name: string }[];
}

/** Runs a named prepared statement with these values: how both engines run the hot reads (db/client.ts). */
export type PreparedRunner = (name: string, text: string, params: unknown[]) => Promise<ArrayRows>;

type TypeParser = Parameters<typeof parse.parseResults>[1][number];

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
 * It keeps what PGlite's `query` guarantees, with a name: both of PGlite's locks are taken, so a
 * statement never runs inside another caller's transaction, and a closed instance refuses with PGlite's
 * own words; values are written by PGlite's own serializers for the types the statement was described
 * with; rows are parsed by its parsers, with `textTypeIds` left as text (as Drizzle's reads leave
 * them); a database error is thrown as node-postgres throws it on PostgreSQL; the data directory is
 * synced afterwards. Not for use inside a transaction (the caller's transaction holds the lock this
 * waits for). The locks and serializers are PGlite's internals, typed here by hand:
 * db/pglite-prepared.test.ts fails if an upgrade changes them.
 */
export function pglitePrepared(pglite: PGlite, textTypeIds: ReadonlySet<number>): PreparedRunner {
  // Per statement name, its text and the types of its parameters, known once it is prepared. Kept with
  // the instance: its session holds the statements, whoever asks to run one.
  const prepared = preparedOn.get(pglite) ?? new Map<string, PreparedStatement>();
  preparedOn.set(pglite, prepared);
  let parsers: Record<number, TypeParser> | undefined;
  const internals = pglite as unknown as {
    /** Refuses with "PGlite is closed" (an outage: plugins/database-errors.ts) as PGlite's query does. */
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
    parsers: Record<number, TypeParser>;
    serializers: Record<number, (value: unknown) => string>;
  };
  // One exchange: the messages go in as one batch ending in Sync, as a client's pipeline would, and the
  // answer comes back as bytes, parsed by node-postgres's own parser. PGlite's `execProtocolStream`
  // parses each answer with a browser-minded port of that parser, which copies every field into its
  // own buffer before decoding it: on the directory's page that copying was a sixth of the process's
  // CPU (docs/performance.md, "The embedded database under load"). The backend skips everything after
  // an error up to the Sync, so the first error is the exchange's answer.
  const exchange = async (batch: Uint8Array[]): Promise<BackendMessage[]> => {
    const messages: BackendMessage[] = [];
    const parser = new Parser();
    // Not `execProtocolRaw`, which runs PGlite's parser over the answer as well. This call only hands
    // over the bytes: a view into the database's memory that its next write reuses, hence the copy.
    await pglite.execProtocolRawStream(Buffer.concat(batch), {
      syncToFs: false,
      onRawData: (bytes) =>
        parser.parse(Buffer.from(bytes), (message) => messages.push(message as unknown as BackendMessage)),
    });
    const failure = messages.find((message) => message.name === "error");
    if (failure) throw failure;
    return messages;
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
        let statement = prepared.get(name);
        if (!statement) {
          const described = await exchange([
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: "S", name }),
            protocol.serialize.sync(),
          ]);
          statement = { text, paramTypes: parse.parseDescribeStatementResults(described) };
          prepared.set(name, statement);
        }
        const types = statement.paramTypes;
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serialize = internals.serializers[types[i]!];
          return serialize ? serialize(param) : String(param);
        });
        const messages = await exchange([
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        await pglite.syncToFs();
        const [result] = parse.parseResults(messages, parsers, { rowMode: "array" });
        return result as unknown as ArrayRows;
      }),
    );
  };
}
