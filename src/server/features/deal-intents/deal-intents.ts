import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { DEAL_INTENT_LIMITS, MESSAGES } from "../../../shared/constants";
import type { DealIntent } from "../../../shared/schemas/deal-intents";
import type { Db } from "../../db/client";
import { auditLogs, dealIntents, publisherProfiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockDealIntentForParty } from "../../lib/deal-party";
import { isUuid } from "../../lib/ids";
import { findVisibleListing } from "../../lib/listing-read";
import { assertBuyerRole, type Viewer } from "../../lib/viewer";
import { isUniqueViolation } from "../../plugins/database-errors";
import { refreshBuyerReliability } from "../reliability/refresh-reliability";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { type DealMailContext, decisionMails, outgoing, requestMails } from "./deal-intent-mail";
import { type IntentRow, readIntents } from "./intent-read";
import { summarizePublisher } from "./publisher-summary";

// Deal intents (people read "deal requests"): an approved publisher asks for a deal on a listing; the
// buyer who owns it accepts or rejects it while it is pending, having seen who asks (the publisher's
// summary, publisher-summary.ts). Accepting is the buyer's consent: that publisher then sees the
// listing's contact without Premium (lib/listing-read.ts, canSeeContact) and the buyer sees how to
// reach the publisher. Both sides are mailed at each step.

const DAY_MS = 24 * 3600 * 1000;
/** The list has no pages: a generous cap keeps the answer bounded. */
const MAX_LISTED_INTENTS = 200;

