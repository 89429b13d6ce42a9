import type { ContactActionKind } from "../../../shared/constants";
import { MESSAGES } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { contactEvents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { canSeeContact, requireVisibleListing } from "../../lib/listing-read";
import type { Viewer } from "../../lib/viewer";

const MINUTE_MS = 60_000;

/**
 * POST /api/contact-actions/{id}: the viewer wrote to, called, or copied the contact of a listing. Only
 * someone the contact rule lets see that contact may report it (else 403 premium_required, as the reveal
 * answers); a listing they cannot see is 404. One event per viewer, listing and kind within a clock
 * minute: a double click, a retry or a second copy right after the first is the same intent, not a
 * second contact. The owner's own clicks are not the buyer's audience, so they are not counted.
 */
export async function recordContactAction({
  db,
  viewer,
  listingId,
  kind,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
  kind: ContactActionKind;
  now?: Date;
}): Promise<void> {
  const row = await requireVisibleListing(db, viewer, listingId);
  if (!canSeeContact(viewer, row)) {
    throw new AppError("premium_required", MESSAGES.premiumRequired);
  }
  if (viewer.id === row.ownerUserId) return;
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  await db
    .insert(contactEvents)
    .values({ listingId: row.id, userId: viewer.id, kind, minute })
    .onConflictDoNothing();
}
