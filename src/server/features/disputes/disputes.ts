import { count, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { DEAL_SIDES, type DealSide, DISPUTE_STATUSES, MESSAGES } from "../../../shared/constants";
import type {
  AdminDispute,
  AdminDisputeQuery,
  Dispute,
  DisputeDecision,
} from "../../../shared/schemas/disputes";
import { type Db, selectRows } from "../../db/client";
import {
  auditLogs,
  buyerListings,
  buyerProfiles,
  dealIntents,
  disputes,
  publisherProfiles,
  users,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { partyName, partyNameOf } from "../../lib/deleted-account";
import { isUuid } from "../../lib/ids";
import {
  createdKeyColumn,
  createdKeyOf,
  type KeysetSource,
  type Page,
  readPage,
} from "../../lib/keyset-pages";
import { sqlLimit } from "../../lib/paging";
import type { Viewer } from "../../lib/viewer";
import { isUniqueViolation } from "../../plugins/database-errors";
import { type DealMailContext, outgoing } from "../deal-intents/deal-intent-mail";
import { refreshBuyerReliability } from "../reliability/refresh-reliability";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { openedMails, resolvedMails, respondedMails } from "./dispute-mail";
import { type DisputeRow, disputeRowSchema } from "./dispute-row";

// Disputes (docs/product.md, "Only a real deal can be reviewed or disputed"): either party of an accepted deal intent opens
// one with a reason; the other party answers once; an admin decides it, resolved (the complaint was
// founded and settled) or rejected (unfounded). One open dispute per deal at a time. Every step mails
// both parties: the mails are queued in the step's transaction (jobs/mail.ts), so they go out, with
// retries, exactly when the step is saved. A dispute a publisher opens against a buyer
// is an input of the buyer's reliability score, so opening and deciding one refresh it.

/** The caller's list has no pages: bounded as the deal intents list is. */
const MAX_OWN_DISPUTES = 200;

const DISPUTE_COLUMNS = sql`d.id, d.deal_intent_id as "dealIntentId", di.listing_id as "listingId",
  l.title as "listingTitle", d.opened_by as "openedBy", d.status, d.reason, d.response,
  d.responded_at as "respondedAt", d.resolution_notes as "resolutionNotes", d.resolved_at as "resolvedAt",
  d.created_at as "createdAt", d.updated_at as "updatedAt", ${createdKeyColumn("d")},
  d.buyer_id as "buyerId", ${partyName("bu", sql`bp.company`)} as "buyerCompany", bp.user_id as "buyerUserId",
  coalesce(bp.contact_email, bu.email) as "buyerEmail",
  d.publisher_id as "publisherId", pp.user_id as "publisherUserId", pu.email as "publisherEmail",
  ${partyName(
    "pu",
    sql`coalesce(nullif(trim(concat_ws(' ', pu.first_name, pu.last_name)), ''), pp.website,
      'Publisher ' || left(pp.id::text, 8))`,
  )} as "publisherName"`;

const DISPUTE_FROM = sql`disputes d
  join deal_intents di on di.id = d.deal_intent_id
  join buyer_profiles bp on bp.id = d.buyer_id
  join users bu on bu.id = bp.user_id
  join publisher_profiles pp on pp.id = d.publisher_id
  join users pu on pu.id = pp.user_id
  left join buyer_listings l on l.id = di.listing_id`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function sideOf(row: DisputeRow, viewer: Pick<Viewer, "id"> | null): DealSide | null {
  if (viewer?.id === row.buyerUserId) return "buyer";
  if (viewer?.id === row.publisherUserId) return "publisher";
  return null;
}

function toDispute(row: DisputeRow, viewer: Pick<Viewer, "id"> | null): Dispute {
  const side = sideOf(row, viewer);
  return {
    id: row.id,
    dealIntentId: row.dealIntentId,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    openedBy: row.openedBy,
    status: row.status,
    reason: row.reason,
    response: row.response,
    respondedAt: iso(row.respondedAt),
    resolutionNotes: row.resolutionNotes,
    resolvedAt: iso(row.resolvedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    buyer: { id: row.buyerId, company: row.buyerCompany },
    publisher: { id: row.publisherId, name: row.publisherName },
    side,
    canRespond: side !== null && side !== row.openedBy && row.status === "pending" && row.response === null,
  };
}

const toAdminDispute = (row: DisputeRow): AdminDispute => ({
  ...toDispute(row, null),
  buyerEmail: row.buyerEmail,
  publisherEmail: row.publisherEmail,
});

/** dispute.updated to both parties (when it is opened and when it is decided), each as they see it. */
async function emitDisputeUpdated(tx: Db, mail: DealMailContext, row: DisputeRow): Promise<void> {
  for (const userId of [row.buyerUserId, row.publisherUserId]) {
    await emitWebhookEvent(tx, mail.jobs, {
      userId,
      type: "dispute.updated",
      data: toDispute(row, { id: userId }),
    });
  }
}

async function readDispute(db: Db, disputeId: string): Promise<DisputeRow> {
  const [row] = await selectRows(
    db,
    disputeRowSchema,
    sql`select ${DISPUTE_COLUMNS} from ${DISPUTE_FROM} where d.id = ${disputeId}`,
  );
  if (!row) throw new AppError("not_found", MESSAGES.disputeNotFound);
  return row;
}

/** Where the party of this viewer (or, for an admin, no one) follows the dispute. */
const partyCondition = (viewer: Viewer): SQL => sql`(bp.user_id = ${viewer.id} or pp.user_id = ${viewer.id})`;

// ---- reading -----------------------------------------------------------------------------------------

/**
 * GET /api/disputes: the disputes of the caller's deals, as either party, newest first. `limit`: the
 * data export reads more than the workspace lists.
 */
export async function listMyDisputes({
  db,
  viewer,
  limit = MAX_OWN_DISPUTES,
}: {
  db: Db;
  viewer: Viewer;
  limit?: number;
}): Promise<Dispute[]> {
  const rows = await selectRows(
    db,
    disputeRowSchema,
    sql`select ${DISPUTE_COLUMNS} from ${DISPUTE_FROM} where ${partyCondition(viewer)}
        order by d.created_at desc, d.id desc limit ${sqlLimit(limit)}`,
  );
  return rows.map((row) => toDispute(row, viewer));
}

// DISPUTE_COLUMNS's row (DisputeRow, which toAdminDispute takes) through the query builder.
const buyerUser = alias(users, "buyer_user");
const publisherUser = alias(users, "publisher_user");
const ADMIN_DISPUTES = {
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
        publisherName: partyNameOf(
          publisherUser.deletedAt,
          sql`coalesce(nullif(trim(concat_ws(' ', ${publisherUser.firstName}, ${publisherUser.lastName})), ''),
            ${publisherProfiles.website}, 'Publisher ' || left(${publisherProfiles.id}::text, 8))`,
        ),
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

/**
 * GET /api/admin/disputes?status=: every dispute or those of one status, keyset pages; pending ones
 * longest waiting first (the order they should be decided in), decided ones newest first.
 */
export async function listAdminDisputes({
  db,
  query,
}: {
  db: Db;
  query: AdminDisputeQuery;
}): Promise<Page<AdminDispute>> {
  const filters = query.status ? [eq(disputes.status, query.status)] : [];
  return readPage(
    db,
    ADMIN_DISPUTES,
    {
      filters,
      cursor: query.cursor,
      limit: query.limit,
      direction: query.status === "pending" ? "asc" : "desc",
    },
    toAdminDispute,
  );
}

// ---- opening -----------------------------------------------------------------------------------------

const DISPUTE_NOT_ACCEPTED_MESSAGE = "A dispute can be opened only on a deal the buyer accepted.";
const DISPUTE_OPEN_EXISTS_MESSAGE =
  "A dispute about this deal is already open: answer or wait for an administrator's decision.";

/**
 * POST /api/disputes: a party of the deal intent only (anyone else: 404), on an accepted intent (403
 * otherwise), while no other dispute about it is open (409).
 */
export async function openDispute({
  db,
  mail,
  viewer,
  dealIntentId,
  reason,
}: {
  db: Db;
  mail: DealMailContext;
  viewer: Viewer;
  dealIntentId: string;
  reason: string;
}): Promise<Dispute> {
  const row = await db.transaction(async (tx) => {
    const [intent] = await selectRows(
      tx,
      z.object({
        status: z.string(),
        buyerId: z.string(),
        publisherId: z.string(),
        buyerUserId: z.string(),
      }),
      sql`select di.status, di.buyer_id as "buyerId", di.publisher_id as "publisherId",
            bp.user_id as "buyerUserId"
          from deal_intents di
          join buyer_profiles bp on bp.id = di.buyer_id
          join publisher_profiles pp on pp.id = di.publisher_id
          where di.id = ${dealIntentId} and ${partyCondition(viewer)} for update of di`,
    );
    if (!intent) throw new AppError("not_found", MESSAGES.dealIntentNotFound);
    if (intent.status !== "accepted") throw new AppError("forbidden", DISPUTE_NOT_ACCEPTED_MESSAGE);
    const openedBy: DealSide = intent.buyerUserId === viewer.id ? "buyer" : "publisher";
    let disputeId: string;
    try {
      const [row] = await selectRows(
        tx,
        z.object({ id: z.string() }),
        sql`insert into disputes (buyer_id, publisher_id, deal_intent_id, opened_by, reason)
            values (${intent.buyerId}, ${intent.publisherId}, ${dealIntentId}, ${openedBy}, ${reason})
            returning id`,
      );
      disputeId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError("conflict", DISPUTE_OPEN_EXISTS_MESSAGE, { cause: error });
      }
      throw error;
    }
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "dispute.opened",
      targetId: disputeId,
      metaJson: { after: { dealIntentId, openedBy, status: "pending" } },
    });
    if (openedBy === "publisher") await refreshBuyerReliability({ db: tx, buyerId: intent.buyerId });
    const opened = await readDispute(tx, disputeId);
    await mail.mailQueue.enqueue(tx, outgoing("dispute", openedMails(mail, opened)));
    await emitDisputeUpdated(tx, mail, opened);
    return opened;
  });
  return toDispute(row, viewer);
}

// ---- responding --------------------------------------------------------------------------------------

/**
 * POST /api/disputes/{id}/respond: the other party only (a stranger: 404; the party who opened it: 403),
 * once (409), while the dispute is pending (409).
 */
export async function respondToDispute({
  db,
  mail,
  viewer,
  disputeId,
  response,
}: {
  db: Db;
  mail: DealMailContext;
  viewer: Viewer;
  disputeId: string;
  response: string;
}): Promise<Dispute> {
  if (!isUuid(disputeId)) throw new AppError("not_found", MESSAGES.disputeNotFound);
  const row = await db.transaction(async (tx) => {
    const [current] = await selectRows(
      tx,
      z.object({
        openedBy: z.enum(DEAL_SIDES),
        status: z.enum(DISPUTE_STATUSES),
        responded: z.boolean(),
        buyerUserId: z.string(),
      }),
      sql`select d.opened_by as "openedBy", d.status, d.response is not null as responded,
            bp.user_id as "buyerUserId"
          from disputes d
          join buyer_profiles bp on bp.id = d.buyer_id
          join publisher_profiles pp on pp.id = d.publisher_id
          where d.id = ${disputeId} and ${partyCondition(viewer)} for update of d`,
    );
    if (!current) throw new AppError("not_found", MESSAGES.disputeNotFound);
    const side: DealSide = current.buyerUserId === viewer.id ? "buyer" : "publisher";
    if (side === current.openedBy) {
      throw new AppError(
        "forbidden",
        "The other party of the deal responds to a dispute, not the one who opened it.",
      );
    }
    if (current.status !== "pending")
      throw new AppError("conflict", `This dispute was already ${current.status}.`);
    if (current.responded) throw new AppError("conflict", "You have already responded to this dispute.");
    await tx.execute(
      sql`update disputes set response = ${response}, responded_at = now(), updated_at = now()
          where id = ${disputeId}`,
    );
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "dispute.responded",
      targetId: disputeId,
      metaJson: { after: { responded: true } },
    });
    const responded = await readDispute(tx, disputeId);
    await mail.mailQueue.enqueue(tx, outgoing("dispute", respondedMails(mail, responded)));
    return responded;
  });
  return toDispute(row, viewer);
}

