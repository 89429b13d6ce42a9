import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { TOTAL_COUNT_HEADER } from "../../shared/schemas/admin";
import { type Db, selectRows, selectTypedRows } from "../db/client";
import { AppError } from "./app-error";
import { isUuid } from "./ids";
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE, nextLink } from "./paging";

// Keyset pages (the admin lists, a buyer's reviews): rows in (created_at, id) order, a cursor is the
// last row's created_at to the microsecond and its id, and the next page's URL goes in a Link header
// (lib/paging.ts). OFFSET is never used: its cost grows with the page number (~196 ms at OFFSET 90,000
// measured on a 2-core machine, against ~0.5 ms for a keyset page).
//
// A source is a select of Drizzle's query builder, so its row type is the tables' own and a renamed column
// fails the type-check; a list built on the directory's raw listing read (lib/listing-read.ts) has a raw
// SQL source instead (RawKeysetSource).

type Direction = "asc" | "desc";

const cursorSchema = z.object({
  /** created_at of the last row, microseconds kept (a JS Date would drop them). */
  k: z.iso.datetime({ precision: 6 }),
  i: z.uuid(),
  d: z.enum(["asc", "desc"]),
});
type Cursor = z.infer<typeof cursorSchema>;

/** The keyed table of a source (a table or an alias of one): its created_at and id order the pages. */
interface KeyedTable {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/** created_at as the cursor's text (to the microsecond, UTC): a select's `createdKey` field. */
export function createdKeyOf(createdAt: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

function readCursor(raw: string | undefined, direction: Direction): Cursor | null {
  if (!raw) return null;
  const cursor = decodeCursor(raw, cursorSchema);
  if (cursor.d !== direction) throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  return cursor;
}

/** Rows after the cursor in the order of the page; matches the (created_at, id) indexes. */
function keysetAfter(createdAt: AnyPgColumn | SQL, id: AnyPgColumn | SQL, cursor: Cursor): SQL {
  // A row comparison, which the builder's operators do not write.
  const columns = sql`(${createdAt}, ${id})`;
  const position = sql`(${cursor.k}::timestamptz, ${cursor.i}::uuid)`;
  return cursor.d === "desc" ? sql`${columns} < ${position}` : sql`${columns} > ${position}`;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** Rows matching the filters, counted on the first page only (later pages keep the first's figure). */
  total: number | null;
}

interface PageOptions {
  /** Conditions over the source's columns, all of which a row meets. */
  filters: SQL[];
  cursor: string | undefined;
  limit: number;
  direction?: Direction;
}

type KeyedRow = { createdKey: string; id: string };

/** A keyset list's source: what its pages and single records are read from. */
export interface KeysetSource<Rows extends PgSelect = PgSelect> {
  keyed: KeyedTable;
  /**
   * The select, joins included, with neither WHERE, ORDER BY nor LIMIT (the pages add them); its fields
   * name the keyed table's id and `createdKey` (createdKeyOf).
   */
  rows: (db: Db) => Rows;
  /** What the first page's total counts over, `count()` as `n` (only what the filters need); absent: no total. */
  count?: (db: Db) => PgSelect<string | undefined, { n: SQL<number> }>;
}

/** The row a source's select answers. */
export type KeysetRow<Rows extends PgSelect> = Rows["_"]["result"][number];

/** A compile error where a source's rows lack the keyed table's id or createdKey. */
type Keyed<Rows extends PgSelect> =
  KeysetRow<Rows> extends KeyedRow ? unknown : { rowsLack: "id, createdKey" };

/** The page of `rows` read one row longer than `limit`, which tells whether a next page exists. */
function pageOf<Row extends KeyedRow, Item>(
  rows: Row[],
  { limit, direction }: { limit: number; direction: Direction },
  total: number | null,
  toItem: (row: Row) => Item,
): Page<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ k: last.createdKey, i: last.id, d: direction }) : null;
  return { items: page.map(toItem), nextCursor, total };
}

/**
 * One page of `source` under `filters`, in `direction`: reads one row more than `limit` to know
 * whether a next page exists; the total is counted on the first page only.
 */
