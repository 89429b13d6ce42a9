import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CreateBuyerListing, UpdateBuyerListing } from "../../../shared/schemas/listing-input";
import {
  externalIdSchema,
  LISTING_SYNC_MESSAGES,
  type ListingSyncItemResult,
  type ListingSyncResponse,
  syncListingSchema,
  type UpsertListingResponse,
} from "../../../shared/schemas/listing-sync";
import { type Db, selectRows } from "../../db/client";
import { buyerListings } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import type { Viewer } from "../../lib/viewer";
import { errorChain, isUniqueViolation } from "../../plugins/database-errors";
import { announceListingsActivated } from "../alerts/alert-jobs";
import {
  type BuyerListingRow,
  insertOwnListings,
  readOwnListing,
  writeListingChanges,
} from "./buyer-listings";
import { requireBuyerProfile } from "./buyer-profile";

// Listing sync (docs/api.md#listing-sync): a buyer's system pushes its offers under its own ids, again
// and again, and each lands on the same listing. Writes go through the same code as the dashboard's
// (insertOwnListings, writeListingChanges: audit entries, the payout history trigger, activated_at), and
// listings that become active are announced to the alerts in the same transaction.

/** The fields a sync or PUT by externalId states in full: a listing is unchanged when all of them are. */
const SYNCED_FIELDS = [
  "title",
  "description",
  "vertical",
  "payout",
  "paymentTerms",
  "durationRequirement",
  "geos",
  "minVolume",
  "tags",
  "disputeWindowDays",
  "dailyCap",
  "status",
] as const satisfies readonly (keyof CreateBuyerListing & keyof BuyerListingRow)[];

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

type Plan =
  | { kind: "create" }
  | { kind: "unchanged"; current: BuyerListingRow }
  | { kind: "update"; current: BuyerListingRow; changes: UpdateBuyerListing };

/**
 * What writing `input` over the stored listing means: only the fields that differ are written, so a
 * listing sent again as it is gets no write at all (its updated_at stays). A listing an administrator
 * deactivated keeps that status whatever the buyer's system sends (only an administrator makes it active
 * again); its other fields still follow the system.
 */
function planUpsert(current: BuyerListingRow | undefined, input: CreateBuyerListing): Plan {
  if (!current) return { kind: "create" };
  const changes: Record<string, unknown> = {};
  for (const field of SYNCED_FIELDS) {
    if (field === "status" && current.status === "inactive") continue;
    if (!sameValue(current[field], input[field])) changes[field] = input[field];
  }
  if (Object.keys(changes).length === 0) return { kind: "unchanged", current };
  return { kind: "update", current, changes: changes as UpdateBuyerListing };
}

/** One listing to write: what the request says, and what that means for the stored one. */
interface Write {
  externalId: string;
  input: CreateBuyerListing;
  plan: Exclude<Plan, { kind: "unchanged" }>;
}

interface Written {
  result: "created" | "updated";
  id: string;
}

/**
 * Writes the listings, all or none: the new ones in one insert, the changed ones one update each, their
 * audit entries in one statement per kind. Answers each write's outcome (by position) and the ids of the
 * listings that became active, for the caller to announce.
 */
async function writeListings(
  tx: Db,
  { viewer, buyerId, writes }: { viewer: Viewer; buyerId: string; writes: Write[] },
): Promise<{ written: Written[]; activated: string[] }> {
  const creates = writes.filter((w) => w.plan.kind === "create");
  const created = await insertOwnListings(tx, {
    viewer,
    buyerId,
    inputs: creates.map((w) => ({ ...w.input, externalId: w.externalId })),
  });
  const changes = writes.flatMap((w) =>
    w.plan.kind === "update" ? [{ current: w.plan.current, input: w.plan.changes }] : [],
  );
  const activated = await writeListingChanges(tx, { viewer, changes });
  const newIds = new Map(created.map((row) => [row.externalId, row.id]));
  const written = writes.map((w): Written => {
    if (w.plan.kind === "update") return { result: "updated", id: w.plan.current.id };
    return { result: "created", id: newIds.get(w.externalId) as string };
  });
  for (const row of created) if (row.status === "active") activated.push(row.id);
  return { written, activated };
}

/** The buyer's listings with these external ids, locked until the transaction ends, by external id. */
async function lockByExternalIds(
  tx: Db,
  buyerId: string,
  externalIds: string[],
): Promise<Map<string, BuyerListingRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(buyerListings)
    .where(and(eq(buyerListings.buyerId, buyerId), inArray(buyerListings.externalId, externalIds)))
    .for("update");
  return new Map(rows.map((row) => [row.externalId as string, row]));
}

