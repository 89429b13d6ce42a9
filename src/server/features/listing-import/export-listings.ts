import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CSV_LIST_SEPARATOR, LISTING_CSV_COLUMNS } from "../../../shared/schemas/listing-import";
import { type Db, selectRows } from "../../db/client";
import { createdKeyColumn } from "../../lib/keyset-pages";
import { sqlLimit } from "../../lib/paging";
import { escapeFormula } from "./listing-csv";

// GET /api/admin/buyer-listings/export.csv: every listing in the import's columns, with a
// header, streamed in keyset pages so memory stays flat however many listings there are. Importing the
// file back gives the same listings (the round trip test proves it). A buyer's data export
// (features/account) takes the same file of their own listings.

const PAGE_ROWS = 2_000;

const exportRowSchema = z.object({
  id: z.string(),
  createdAt: z.coerce.date(),
  title: z.string(),
  vertical: z.string(),
  payout: z.string(),
  paymentTerms: z.string().nullable(),
  durationRequirement: z.number().nullable(),
  minVolume: z.number().nullable(),
  status: z.string(),
  description: z.string().nullable(),
  geos: z.array(z.string()),
  tags: z.array(z.string()),
  disputeWindowDays: z.number().nullable(),
  dailyCap: z.number().nullable(),
  buyerEmail: z.string(),
  /** created_at to the microsecond, the keyset's key (a JS Date would drop the microseconds). */
  createdKey: z.string(),
});
type ExportRow = z.infer<typeof exportRowSchema>;

async function* exportRows(db: Db, ownerUserId: string | undefined): AsyncGenerator<ExportRow> {
  let after: { createdKey: string; id: string } | null = null;
  for (;;) {
    const conditions = [
      ...(ownerUserId ? [sql`bp.user_id = ${ownerUserId}`] : []),
      ...(after ? [sql`(l.created_at, l.id) < (${after.createdKey}::timestamptz, ${after.id}::uuid)`] : []),
    ];
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const rows: ExportRow[] = await selectRows(
      db,
      exportRowSchema,
      sql`select l.id, l.created_at as "createdAt", l.title, l.vertical, l.payout::text as payout,
                 l.payment_terms as "paymentTerms", l.duration_requirement as "durationRequirement",
                 l.min_volume as "minVolume", l.status, l.description, l.geos, l.tags,
                 l.dispute_window_days as "disputeWindowDays", l.daily_cap as "dailyCap", u.email as "buyerEmail",
                 ${createdKeyColumn("l")}
            from buyer_listings l
            join buyer_profiles bp on bp.id = l.buyer_id
            join users u on u.id = bp.user_id
            ${where}
           order by l.created_at desc, l.id desc
           limit ${sqlLimit(PAGE_ROWS)}`,
    );
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = { createdKey: last.createdKey, id: last.id };
  }
}

function toRecord(row: ExportRow): string[] {
  const text = (value: string | number | null) => (value === null ? "" : escapeFormula(String(value)));
  const cells: Record<(typeof LISTING_CSV_COLUMNS)[number], string> = {
    title: text(row.title),
    vertical: text(row.vertical),
    payout: row.payout,
    paymentTerms: text(row.paymentTerms),
    durationRequirement: text(row.durationRequirement),
    minVolume: text(row.minVolume),
    status: row.status,
    description: text(row.description),
    geos: text(row.geos.join(CSV_LIST_SEPARATOR)),
    tags: text(row.tags.join(CSV_LIST_SEPARATOR)),
    disputeWindowDays: text(row.disputeWindowDays),
    buyerEmail: text(row.buyerEmail),
    // Only the listing's own cap: a blank cell imports back as "the buyer's cap".
    dailyCap: text(row.dailyCap),
  };
  return LISTING_CSV_COLUMNS.map((column) => cells[column]);
}

/**
 * The CSV as a stream (UTF-8 with a BOM, so Excel reads accents right; the import drops it): every
 * listing, or those of the buyer whose user is `ownerUserId`.
 */
export function exportListingsCsv(db: Db, { ownerUserId }: { ownerUserId?: string } = {}): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of exportRows(db, ownerUserId)) yield toRecord(row);
    })(),
  );
  const csv = stringify({ header: true, columns: [...LISTING_CSV_COLUMNS], bom: true });
  records.on("error", (error) => csv.destroy(error));
  return records.pipe(csv);
}
