import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES } from "../../../shared/constants";
import type {
  AdminListing,
  AdminListingQuery,
  BuyerProfileOption,
} from "../../../shared/schemas/admin-listings";
import type { CreateAdminListing, UpdateAdminListing } from "../../../shared/schemas/listing-input";
import { type Db, selectRows } from "../../db/client";
import { buyerListings, buyerProfiles, users } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { diffFields } from "../../lib/diff-fields";
import { isUuid } from "../../lib/ids";
import { type Page, type RawKeysetSource, readRawOne, readRawPage } from "../../lib/keyset-pages";
import { LISTING_COLUMNS, LISTING_FROM, type ListingRow, toListing } from "../../lib/listing-read";
import { containsPattern, MIN_TRIGRAM_LENGTH, sqlLimit } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { announceListingsActivated } from "../alerts/alert-jobs";

// Listing management (the admin buyers page, docs/admin.md): an
// admin sees every listing in every status with its contact, and creates, edits and deletes listings
// on behalf of the buyer profile they choose. The rows and the contact come from the directory's own
// lib/listing-read module, so an admin's listing reads the same as everyone else's.

const UNKNOWN_BUYER = "Choose the buyer this listing belongs to: that buyer profile does not exist";

/** The directory's listing row (typed by the tables, lib/listing-read.ts) and its owner's two facts. */
type AdminRow = ListingRow & { ownerEmail: string; ownerDisabled: boolean };

// Raw SQL, not the query builder: the row is the directory's own (LISTING_COLUMNS, the hot path's
// template over the aliases l and bp), so an admin's listing reads the same as everyone else's; a builder
// copy of those columns would be a second definition of the listing row to keep in step with the first.
const LISTINGS: RawKeysetSource = {
  alias: "l",
  columns: sql`${LISTING_COLUMNS},
    owner.email as "ownerEmail", owner.disabled_at is not null as "ownerDisabled"`,
  from: sql`${LISTING_FROM} join users owner on owner.id = bp.user_id`,
  countFrom: LISTING_FROM,
};

function toAdminListing(row: AdminRow, viewer: Viewer, now: Date): AdminListing {
  return {
    ...toListing(row, viewer, now),
    tags: row.tags,
    disputeWindowDays: row.disputeWindowDays,
    owner: {
      userId: row.ownerUserId,
      email: row.ownerEmail,
      company: row.company,
      disabled: row.ownerDisabled,
    },
  };
}

/** GET /api/admin/buyer-listings: newest first; search over title and description, and the company. */
export async function listAdminListings({
  db,
  viewer,
  query,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  query: AdminListingQuery;
  now?: Date;
}): Promise<Page<AdminListing>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`l.status = ${query.status}`);
  if (query.vertical) filters.push(sql`l.vertical = ${query.vertical}`);
  if (query.search) {
    const fullText = sql`l.search_vector @@ websearch_to_tsquery('english', ${query.search})`;
    const pattern = containsPattern(query.search);
    filters.push(
      query.search.length >= MIN_TRIGRAM_LENGTH
        ? sql`(${fullText} or l.title ilike ${pattern} or bp.company ilike ${pattern})`
        : fullText,
    );
  }
  return readRawPage<AdminRow, AdminListing>(
    db,
    LISTINGS,
    { filters, cursor: query.cursor, limit: query.limit },
    (row) => toAdminListing(row, viewer, now),
  );
}

async function getAdminListing({
  db,
  viewer,
  listingId,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
  now?: Date;
}): Promise<AdminListing> {
  return toAdminListing(
    await readRawOne<AdminRow>(db, LISTINGS, listingId, MESSAGES.listingNotFound),
    viewer,
    now,
  );
}

/** The editable fields of a listing: what an audit entry records before and after. */
const EDITABLE = {
  buyerId: buyerListings.buyerId,
  title: buyerListings.title,
  description: buyerListings.description,
  vertical: buyerListings.vertical,
  payout: buyerListings.payout,
  paymentTerms: buyerListings.paymentTerms,
  durationRequirement: buyerListings.durationRequirement,
  geos: buyerListings.geos,
  minVolume: buyerListings.minVolume,
  status: buyerListings.status,
  tags: buyerListings.tags,
  disputeWindowDays: buyerListings.disputeWindowDays,
  dailyCap: buyerListings.dailyCap,
};

