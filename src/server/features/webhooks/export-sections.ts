import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookEndpoints } from "../../db/schema";
import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";

// Webhook endpoints in the data export (features/account/account-export.ts).

export const webhookEndpointsSection: AccountExportSection = {
  key: "webhookEndpoints",
  read: ({ db, viewer }) => readWebhookEndpoints(db, viewer.id),
};

/** The account's webhook endpoints, newest first; never the signing secret, which still signs deliveries. */
function readWebhookEndpoints(db: Db, userId: string) {
  return db
    .select({
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(EXPORT_SECTION_LIMIT);
}
