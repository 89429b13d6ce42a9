import type { Db } from "../db/client";
import { auditLogs } from "../db/schema";

// Every admin mutation writes one audit entry inside the mutation's own transaction, so the log never
// misses a change nor names one that rolled back: who acted, what they did ("area.verb"), which record, and the values
// before and after. The table refuses UPDATE and DELETE (migration 0002), so an entry, once written, is
// the record.

type AdminAction =
  | "publisher.approved"
  | "publisher.rejected"
  | "buyer_verification.approved"
  | "buyer_verification.rejected"
  | "buyer_verification.revoked"
  | "listing.created"
  | "listing.updated"
  | "listing.deleted"
  | "user.role_changed"
  | "user.disabled"
  | "user.enabled"
  | "listing.imported"
  | "review.hidden"
  | "dispute.resolved"
  | "dispute.rejected"
  | "mail.retried"
  | "boost.granted"
  | "boost.ended"
  | "boost.refund_issued"
  | "subscription.refunded"
  | "user.sessions_ended"
  // An account's owner acting on it (the Account page): the actor is the account itself.
  | "account.email_change_requested"
  | "account.email_changed"
  | "account.email_change_undone"
  | "account.sessions_ended"
  | "account.deleted"
  | "account.api_key_created"
  | "account.api_key_revoked"
  | "account.webhook_created"
  | "account.webhook_deleted";

export async function writeAuditEntry(
  tx: Db,
  entry: {
    actorId: string;
    action: AdminAction;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLogs).values({
    userId: entry.actorId,
    action: entry.action,
    targetId: entry.targetId,
    metaJson: { before: entry.before, after: entry.after, ...entry.extra },
  });
}
