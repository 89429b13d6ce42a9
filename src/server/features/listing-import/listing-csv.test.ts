import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { LISTING_CSV_COLUMNS } from "../../../shared/schemas/listing-import";
import {
  type CsvRecord,
  CsvSyntaxError,
  columnLayout,
  detectDelimiter,
  escapeFormula,
  ImportLimitError,
  readCsvRecords,
  rowCells,
} from "./listing-csv";

// The shapes real spreadsheets and hand-edited files come in.

async function records(text: string | Buffer, options: { chunkSize?: number; maxBytes?: number } = {}) {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  const size = options.chunkSize ?? bytes.length;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: CsvRecord[] = [];
  for await (const record of readCsvRecords(Readable.from(chunks), { maxBytes: options.maxBytes ?? 1e6 })) {
    out.push(record);
  }
  return out;
}

const fieldsOf = (text: string) =>
  records(text).then((all) => {
    const [first, ...rest] = all;
    if (!first) return [];
    const layout = columnLayout(first);
    return (layout.header ? rest : all).map((r) => rowCells(r, layout).fields);
  });

describe("reading a listings CSV", () => {
  it("drops a UTF-8 BOM and reads CRLF lines", async () => {
    const text = "\ufefftitle,vertical,payout\r\nSolar Calls,Solar,50\r\nLegal Calls,Legal,75\r\n";
    expect(await records(text)).toEqual([
      { line: 1, cells: ["title", "vertical", "payout"] },
      { line: 2, cells: ["Solar Calls", "Solar", "50"] },
      { line: 3, cells: ["Legal Calls", "Legal", "75"] },
    ]);
  });

  it("keeps quoted commas and newlines in a cell, and numbers lines as an editor does", async () => {
    const text = [
      "title,vertical,payout,description",
      '"Solar, residential",Solar,50,"Line one',
      'line two, with ""quotes"""',
      "",
      "Legal Calls,Legal,75,plain",
    ].join("\r\n");
    // Split mid-CRLF and mid-character to prove chunk boundaries do not matter.
    for (const chunkSize of [3, 7, 1000]) {
      expect(await records(text, { chunkSize })).toEqual([
        { line: 1, cells: ["title", "vertical", "payout", "description"] },
        { line: 2, cells: ["Solar, residential", "Solar", "50", 'Line one\nline two, with "quotes"'] },
        { line: 5, cells: ["Legal Calls", "Legal", "75", "plain"] },
      ]);
    }
  });

  it("detects semicolon and tab delimiters from the first line", async () => {
    expect(detectDelimiter('title;vertical;payout;"a,b"\n')).toBe(";");
    expect(detectDelimiter("title\tvertical\tpayout\n")).toBe("\t");
    expect(detectDelimiter("title,vertical,payout\n")).toBe(",");
    expect(await fieldsOf("title;vertical;payout\nSolar, big;Solar;1.250,00\n")).toEqual([
      { title: "Solar, big", vertical: "Solar", payout: "1.250,00" },
    ]);
    expect(await fieldsOf("Title\tVertical\tPayout\nSolar Calls\tSolar\t50\n")).toEqual([
      { title: "Solar Calls", vertical: "Solar", payout: "50" },
    ]);
  });

  it("matches a header in any order, ignoring case and spacing, with geos and tags lists", async () => {
    const text =
      "Payout, Vertical ,TITLE,payment_terms,Geos,Requirement Tags,Buyer Email\n" +
      "60,Solar,Solar Calls,Net 15,California | Texas,trustedform|Inbound only,Buyer@Example.com\n";
    const [first, second] = await records(text);
    if (!first || !second) throw new Error("two records expected");
    const layout = columnLayout(first);
    expect(layout).toMatchObject({ header: true, errors: [] });
    expect(rowCells(second, layout)).toEqual({
      fields: {
        payout: "60",
        vertical: "Solar",
        title: "Solar Calls",
        paymentTerms: "Net 15",
        geos: ["California", "Texas"],
        tags: ["trustedform", "inbound-only"],
      },
      buyerEmail: "buyer@example.com",
      extraCells: 0,
    });
  });

  it("reads a file without a header in the documented order, leaving blank optional cells out", async () => {
    expect(await fieldsOf("Solar Calls,Solar,50,,,,paused,\nLegal Calls,Legal,75\n")).toEqual([
      { title: "Solar Calls", vertical: "Solar", payout: "50", status: "paused" },
      { title: "Legal Calls", vertical: "Legal", payout: "75" },
    ]);
    const [record] = await records("a,Solar,1,Net 30,1,1,active,d,California,,,x@y.z,12,surplus\n");
    if (!record) throw new Error("one record expected");
    const layout = columnLayout(record);
    expect(layout.columns).toEqual([...LISTING_CSV_COLUMNS]);
    expect(rowCells(record, layout).extraCells).toBe(1);
  });

  it("skips blank lines and rows of empty cells, keeping the line numbers of the rest", async () => {
    const text = "title,vertical,payout\n\n,,\n   \nSolar Calls,Solar,50\n\n";
    expect(await records(text)).toEqual([
      { line: 1, cells: ["title", "vertical", "payout"] },
      { line: 5, cells: ["Solar Calls", "Solar", "50"] },
    ]);
  });

  it("keeps a formula-looking cell as text, and takes off the apostrophe the export adds", async () => {
    const formula = '=HYPERLINK("http://evil.example","Click")';
    const text = `title,vertical,payout,description\n"${formula.replace(/"/g, '""')}",Solar,50,"${escapeFormula("-5% off").replace(/"/g, '""')}"\n`;
    expect(await fieldsOf(text)).toEqual([
      { title: formula, vertical: "Solar", payout: "50", description: "-5% off" },
    ]);
    expect(escapeFormula("+1 555")).toBe("'+1 555");
    // Spreadsheets read the full-width signs as formulas too.
    for (const sign of ["\uff1d", "\uff0b", "\uff0d", "\uff20"]) {
      expect(escapeFormula(`${sign}SUM(A1)`)).toBe(`'${sign}SUM(A1)`);
    }
    expect(escapeFormula("Plain")).toBe("Plain");
  });

  it("counts filled cells beyond the header's columns, so such a row is refused rather than cut short", async () => {
    const [header, overfull, trailing] = await records(
      "title,vertical,payout\nSolar Calls,Solar,50,surplus\nLegal Calls,Legal,75,,\n",
    );
    if (!header || !overfull || !trailing) throw new Error("three records expected");
    const layout = columnLayout(header);
    expect(layout.width).toBe(3);
    expect(rowCells(overfull, layout).extraCells).toBe(1);
    // Empty cells after the last column (a spreadsheet's trailing commas) are nothing.
    expect(rowCells(trailing, layout).extraCells).toBe(0);
  });

  it("makes a stray double quote in an unquoted cell that row's error, and reads the rows after it", async () => {
    expect(
      await records('title,vertical,payout\n27" Monitor leads,Solar,50\nLegal Calls,Legal,75\n'),
    ).toEqual([
      { line: 1, cells: ["title", "vertical", "payout"] },
      { line: 2, cells: [], error: expect.stringContaining("put the whole cell in double quotes") },
      { line: 3, cells: ["Legal Calls", "Legal", "75"] },
    ]);
  });

  it("names unknown, doubled and missing header columns", () => {
    const layout = columnLayout({ line: 1, cells: ["title", "Title", "payout", "colour"] });
    expect(layout.errors).toEqual([
      { line: 1, column: "Title", message: "The column title appears twice" },
      { line: 1, column: "colour", message: expect.stringContaining('Unknown column "colour"') },
      { line: 1, column: "vertical", message: "The header has no vertical column" },
    ]);
  });

  it("reports an unclosed quote as a syntax error with its line", async () => {
    const failure = records('title,vertical,payout\nSolar,Solar,50\n"Broken,Solar,50\n');
    await expect(failure).rejects.toBeInstanceOf(CsvSyntaxError);
    await expect(failure).rejects.toMatchObject({
      line: 3,
      message: expect.stringContaining("never closed"),
    });
  });

  it("stops at the byte limit with a 413 that names it", async () => {
    const big = `title,vertical,payout\n${"Solar Calls,Solar,50\n".repeat(100)}`;
    const failure = records(big, { maxBytes: 1000, chunkSize: 256 });
    await expect(failure).rejects.toBeInstanceOf(ImportLimitError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringContaining("50 MB"),
    });
  });

  it("refuses text that is not UTF-8, saying how to save it", async () => {
    const latin1 = Buffer.from("title,vertical,payout\nCaf\xe9 Calls,Solar,50\n", "latin1");
    await expect(records(latin1)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining("UTF-8"),
    });
  });
});
