import { and, eq, type SQL, sql } from "drizzle-orm";
import { shortId } from "../../../shared/format";
import type { Listing, ListingContact } from "../../../shared/schemas/listings";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles } from "../../db/schema";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../auth/viewer";

// What every listing query of the buyer directory shares (SPEC §2 Browse and Buyer detail, DESIGN.md §2):
// the row it reads, who may see a listing at all (visibleTo) and who may see its contact (masking
// happens here and only here).

/** The columns every listing query reads: the listing and its buyer profile (typed by the schema). */
export const listingColumns = {
  id: buyerListings.id,
  buyerId: buyerListings.buyerId,
  title: buyerListings.title,
  description: buyerListings.description,
  vertical: buyerListings.vertical,
  payout: buyerListings.payout,
  paymentTerms: buyerListings.paymentTerms,
  durationRequirement: buyerListings.durationRequirement,
  geos: buyerListings.geos,
  minVolume: buyerListings.minVolume,
  status: buyerListings.status,
  boostedUntil: buyerListings.boostedUntil,
  createdAt: buyerListings.createdAt,
  updatedAt: buyerListings.updatedAt,
  /** created_at to the microsecond, as text: a JS Date would drop the microseconds the keyset needs. */
  createdKey: sql<string>`to_char(${buyerListings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  ownerUserId: buyerProfiles.userId,
  company: buyerProfiles.company,
  contactEmail: buyerProfiles.contactEmail,
  contactPhone: buyerProfiles.contactPhone,
  applicationUrl: buyerProfiles.applicationUrl,
  isVerified: buyerProfiles.isVerified,
  dailyCap: buyerProfiles.dailyCap,
};

/** The join every listing query starts from. */
export const ownedByProfile = eq(buyerProfiles.id, buyerListings.buyerId);

/** `select <listing columns> from buyer_listings join buyer_profiles`, ready for where/order/limit. */
export function selectListings(db: Db) {
  return db.select(listingColumns).from(buyerListings).innerJoin(buyerProfiles, ownedByProfile).$dynamic();
}

/** One row of the listing queries, before masking. */
export type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

/**
 * Who may see a listing at all, the one rule every listing query applies: active listings are public;
 * a paused or inactive one only for the buyer who owns it and for admins (DESIGN.md §2). Another
 * user's hidden listing is simply not found (404).
 */
export function visibleTo(viewer: Viewer | null): SQL {
  const isActive = sql`${buyerListings.status} = 'active'`;
  if (!viewer) return isActive;
  if (viewer.role === "admin") return sql`true`;
  return sql`(${isActive} or ${buyerProfiles.userId} = ${viewer.id})`;
}

/** The listing with this id if the viewer may see it; a malformed id finds nothing. */
export async function findVisibleListing(
  db: Db,
  viewer: Viewer | null,
  listingId: string,
): Promise<ListingRow | undefined> {
  if (!isUuid(listingId)) return undefined;
  const [row] = await selectListings(db).where(and(eq(buyerListings.id, listingId), visibleTo(viewer)));
  return row;
}

/** DESIGN.md §2: Premium, admins and the buyer who owns the listing see its contact. */
export function canSeeContact(viewer: Viewer | null, ownerUserId: string): boolean {
  if (!viewer) return false;
  return viewer.hasActiveSubscription || viewer.role === "admin" || viewer.id === ownerUserId;
}

export const toContact = (row: ListingRow): ListingContact => ({
  company: row.company,
  email: row.contactEmail,
  phone: row.contactPhone,
  applicationUrl: row.applicationUrl,
});

export function toListing(row: ListingRow, viewer: Viewer | null, now: Date): Listing {
  const contact = canSeeContact(viewer, row.ownerUserId) ? toContact(row) : null;
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
    boostedUntil: row.boostedUntil?.toISOString() ?? null,
    isBoosted: row.boostedUntil !== null && row.boostedUntil.getTime() > now.getTime(),
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    contact,
  };
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
  const listings = rows.map((row) => toListing(row, viewer, now));
  return { listings, nextCursor, hasContacts: listings.some((l) => l.contact !== null) };
}

/** Listing events (views, reveals) are counted per UTC day. */
export const eventDay = (date: Date) => date.toISOString().slice(0, 10);
