import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { PUBLISHER_MESSAGES } from "../../../shared/schemas/publisher";
import {
  COMPLIANCE_MESSAGES,
  type ComplianceRecord,
  CURRENT_COMPLIANCE_ACK_VERSION,
  type complianceInputSchema,
} from "../../../shared/schemas/publisher-compliance";
import type { Db } from "../../db/client";
import { auditLogs, compliance, publisherProfiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { assertPublisherRole, type Viewer } from "../../lib/viewer";
import { PUBLISHER_ACTIONS } from "./publisher-profile";
import { recomputeQualityScore } from "./quality-score";

/** A compliance record as an administrator reviews it and the publisher's data export holds it. */
export const COMPLIANCE_RECORD_FIELDS = {
  id: compliance.id,
  tcpaComplianceAck: compliance.tcpaComplianceAck,
  dncProcessDesc: compliance.dncProcessDesc,
  acceptedAt: compliance.acceptedAt,
  ackTextVersion: compliance.ackTextVersion,
  ip: compliance.ip,
  userAgent: compliance.userAgent,
};

// TCPA compliance records (onboarding step 5, /api/compliance). Each submission is a new row: the history is kept and
// never overwritten or deleted by the app (TCPA records are kept five years). A record holds when, from
// which address and browser, and which version of the acknowledgment text was agreed to.

const USER_AGENT_MAX = 512;

type ComplianceRow = typeof compliance.$inferSelect;

function toComplianceRecord(row: ComplianceRow): ComplianceRecord {
  return {
    id: row.id,
    publisherId: row.publisherId,
    tcpaComplianceAck: row.tcpaComplianceAck,
    dncProcessDesc: row.dncProcessDesc,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    ackTextVersion: row.ackTextVersion,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/compliance: a new record for the viewer's profile; sets the profile's complianceAckAt and
 * recomputes the score, in one transaction. 404 without a profile; 409 when the form showed a text
 * version that is no longer current (the publisher must read the current one).
 */
export async function submitCompliance({
  db,
  viewer,
  input,
  ip,
  userAgent,
}: {
  db: Db;
  viewer: Viewer;
  input: z.output<typeof complianceInputSchema>;
  ip: string;
  userAgent: string | undefined;
}): Promise<ComplianceRecord> {
  if (input.ackTextVersion !== CURRENT_COMPLIANCE_ACK_VERSION) {
    throw new AppError("conflict", COMPLIANCE_MESSAGES.outdatedText);
  }
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: publisherProfiles.id })
      .from(publisherProfiles)
      .where(eq(publisherProfiles.userId, viewer.id))
      .for("update");
    if (!profile) throw new AppError("not_found", PUBLISHER_MESSAGES.createProfileFirst);
    assertPublisherRole(viewer);
    const acceptedAt = new Date();
    const [row] = await tx
      .insert(compliance)
      .values({
        publisherId: profile.id,
        tcpaComplianceAck: input.tcpaComplianceAck,
        dncProcessDesc: input.dncProcessDesc,
        acceptedAt,
        ip,
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        ackTextVersion: input.ackTextVersion,
      })
      .returning();
    await tx
      .update(publisherProfiles)
      .set({ complianceAckAt: acceptedAt, updatedAt: acceptedAt })
      .where(eq(publisherProfiles.id, profile.id));
    await recomputeQualityScore({ db: tx, profileId: profile.id });
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: PUBLISHER_ACTIONS.complianceSubmitted,
      targetId: profile.id,
      metaJson: { complianceId: row!.id, ackTextVersion: input.ackTextVersion, ip },
    });
    return toComplianceRecord(row!);
  });
}

/** GET /api/compliance: the viewer's latest record, or null (none yet, or no profile). */
export async function getLatestCompliance({
  db,
  viewer,
}: {
  db: Db;
  viewer: Viewer;
}): Promise<ComplianceRecord | null> {
  const [row] = await db
    .select({ record: compliance })
    .from(compliance)
    .innerJoin(publisherProfiles, eq(publisherProfiles.id, compliance.publisherId))
    .where(eq(publisherProfiles.userId, viewer.id))
    .orderBy(desc(compliance.createdAt), desc(compliance.id))
    .limit(1);
  return row ? toComplianceRecord(row.record) : null;
}
