import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { LISTING_STATS_WINDOW_DAYS, MESSAGES } from "../../../shared/constants";
import type { ListingDetail } from "../../../shared/schemas/listings";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles, listingEvents, savedListings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../auth/viewer";
import { eventDay, listingColumns, ownedByProfile, toListing, visibleTo } from "./listing-row";

// GET /api/buyer-listings/{id} (SPEC §2 Buyer detail): one listing, its 30-day figures, and one
// counted view per viewer per day.

/**
 * Who a view belongs to: the user id, or for visitors an HMAC of their address, so raw IPs are never
 * stored and the one-view-per-day rule still holds. Not the User-Agent: the client picks it freely, and
 * each new value would count as a new viewer.
 */
function viewerKeyOf(viewer: Viewer | null, ip: string, secret: string): string {
  if (viewer) return viewer.id;
  return `anon:${createHmac("sha256", secret).update(ip).digest("base64url").slice(0, 32)}`;
}

const eventCount = (kind: "view" | "reveal", since: Date) =>
  sql<number>`(select count(*)::int from ${listingEvents}
    where ${listingEvents.listingId} = ${buyerListings.id} and ${listingEvents.kind} = ${kind}
      and ${listingEvents.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(Number);

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
  const viewerId = viewer?.id ?? null;
  const since = new Date(now.getTime() - LISTING_STATS_WINDOW_DAYS * 24 * 3600 * 1000);
  const thisListing = and(eq(buyerListings.id, listingId), visibleTo(viewer));
  // One statement: the view is recorded by a data-modifying CTE, under the same visibility rule as the
  // read (the owner looking at their own listing is not a view), and the figures are read beside the row.
  const recordedView = db.$with("recorded_view", { listingId: sql<string>`listing_id` }).as(
    sql`insert into ${listingEvents} (listing_id, user_id, kind, viewer_key, day)
        select ${buyerListings.id}, ${viewerId}::uuid, 'view', ${viewerKeyOf(viewer, ip, keySecret)}, ${eventDay(now)}
        from ${buyerListings} join ${buyerProfiles} on ${ownedByProfile}
        where ${thisListing} and ${buyerProfiles.userId} is distinct from ${viewerId}::uuid
        on conflict (listing_id, viewer_key, day) where kind = 'view' do nothing
        returning listing_id`,
  );
  const [row] = await db
    .with(recordedView)
    .select({
      ...listingColumns,
      views: eventCount("view", since),
      reveals: eventCount("reveal", since),
      isSaved: viewer
        ? sql<boolean>`exists (select 1 from ${savedListings} where ${savedListings.listingId} = ${buyerListings.id} and ${savedListings.userId} = ${viewer.id})`.mapWith(
            Boolean,
          )
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(buyerListings)
    .innerJoin(buyerProfiles, ownedByProfile)
    .where(thisListing);
  if (!row) throw new AppError("not_found", MESSAGES.listingNotFound);
  return {
    ...toListing(row, viewer, now),
    isSaved: row.isSaved,
    stats: { views: row.views, reveals: row.reveals },
  };
}
