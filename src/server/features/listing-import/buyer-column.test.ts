import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { csvNamesBuyers } from "../../../shared/schemas/listing-import";
import { namesBuyers } from "./import-listings";
import { type CsvRecord, columnLayout, readCsvRecords } from "./listing-csv";

// The import dialog decides from a file's first line whether the admin must choose a buyer
// (csvNamesBuyers, in the browser); the server decides from its own parse of the same line. They must
// agree, or the dialog would let through a file the server refuses (or ask for a buyer it does not need).

async function firstRecord(text: string): Promise<CsvRecord> {
  for await (const record of readCsvRecords(Readable.from([Buffer.from(text)]), { maxBytes: 1e6 })) {
    return record;
  }
  throw new Error("no record");
}

const FILES: [string, string, boolean][] = [
  ["the documented order without a header", "Solar Calls,Solar,50,Net 30,120,10,active,Roofs\n", false],
  ["a header without a buyer column", "title,vertical,payout,description\nSolar Calls,Solar,50,x\n", false],
  ["a header with buyerEmail", "title,vertical,payout,buyerEmail\nSolar Calls,Solar,50,a@b.test\n", true],
  [
    "a spreadsheet's header naming Buyer Email",
    "Title;Vertical;Payout;Buyer Email\nS;Solar;5;a@b.test\n",
    true,
  ],
  ["a header naming Email, tab separated", "title\tvertical\tpayout\temail\nS\tSolar\t5\ta@b.test\n", true],
  ["a header with a BOM and CRLF", "\ufeffTitle,Vertical,Payout,Buyer_Email\r\nS,Solar,5,a@b.test\r\n", true],
  ["a header after blank lines", "\n\ntitle,vertical,payout\nS,Solar,5\n", false],
  ["every column without a header", "S,Solar,5,,,,,,,,,a@b.test\n", true],
  [
    "a semicolon file whose quoted cell holds commas",
    'S;Solar;5;;;;;"a, b, c, d, e, f, g, h, i, j, k, l"\n',
    false,
  ],
  [
    "a comma file whose quoted cell holds semicolons",
    'title,vertical,payout,description\nS,Solar,5,"a;b;c;d;e"\n',
    false,
  ],
];

describe("whether a CSV names its rows' buyers", () => {
  it.each(FILES)("%s: the dialog and the server agree", async (_, text, expected) => {
    const first = await firstRecord(text);
    expect(namesBuyers(columnLayout(first), first)).toBe(expected);
    expect(csvNamesBuyers(text)).toBe(expected);
  });
});
