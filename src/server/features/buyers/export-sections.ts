import { sql } from "drizzle-orm";
import { type Db, selectTypedRows } from "../../db/client";
import { type AccountExportSection, EXPORT_PAGE_ROWS, exportPages } from "../../lib/account-export";
import { LISTING_FROM, type ListingRow, listingColumnsFor, toListing } from "../../lib/listing-read";
import { sqlLimit } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { getBuyerProfile } from "./buyer-profile";

// The buyer's part of the data export (features/account/account-export.ts).

export const buyerProfileSection: AccountExportSection = {
  key: "buyerProfile",
  read: ({ db, viewer }) => getBuyerProfile({ db, viewer }),
};

export const ownListingsSection: AccountExportSection = {
  key: "listings",
  read: ({ db, viewer, now }) => ownListings(db, viewer, now()),
};

/** The buyer's own listings as the directory shows them to their owner (contact included), newest first. */
async function* ownListings(db: Db, viewer: Viewer, now: Date) {
  const rows = exportPages(
    (after) =>
      selectTypedRows<ListingRow>(
        db,
        sql`select ${listingColumnsFor(viewer)} from ${LISTING_FROM}
            where bp.user_id = ${viewer.id} ${after ? sql`and ${after}` : sql``}
            order by l.created_at desc, l.id desc limit ${sqlLimit(EXPORT_PAGE_ROWS)}`,
      ),
    (createdKey, id) => sql`(l.created_at, l.id) < (${createdKey}::timestamptz, ${id}::uuid)`,
  );
  for await (const row of rows) yield toListing(row, viewer, now);
}
