import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, selectRows } from "../../db/client";
import {
  type AccountExportSection,
  EXPORT_PAGE_ROWS,
  EXPORT_SECTION_LIMIT,
  exportPages,
} from "../../lib/account-export";
import { createdKeyColumn } from "../../lib/keyset-pages";
import { sqlLimit } from "../../lib/paging";
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

const smsTextSchema = z.object({
  id: z.string(),
  createdKey: z.string(),
  phone: z.string(),
  kind: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.coerce.date(),
  statusAt: z.coerce.date().nullable(),
});

/** Every text sent to the user, newest first, page by page (verification codes were stored masked). */
async function* smsTexts(db: Db, userId: string) {
  const rows = exportPages(
    (after) =>
      selectRows(
        db,
        smsTextSchema,
        sql`select m.id, ${createdKeyColumn("m")}, m.phone, m.kind, m.body, m.status,
              m.created_at as "createdAt", m.status_at as "statusAt"
            from sms_messages m where m.user_id = ${userId} ${after ? sql`and ${after}` : sql``}
            order by m.created_at desc, m.id desc limit ${sqlLimit(EXPORT_PAGE_ROWS)}`,
      ),
    (createdKey, id) => sql`(m.created_at, m.id) < (${createdKey}::timestamptz, ${id}::uuid)`,
  );
  for await (const { createdKey: _key, ...text } of rows) yield text;
}
