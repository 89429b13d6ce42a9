import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES, US_NATIONAL } from "../../../shared/constants";
import {
  DEFAULT_LISTING_LIMIT,
  LISTING_SORTS,
  type ListingQuery,
  type ListingSort,
  MAX_LISTING_LIMIT,
} from "../../../shared/schemas/listings";
import { type Db, selectTypedRows } from "../../db/client";
import { AppError } from "../../lib/app-error";
import {
  LISTING_FROM,
  type ListingPage,
  type ListingRow,
  listingColumnsFor,
  toListingPage,
  visibleTo,
} from "../../lib/listing-read";
import {
  containsPattern,
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR_MESSAGE,
  MIN_TRIGRAM_LENGTH,
  sqlLimit,
} from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";

// GET /api/buyer-listings (the Browse page): the directory, filtered, in one of five
// keyset orders, one page at a time.

/** A directory row: the listing, plus the sort key (text) for an order that selects one (Keyset.keyColumn). */
type DirectoryRow = ListingRow & { sortKey?: string | null };

// ---- keyset orders -----------------------------------------------------------------------------------

/**
 * One sort order of the directory. Rows are read group after group (most orders have one group; boosted
 * first has two), each group in `orderBy`, and a cursor is the last row's key and id plus its group.
 * Reading each group in index order, instead of ordering by an expression, keeps every page an index
 * walk (an unindexed sort or search would read every active row).
 */
interface Keyset {
  /** The cursor's sort key: validated before it reaches SQL. */
  key: z.ZodType<string>;
  keyOf(row: DirectoryRow): string;
  /** ORDER BY, matching the indexes (see below). */
  orderBy: SQL;
  /** Rows after (key, id) in that order. */
  after(key: string, id: string): SQL;
  /** The groups read in turn, given the time the scroll started (undefined: no extra condition). */
  groups(referenceTime: string): (SQL | undefined)[];
  /**
   * The sort key when the columns every listing query reads do not hold it: selected as "sortKey" (text)
   * by this order's statements only, so the other orders' statements stay as they were.
   */
  keyColumn?: SQL;
  /** Whether a cursor's key can belong to its group (a forged one that cannot is refused). */
  fitsGroup?(key: string, group: number): boolean;
}

// ORDER BY spells "nulls last" because the indexes are declared "desc nulls last"; plain "desc" means
// nulls first, which does not match them and turns every page into a sort of all active rows.
const newestFirst = sql`l.created_at desc nulls last, l.id desc nulls last`;
// A cursor comes back from the client, so its timestamps are bounded to years a listing or a scroll can
// have: PostgreSQL refuses year 0000 ("date/time field value out of range", once a 500).
const isCursorYear = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= 1970 && year <= 9999;
};
const cursorTime = z.iso.datetime().refine(isCursorYear);
const timestampKey = z.iso.datetime({ precision: 6 }).refine(isCursorYear);
const moneyKey = z.string().regex(/^\d{1,8}\.\d{2}$/);
const oneGroup = () => [undefined];

const newest: Keyset = {
  key: timestampKey,
  keyOf: (row) => row.createdKey,
  orderBy: newestFirst,
  after: (key, id) => sql`(l.created_at, l.id) < (${key}::timestamptz, ${id}::uuid)`,
  groups: oneGroup,
};

