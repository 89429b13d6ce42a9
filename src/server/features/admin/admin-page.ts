import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, selectRows } from "../../db/client";
import { AppError } from "../../lib/app-error";

// Keyset pagination shared by the admin lists (publishers, listings, users, audit log): rows in
// (created_at, id) order, a cursor is the last row's created_at to the microsecond and its id, and the
// next page's URL goes in a Link header (DESIGN.md §2: the body stays an array). OFFSET is never used:
// its cost grows with the page number (TOOLCHAIN.md measured ~196 ms at 90,000).

export type Direction = "asc" | "desc";

const cursorSchema = z.object({
  /** created_at of the last row, microseconds kept (a JS Date would drop them). */
  k: z.iso.datetime({ precision: 6 }),
  i: z.uuid(),
  d: z.enum(["asc", "desc"]),
});
type Cursor = z.infer<typeof cursorSchema>;

const INVALID_CURSOR_MESSAGE = "Invalid cursor: start again from the first page";

/** created_at as cursor text (to the microsecond, UTC), for a table alias. */
export const createdKeyColumn = (alias: string) =>
  sql.raw(`to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdKey"`);

export function decodeCursor(raw: string | undefined, direction: Direction): Cursor | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.d !== direction)
    throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  return result.data;
}

/** ORDER BY for the alias in this direction; matches the (created_at, id) indexes. */
export function keysetOrder(alias: string, direction: Direction): SQL {
  return direction === "desc"
    ? sql.raw(`${alias}.created_at desc, ${alias}.id desc`)
    : sql.raw(`${alias}.created_at asc, ${alias}.id asc`);
}

/** Rows after the cursor in the order of keysetOrder. */
export function keysetAfter(alias: string, cursor: Cursor): SQL {
  const columns = sql.raw(`(${alias}.created_at, ${alias}.id)`);
  const position = sql`(${cursor.k}::timestamptz, ${cursor.i}::uuid)`;
  return cursor.d === "desc" ? sql`${columns} < ${position}` : sql`${columns} > ${position}`;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** Rows matching the filters, counted on the first page only (later pages keep the first's figure). */
  total: number | null;
}

/**
 * Cuts the `limit + 1` rows a query read into a page and the cursor of the next one, if any.
 * `rows` carry createdKey and id; `toItem` shapes each for the answer.
 */
export function toPage<Row extends { createdKey: string; id: string }, Item>(
  rows: Row[],
  limit: number,
  direction: Direction,
  toItem: (row: Row) => Item,
  total: number | null = null,
): Page<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? Buffer.from(JSON.stringify({ k: last.createdKey, i: last.id, d: direction })).toString("base64url")
      : null;
  return { items: page.map(toItem), nextCursor, total };
}

/** `Link: <...>; rel="next"`: the request's own URL with the next cursor. */
export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, "http://localhost");
  url.searchParams.set("cursor", cursor);
  return `<${url.pathname}?${url.searchParams.toString()}>; rel="next"`;
}

/** `%value%` for ILIKE with the value's own % and _ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The `n` a `select count(*) as n ...` answers (totals of the admin lists). */
export async function countRows(db: Db, query: SQL): Promise<number> {
  const [row] = await selectRows(db, z.object({ n: z.coerce.number().int() }), query);
  return row?.n ?? 0;
}
