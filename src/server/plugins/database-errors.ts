// What a failed database call means for the answer: the database being out of reach is a
// 503 the client may retry, so is a transaction that lost a race to another (a serialization failure or
// a deadlock); bad data that slipped past validation is the client's 400, anything else stays a 500. The errors arrive wrapped: Drizzle's DrizzleQueryError carries the SQL text, its
// parameters (session ids, emails...) and the driver's error as `cause`; node-postgres may answer an
// AggregateError (one per address tried).

type DatabaseFailure = {
  kind: "unavailable" | "contention" | "invalid_data";
  code: string;
  sql: string | undefined;
};

// SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server shutting down or starting
// up; 53300 is "too many connections". All mean: try again later.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;

// Node's socket errors while connecting or mid-query.
const UNAVAILABLE_NET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

// node-postgres, pg-pool and PGlite say these without a code.
const UNAVAILABLE_MESSAGES: [RegExp, string][] = [
  [/^timeout exceeded when trying to connect$/, "POOL_CONNECT_TIMEOUT"],
  [/^Connection terminated due to connection timeout$/, "CONNECT_TIMEOUT"],
  [/^Connection terminated( unexpectedly)?$/, "CONNECTION_TERMINATED"],
  [/^Client has encountered a connection error and is not queryable$/, "CONNECTION_ERROR"],
  [/^Client was closed and is not queryable$/, "CLIENT_CLOSED"],
  [/^Cannot use a pool after calling end on the pool$/, "POOL_ENDED"],
  [/^PGlite is closed$/, "PGLITE_CLOSED"],
];

// SQLSTATE class 22 is "data exception": a value the database cannot take (out-of-range date, NUL
// byte, bad number). Validation should have caught it; if it did not, it is still the client's input.
const DATA_EXCEPTION = /^22...$/;

// SQLSTATE 40001 (serialization failure) and 40P01 (deadlock detected): PostgreSQL rolled the
// transaction back because another one touched the same rows at the same moment. Nothing was written,
// so the same request sent again is safe and will most likely pass.
const CONTENTION_SQLSTATES = new Set(["40001", "40P01"]);

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  query?: unknown;
}

/** The error, its causes and an AggregateError's members, nearest first (bounded: causes can loop). */
export function errorChain(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && chain.length < 10) {
    const next = queue.shift();
    if (typeof next !== "object" || next === null || chain.includes(next as ErrorFields)) continue;
    const fields = next as ErrorFields;
    chain.push(fields);
    if (fields.cause !== undefined) queue.push(fields.cause);
    if (Array.isArray(fields.errors)) queue.push(...fields.errors);
  }
  return chain;
}

/** The database refused a row that a unique index already holds (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  return errorChain(error).some((fields) => fields.code === "23505");
}

/** The transaction lost a race to another one and was rolled back (40001, 40P01), however wrapped. */
function isContention(error: unknown): boolean {
  return errorChain(error).some(
    (fields) => typeof fields.code === "string" && CONTENTION_SQLSTATES.has(fields.code),
  );
}

/**
 * Runs a transaction and, should it lose a race (isContention), runs it once more: the first attempt
 * wrote nothing, and the second usually finds the other transaction done. Only for a transaction whose
 * every effect is inside it (jobs enqueued through it count; a call to Stripe or a mail sent does not).
 * A second loss is thrown, and answered 503 with Retry-After (plugins/errors.ts).
 */
export async function retryOnceOnContention<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isContention(error)) throw error;
    return run();
  }
}

/** The SQL text of a failed Drizzle query, never its parameters. */
export function sqlOf(error: unknown): string | undefined {
  const withQuery = errorChain(error).find((e) => typeof e.query === "string");
  return withQuery ? (withQuery.query as string) : undefined;
}

function unavailableCode(fields: ErrorFields): string | undefined {
  const code = typeof fields.code === "string" ? fields.code : undefined;
  if (code && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NET_CODES.has(code))) return code;
  const message = typeof fields.message === "string" ? fields.message : "";
  return UNAVAILABLE_MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

/** Null when the error is not a database failure we answer specially (it stays a 500). */
export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  const chain = errorChain(error);
  for (const fields of chain) {
    const code = unavailableCode(fields);
    if (code) return { kind: "unavailable", code, sql: sqlOf(error) };
  }
  for (const fields of chain) {
    if (typeof fields.code === "string" && CONTENTION_SQLSTATES.has(fields.code)) {
      return { kind: "contention", code: fields.code, sql: sqlOf(error) };
    }
  }
  for (const fields of chain) {
    if (typeof fields.code === "string" && DATA_EXCEPTION.test(fields.code)) {
      return { kind: "invalid_data", code: fields.code, sql: sqlOf(error) };
    }
  }
  return null;
}
