import { and, eq, sql } from "drizzle-orm";
import type { CONTACT_ACTION_KINDS } from "../../../shared/constants";
import type { ContactActions } from "../../../shared/schemas/analytics";
import type { Db } from "../../db/client";
import { buyerListings, contactEvents } from "../../db/schema";

/** How many contact events of this kind the group holds. */
const countOf = (kind: (typeof CONTACT_ACTION_KINDS)[number]) =>
  sql<number>`count(*) filter (where ${contactEvents.kind} = ${kind})::int`;

/**
 * How often publishers wrote to, called, or copied the contact of the buyer's listings since `since`
 * (contact_events; the buyer's own clicks were never recorded). Kept out of the analytics statement's
 * facts: these are a breakdown of what happened after a reveal, not a figure per listing and day.
 */
export async function countContactActions({
  db,
  buyerId,
  since,
}: {
  db: Db;
  buyerId: string;
  since: string;
}): Promise<ContactActions> {
  const [row] = await db
    .select({
      email: countOf("email"),
      call: countOf("call"),
      copyEmail: countOf("copy_email"),
      copyPhone: countOf("copy_phone"),
    })
    .from(contactEvents)
    .innerJoin(buyerListings, eq(buyerListings.id, contactEvents.listingId))
    .where(and(eq(buyerListings.buyerId, buyerId), sql`${contactEvents.createdAt} >= ${since}::timestamptz`));
  return row!;
}