/**
 * PUT /api/buyer-listings/by-external-id/{externalId}: the whole listing under the buyer's own id,
 * created the first time, updated when a field differs, left alone when none does. Only buyers (403).
 */
export async function upsertListingByExternalId({
  db,
  jobs,
  viewer,
  externalId,
  input,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  externalId: string;
  input: CreateBuyerListing;
}): Promise<UpsertListingResponse> {
  const profile = await requireBuyerProfile(db, viewer);
  const outcome = await db.transaction(async (tx) => {
    const current = (await lockByExternalIds(tx, profile.id, [externalId])).get(externalId);
    const plan = planUpsert(current, input);
    if (plan.kind === "unchanged") return { result: "unchanged", id: plan.current.id } as const;
    const { written, activated } = await writeListings(tx, {
      viewer,
      buyerId: profile.id,
      writes: [{ externalId, input, plan }],
    }).catch((error: unknown) => {
      // Nothing to lock yet: two requests creating the same listing at once meet at the unique index.
      if (isUniqueViolation(error)) throw new AppError("conflict", LISTING_SYNC_MESSAGES.createdConcurrently);
      throw error;
    });
    await announceListingsActivated({ jobs, listingIds: activated, within: transactionClient(tx) });
    return written[0] as Written;
  });
  return { result: outcome.result, listing: await readOwnListing(db, viewer, outcome.id) };
}

/** An item's externalId when it is a valid one (an invalid item still names the listing it is about). */
function externalIdOf(item: unknown): string | null {
  if (typeof item !== "object" || item === null || !("externalId" in item)) return null;
  const parsed = externalIdSchema.safeParse(item.externalId);
  return parsed.success ? parsed.data : null;
}

/** An invalid item's answer, worded like the API's 400 validation errors (paths inside the item). */
function invalidItem(index: number, externalId: string | null, error: z.ZodError): ListingSyncItemResult {
  const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  const first = issues[0];
  const message = first ? `Invalid ${first.path || "listing"}: ${first.message}` : "Invalid listing";
  return { index, externalId, result: "error", message, issues };
}

/**
 * The message for a write the database refused because of this item alone (a value out of range, a
 * constraint, a listing created by another request at the same moment); null for any other failure,
 * such as the database out of reach, which fails the whole request.
 */
function itemFailureMessage(error: unknown): string | null {
  if (isUniqueViolation(error)) return LISTING_SYNC_MESSAGES.createdConcurrently;
  const refused = errorChain(error).some((e) => typeof e.code === "string" && /^2[23]...$/.test(e.code));
  return refused ? LISTING_SYNC_MESSAGES.itemRefused : null;
}

const countRow = z.object({ count: z.number().int() });

/**
 * pauseMissing: the buyer's active listings that carry an externalId the request does not name are
 * paused (their offers ended in the buyer's system). Listings without an externalId are the dashboard's
 * and never touched; paused and inactive ones stay as they are. One statement, with audit entries.
 */
async function pauseListingsMissingFrom(
  tx: Db,
  { viewer, buyerId, present }: { viewer: Viewer; buyerId: string; present: string[] },
): Promise<number> {
  const meta = { fields: ["status"], before: { status: "active" }, after: { status: "paused" } };
  // Raw: the update writes its audit entries in the same statement (INSERT ... SELECT from a
  // data-modifying CTE), and the builder's INSERT ... SELECT must list every column, defaults included.
  const [row] = await selectRows(
    tx,
    countRow,
    sql`with paused as (
          update buyer_listings l set status = 'paused', updated_at = now()
          where l.buyer_id = ${buyerId} and l.status = 'active' and l.external_id is not null
            and l.external_id not in (select jsonb_array_elements_text(${JSON.stringify(present)}::jsonb))
          returning l.id),
        audited as (
          insert into audit_logs (user_id, action, target_id, meta_json)
          select ${viewer.id}::uuid, 'listing.updated', p.id::text, ${JSON.stringify(meta)}::jsonb from paused p)
        select count(*)::int as count from paused`,
  );
  return row?.count ?? 0;
}

