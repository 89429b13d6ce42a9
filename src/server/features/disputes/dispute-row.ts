import { count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  buyerListings,
  buyerProfiles,
  dealIntents,
  disputes,
  publisherProfiles,
  users,
} from "../../db/schema";
import { partyNameOf, publisherNameOf } from "../../lib/deleted-account";
import { createdKeyOf, type KeysetRow, type KeysetSource } from "../../lib/keyset-pages";

// A dispute as disputes.ts reads it (one dispute, a party's list, the admin's pages) and as its mails
// (dispute-mail.ts) word it: the dispute, its deal's listing, and both parties with their accounts.

const buyerUser = alias(users, "buyer_user");
const publisherUser = alias(users, "publisher_user");
export const DISPUTES = {
  keyed: disputes,
  rows: (db: Db) =>
    db
      .select({
        id: disputes.id,
        dealIntentId: disputes.dealIntentId,
        listingId: dealIntents.listingId,
        listingTitle: buyerListings.title,
        openedBy: disputes.openedBy,
        status: disputes.status,
        reason: disputes.reason,
        response: disputes.response,
        respondedAt: disputes.respondedAt,
        resolutionNotes: disputes.resolutionNotes,
        resolvedAt: disputes.resolvedAt,
        createdAt: disputes.createdAt,
        updatedAt: disputes.updatedAt,
        createdKey: createdKeyOf(disputes.createdAt),
        buyerId: disputes.buyerId,
        buyerCompany: partyNameOf(buyerUser.deletedAt, sql`${buyerProfiles.company}`),
        buyerUserId: buyerProfiles.userId,
        buyerEmail: sql<string>`coalesce(${buyerProfiles.contactEmail}, ${buyerUser.email})`,
        publisherId: disputes.publisherId,
        publisherUserId: publisherProfiles.userId,
        publisherEmail: publisherUser.email,
        publisherName: publisherNameOf(publisherUser, publisherProfiles),
      })
      .from(disputes)
      .innerJoin(dealIntents, eq(dealIntents.id, disputes.dealIntentId))
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, disputes.buyerId))
      .innerJoin(buyerUser, eq(buyerUser.id, buyerProfiles.userId))
      .innerJoin(publisherProfiles, eq(publisherProfiles.id, disputes.publisherId))
      .innerJoin(publisherUser, eq(publisherUser.id, publisherProfiles.userId))
      .leftJoin(buyerListings, eq(buyerListings.id, dealIntents.listingId))
      .$dynamic(),
  count: (db: Db) => db.select({ n: count() }).from(disputes).$dynamic(),
} satisfies KeysetSource;

/** One row of DISPUTES, typed by the tables. */
export type DisputeRow = KeysetRow<ReturnType<typeof DISPUTES.rows>>;