// The buyer's figures, copied onto each listing (kept equal by triggers, migration 0020) so that each
// order is one index walk. A reliability score is 0-100, or null below the reviewed deals it needs: those
// listings are a second group, read after every scored one, by id alone.
const NO_SCORE = "";
const byReliability: Keyset = {
  key: z.string().regex(/^(\d{1,3})?$/),
  keyOf: (row) => row.sortKey ?? NO_SCORE,
  orderBy: sql`l.buyer_reliability_score desc nulls last, l.id desc nulls last`,
  after: (key, id) =>
    key === NO_SCORE
      ? sql`l.id < ${id}::uuid`
      : sql`(l.buyer_reliability_score, l.id) < (${key}::int, ${id}::uuid)`,
  groups: () => [sql`l.buyer_reliability_score is not null`, sql`l.buyer_reliability_score is null`],
  keyColumn: sql`l.buyer_reliability_score::text`,
  fitsGroup: (key, group) => (key === NO_SCORE) === (group === 1),
};
const byReviews: Keyset = {
  key: z.string().regex(/^\d{1,9}$/),
  keyOf: (row) => row.sortKey ?? "0",
  orderBy: sql`l.buyer_review_count desc nulls last, l.id desc nulls last`,
  after: (key, id) => sql`(l.buyer_review_count, l.id) < (${key}::int, ${id}::uuid)`,
  groups: oneGroup,
  keyColumn: sql`l.buyer_review_count::text`,
};
const KEYSETS: Record<ListingSort, Keyset> = {
  newest,
  payout: {
    key: moneyKey,
    keyOf: (row) => row.payout,
    orderBy: sql`l.payout desc nulls last, l.id desc nulls last`,
    after: (key, id) => sql`(l.payout, l.id) < (${key}::numeric, ${id}::uuid)`,
    groups: oneGroup,
  },
  // Boosted first, newest within each group. "Boosted" is judged at the time the scroll started (kept
  // in the cursor), so a boost that ends mid-scroll cannot move a listing between pages.
  boosted: {
    ...newest,
    groups: (referenceTime) => {
      const ref = sql`${referenceTime}::timestamptz`;
      return [sql`l.boosted_until > ${ref}`, sql`(l.boosted_until is null or l.boosted_until <= ${ref})`];
    },
  },
  reliability: byReliability,
  reviews: byReviews,
};

// ---- cursors -----------------------------------------------------------------------------------------

const cursorSchema = z.object({
  /** The sort the cursor belongs to. */
  s: z.enum(LISTING_SORTS),
  /** When the scroll started (ISO). */
  t: cursorTime,
  /** The group the last row was in. */
  g: z.number().int().min(0),
  /** The last row's sort key and id. */
  k: z.string(),
  i: z.uuid(),
});
type Cursor = z.infer<typeof cursorSchema>;

function readCursor(raw: string, sort: ListingSort, referenceTime: string): Cursor {
  const cursor = decodeCursor(raw, cursorSchema);
  if (cursor.s !== sort) {
    throw new AppError("validation", `Invalid cursor: it belongs to sort "${cursor.s}", not "${sort}"`);
  }
  const keyset = KEYSETS[sort];
  if (
    !keyset.key.safeParse(cursor.k).success ||
    cursor.g >= keyset.groups(referenceTime).length ||
    (keyset.fitsGroup && !keyset.fitsGroup(cursor.k, cursor.g))
  ) {
    throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  }
  return cursor;
}

// ---- filters -----------------------------------------------------------------------------------------

