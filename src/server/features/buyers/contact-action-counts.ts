import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ContactActions } from "../../../shared/schemas/analytics";
import { type Db, selectRows } from "../../db/client";

const countsSchema = z.object({
  email: z.number().int(),
  call: z.number().int(),
  copyEmail: z.number().int(),
  copyPhone: z.number().int(),
});

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
  const [row] = await selectRows(
    db,
    countsSchema,
    sql`select
      count(*) filter (where e.kind = 'email')::int as email,
      count(*) filter (where e.kind = 'call')::int as call,
      count(*) filter (where e.kind = 'copy_email')::int as "copyEmail",
      count(*) filter (where e.kind = 'copy_phone')::int as "copyPhone"
    from contact_events e join buyer_listings l on l.id = e.listing_id
    where l.buyer_id = ${buyerId} and e.created_at >= ${since}::timestamptz`,
  );
  return row!;
}
