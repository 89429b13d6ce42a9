import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { BoostSource } from "../../../shared/constants";
import type { BoostPurchase } from "../../../shared/schemas/boosts";
import { type Db, selectRows } from "../../db/client";
import { boostPurchases, buyerListings, users } from "../../db/schema";

// A listing's boost is the chain of its standing purchases: each one's days start where the boost
// stood when it was granted (now, or the end of the boost still running), and buyer_listings.boosted_until
// is the end of the chain. The directory reads only boosted_until; these functions keep it true.

const DAY_MS = 24 * 3600 * 1000;
const nowRowSchema = z.object({ now: z.coerce.date() });

type PurchaseRow = typeof boostPurchases.$inferSelect;

/** The database's clock: every boundary of a chain is on it, so a recomputation replays a grant exactly. */
export async function databaseNow(tx: Db): Promise<Date> {
  // Raw: a select with no table, which the builder has no form for.
  const [row] = await selectRows(tx, nowRowSchema, sql`select now() as now`);
  return row!.now;
}

/** What a change to a listing's boost reads of the listing. */
export const BOOST_LISTING_COLUMNS = {
  id: buyerListings.id,
  title: buyerListings.title,
  status: buyerListings.status,
  boostedUntil: buyerListings.boostedUntil,
};

/** The end of the boost running at `now`, or null when the listing is not boosted then. */
export const currentBoostEnd = (boostedUntil: Date | null, now: Date): Date | null =>
  boostedUntil && boostedUntil > now ? boostedUntil : null;

export type BoostListing = { id: string; title: string; status: string; boostedUntil: Date | null };

/** Locks the listing row: one change to a listing's boost at a time. Undefined when it is gone. */
export async function lockListingBoost(tx: Db, listingId: string): Promise<BoostListing | undefined> {
  const [listing] = await tx
    .select(BOOST_LISTING_COLUMNS)
    .from(buyerListings)
    .where(eq(buyerListings.id, listingId))
    .for("update");
  return listing;
}

/**
 * Adds `days` to the listing's boost, in the caller's transaction and under its lock
 * (lockListingBoost): from now, or from the end of a boost still running. Returns the purchase.
 */
export async function grantBoostDays(
  tx: Db,
  {
    listing,
    days,
    source,
    userId,
    amountCents = 0,
    paymentIntentId = null,
    reason = null,
  }: {
    listing: { id: string; boostedUntil: Date | null };
    days: number;
    source: BoostSource;
    userId: string | null;
    amountCents?: number;
    paymentIntentId?: string | null;
    reason?: string | null;
  },
): Promise<PurchaseRow> {
  const now = await databaseNow(tx);
  const startsAt = currentBoostEnd(listing.boostedUntil, now) ?? now;
  const endsAt = new Date(startsAt.getTime() + days * DAY_MS);
  const [purchase] = await tx
    .insert(boostPurchases)
    .values({
      listingId: listing.id,
      userId,
      source,
      stripePaymentIntentId: paymentIntentId,
      amountCents,
      days,
      startsAt,
      endsAt,
      reason,
      createdAt: now,
    })
    .returning();
  await tx.update(buyerListings).set({ boostedUntil: endsAt }).where(eq(buyerListings.id, listing.id));
  return purchase!;
}

/**
 * Replays the listing's purchases in the order they were granted, without the refunded ones: each
 * standing purchase starts at its grant or where the previous one ends, whichever is later; an ended one
 * keeps the moment it was cut. Writes the moved periods and the listing's new boosted_until (null when no
 * purchase stands). Under the listing's lock.
 */
export async function recomputeBoost(tx: Db, listingId: string): Promise<Date | null> {
  const purchases = await tx
    .select()
    .from(boostPurchases)
    .where(eq(boostPurchases.listingId, listingId))
    .orderBy(asc(boostPurchases.createdAt), asc(boostPurchases.id));
  let cursor: Date | null = null;
  let standing = false;
  const moved: SQL[] = [];
  for (const purchase of purchases) {
    if (purchase.status === "refunded") continue;
    if (purchase.status === "ended") {
      if (!cursor || purchase.endsAt > cursor) cursor = purchase.endsAt;
      continue;
    }
    standing = true;
    const startsAt: Date = cursor && cursor > purchase.createdAt ? cursor : purchase.createdAt;
    const endsAt = new Date(startsAt.getTime() + purchase.days * DAY_MS);
    if (
      startsAt.getTime() !== purchase.startsAt.getTime() ||
      endsAt.getTime() !== purchase.endsAt.getTime()
    ) {
      moved.push(
        sql`(${purchase.id}::uuid, ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`,
      );
    }
    cursor = endsAt;
  }
  // Every moved period in one statement. Raw: an update from a VALUES list, which the builder has no
  // form for.
  if (moved.length > 0) {
    await tx.execute(sql`update boost_purchases p set starts_at = v.starts_at, ends_at = v.ends_at
      from (values ${sql.join(moved, sql`, `)}) as v(id, starts_at, ends_at) where p.id = v.id`);
  }
  const boostedUntil = standing ? cursor : null;
  await tx.update(buyerListings).set({ boostedUntil }).where(eq(buyerListings.id, listingId));
  return boostedUntil;
}

/**
 * Ends the listing's boost now: standing purchases that still run are cut at this moment (one not begun
 * yet keeps no time) and marked ended with the reason; boosted_until becomes now. Under the lock.
 * Returns that moment, or null when the listing was not boosted.
 */
export async function endBoostNow(tx: Db, listingId: string, reason: string): Promise<Date | null> {
  const now = await databaseNow(tx);
  const running = await tx
    .update(boostPurchases)
    .set({
      status: "ended",
      endedAt: now,
      endReason: reason,
      endsAt: sql`greatest(${boostPurchases.startsAt}, least(${boostPurchases.endsAt}, ${now}))`,
    })
    .where(
      and(
        eq(boostPurchases.listingId, listingId),
        eq(boostPurchases.status, "active"),
        sql`${boostPurchases.endsAt} > ${now}`,
      ),
    )
    .returning({ id: boostPurchases.id });
  const cut = await tx
    .update(buyerListings)
    .set({ boostedUntil: now })
    .where(and(eq(buyerListings.id, listingId), sql`${buyerListings.boostedUntil} > ${now}`))
    .returning({ id: buyerListings.id });
  return running.length > 0 || cut.length > 0 ? now : null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toBoostPurchase(row: PurchaseRow): BoostPurchase {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    paymentIntentId: row.stripePaymentIntentId,
    amountCents: row.amountCents,
    days: row.days,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
    endReason: row.endReason,
    createdAt: row.createdAt.toISOString(),
    refundedAt: iso(row.refundedAt),
    endedAt: iso(row.endedAt),
  };
}

/** The listing's purchases, newest first, with who paid or granted each. */
export async function listBoostPurchases(db: Db, listingId: string) {
  const rows = await db
    // A deleted account's purchase stays (money taken) without naming anyone.
    .select({
      purchase: boostPurchases,
      actorEmail: sql<string | null>`case when ${users.deletedAt} is null then ${users.email} end`,
    })
    .from(boostPurchases)
    .leftJoin(users, eq(users.id, boostPurchases.userId))
    .where(eq(boostPurchases.listingId, listingId))
    .orderBy(desc(boostPurchases.createdAt), desc(boostPurchases.id));
  return rows.map(({ purchase, actorEmail }) => ({ ...toBoostPurchase(purchase), actorEmail }));
}
