import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { MESSAGES, PAYOUT_RAISED_WINDOW_DAYS } from "../../shared/constants";
import { seesEveryContact } from "../../shared/contacts";
import { shortId } from "../../shared/format";
import type { Listing, ListingContact } from "../../shared/schemas/listings";
import { type Db, selectTypedRows, writtenOnce } from "../db/client";
import { buyerListings, buyerProfiles } from "../db/schema";
import { AppError } from "./app-error";
import { isUuid } from "./ids";
import { createdKeyOf } from "./keyset-pages";
import type { Viewer } from "./viewer";

// What every listing query of the buyer directory shares (Browse and the listing's page):
// the row it reads, who may see a listing at all (visibleTo) and who may see its contact (masking
// happens here and only here).
//
// These reads are the hot path of the budgets (docs/performance.md), so they are SQL templates over
// `buyer_listings l join buyer_profiles bp`: building the same query with Drizzle's select builder cost
// several hundred microseconds of CPU per request (about double the detail read's). Their select list is
// still made of the Drizzle tables' columns (selectList): the row's type comes from the tables, a
// renamed column is renamed in the statement too, and one dropped from the schema fails the type check.
// The list is written out once, at start-up, so a request pays nothing for building it, nor for
// parsing its rows: every column arrives as the type the tables declare, from either driver.

/** The aliases every listing query names; visibleTo and the filters write them as text too. */
const l = alias(buyerListings, "l");
const bp = alias(buyerProfiles, "bp");

/** A select list: Drizzle columns, and `sql<T>` expressions typed by their author. */
type Fields = Record<string, AnyColumn | SQL<unknown>>;

/**
 * `fields` as `expression as "name"`, written out once: the returned SQL is plain text, so a statement
 * that includes it costs nothing to build. Values must be written into the expressions (sql.raw), not
 * passed as parameters: a list with parameters is refused here, at start-up.
 */
export function selectList(fields: Fields): SQL {
  return writtenOnce(
    sql.join(
      Object.entries(fields).map(([name, field]) => sql`${field} as ${sql.identifier(name)}`),
      sql`, `,
    ),
  );
}

/**
 * A timestamp as the API writes it (Date.toISOString: UTC, milliseconds), made by the statement: no Date
 * is built from the driver's text and formatted again for every row of every page.
 */
const isoText = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The columns every listing query reads. isPayoutRaised compares the payout with what it was
 * PAYOUT_RAISED_WINDOW_DAYS ago: the from_payout of the first change inside the window (one probe of
 * listing_payout_changes_listing_idx per row; no change, no badge).
 */
const LISTING_FIELDS = {
  id: l.id,
  buyerId: l.buyerId,
  title: l.title,
  description: l.description,
  vertical: l.vertical,
  payout: sql<string>`${l.payout}::text`,
  paymentTerms: l.paymentTerms,
  durationRequirement: l.durationRequirement,
  geos: l.geos,
  minVolume: l.minVolume,
  status: l.status,
  boostedUntil: isoText(l.boostedUntil) as SQL<string | null>,
  createdAt: isoText(l.createdAt),
  updatedAt: isoText(l.updatedAt),
  tags: l.tags,
  disputeWindowDays: l.disputeWindowDays,
  isPayoutRaised: sql<boolean>`coalesce(${l.payout} > (
    select c.from_payout from listing_payout_changes c
    where c.listing_id = ${l.id}
      and c.changed_at > now() - make_interval(days => ${sql.raw(String(PAYOUT_RAISED_WINDOW_DAYS))})
    order by c.changed_at asc limit 1
  ), false)`,
  /** created_at to the microsecond, as text: a JS Date would drop the microseconds the keyset needs. */
  createdKey: createdKeyOf(l.createdAt),
  ownerUserId: bp.userId,
  company: bp.company,
  contactEmail: bp.contactEmail,
  contactPhone: bp.contactPhone,
  applicationUrl: bp.applicationUrl,
  isVerified: sql<boolean>`coalesce(${bp.verifiedUntil} > now(), false)`,
  /** When the buyer's badge began (the first approval of its unbroken run); null without a badge in force. */
  verifiedSince: sql<
    string | null
  >`case when ${bp.verifiedUntil} > now() then ${isoText(bp.verifiedSince)} end`,
  dailyCap: sql<number | null>`coalesce(${l.dailyCap}, ${bp.dailyCap})`,
  listingDailyCap: l.dailyCap,
  // The buyer's stored reliability score: two columns of the profile row already joined, so
  // the directory pays nothing for it (features/reliability/refresh-reliability.ts keeps them current).
  reliabilityScore: bp.reliabilityScore,
  reliabilityBasedOn: bp.reliabilityBasedOn,
};

