import { createHmac } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { LISTING_STATS_WINDOW_DAYS, MESSAGES, US_NATIONAL } from "../../../shared/constants";
import { shortId } from "../../../shared/format";
import type {
  Listing,
  ListingContact,
  ListingDetail,
  ListingQuery,
  ListingSort,
} from "../../../shared/schemas/listings";
import { type Db, queryRows } from "../../db/client";
import { auditLogs, listingEvents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../auth/viewer";

// The buyer directory (SPEC §2 Browse and Buyer detail, DESIGN.md §2): listing queries with keyset
// pagination, contact masking, reveals and view counting. Masking happens here and only here.

/** One row of the listing queries, before masking. */
interface ListingRow {
  id: string;
  buyerId: string;
  title: string;
  description: string | null;
  vertical: string;
  payout: string;
  paymentTerms: string | null;
  durationRequirement: number | null;
  geos: string[];
  minVolume: number | null;
  status: string;
  boostedUntil: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** created_at to the microsecond, as text: a JS Date would drop the microseconds the keyset needs. */
  createdKey: string;
  ownerUserId: string;
  company: string;
  contactEmail: string | null;
  contactPhone: string | null;
  applicationUrl: string | null;
  isVerified: boolean;
  dailyCap: number | null;
}

const LISTING_COLUMNS = sql`
  l.id, l.buyer_id as "buyerId", l.title, l.description, l.vertical, l.payout::text as payout,
  l.payment_terms as "paymentTerms", l.duration_requirement as "durationRequirement", l.geos,
  l.min_volume as "minVolume", l.status, l.boosted_until as "boostedUntil", l.created_at as "createdAt",
  l.updated_at as "updatedAt",
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdKey",
  bp.user_id as "ownerUserId", bp.company, bp.contact_email as "contactEmail",
  bp.contact_phone as "contactPhone", bp.application_url as "applicationUrl",
  bp.is_verified as "isVerified", bp.daily_cap as "dailyCap"`;
const LISTING_FROM = sql`buyer_listings l join buyer_profiles bp on bp.id = l.buyer_id`;

/** DESIGN.md §2: Premium, admins and the buyer who owns the listing see its contact. */
function canSeeContact(viewer: Viewer | null, ownerUserId: string): boolean {
  if (!viewer) return false;
  return viewer.hasActiveSubscription || viewer.role === "admin" || viewer.id === ownerUserId;
}

const toIso = (value: Date | string) => new Date(value).toISOString();

const toContact = (row: ListingRow): ListingContact => ({
  company: row.company,
  email: row.contactEmail,
  phone: row.contactPhone,
  applicationUrl: row.applicationUrl,
});

function toListing(row: ListingRow, viewer: Viewer | null, now: Date): Listing {
  const contact = canSeeContact(viewer, row.ownerUserId) ? toContact(row) : null;
  const boostedUntil = row.boostedUntil ? toIso(row.boostedUntil) : null;
  return {
    id: row.id,
    buyerId: row.buyerId,
    buyerName: contact ? contact.company : `Buyer ${shortId(row.buyerId)}`,
    title: row.title,
    description: row.description,
    vertical: row.vertical,
    payout: row.payout,
    paymentTerms: row.paymentTerms,
    durationRequirement: row.durationRequirement,
    geos: row.geos,
    minVolume: row.minVolume,
    dailyCap: row.dailyCap,
    status: row.status,
    boostedUntil,
    isBoosted: boostedUntil !== null && new Date(boostedUntil).getTime() > now.getTime(),
    isVerified: row.isVerified,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    contact,
  };
}

// ---- cursors ---------------------------------------------------------------------------------------

const timestampKey = z.iso.datetime({ precision: 6 });
const cursorSchema = z.discriminatedUnion("s", [
  z.object({ s: z.literal("newest"), k: timestampKey, i: z.uuid() }),
  z.object({ s: z.literal("payout"), p: z.string().regex(/^\d{1,8}\.\d{2}$/), i: z.uuid() }),
  // Boosted-first pins "now" on page one (t), so a boost that ends mid-scroll cannot move a listing.
  z.object({ s: z.literal("boosted"), t: z.iso.datetime(), b: z.boolean(), k: timestampKey, i: z.uuid() }),
]);
type Cursor = z.infer<typeof cursorSchema>;

const INVALID_CURSOR_MESSAGE = "Invalid cursor: start again from the first page";

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(raw: string, sort: ListingSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw new AppError("validation", INVALID_CURSOR_MESSAGE);
  if (result.data.s !== sort) {
    throw new AppError("validation", `Invalid cursor: it belongs to sort "${result.data.s}", not "${sort}"`);
  }
  return result.data;
}

// ---- listing the directory -------------------------------------------------------------------------

/** Partial words in titles go through the trigram index, which needs at least 3 characters. */
const MIN_TRIGRAM_LENGTH = 3;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(query: ListingQuery, viewer: Viewer | null): SQL[] {
  const conditions: SQL[] = [];
  if (query.mine) {
    // A buyer sees every status of their own listings (dashboard); nobody else's.
    conditions.push(sql`bp.user_id = ${viewer!.id}`);
  } else {
    conditions.push(sql`l.status = 'active'`);
  }
  if (query.vertical) conditions.push(sql`l.vertical = ${query.vertical}`);
  if (query.payoutMin) conditions.push(sql`l.payout >= ${query.payoutMin}::numeric`);
  if (query.payoutMax) conditions.push(sql`l.payout < ${query.payoutMax}::numeric`);
  if (query.geo) {
    // DESIGN.md §2: a "US National" listing serves every state; no geos at all reads as US National.
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
        ? sql`(${fullText} or l.title ilike ${`%${escapeLike(query.search)}%`})`
        : fullText,
    );
  }
  return conditions;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

// ORDER BY spells "nulls last" because the indexes are declared "desc nulls last"; plain "desc" means
// nulls first, which does not match them and turns every page into a sort of all active rows.

export interface ListListingsResult {
  listings: Listing[];
  nextCursor: string | null;
  /** True when any listing in the page carries its contact (the route then forbids caching). */
  hasContacts: boolean;
}

/**
 * GET /api/buyer-listings: active listings, filtered, in one of three keyset orders. Fetches one row
 * more than asked to know whether a next page exists.
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
}): Promise<ListListingsResult> {
  if (query.mine && !viewer) throw new AppError("unauthorized", MESSAGES.unauthorized);
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const base = filterConditions(query, viewer);
  const take = query.limit + 1;

  let rows: (ListingRow & { boosted?: boolean })[];
  let referenceTime = now.toISOString();
  if (query.sort === "payout") {
    const after =
      cursor?.s === "payout" ? [sql`(l.payout, l.id) < (${cursor.p}::numeric, ${cursor.i}::uuid)`] : [];
    rows = await queryRows<ListingRow>(
      db,
      sql`select ${LISTING_COLUMNS} from ${LISTING_FROM} where ${and([...base, ...after])}
          order by l.payout desc nulls last, l.id desc nulls last limit ${take}`,
    );
  } else if (query.sort === "newest") {
    const after =
      cursor?.s === "newest"
        ? [sql`(l.created_at, l.id) < (${cursor.k}::timestamptz, ${cursor.i}::uuid)`]
        : [];
    rows = await queryRows<ListingRow>(
      db,
      sql`select ${LISTING_COLUMNS} from ${LISTING_FROM} where ${and([...base, ...after])}
          order by l.created_at desc nulls last, l.id desc nulls last limit ${take}`,
    );
  } else {
    // Boosted first, newest within each group: the boosted group, then the rest, each read in index
    // order. Ordering by an expression instead would sort every active row (DESIGN.md §3). The rest is
    // only queried when the boosted group cannot fill the page, so a busy directory costs one query.
    if (cursor?.s === "boosted") referenceTime = cursor.t;
    const ref = sql`${referenceTime}::timestamptz`;
    const after =
      cursor?.s === "boosted"
        ? [sql`(l.created_at, l.id) < (${cursor.k}::timestamptz, ${cursor.i}::uuid)`]
        : [];
    const inBoostedGroup = cursor?.s !== "boosted" || cursor.b;
    const boosted = inBoostedGroup
      ? await queryRows<ListingRow>(
          db,
          sql`select ${LISTING_COLUMNS} from ${LISTING_FROM}
              where ${and([...base, sql`l.boosted_until > ${ref}`, ...after])}
              order by l.created_at desc nulls last, l.id desc nulls last limit ${take}`,
        )
      : [];
    const rest =
      boosted.length < take
        ? await queryRows<ListingRow>(
            db,
            sql`select ${LISTING_COLUMNS} from ${LISTING_FROM}
                where ${and([
                  ...base,
                  sql`(l.boosted_until is null or l.boosted_until <= ${ref})`,
                  // Within the rest, the cursor applies only once the page has left the boosted group.
                  ...(inBoostedGroup ? [] : after),
                ])}
                order by l.created_at desc nulls last, l.id desc nulls last limit ${take - boosted.length}`,
          )
        : [];
    rows = [...boosted.map((r) => ({ ...r, boosted: true })), ...rest.map((r) => ({ ...r, boosted: false }))];
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    nextCursor = encodeCursor(
      query.sort === "payout"
        ? { s: "payout", p: last.payout, i: last.id }
        : query.sort === "newest"
          ? { s: "newest", k: last.createdKey, i: last.id }
          : { s: "boosted", t: referenceTime, b: Boolean(last.boosted), k: last.createdKey, i: last.id },
    );
  }
  const listings = page.map((row) => toListing(row, viewer, now));
  return { listings, nextCursor, hasContacts: listings.some((l) => l.contact !== null) };
}

// ---- one listing -----------------------------------------------------------------------------------

/** Active listings are public; a paused or inactive one only for its owner and admins. */
function isVisible(row: { status: string; ownerUserId: string }, viewer: Viewer | null): boolean {
  return (
    row.status === "active" || viewer?.role === "admin" || (viewer !== null && viewer.id === row.ownerUserId)
  );
}

async function findListingRow(db: Db, listingId: string): Promise<ListingRow | undefined> {
  if (!isUuid(listingId)) return undefined;
  const rows = await queryRows<ListingRow>(
    db,
    sql`select ${LISTING_COLUMNS} from ${LISTING_FROM} where l.id = ${listingId}`,
  );
  return rows[0];
}

async function requireVisibleListing(db: Db, viewer: Viewer | null, listingId: string): Promise<ListingRow> {
  const row = await findListingRow(db, listingId);
  if (!row || !isVisible(row, viewer)) throw new AppError("not_found", MESSAGES.listingNotFound);
  return row;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Who a view belongs to: the user id, or for visitors an HMAC of their address, so raw IPs are never
 * stored and the one-view-per-day rule still holds. Not the User-Agent: the client picks it freely, and
 * each new value would count as a new viewer.
 */
function viewerKeyOf(viewer: Viewer | null, ip: string, secret: string): string {
  if (viewer) return viewer.id;
  return `anon:${createHmac("sha256", secret).update(ip).digest("base64url").slice(0, 32)}`;
}

/** GET /api/buyer-listings/{id}: the listing, its 30-day figures, and one counted view per viewer per day. */
export async function getListing({
  db,
  viewer,
  listingId,
  ip,
  keySecret,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer | null;
  listingId: string;
  /** The visitor's address and the secret that hashes it into a viewer key (see viewerKeyOf). */
  ip: string;
  keySecret: string;
  now?: Date;
}): Promise<ListingDetail> {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  const viewerKey = viewerKeyOf(viewer, ip, keySecret);
  const since = new Date(now.getTime() - LISTING_STATS_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
  const viewerId = viewer?.id ?? null;
  // One statement: the view is recorded by a data-modifying CTE (same visibility rule as isVisible;
  // the owner looking at their own listing is not a view), and the figures are read beside the row.
  const [row] = await queryRows<ListingRow & { views: number; reveals: number; isSaved: boolean }>(
    db,
    sql`with recorded_view as (
          insert into listing_events (listing_id, user_id, kind, viewer_key, day)
          select l.id, ${viewerId}::uuid, 'view', ${viewerKey}, ${utcDay(now)} from ${LISTING_FROM}
          where l.id = ${listingId}
            and (l.status = 'active' or ${viewer?.role === "admin"}::boolean or bp.user_id = ${viewerId}::uuid)
            and bp.user_id is distinct from ${viewerId}::uuid
          on conflict (listing_id, viewer_key, day) where kind = 'view' do nothing
        )
        select ${LISTING_COLUMNS},
          (select count(*)::int from listing_events e
            where e.listing_id = l.id and e.kind = 'view' and e.created_at > ${since}::timestamptz) as "views",
          (select count(*)::int from listing_events e
            where e.listing_id = l.id and e.kind = 'reveal' and e.created_at > ${since}::timestamptz) as "reveals",
          ${viewer ? sql`exists (select 1 from saved_listings s where s.listing_id = l.id and s.user_id = ${viewer.id})` : sql`false`} as "isSaved"
        from ${LISTING_FROM} where l.id = ${listingId}`,
  );
  if (!row || !isVisible(row, viewer)) throw new AppError("not_found", MESSAGES.listingNotFound);
  return {
    ...toListing(row, viewer, now),
    isSaved: Boolean(row.isSaved),
    stats: { views: Number(row.views), reveals: Number(row.reveals) },
  };
}

// ---- reveal ----------------------------------------------------------------------------------------

/**
 * POST /api/reveal-contact/{id} (DESIGN.md §2): 401 signed out, 404 unknown, 403 without Premium,
 * else the contact, recorded as a listing event (for the buyer's analytics) and in the audit log.
 */
export async function revealContact({
  db,
  viewer,
  listingId,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
  now?: Date;
}): Promise<{ contact: ListingContact }> {
  const row = await requireVisibleListing(db, viewer, listingId);
  if (!canSeeContact(viewer, row.ownerUserId))
    throw new AppError("premium_required", MESSAGES.premiumRequired);
  await db.transaction(async (tx) => {
    if (viewer.id !== row.ownerUserId) {
      await tx.insert(listingEvents).values({
        listingId: row.id,
        userId: viewer.id,
        kind: "reveal",
        viewerKey: viewer.id,
        day: utcDay(now),
      });
    }
    await tx
      .insert(auditLogs)
      .values({ userId: viewer.id, action: "listing.contact_revealed", metaJson: { listingId: row.id } });
  });
  return { contact: toContact(row) };
}

// ---- saved listings --------------------------------------------------------------------------------

/** Saved listings are a bookmark list, newest first; a generous cap keeps the answer bounded. */
const MAX_SAVED_LISTINGS = 200;

export async function saveListing({ db, viewer, listingId }: { db: Db; viewer: Viewer; listingId: string }) {
  const row = await requireVisibleListing(db, viewer, listingId);
  await db.execute(
    sql`insert into saved_listings (user_id, listing_id) values (${viewer.id}, ${row.id}) on conflict do nothing`,
  );
}

export async function unsaveListing({
  db,
  viewer,
  listingId,
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
}) {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  // Idempotent: removing a listing that is not saved (or no longer exists) is already done.
  await db.execute(
    sql`delete from saved_listings where user_id = ${viewer.id} and listing_id = ${listingId}`,
  );
}

export async function listSavedListings({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  now?: Date;
}): Promise<ListListingsResult> {
  const rows = await queryRows<ListingRow>(
    db,
    sql`select ${LISTING_COLUMNS} from saved_listings s join buyer_listings l on l.id = s.listing_id
        join buyer_profiles bp on bp.id = l.buyer_id
        where s.user_id = ${viewer.id}
          and (l.status = 'active' or bp.user_id = ${viewer.id} or ${viewer.role === "admin"})
        order by s.created_at desc, l.id desc limit ${MAX_SAVED_LISTINGS}`,
  );
  const listings = rows.map((row) => toListing(row, viewer, now));
  return { listings, nextCursor: null, hasContacts: listings.some((l) => l.contact !== null) };
}
