import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "./app-error";

/**
 * Fixed-window counter kept in PostgreSQL so every instance shares it: the app stays
 * stateless and scales out behind a load balancer.
 * Throws 429 `rate_limited` with Retry-After once `limit` hits within `windowSeconds`.
 */
export async function consumeRateLimit({
  db,
  key,
  limit,
  windowSeconds,
}: {
  db: Db;
  key: string;
  limit: number;
  windowSeconds: number;
}): Promise<void> {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  // In ON CONFLICT DO UPDATE, the table's columns are the stored row: a window that has ended restarts.
  const expired = sql`${rateLimits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${windowEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from ${rateLimits.windowEndsAt} - now()))::int`.mapWith(
        Number,
      ),
    });
  if (row && row.count > limit) {
    throw new AppError("rate_limited", "Too many requests. Please wait and try again.", {
      headers: { "Retry-After": String(Math.max(1, row.retryAfter)) },
    });
  }
}
