import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, desc, eq, sql } from "drizzle-orm";
import { CSV_LIST_SEPARATOR, LISTING_CSV_COLUMNS } from "../../../shared/schemas/listing-import";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles, users } from "../../db/schema";
import { createdKeyOf } from "../../lib/keyset-pages";
import { escapeFormula } from "./listing-csv";

// GET /api/admin/buyer-listings/export.csv: every listing in the import's columns, with a
// header, streamed in keyset pages so memory stays flat however many listings there are. Importing the
// file back gives the same listings (the round trip test proves it). A buyer's data export
// (features/account) takes the same file of their own listings.

const PAGE_ROWS = 2_000;

/** One page of the export, after the row `after` (created_at to the microsecond, the keyset's key). */
function readPage(db: Db, ownerUserId: string | undefined, after: { createdKey: string; id: string } | null) {
  return db
    .select({
      id: buyerListings.id,
      title: buyerListings.title,
      vertical: buyerListings.vertical,
      payout: buyerListings.payout,
      paymentTerms: buyerListings.paymentTerms,
      durationRequirement: buyerListings.durationRequirement,
      minVolume: buyerListings.minVolume,
      status: buyerListings.status,
      description: buyerListings.description,
      geos: buyerListings.geos,
      tags: buyerListings.tags,
      disputeWindowDays: buyerListings.disputeWindowDays,
      dailyCap: buyerListings.dailyCap,
      buyerEmail: users.email,
      createdKey: createdKeyOf(buyerListings.createdAt),
    })
    .from(buyerListings)
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerListings.buyerId))
    .innerJoin(users, eq(users.id, buyerProfiles.userId))
    .where(
      and(
        ownerUserId ? eq(buyerProfiles.userId, ownerUserId) : undefined,
        after
          ? sql`(${buyerListings.createdAt}, ${buyerListings.id}) < (${after.createdKey}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(buyerListings.createdAt), desc(buyerListings.id))
    .limit(PAGE_ROWS);
}
type ExportRow = Awaited<ReturnType<typeof readPage>>[number];

async function* exportRows(db: Db, ownerUserId: string | undefined): AsyncGenerator<ExportRow> {
  let after: { createdKey: string; id: string } | null = null;
  for (;;) {
    const rows: ExportRow[] = await readPage(db, ownerUserId, after);
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
