import { and, desc, eq, like, or } from "drizzle-orm";
import { z } from "zod";
import type { ActivityEntry, ActivityKind, PublisherDashboard } from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { auditLogs, users } from "../../db/schema";
import type { Viewer } from "../../lib/viewer";
import { readMarketFigures } from "../listings/market-figures";
import { findOwnProfileId, PUBLISHER_ACTIONS } from "./publisher-profile";

// What the publisher dashboard and the profile's Activity Log show: real events from the audit log, and
// live figures from the directory, never hard-coded ones.

/** The newest entries shown; the log keeps everything. */
const ACTIVITY_LIMIT = 50;

const KIND_OF_ACTION: Record<string, ActivityKind> = {
  [PUBLISHER_ACTIONS.profileCreated]: "profile_created",
  [PUBLISHER_ACTIONS.profileUpdated]: "profile_updated",
  [PUBLISHER_ACTIONS.complianceSubmitted]: "compliance_submitted",
  [PUBLISHER_ACTIONS.domainVerified]: "domain_verified",
};

/**
 * An admin's decision is written by the admin area (e.g. "publisher.approved", "publisher.rejected") with
 * the profile as its target; it is recognised by its verb, so the wording of the action may vary.
 */
function kindOf(action: string): ActivityKind {
  const known = KIND_OF_ACTION[action];
  if (known) return known;
  if (/approv/i.test(action)) return "approved";
  if (/reject/i.test(action)) return "rejected";
  return "other";
}

const metaSchema = z
  .looseObject({
    website: z.string().optional(),
    reason: z.string().nullish(),
    reviewReason: z.string().nullish(),
    after: z.record(z.string(), z.unknown()).optional(),
  })
  .nullable()
  .catch(null);

const FIELD_NAMES: Record<string, string> = {
  website: "website",
  avgDailyCalls: "daily calls",
  yearsInBusiness: "years in business",
  trafficSources: "traffic sources",
  verticals: "verticals",
  geos: "geographies",
  references: "references",
};

function detailOf(kind: ActivityKind, action: string, rawMeta: unknown): string | null {
  const meta = metaSchema.parse(rawMeta);
  switch (kind) {
    case "domain_verified":
      return meta?.website ?? null;
    case "profile_updated": {
      // In the form's order (jsonb keeps its own key order).
      const changed = meta?.after ?? {};
      const fields = Object.entries(FIELD_NAMES)
        .filter(([key]) => key in changed)
        .map(([, name]) => name);
      return fields.length > 0 ? `Changed: ${fields.join(", ")}` : null;
    }
    case "approved":
    case "rejected": {
      const afterReason = meta?.after?.reviewReason;
      return meta?.reason ?? meta?.reviewReason ?? (typeof afterReason === "string" ? afterReason : null);
    }
    case "other":
      return action;
    default:
      return null;
  }
}

/**
 * GET /api/publisher-profile/activity, newest first. The rule: every audit entry whose target is the
 * viewer's profile (their own actions and an admin's decisions), plus the viewer's own `publisher.*`
 * entries (a domain verified in the wizard, before the profile existed); and the account's creation.
 */
export async function listPublisherActivity({
  db,
  viewer,
}: {
  db: Db;
  viewer: Viewer;
}): Promise<ActivityEntry[]> {
  const profileId = await findOwnProfileId(db, viewer.id);
  const own = and(eq(auditLogs.userId, viewer.id), like(auditLogs.action, "publisher.%"));
  const rows = await db
    .select()
    .from(auditLogs)
    .where(profileId ? or(eq(auditLogs.targetId, profileId), own) : own)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(ACTIVITY_LIMIT);
  const entries: ActivityEntry[] = rows.map((row) => {
    const kind = kindOf(row.action);
    return {
      id: row.id,
      kind,
      at: row.createdAt.toISOString(),
      detail: detailOf(kind, row.action, row.metaJson),
      actor: row.userId === viewer.id ? "you" : row.userId === null ? "system" : "admin",
    };
  });
  const [account] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (account && rows.length < ACTIVITY_LIMIT) {
    entries.push({
      id: `account-${viewer.id}`,
      kind: "account_created",
      at: account.createdAt.toISOString(),
      detail: null,
      actor: "you",
    });
  }
  return entries;
}

/**
 * GET /api/publisher-dashboard: Active Buyers (buyer companies with a listing in the directory), Avg
 * Payout (mean payout of those listings) and Verticals (how many distinct ones), over exactly the
 * listings a visitor can see: the directory's figures, as the public pages count them.
 */
export async function getPublisherDashboard({ db }: { db: Db }): Promise<PublisherDashboard> {
  const { activeBuyers, averagePayout, verticals } = await readMarketFigures(db);
  return { activeBuyers, avgPayout: averagePayout, verticals };
}
