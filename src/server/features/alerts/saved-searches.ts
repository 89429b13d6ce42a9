import { and, count, desc, eq } from "drizzle-orm";
import { ALERT_LIMITS, PAYOUT_BUCKETS } from "../../../shared/constants";
import {
  ALERT_MESSAGES,
  type SavedSearch,
  type SavedSearchFilters,
  savedSearchQuery,
} from "../../../shared/schemas/alerts";
import type { Db } from "../../db/client";
import { savedSearches } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUuid } from "../../lib/ids";
import type { Viewer } from "../../lib/viewer";
import { lockPreferencesForSearch, requirePublisher } from "./alert-preferences";

// "Save this search" on /browse: the directory's filters kept as one more alert of the user's,
// delivered with their alert settings (frequency, channels); listed and deleted in the Alerts tab.

type SavedSearchRow = typeof savedSearches.$inferSelect;

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    search: row.search,
    vertical: row.vertical,
    payout: row.payoutBucket,
    geo: row.geo,
    tags: row.tags,
    query: row.filtersKey,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/saved-searches: newest first. */
export async function listSavedSearches({ db, viewer }: { db: Db; viewer: Viewer }): Promise<SavedSearch[]> {
  requirePublisher(viewer);
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, viewer.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * POST /api/saved-searches: at least one filter (an empty search would alert about every listing, which
 * the preferences already do), not the same filters twice, at most ALERT_LIMITS.savedSearchesMax.
 */
export async function createSavedSearch({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: SavedSearchFilters;
}): Promise<SavedSearch> {
  requirePublisher(viewer);
  const filtersKey = savedSearchQuery(input);
  if (!filtersKey) throw new AppError("validation", ALERT_MESSAGES.emptySearch);
  const bucket = PAYOUT_BUCKETS.find((b) => b.id === input.payout);
  const row = await db.transaction(async (tx) => {
    await lockPreferencesForSearch(tx, viewer.id);
    const [held] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, viewer.id));
    const [created] = await tx
      .insert(savedSearches)
      .values({
        userId: viewer.id,
        search: input.search,
        vertical: input.vertical,
        payoutBucket: bucket?.id ?? null,
        payoutMin: bucket ? String(bucket.min) : null,
        payoutMax: bucket?.max != null ? String(bucket.max) : null,
        geo: input.geo,
        tags: input.tags,
        filtersKey,
      })
      .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.filtersKey] })
      .returning();
    if (!created) throw new AppError("conflict", ALERT_MESSAGES.duplicateSearch);
    if ((held?.n ?? 0) >= ALERT_LIMITS.savedSearchesMax) {
      throw new AppError("conflict", ALERT_MESSAGES.tooManySearches);
    }
    return created;
  });
  return toSavedSearch(row);
}

/** DELETE /api/saved-searches/{id}: the viewer's own only (anyone else's is not found). */
export async function deleteSavedSearch({
  db,
  viewer,
  savedSearchId,
}: {
  db: Db;
  viewer: Viewer;
  savedSearchId: string;
}): Promise<void> {
  requirePublisher(viewer);
  const deleted = isUuid(savedSearchId)
    ? await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, viewer.id)))
        .returning({ id: savedSearches.id })
    : [];
  if (deleted.length === 0) throw new AppError("not_found", ALERT_MESSAGES.savedSearchNotFound);
}
