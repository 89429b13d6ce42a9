import { MESSAGES } from "../../../shared/constants";
import type { ListingContact } from "../../../shared/schemas/listings";
import type { Db } from "../../db/client";
import { auditLogs, listingEvents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { canSeeContact, eventDay, requireVisibleListing, toContact } from "../../lib/listing-read";
import type { Viewer } from "../../lib/viewer";

/**
 * POST /api/reveal-contact/{id}: 404 unknown (or not visible), 403 premium_required for
 * anyone the contact rule (canSeeContact) leaves out, else the contact, recorded as a listing event (for
 * the buyer's analytics) and in the audit log. Signed-out visitors never get here (the route is signedIn: 401).
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
  if (!canSeeContact(viewer, row)) {
    throw new AppError("premium_required", MESSAGES.premiumRequired);
  }
  await db.transaction(async (tx) => {
    if (viewer.id !== row.ownerUserId) {
      await tx.insert(listingEvents).values({
        listingId: row.id,
        userId: viewer.id,
        kind: "reveal",
        viewerKey: viewer.id,
        day: eventDay(now),
      });
    }
    await tx
      .insert(auditLogs)
      .values({ userId: viewer.id, action: "listing.contact_revealed", metaJson: { listingId: row.id } });
  });
  return { contact: toContact(row) };
}
