import { asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { DISPUTE_STATUSES, RELIABILITY } from "../../../shared/constants";
import { type Db, selectRows } from "../../db/client";
import { buyerProfiles } from "../../db/schema";
import type { JobQueue } from "../../jobs/job-queue";
import { computeReliability, type ReliabilityResult } from "./reliability-score";

// Stores each buyer's reliability score and review figures on the buyer profile, so the directory and
// the listing detail read them with the row they already join (no aggregate per request). Called, in
// the same transaction, by every write that changes an input: a review written or hidden, a deal intent
// decided, a dispute opened or decided (docs/decisions/012-buyer-reliability-score.md).
//
// Exponential decay keeps the ratio of any two outcomes' weights fixed as time passes, so a stored score
// only goes stale when an outcome leaves the 12-month window or a pending request passes its 48 hours:
// refreshReliabilityScores recomputes every buyer for that, and is meant to run daily.

const when = z.coerce.date();

const inputsSchema = z.object({
  reviews: z.array(z.object({ rating: z.number().int(), createdAt: when })),
  requests: z.array(z.object({ createdAt: when, decidedAt: when.nullable() })),
  acceptedDeals: z.array(z.object({ decidedAt: when })),
  disputesAgainst: z.array(z.object({ createdAt: when, status: z.enum(DISPUTE_STATUSES) })),
  reviewCount: z.number().int(),
  reviewAverage: z.string().nullable(),
});

/**
 * Recomputes one buyer's score and review figures from the database and stores them. The row lock
 * (FOR NO KEY UPDATE: it does not wait on the key-share locks that inserting a review or dispute takes)
 * serialises two refreshes of one buyer, so the later one reads what the earlier one committed.
 * Returns null for an unknown buyer profile.
 */
export async function refreshBuyerReliability({
  db,
  buyerId,
  now = new Date(),
}: {
  db: Db;
  buyerId: string;
  now?: Date;
}): Promise<ReliabilityResult | null> {
  const locked = await db
    .select({ id: buyerProfiles.id })
    .from(buyerProfiles)
    .where(eq(buyerProfiles.id, buyerId))
    .for("no key update");
  if (locked.length === 0) return null;
  const since = new Date(now.getTime() - RELIABILITY.windowDays * 24 * 3600 * 1000).toISOString();
  // Raw: six aggregates in one round trip, four of them rows gathered by json_agg, which the builder
  // cannot say (nor a select without a table).
  const [inputs] = await selectRows(
    db,
    inputsSchema,
    sql`select
      coalesce((select json_agg(json_build_object('rating', r.rating, 'createdAt', r.created_at))
        from reviews r where r.buyer_id = ${buyerId} and r.verified_deal and r.hidden_at is null
          and r.created_at > ${since}::timestamptz), '[]'::json) as reviews,
      coalesce((select json_agg(json_build_object('createdAt', di.created_at, 'decidedAt', di.decided_at))
        from deal_intents di where di.buyer_id = ${buyerId}
          and di.created_at > ${since}::timestamptz), '[]'::json) as requests,
      coalesce((select json_agg(json_build_object('decidedAt', di.decided_at))
        from deal_intents di where di.buyer_id = ${buyerId} and di.status = 'accepted'
          and di.decided_at > ${since}::timestamptz), '[]'::json) as "acceptedDeals",
      coalesce((select json_agg(json_build_object('createdAt', d.created_at, 'status', d.status))
        from disputes d where d.buyer_id = ${buyerId} and d.opened_by = 'publisher'
          and d.created_at > ${since}::timestamptz), '[]'::json) as "disputesAgainst",
      (select count(*)::int from reviews r where r.buyer_id = ${buyerId} and r.hidden_at is null) as "reviewCount",
      (select round(avg(r.rating), 2)::text from reviews r
        where r.buyer_id = ${buyerId} and r.hidden_at is null) as "reviewAverage"`,
  );
  const result = computeReliability(inputs!, now);
  await db
    .update(buyerProfiles)
    .set({
      reliabilityScore: result.score,
      reliabilityBasedOn: result.basedOn,
      reliabilityFactors: result.factors,
      reliabilityComputedAt: now,
      reviewCount: inputs!.reviewCount,
      reviewAverage: inputs!.reviewAverage,
    })
    .where(eq(buyerProfiles.id, buyerId));
  return result;
}

/**
 * Recomputes every buyer whose score is older than `olderThanHours` (default: all of them), one short
 * transaction each, so a busy buyer is never locked for long. Meant for a daily job; returns how many
 * were refreshed.
 */
export async function refreshReliabilityScores({
  db,
  now = new Date(),
  olderThanHours = 0,
}: {
  db: Db;
  now?: Date;
  olderThanHours?: number;
}): Promise<number> {
  const before = new Date(now.getTime() - olderThanHours * 3600 * 1000);
  const due = await db
    .select({ id: buyerProfiles.id })
    .from(buyerProfiles)
    .where(or(isNull(buyerProfiles.reliabilityComputedAt), lte(buyerProfiles.reliabilityComputedAt, before)))
    .orderBy(asc(buyerProfiles.id));
  for (const { id } of due) {
    await db.transaction((tx) => refreshBuyerReliability({ db: tx, buyerId: id, now }));
  }
  return due.length;
}

/**
 * The daily refresh as a scheduled job (03:30 UTC): what only time changes (a request passing its 48
 * hours unanswered, an outcome leaving the 12-month window) reaches the stored scores without any write.
 * `npm run reliability:refresh` runs the same function by hand.
 */
export function registerReliabilityJobs(jobs: JobQueue, db: Db): void {
  jobs.handle("reliability-refresh", async () => {
    await refreshReliabilityScores({ db, olderThanHours: 20 });
  });
  jobs.scheduleOnStart("reliability-refresh", "30 3 * * *", {});
}