// ---- reading -----------------------------------------------------------------------------------------

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The intent as this viewer may see it. The buyer asked sees who is asking (the publisher's summary) on
 * every request they received, and how to reach them only once they accepted; the publisher's own view
 * carries none of it. A webhook event shapes it for its recipient the same way.
 */
function toDealIntent(row: IntentRow, viewer: Pick<Viewer, "id">): DealIntent {
  const direction = row.publisherUserId === viewer.id ? "sent" : "received";
  return {
    id: row.id,
    direction,
    status: row.status,
    buyerId: row.buyerId,
    publisherId: row.publisherId,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    message: row.message,
    decisionNote: row.decisionNote,
    decidedAt: iso(row.decidedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(direction === "received" ? { publisher: summarizePublisher(row) } : {}),
  };
}

/**
 * GET /api/deal-intents: a publisher's sent intents, a buyer's received ones. `limit`: the data export
 * reads more than the workspace lists.
 */
export async function listDealIntents({
  db,
  viewer,
  limit,
}: {
  db: Db;
  viewer: Viewer;
  limit?: number;
}): Promise<DealIntent[]> {
  const rows = await readIntents(db, viewer, limit ?? MAX_LISTED_INTENTS);
  return rows.map((row) => toDealIntent(row, viewer));
}

// ---- requesting --------------------------------------------------------------------------------------

const PENDING_EXISTS_MESSAGE = "You already have a pending deal request for this listing.";

/**
 * POST /api/deal-intents: 403 unless the viewer is an approved publisher; 404 for a listing they cannot
 * see or one that is not active; 409 with a pending (or accepted) intent on it already; 429 past
 * DEAL_INTENT_LIMITS.perPublisherPerDay in 24 hours. Mails the buyer and the publisher after commit.
 */
export async function requestDealIntent({
  db,
  mail,
  viewer,
  listingId,
  message,
  now = new Date(),
}: {
  db: Db;
  mail: DealMailContext;
  viewer: Viewer;
  listingId: string;
  message: string | null;
  now?: Date;
}): Promise<DealIntent> {
  const [publisher] = await db
    .select({ id: publisherProfiles.id, status: publisherProfiles.status })
    .from(publisherProfiles)
    .where(eq(publisherProfiles.userId, viewer.id));
  if (!publisher) {
    throw new AppError(
      "forbidden",
      "Only approved publishers can request deals. Complete your publisher profile first.",
    );
  }
  // A publisher an administrator moved to another role keeps the profile, not what it allows.
  if (viewer.role !== "publisher" && viewer.role !== "admin") {
    throw new AppError(
      "forbidden",
      "Only approved publishers can request deals. Your account is no longer a publisher account.",
    );
  }
  if (publisher.status !== "approved") {
    throw new AppError(
      "forbidden",
      "Only approved publishers can request deals. Your publisher profile has not been approved yet.",
    );
  }
  const listing = await findVisibleListing(db, viewer, listingId);
  if (listing?.status !== "active") throw new AppError("not_found", MESSAGES.listingNotFound);

  const row = await db.transaction(async (tx) => {
    // Serialise this publisher's requests: the daily count and the open-intent check hold under races.
    await tx
      .select({ id: publisherProfiles.id })
      .from(publisherProfiles)
      .where(eq(publisherProfiles.id, publisher.id))
      .for("update");
    const today = gt(dealIntents.createdAt, new Date(now.getTime() - DAY_MS));
    // Aggregates with a FILTER clause, which the builder has no words for.
    const [state] = await tx
      .select({
        today: sql<number>`count(*) filter (where ${today})`.mapWith(Number),
        oldest: sql`min(${dealIntents.createdAt}) filter (where ${today})`.mapWith(
          (value: string | Date): Date | null => new Date(value),
        ),
        open: sql<string | null>`max(${dealIntents.status}) filter (where ${and(
          eq(dealIntents.listingId, listing.id),
          inArray(dealIntents.status, ["pending", "accepted"]),
        )})`,
      })
      .from(dealIntents)
      .where(eq(dealIntents.publisherId, publisher.id));
    if (state?.open === "pending") throw new AppError("conflict", PENDING_EXISTS_MESSAGE);
    if (state?.open === "accepted") {
      throw new AppError("conflict", "The buyer has already accepted your deal request for this listing.");
    }
    if (state && state.today >= DEAL_INTENT_LIMITS.perPublisherPerDay) {
      const retryAfter = state.oldest
        ? Math.max(1, Math.ceil((state.oldest.getTime() + DAY_MS - now.getTime()) / 1000))
        : 3600;
      throw new AppError(
        "rate_limited",
        `You can send at most ${DEAL_INTENT_LIMITS.perPublisherPerDay} deal requests a day. Please try again later.`,
        { headers: { "Retry-After": String(retryAfter) } },
      );
    }
    let id: string;
    try {
      const [row] = await tx
        .insert(dealIntents)
        .values({ buyerId: listing.buyerId, publisherId: publisher.id, listingId: listing.id, message })
        .returning({ id: dealIntents.id });
      await tx.insert(auditLogs).values({
        userId: viewer.id,
        action: "deal_intent.requested",
        targetId: row!.id,
        metaJson: { after: { listingId: listing.id, status: "pending" } },
      });
      id = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", PENDING_EXISTS_MESSAGE, { cause: error });
      throw error;
    }
    const [intent] = await readIntents(tx, viewer, 1, id);
    // Queued with the intent: mailed if and only if it is saved.
    await mail.mailQueue.enqueue(
      tx,
      outgoing("deal-intent", requestMails(mail, { intent: intent!, listing })),
    );
    await emitWebhookEvent(tx, mail.jobs, {
      userId: intent!.buyerUserId,
      type: "deal_intent.created",
      data: toDealIntent(intent!, { id: intent!.buyerUserId }),
    });
    return intent!;
  });
  return toDealIntent(row, viewer);
}

// ---- deciding ----------------------------------------------------------------------------------------

/**
 * POST /api/deal-intents/{id}/accept and /reject: the buyer who owns the intent's listing only (anyone
 * else: 404), and only while it is pending (409). Mails the publisher and the buyer after commit.
 */
export async function decideDealIntent({
  db,
  mail,
  viewer,
  intentId,
  decision,
  note,
}: {
  db: Db;
  mail: DealMailContext;
  viewer: Viewer;
  intentId: string;
  decision: "accepted" | "rejected";
  note: string | null;
}): Promise<DealIntent> {
  if (!isUuid(intentId)) throw new AppError("not_found", MESSAGES.dealIntentNotFound);
  const row = await db.transaction(async (tx) => {
    const current = await lockDealIntentForParty(tx, intentId, viewer, "buyer");
    if (!current) throw new AppError("not_found", MESSAGES.dealIntentNotFound);
    assertBuyerRole(viewer);
    if (current.status !== "pending") {
      throw new AppError("conflict", `This deal request was already ${current.status}.`);
    }
    await tx.execute(
      sql`update deal_intents set status = ${decision}, decision_note = ${note}, decided_at = now(),
          updated_at = now() where id = ${intentId}`,
    );
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: `deal_intent.${decision}`,
      targetId: intentId,
      metaJson: { before: { status: "pending" }, after: { status: decision }, note },
    });
    // How fast the buyer answers is a factor of their reliability score.
    await refreshBuyerReliability({ db: tx, buyerId: current.buyerId });
    const [intent] = await readIntents(tx, viewer, 1, intentId);
    // The buyer owns the listing, so it is found whatever its status.
    const contactRow = intent!.listingId
      ? await findVisibleListing(tx, viewer, intent!.listingId)
      : undefined;
    await mail.mailQueue.enqueue(
      tx,
      outgoing("deal-intent", decisionMails(mail, { intent: intent!, listing: contactRow ?? null })),
    );
    await emitWebhookEvent(tx, mail.jobs, {
      userId: intent!.publisherUserId,
      type: "deal_intent.decided",
      data: toDealIntent(intent!, { id: intent!.publisherUserId }),
    });
    return intent!;
  });
  return toDealIntent(row, viewer);
}