export async function readPage<Rows extends PgSelect, Item>(
  db: Db,
  source: KeysetSource<Rows> & Keyed<Rows>,
  { filters, cursor: rawCursor, limit, direction = "desc" }: PageOptions,
  toItem: (row: KeysetRow<Rows>) => Item,
): Promise<Page<Item>> {
  const cursor = readCursor(rawCursor, direction);
  const { createdAt, id } = source.keyed;
  const where = and(...filters);
  const order = direction === "desc" ? [desc(createdAt), desc(id)] : [asc(createdAt), asc(id)];
  // Keyed<Rows> checked at the call that these rows carry id and createdKey.
  const rows = (await source
    .rows(db)
    .where(cursor ? and(where, keysetAfter(createdAt, id, cursor)) : where)
    .orderBy(...order)
    .limit(limit + 1)) as (KeysetRow<Rows> & KeyedRow)[];
  const total = cursor || !source.count ? null : await countOf(source.count(db).where(where));
  return pageOf(rows, { limit, direction }, total, toItem);
}

/** The record of `source` with this id; 404 with `notFound` for none (or a malformed id). */
export async function readOne<Rows extends PgSelect>(
  db: Db,
  source: KeysetSource<Rows> & Keyed<Rows>,
  id: string,
  notFound: string,
): Promise<KeysetRow<Rows>> {
  const [row]: KeysetRow<Rows>[] = isUuid(id) ? await source.rows(db).where(eq(source.keyed.id, id)) : [];
  if (!row) throw new AppError("not_found", notFound);
  return row;
}

async function countOf(query: PgSelect<string | undefined, { n: SQL<number> }>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

/**
 * A source in raw SQL, for a list whose row is a raw read shared with other readers (the directory's
 * listing columns, lib/listing-read.ts, typed by the tables: its rows are not parsed): its filters name
 * the aliases of `from`.
 */
export interface RawKeysetSource {
  /** The alias of the keyed table (its created_at and id order the pages). */
  alias: string;
  /** The select list: it names the keyed table's id, and createdKey (createdKeyOf). */
  columns: SQL;
  from: SQL;
  /** What the first page's total counts over (the filters' aliases only); absent: no total. */
  countFrom?: SQL;
}

/** readPage for a raw source. */
export async function readRawPage<Row extends KeyedRow, Item>(
  db: Db,
  source: RawKeysetSource,
  { filters, cursor: rawCursor, limit, direction = "desc" }: PageOptions,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const cursor = readCursor(rawCursor, direction);
  const createdAt = sql.raw(`${source.alias}.created_at`);
  const id = sql.raw(`${source.alias}.id`);
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`;
  const order = direction === "desc" ? sql`${createdAt} desc, ${id} desc` : sql`${createdAt} asc, ${id} asc`;
  const rows = await selectTypedRows<Row>(
    db,
    sql`select ${source.columns} from ${source.from}
        where ${where} ${cursor ? sql`and ${keysetAfter(createdAt, id, cursor)}` : sql``}
        order by ${order} limit ${limit + 1}`,
  );
  const total = cursor || !source.countFrom ? null : await countRaw(db, source.countFrom, where);
  return pageOf(rows, { limit, direction }, total, toItem);
}

/** readOne for a raw source. */
export async function readRawOne<Row extends KeyedRow>(
  db: Db,
  source: RawKeysetSource,
  id: string,
  notFound: string,
): Promise<Row> {
  const [row] = isUuid(id)
    ? await selectTypedRows<Row>(
        db,
        sql`select ${source.columns} from ${source.from} where ${sql.raw(source.alias)}.id = ${id}`,
      )
    : [];
  if (!row) throw new AppError("not_found", notFound);
  return row;
}

async function countRaw(db: Db, from: SQL, where: SQL): Promise<number> {
  const [row] = await selectRows(
    db,
    z.object({ n: z.coerce.number().int() }),
    sql`select count(*) as n from ${from} where ${where}`,
  );
  return row?.n ?? 0;
}

/** A keyset list: the page as an array, the next page in Link, the total (first page) in X-Total-Count. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header("Link", nextLink(request.url, page.nextCursor));
  if (page.total !== null) reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
