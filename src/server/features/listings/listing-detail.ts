import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { LISTING_STATS_WINDOW_DAYS, MESSAGES } from "../../../shared/constants";
import type { ListingDetail } from "../../../shared/schemas/listings";
import { type Db, selectRows } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../auth/viewer";
import {
  eventDay,
  LISTING_COLUMNS,
  LISTING_FROM,
  listingRowSchema,
  toListing,
  visibleTo,
} from "./listing-row";

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
  sql`(select count(*)::int from listing_events e
    where e.listing_id = l.id and e.kind = ${kind} and e.created_at > ${since.toISOString()}::timestamptz)`;

const detailRowSchema = listingRowSchema.extend({
  views: z.number().int(),
  reveals: z.number().int(),
  isSaved: z.boolean(),
});

export async function getListing({
  db,
  viewer,
  listingId,
  ip,
  keySecret,
  recordView = true,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer | null;
  listingId: string;
  /** The visitor's address and the secret that hashes it into a viewer key (see viewerKeyOf). */
  ip: string;
  keySecret: string;
  /** False for a HEAD request: only someone who got the page is a view (issue #13). */
  recordView?: boolean;
  now?: Date;
}): Promise<ListingDetail> {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  const viewerId = viewer?.id ?? null;
  const since = new Date(now.getTime() - LISTING_STATS_WINDOW_DAYS * 24 * 3600 * 1000);
  const visible = visibleTo(viewer);
  // One statement: the view is recorded by a data-modifying CTE, under the same visibility rule as the
  // read (the owner looking at their own listing is not a view), and the figures are read beside the row.
  const recordedView = recordView
    ? sql`with recorded_view as (
          insert into listing_events (listing_id, user_id, kind, viewer_key, day)
          select l.id, ${viewerId}::uuid, 'view', ${viewerKeyOf(viewer, ip, keySecret)}, ${eventDay(now)}
          from ${LISTING_FROM}
          where l.id = ${listingId} and ${visible} and bp.user_id is distinct from ${viewerId}::uuid
          on conflict (listing_id, viewer_key, day) where kind = 'view' do nothing
        )`
    : sql``;
  const [row] = await selectRows(
    db,
    detailRowSchema,
    sql`${recordedView}
        select ${LISTING_COLUMNS},
          ${eventCount("view", since)} as "views",
          ${eventCount("reveal", since)} as "reveals",
          ${viewer ? sql`exists (select 1 from saved_listings s where s.listing_id = l.id and s.user_id = ${viewer.id})` : sql`false`} as "isSaved"
        from ${LISTING_FROM} where l.id = ${listingId} and ${visible}`,
  );
  if (!row) throw new AppError("not_found", MESSAGES.listingNotFound);
  return {
    ...toListing(row, viewer, now),
    isSaved: row.isSaved,
    stats: { views: row.views, reveals: row.reveals },
  };
}