/**
 * The sync's writes, each in effect in a SAVEPOINT of its own: all of them first in one savepoint (a
 * few statements in all), and only when the database refuses that one item by item, each in its own
 * savepoint, so the refused item alone is rolled back and reported, and the others are kept. Fills
 * `results` and answers the ids of the listings that became active.
 */
async function writeEachOrAll(
  tx: Db,
  {
    viewer,
    buyerId,
    writes,
    results,
  }: {
    viewer: Viewer;
    buyerId: string;
    writes: (Write & { index: number })[];
    results: ListingSyncItemResult[];
  },
): Promise<string[]> {
  if (writes.length === 0) return [];
  const answer = (w: Write & { index: number }, done: Written) => {
    results[w.index] = { index: w.index, externalId: w.externalId, result: done.result, id: done.id };
  };
  try {
    const { written, activated } = await tx.transaction((all) =>
      writeListings(all, { viewer, buyerId, writes }),
    );
    for (const [i, w] of writes.entries()) answer(w, written[i] as Written);
    return activated;
  } catch (error) {
    if (itemFailureMessage(error) === null) throw error;
  }
  const activated: string[] = [];
  for (const w of writes) {
    try {
      const done = await tx.transaction((one) => writeListings(one, { viewer, buyerId, writes: [w] }));
      answer(w, done.written[0] as Written);
      activated.push(...done.activated);
    } catch (error) {
      const message = itemFailureMessage(error);
      if (message === null) throw error;
      results[w.index] = { index: w.index, externalId: w.externalId, result: "error", message };
    }
  }
  return activated;
}

/**
 * POST /api/buyer-listings/sync: up to MAX_SYNC_LISTINGS listings by externalId, each validated and
 * written on its own, answered item by item (by index). Only buyers (403).
 *
 * One transaction, and a SAVEPOINT per item's write (writeEachOrAll): a write the database refuses (a
 * value out of range, a listing created by a concurrent request) rolls back that item alone and is
 * reported as its error, while the others are kept and committed together; pauseMissing and the alerts'
 * announcement run in the same transaction, so they see exactly what was written. One transaction per
 * item would cost a commit (a disk flush) each; one transaction without savepoints would let one refused
 * item undo all. Existing listings are read and locked in one query first, an unchanged item writes
 * nothing, and the writes are tried all together first, so a thousand new listings cost a handful of
 * statements, and only a sync the database refuses part of pays a few statements per item.
 */
export async function syncListings({
  db,
  jobs,
  viewer,
  listings,
  pauseMissing,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  listings: unknown[];
  pauseMissing: boolean;
}): Promise<ListingSyncResponse> {
  const profile = await requireBuyerProfile(db, viewer);
  const results: ListingSyncItemResult[] = [];
  const valid: { index: number; externalId: string; input: CreateBuyerListing }[] = [];
  // Every externalId named, valid items or not: an item with a bad field still keeps its listing from
  // being paused as missing.
  const present = new Set<string>();
  for (const [index, item] of listings.entries()) {
    const externalId = externalIdOf(item);
    if (externalId !== null) {
      if (present.has(externalId)) {
        results[index] = {
          index,
          externalId,
          result: "error",
          message: LISTING_SYNC_MESSAGES.duplicateExternalId,
        };
        continue;
      }
      present.add(externalId);
    }
    const parsed = syncListingSchema.safeParse(item);
    if (!parsed.success) {
      results[index] = invalidItem(index, externalId, parsed.error);
      continue;
    }
    const { externalId: id, ...input } = parsed.data;
    valid.push({ index, externalId: id, input });
  }

  const paused = await db.transaction(async (tx) => {
    const stored = await lockByExternalIds(
      tx,
      profile.id,
      valid.map((item) => item.externalId),
    );
    const writes: (Write & { index: number })[] = [];
    for (const { index, externalId, input } of valid) {
      const plan = planUpsert(stored.get(externalId), input);
      if (plan.kind === "unchanged")
        results[index] = { index, externalId, result: "unchanged", id: plan.current.id };
      else writes.push({ index, externalId, input, plan });
    }
    const activated = await writeEachOrAll(tx, { viewer, buyerId: profile.id, writes, results });
    await announceListingsActivated({ jobs, listingIds: activated, within: transactionClient(tx) });
    if (!pauseMissing) return 0;
    return pauseListingsMissingFrom(tx, { viewer, buyerId: profile.id, present: [...present] });
  });

  const counts = { created: 0, updated: 0, unchanged: 0, error: 0, paused };
  for (const item of results) counts[item.result]++;
  return { results, counts };
}
