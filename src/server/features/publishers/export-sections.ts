import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { compliance, publisherProfiles } from "../../db/schema";
import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";
import { COMPLIANCE_RECORD_FIELDS } from "./compliance";
import { getPublisherProfile } from "./publisher-profile";

// The publisher's part of the data export (features/account/account-export.ts).

export const publisherProfileSection: AccountExportSection = {
  key: "publisherProfile",
  read: ({ db, viewer }) => getPublisherProfile({ db, viewer }),
};

export const complianceRecordsSection: AccountExportSection = {
  key: "complianceRecords",
  read: ({ db, viewer }) => readComplianceRecords(db, viewer.id),
};

/** Every TCPA acknowledgment the publisher submitted, oldest first, with where it came from. */
function readComplianceRecords(db: Db, userId: string) {
  return db
    .select({ ...COMPLIANCE_RECORD_FIELDS, createdAt: compliance.createdAt })
    .from(compliance)
    .innerJoin(publisherProfiles, eq(publisherProfiles.id, compliance.publisherId))
    .where(eq(publisherProfiles.userId, userId))
    .orderBy(compliance.createdAt, compliance.id)
    .limit(EXPORT_SECTION_LIMIT);
}