function filterConditions(query: ListingQuery, viewer: Viewer | null): SQL[] {
  const conditions: SQL[] = [visibleTo(viewer)];
  if (query.mine) {
    if (!viewer) throw new AppError("unauthorized", MESSAGES.unauthorized);
    // A buyer's dashboard: their own listings, every status; nobody else's.
    conditions.push(sql`bp.user_id = ${viewer.id}`);
  } else {
    // The public directory lists active listings only, whoever asks.
    conditions.push(sql`l.status = 'active'`);
  }
  if (query.vertical) conditions.push(sql`l.vertical = ${query.vertical}`);
  // Verified buyers only: a condition on the profile row the page joins already (the badge is in force
  // while verified_until is in the future), so the keyset walk stays as it is.
  if (query.verified) conditions.push(sql`bp.verified_until > now()`);
  if (query.payoutMin) conditions.push(sql`l.payout >= ${query.payoutMin}::numeric`);
  if (query.payoutMax) conditions.push(sql`l.payout < ${query.payoutMax}::numeric`);
  if (query.tags.length > 0) {
    // Every tag must match: array containment, answered by the GIN index on active listings' tags.
    conditions.push(
      sql`l.tags @> array[${sql.join(
        query.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (query.geo) {
    // A "US National" listing serves every state; no geos at all reads as US National.
    const geos = query.geo === US_NATIONAL ? [US_NATIONAL] : [query.geo, US_NATIONAL];
    conditions.push(
      sql`(l.geos && array[${sql.join(
        geos.map((g) => sql`${g}`),
        sql`, `,
      )}]::text[] or l.geos = '{}'::text[])`,
    );
  }
  if (query.search) {
    const fullText = sql`l.search_vector @@ websearch_to_tsquery('english', ${query.search})`;
    conditions.push(
      query.search.length >= MIN_TRIGRAM_LENGTH
        ? sql`(${fullText} or l.title ilike ${containsPattern(query.search)})`
        : fullText,
    );
  }
  return conditions;
}

// ---- the query ---------------------------------------------------------------------------------------

/**
 * How many rows a page reads: one more than the page (to know whether a next one exists), rounded up
 * to one of a few sizes, so the statement's LIMIT can be part of its text (see sqlLimit) while the
 * statements stay few. The extra rows are dropped.
 */
const PAGE_READ_SIZES = [DEFAULT_LISTING_LIMIT, 50, MAX_LISTING_LIMIT];
const readSize = (limit: number) => (PAGE_READ_SIZES.find((size) => size >= limit) ?? limit) + 1;

/**
 * The statements that read a page of GET /api/buyer-listings, one per keyset group from the cursor's
 * on, each an index walk (order by, limit). listListings runs them in turn until the page is full, so a
 * page the first group fills costs one query. Exported for the bench's floor server
 * (scripts/bench-floor.ts), which runs exactly the first of them.
 */
export function directoryPageStatements({
  viewer,
  query,
  now = new Date(),
}: {
  viewer: Viewer | null;
  query: ListingQuery;
  now?: Date;
}): { statements: { group: number; statement: SQL }[]; keyset: Keyset; referenceTime: string } {
  const base = filterConditions(query, viewer);
  const keyset = KEYSETS[query.sort];
  const cursor = query.cursor ? readCursor(query.cursor, query.sort, now.toISOString()) : null;
  const referenceTime = cursor?.t ?? now.toISOString();
  const groups = keyset.groups(referenceTime);
  const take = sqlLimit(readSize(query.limit));
  const columns = keyset.keyColumn
    ? sql`${listingColumnsFor(viewer)}, ${keyset.keyColumn} as "sortKey"`
    : listingColumnsFor(viewer);

  const statements: { group: number; statement: SQL }[] = [];
  for (let group = cursor?.g ?? 0; group < groups.length; group++) {
    // The cursor's position applies within its own group; a later group is read from its start.
    const after = cursor && group === cursor.g ? [keyset.after(cursor.k, cursor.i)] : [];
    const groupCondition = groups[group];
    const conditions = [...base, ...(groupCondition ? [groupCondition] : []), ...after];
    statements.push({
      group,
      statement: sql`select ${columns} from ${LISTING_FROM}
        where ${sql.join(conditions, sql` and `)} order by ${keyset.orderBy} limit ${take}`,
    });
  }
  return { statements, keyset, referenceTime };
}

/**
 * GET /api/buyer-listings: the listings the viewer may see, filtered, one page in the chosen keyset
 * order. Reads one row more than asked to know whether a next page exists.
 */
export async function listListings({
  db,
  viewer,
  query,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer | null;
  query: ListingQuery;
  now?: Date;
}): Promise<ListingPage> {
  const { statements, keyset, referenceTime } = directoryPageStatements({ viewer, query, now });
  const rows: DirectoryRow[] = [];
  // Each row's keyset group, alongside: a copy of the row with the group added cost more than the
  // rest of the page's work (the copies, of thirty-odd fields, left V8's fast object shapes).
  const groupOf: number[] = [];
  for (const { group, statement } of statements) {
    if (rows.length > query.limit) break;
    for (const row of await selectTypedRows<DirectoryRow>(db, statement)) {
      rows.push(row);
      groupOf.push(group);
    }
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          s: query.sort,
          t: referenceTime,
          g: groupOf[page.length - 1]!,
          k: keyset.keyOf(last),
          i: last.id,
        } satisfies Cursor)
      : null;
  return toListingPage(page, viewer, now, nextCursor);
}
