import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { smsMessages } from "../../db/schema";
import {
  type AccountExportSection,
  EXPORT_PAGE_ROWS,
  EXPORT_SECTION_LIMIT,
  exportPages,
} from "../../lib/account-export";
import { createdKeyOf } from "../../lib/keyset-pages";
import { readSmsConsents, readSmsNumberView } from "./sms-history";

// SMS Alerts in the data export (features/account/account-export.ts): the number, the consent records
// and the texts.

export const smsNumberSection: AccountExportSection = {
  key: "smsNumber",
  read: ({ db, viewer, now }) => readSmsNumberView(db, viewer.id, now()),
};

export const smsConsentRecordsSection: AccountExportSection = {
  key: "smsConsentRecords",
  read: ({ db, viewer }) => readSmsConsents(db, viewer.id, EXPORT_SECTION_LIMIT),
};

export const smsTextsSection: AccountExportSection = {
  key: "smsTexts",
  read: ({ db, viewer }) => smsTexts(db, viewer.id),
};

/** Every text sent to the user, newest first, page by page (verification codes were stored masked). */
async function* smsTexts(db: Db, userId: string) {
  const rows = exportPages(
    (after) =>
      db
        .select({
          id: smsMessages.id,
          createdKey: createdKeyOf(smsMessages.createdAt),
          phone: smsMessages.phone,
          kind: smsMessages.kind,
          body: smsMessages.body,
          status: smsMessages.status,
          createdAt: smsMessages.createdAt,
          statusAt: smsMessages.statusAt,
        })
        .from(smsMessages)
        .where(and(eq(smsMessages.userId, userId), after))
        .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
        .limit(EXPORT_PAGE_ROWS),
    (createdKey, id) =>
      sql`(${smsMessages.createdAt}, ${smsMessages.id}) < (${createdKey}::timestamptz, ${id}::uuid)`,
  );
  for await (const { createdKey: _key, ...text } of rows) yield text;
}