/** The select list of every listing query, under the names of ListingRow. */
export const LISTING_COLUMNS = selectList(LISTING_FIELDS);

/** One row of LISTING_COLUMNS, before masking. */
export type ListingRow = SelectResultFields<typeof LISTING_FIELDS> & {
  /** See acceptedDealColumn; a query that does not read it masks (the safe side). */
  hasAcceptedDeal?: boolean;
  /** See externalIdColumn: absent when the query did not read it, null for anyone but the owner. */
  externalId?: string | null;
};

/**
 * A buyer who accepted a publisher's deal intent on a listing consented to share its
 * contact with that publisher. The column says whether the viewer holds such an accepted intent on the
 * row's listing. Only read where it can change the answer: nobody signed out has one, and Premium and
 * admins see every contact already.
 */
function acceptedDealColumn(viewer: Viewer | null): SQL {
  if (!viewer || seesEveryContact(viewer)) return sql`false as "hasAcceptedDeal"`;
  return sql`exists (
    select 1 from deal_intents di join publisher_profiles pp on pp.id = di.publisher_id
    where di.listing_id = l.id and di.status = 'accepted' and pp.user_id = ${viewer.id}
  ) as "hasAcceptedDeal"`;
}

/**
 * The buyer's own id for the listing (the API's sync) is the owner's business only. A visitor's read
 * leaves it out altogether, so the directory's hottest statement stays as it was.
 */
function externalIdColumn(viewer: Viewer | null): SQL {
  if (!viewer) return sql``;
  return sql`, case when bp.user_id = ${viewer.id} then l.external_id end as "externalId"`;
}

/** LISTING_COLUMNS plus what the contact rule needs to know about this viewer: use it to read rows. */
export function listingColumnsFor(viewer: Viewer | null): SQL {
  if (!viewer) return VISITOR_LISTING_COLUMNS;
  return sql`${LISTING_COLUMNS}, ${acceptedDealColumn(viewer)}${externalIdColumn(viewer)}`;
}

const VISITOR_LISTING_COLUMNS = writtenOnce(
  sql`${LISTING_COLUMNS}, ${acceptedDealColumn(null)}${externalIdColumn(null)}`,
);

/** The join every listing query reads from; visibleTo and the filters name its aliases l and bp. */
export const LISTING_FROM = sql`buyer_listings l join buyer_profiles bp on bp.id = l.buyer_id`;

// A disabled owner's listings leave the directory. An anti-join on users by primary key, so the
// directory's pages stay index walks (checked with EXPLAIN).
const OWNER_NOT_DISABLED = sql`not exists (select 1 from users du where du.id = bp.user_id and du.disabled_at is not null)`;
const VISIBLE_TO_VISITORS = writtenOnce(sql`(l.status = 'active' and ${OWNER_NOT_DISABLED})`);

/**
 * Who may see a listing at all, the one rule every listing query applies: active listings of enabled
 * owners are public; a paused or inactive one only for the buyer who owns it and for admins. Another
 * user's hidden listing is simply not found (404). A condition over LISTING_FROM.
 */
export function visibleTo(viewer: Viewer | null): SQL {
  if (!viewer) return VISIBLE_TO_VISITORS;
  if (viewer.role === "admin") return sql`true`;
  return sql`((l.status = 'active' or bp.user_id = ${viewer.id}) and ${OWNER_NOT_DISABLED})`;
}

