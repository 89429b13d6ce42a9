import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { AppError } from "./app-error";

/**
 * Fixed-window counter kept in PostgreSQL so every instance shares it (DESIGN.md §3, scale-out).
 * Throws 429 with Retry-After once `limit` hits within `windowSeconds`.
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
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= now()
        then now() + make_interval(secs => ${windowSeconds}) else rate_limits.window_ends_at end
    returning count, ceil(extract(epoch from window_ends_at - now()))::int as retry_after`,
  );
  const row = rows[0];
  if (row && row.count > limit) {
    throw new AppError("rate_limited", "Too many requests. Please wait and try again.", {
      headers: { "Retry-After": String(Math.max(1, row.retry_after)) },
    });
  }
}
