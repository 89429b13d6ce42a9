import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "./app-error";

// What every keyset-paged list shares (the directory and the admin lists): a cursor is opaque to the
// client (base64url JSON), it comes back untrusted so it is parsed before any of it reaches SQL, and
// the next page's URL goes in a Link header, so the body stays the plain
// array clients read.

export const INVALID_CURSOR_MESSAGE = "Invalid cursor: start again from the first page";

export function encodeCursor(cursor: object): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The cursor the client sent back, as `schema` reads it; a 400 for anything else. */
export function decodeCursor<T>(raw: string, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  return result.data;
}

/**
 * `Link: <...>; rel="next"`: the request's own path and query (as the client sent it, not with the
 * schema's defaults filled in) with the next cursor last.
 */
export function nextLink(requestUrl: string, cursor: string): string {
  return `<${nextPageUrl(requestUrl, cursor)}>; rel="next"`;
}

/** The next page's URL: the request's path and query with the cursor in place of any it had. */
export function nextPageUrl(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, "http://localhost");
  url.searchParams.delete("cursor");
  url.searchParams.set("cursor", cursor);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** `%value%` for (I)LIKE with the value's own \, % and _ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Partial words go through a trigram index (pg_trgm), which needs at least 3 characters. */
export const MIN_TRIGRAM_LENGTH = 3;

/**
 * A LIMIT written into the statement's text instead of sent as a parameter. selectRows prepares every
 * statement on PostgreSQL, and PostgreSQL only switches a prepared statement to its generic plan (no
 * planning per execution) when that plan costs no more than the custom ones; with LIMIT $n it costs
 * the generic plan as if it fetched a tenth of the table, so it planned every execution again
 * (measured: 1.5 ms of planning for 0.5 ms of execution on a directory page). Only for a constant or a value
 * from a small fixed set: each distinct text is one more prepared statement per connection.
 */
export function sqlLimit(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Invalid LIMIT ${rows}`);
  return sql.raw(String(rows));
}