/** How a buyer is named to whoever may not see the contact (the company is contact): "Buyer 1a2b3c4d". */
const maskedBuyerName = (buyerId: string) => `Buyer ${shortId(buyerId)}`;

/** The listing with this id if the viewer may see it; a malformed id finds nothing. */
export async function findVisibleListing(
  db: Db,
  viewer: Viewer | null,
  listingId: string,
): Promise<ListingRow | undefined> {
  if (!isUuid(listingId)) return undefined;
  const [row] = await selectTypedRows<ListingRow>(
    db,
    sql`select ${listingColumnsFor(viewer)} from ${LISTING_FROM} where l.id = ${listingId} and ${visibleTo(viewer)}`,
  );
  return row;
}

/** findVisibleListing, or the 404 every listing route answers for a listing it cannot show. */
export async function requireVisibleListing(
  db: Db,
  viewer: Viewer | null,
  listingId: string,
): Promise<ListingRow> {
  const row = await findVisibleListing(db, viewer, listingId);
  if (!row) throw new AppError("not_found", MESSAGES.listingNotFound);
  return row;
}

/**
 * The contact rule, the only one: Premium, admins, the buyer who owns the listing, and a
 * publisher whose deal intent on this listing the buyer accepted see its contact; nobody else.
 */
export function canSeeContact(
  viewer: Viewer | null,
  row: Pick<ListingRow, "ownerUserId" | "hasAcceptedDeal">,
): boolean {
  if (!viewer) return false;
  return seesEveryContact(viewer) || viewer.id === row.ownerUserId || row.hasAcceptedDeal === true;
}

export const toContact = (row: ListingRow): ListingContact => ({
  company: row.company,
  email: row.contactEmail,
  phone: row.contactPhone,
  applicationUrl: row.applicationUrl,
});

export function toListing(row: ListingRow, viewer: Viewer | null, now: Date): Listing {
  return listingOf(row, viewer, now.toISOString());
}

/** toListing with the time as ISO text, made once for a whole page. */
function listingOf(row: ListingRow, viewer: Viewer | null, nowIso: string): Listing {
  const contact = canSeeContact(viewer, row) ? toContact(row) : null;
  const listing: Listing = {
    id: row.id,
    buyerId: row.buyerId,
    buyerName: contact ? contact.company : maskedBuyerName(row.buyerId),
    title: row.title,
    description: row.description,
    vertical: row.vertical,
    payout: row.payout,
    paymentTerms: row.paymentTerms,
    durationRequirement: row.durationRequirement,
    geos: row.geos,
    minVolume: row.minVolume,
    dailyCap: row.dailyCap,
    listingDailyCap: row.listingDailyCap,
    status: row.status,
    boostedUntil: row.boostedUntil,
    // Both ISO times of the same shape, so their text orders as their instants do.
    isBoosted: row.boostedUntil !== null && row.boostedUntil > nowIso,
    isVerified: row.isVerified,
    verifiedSince: row.verifiedSince,
    tags: row.tags,
    disputeWindowDays: row.disputeWindowDays,
    isPayoutRaised: row.isPayoutRaised,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    contact,
    reliability: { score: row.reliabilityScore, basedOn: row.reliabilityBasedOn },
  };
  // Added to the owner's own rows only (a conditional spread in the literal cost every row a copy).
  if (row.externalId !== undefined && viewer !== null && viewer.id === row.ownerUserId) {
    listing.externalId = row.externalId;
  }
  return listing;
}

/** A page of listings as the routes answer it. */
export interface ListingPage {
  listings: Listing[];
  nextCursor: string | null;
  /** True when any listing in the page carries its contact (the route then forbids caching). */
  hasContacts: boolean;
}

export function toListingPage(
  rows: ListingRow[],
  viewer: Viewer | null,
  now: Date,
  nextCursor: string | null = null,
): ListingPage {
  const nowIso = now.toISOString();
  const listings = rows.map((row) => listingOf(row, viewer, nowIso));
  return { listings, nextCursor, hasContacts: listings.some((l) => l.contact !== null) };
}

/** Listing events (views, reveals) are counted per UTC day. */
export const eventDay = (date: Date) => date.toISOString().slice(0, 10);