async function assertBuyerProfile(tx: Db, buyerId: string): Promise<void> {
  // A deleted account's profile takes no listings: it left the directory for good.
  const [buyer] = await tx
    .select({ id: buyerProfiles.id })
    .from(buyerProfiles)
    .innerJoin(users, eq(users.id, buyerProfiles.userId))
    .where(and(eq(buyerProfiles.id, buyerId), isNull(users.deletedAt)));
  if (!buyer) throw new AppError("validation", UNKNOWN_BUYER);
}

/** POST /api/admin/buyer-listings: a listing owned by the chosen buyer profile; an active one is announced. */
export async function createAdminListing({
  db,
  jobs,
  viewer,
  input,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  input: CreateAdminListing;
}): Promise<AdminListing> {
  const listingId = await db.transaction(async (tx) => {
    await assertBuyerProfile(tx, input.buyerId);
    const [created] = await tx
      .insert(buyerListings)
      .values(input)
      .returning({ id: buyerListings.id, ...EDITABLE });
    if (!created) throw new AppError("internal", "The listing could not be created");
    const { id, ...after } = created;
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "listing.created",
      targetId: id,
      before: null,
      after,
    });
    if (after.status === "active") {
      await announceListingsActivated({ jobs, listingIds: [id], within: transactionClient(tx) });
    }
    return id;
  });
  return getAdminListing({ db, viewer, listingId });
}

/**
 * PUT /api/admin/buyer-listings/{id}: any subset of the fields, the owner included. Only what changed
 * is written and audited; a payout change also goes into the listing's payout history. A listing made
 * active again is announced to the listing alerts.
 */
export async function updateAdminListing({
  db,
  jobs,
  viewer,
  listingId,
  input,
}: {
  db: Db;
  jobs: JobQueue;
  viewer: Viewer;
  listingId: string;
  input: UpdateAdminListing;
}): Promise<AdminListing> {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select(EDITABLE)
      .from(buyerListings)
      .where(eq(buyerListings.id, listingId))
      .for("update");
    if (!before) throw new AppError("not_found", MESSAGES.listingNotFound);
    if (input.buyerId && input.buyerId !== before.buyerId) await assertBuyerProfile(tx, input.buyerId);
    const diff = diffFields(before, input);
    if (!diff.changed) return;
    const now = new Date();
    const activating = diff.after.status === "active" && before.status !== "active";
    await tx
      .update(buyerListings)
      .set({ ...diff.after, updatedAt: now, ...(activating ? { activatedAt: now } : {}) })
      .where(eq(buyerListings.id, listingId));
    // The payout history row is written by the database's trigger (migration 0003), for every writer.
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "listing.updated",
      targetId: listingId,
      before: diff.before,
      after: diff.after,
    });
    if (activating) {
      await announceListingsActivated({ jobs, listingIds: [listingId], within: transactionClient(tx) });
    }
  });
  return getAdminListing({ db, viewer, listingId });
}

/** DELETE /api/admin/buyer-listings/{id}: the audit entry keeps the whole listing as it was. */
export async function deleteAdminListing({
  db,
  viewer,
  listingId,
}: {
  db: Db;
  viewer: Viewer;
  listingId: string;
}): Promise<void> {
  if (!isUuid(listingId)) throw new AppError("not_found", MESSAGES.listingNotFound);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(buyerListings)
      .where(eq(buyerListings.id, listingId))
      .returning(EDITABLE);
    if (!deleted) throw new AppError("not_found", MESSAGES.listingNotFound);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "listing.deleted",
      targetId: listingId,
      before: deleted,
      after: null,
    });
  });
}

const OPTION_LIMIT = 20;
const optionRowSchema = z.object({
  id: z.string(),
  company: z.string(),
  email: z.string(),
  listingCount: z.coerce.number().int(),
});

/**
 * GET /api/admin/buyer-profiles: the owners an admin can give a listing to, by company or email
 * (the searchable select of the admin form), or one by id (the form's current choice).
 */
export async function listBuyerProfileOptions({
  db,
  search,
  id,
}: {
  db: Db;
  search: string | undefined;
  id: string | undefined;
}): Promise<BuyerProfileOption[]> {
  let where = sql`u.deleted_at is null`;
  if (id) where = sql`bp.id = ${id}`;
  else if (search) {
    const pattern = containsPattern(search);
    where = sql`(bp.company ilike ${pattern} or u.email ilike ${pattern}) and u.deleted_at is null`;
  }
  return selectRows(
    db,
    optionRowSchema,
    sql`select bp.id, bp.company, u.email,
          (select count(*) from buyer_listings l where l.buyer_id = bp.id) as "listingCount"
        from buyer_profiles bp join users u on u.id = bp.user_id
        where ${where} order by bp.company, bp.id limit ${sqlLimit(OPTION_LIMIT)}`,
  );
}
