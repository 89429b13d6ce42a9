import { and, desc, eq, or, sql } from "drizzle-orm";
import { type DealSide, MESSAGES } from "../../../shared/constants";
import type {
  AdminDispute,
  AdminDisputeQuery,
  Dispute,
  DisputeDecision,
} from "../../../shared/schemas/disputes";
import type { Db } from "../../db/client";
import { auditLogs, buyerProfiles, disputes, publisherProfiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { lockDealIntentForParty } from "../../lib/deal-party";
import { isUuid } from "../../lib/ids";
import { type Page, readPage } from "../../lib/keyset-pages";
import type { Viewer } from "../../lib/viewer";
import { isUniqueViolation } from "../../plugins/database-errors";
import { type DealMailContext, outgoing } from "../deal-intents/deal-intent-mail";
import { refreshBuyerReliability } from "../reliability/refresh-reliability";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { openedMails, resolvedMails, respondedMails } from "./dispute-mail";
import { DISPUTES, type DisputeRow } from "./dispute-row";

// Disputes (docs/product.md, "Only a real deal can be reviewed or disputed"): either party of an accepted deal intent opens
// one with a reason; the other party answers once; an admin decides it, resolved (the complaint was
// founded and settled) or rejected (unfounded). One open dispute per deal at a time. Every step mails
// both parties: the mails are queued in the step's transaction (jobs/mail.ts), so they go out, with
// retries, exactly when the step is saved. A dispute a publisher opens against a buyer
// is an input of the buyer's reliability score, so opening and deciding one refresh it.

/** The caller's list has no pages: bounded as the deal intents list is. */
const MAX_OWN_DISPUTES = 200;

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
  const [row] = await DISPUTES.rows(db).where(eq(disputes.id, disputeId));
  if (!row) throw new AppError("not_found", MESSAGES.disputeNotFound);
  return row;
}

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
  const rows = await DISPUTES.rows(db)
    .where(or(eq(buyerProfiles.userId, viewer.id), eq(publisherProfiles.userId, viewer.id)))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(limit);
  return rows.map((row) => toDispute(row, viewer));
}

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
    DISPUTES,
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
    const intent = await lockDealIntentForParty(tx, dealIntentId, viewer, "either");
    if (!intent) throw new AppError("not_found", MESSAGES.dealIntentNotFound);
    if (intent.status !== "accepted") throw new AppError("forbidden", DISPUTE_NOT_ACCEPTED_MESSAGE);
    const openedBy: DealSide = intent.buyerUserId === viewer.id ? "buyer" : "publisher";
    let disputeId: string;
    try {
      const [row] = await tx
        .insert(disputes)
        .values({
          buyerId: intent.buyerId,
          publisherId: intent.publisherId,
          dealIntentId,
          openedBy,
          reason,
        })
        .returning({ id: disputes.id });
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
    const [current] = await tx
      .select({
        openedBy: disputes.openedBy,
        status: disputes.status,
        response: disputes.response,
        buyerUserId: buyerProfiles.userId,
      })
      .from(disputes)
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, disputes.buyerId))
      .innerJoin(publisherProfiles, eq(publisherProfiles.id, disputes.publisherId))
      .where(
        and(
          eq(disputes.id, disputeId),
          or(eq(buyerProfiles.userId, viewer.id), eq(publisherProfiles.userId, viewer.id)),
        ),
      )
      .for("update", { of: disputes });
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
    if (current.response !== null)
      throw new AppError("conflict", "You have already responded to this dispute.");
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
    const [current] = await tx
      .select({ status: disputes.status, openedBy: disputes.openedBy, buyerId: disputes.buyerId })
      .from(disputes)
      .where(eq(disputes.id, disputeId))
      .for("update");
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