// ---- deciding ----------------------------------------------------------------------------------------

/**
 * POST /api/admin/disputes/{id}/resolve: an admin decides a pending dispute (409 once decided), with
 * notes both parties read; audit-logged. A decision on a publisher's dispute moves the buyer's score.
 */
export async function resolveDispute({
  db,
  mail,
  viewer,
  disputeId,
  status,
  resolutionNotes,
}: {
  db: Db;
  mail: DealMailContext;
  viewer: Viewer;
  disputeId: string;
  status: DisputeDecision;
  resolutionNotes: string;
}): Promise<AdminDispute> {
  if (!isUuid(disputeId)) throw new AppError("not_found", MESSAGES.disputeNotFound);
  const row = await db.transaction(async (tx) => {
    const [current] = await selectRows(
      tx,
      z.object({ status: z.enum(DISPUTE_STATUSES), openedBy: z.enum(DEAL_SIDES), buyerId: z.string() }),
      sql`select status, opened_by as "openedBy", buyer_id as "buyerId" from disputes
          where id = ${disputeId} for update`,
    );
    if (!current) throw new AppError("not_found", MESSAGES.disputeNotFound);
    if (current.status !== "pending")
      throw new AppError("conflict", `This dispute was already ${current.status}.`);
    await tx.execute(
      sql`update disputes set status = ${status}, resolution_notes = ${resolutionNotes}, resolved_at = now(),
          resolved_by = ${viewer.id}, updated_at = now() where id = ${disputeId}`,
    );
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: status === "resolved" ? "dispute.resolved" : "dispute.rejected",
      targetId: disputeId,
      before: { status: "pending" },
      after: { status, resolutionNotes },
    });
    if (current.openedBy === "publisher") await refreshBuyerReliability({ db: tx, buyerId: current.buyerId });
    const decided = await readDispute(tx, disputeId);
    await mail.mailQueue.enqueue(tx, outgoing("dispute", resolvedMails(mail, decided)));
    await emitDisputeUpdated(tx, mail, decided);
    return decided;
  });
  return toAdminDispute(row);
}
