import { type Readable, Readable as ReadableStream } from "node:stream";
import { ZipFile } from "yazl";
import { EXPORT_PER_HOUR } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import type { AccountExportContext, AccountExportParts } from "../../lib/account-export";
import { consumeRateLimit } from "../../lib/rate-limit";
import type { StripeClient } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";

// GET /api/account/export (docs/product.md, "Your account"): one ZIP, streamed as it is written, never
// whole in memory. account.json holds everything the account owns or wrote, read section by section
// (the longest lists, listings and texts, page by page); listings.csv, for a buyer, holds their listings
// in the admin import's columns (features/listing-import), so the file can be imported again.
//
// The sections and files are the features' own (lib/account-export.ts: each feature exports its part
// from its folder), listed in order by account-export-parts.ts beside app.ts, which hands them to the
// account routes: this file writes them and reads no other feature.
//
// Nothing of anyone else goes in that this user cannot already see: the other party of a deal, a review
// or a dispute is named as the workspaces name them (the same reads), and saved listings are read as the
// directory reads them for this viewer, so their contacts follow the contact rule (a free publisher
// gets them masked).
//
// Each section is read when the stream reaches it, not in one snapshot: an export taken while the
// account changes may show a section before the change and a later one after it.

const HOUR_SECONDS = 60 * 60;

export interface AccountExportDeps {
  db: Db;
  stripe: StripeClient | undefined;
  appName: string;
  now: () => Date;
}

/** "paypercall-hub-export-2026-11-26.zip": the app's name as configured, and the day (UTC). */
export function exportFileName(appName: string, now: Date): string {
  const slug =
    appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "account";
  return `${slug}-export-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * Checks the hourly limit (429 with Retry-After before a byte is written), then answers the ZIP as a
 * stream. A read that fails mid-way destroys the stream: the download breaks rather than end short.
 */
export async function startAccountExport(
  deps: AccountExportDeps,
  parts: AccountExportParts,
  viewer: Viewer,
  sessionId: string | undefined,
): Promise<Readable> {
  const { db } = deps;
  await consumeRateLimit({
    db,
    key: `account-export:${viewer.id}`,
    limit: EXPORT_PER_HOUR,
    windowSeconds: HOUR_SECONDS,
  });
  const context: AccountExportContext = { ...deps, viewer, sessionId };
  const files: [name: string, make: () => Readable][] = [];
  for (const file of parts.files) {
    const make = await file.open(context);
    if (make) files.push([file.name, make]);
  }
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const entry = (make: () => Readable) => (done: (error: unknown, stream: Readable) => void) => {
    const stream = make();
    stream.on("error", (error) => output.destroy(error));
    done(null, stream);
  };
  const mtime = deps.now();
  zip.addReadStreamLazy(
    "account.json",
    { mtime },
    entry(() => ReadableStream.from(accountJson(parts, context))),
  );
  for (const [name, make] of files) zip.addReadStreamLazy(name, { mtime }, entry(make));
  zip.end();
  return output;
}

// ---- account.json ------------------------------------------------------------------------------------

const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);

/** The document, written as its sections are read: an object of sections, lists written item by item. */
async function* accountJson(
  { sections }: AccountExportParts,
  context: AccountExportContext,
): AsyncGenerator<string> {
  yield "{\n";
  for (const [index, section] of sections.entries()) {
    yield `  ${JSON.stringify(section.key)}: `;
    const value = section.read(context);
    if (Symbol.asyncIterator in value) {
      let first = true;
      yield "[";
      for await (const item of value as AsyncIterable<unknown>) {
        yield `${first ? "" : ","}\n    ${indent(JSON.stringify(item, null, 2), "    ")}`;
        first = false;
      }
      yield first ? "]" : "\n  ]";
    } else {
      yield indent(JSON.stringify((await value) ?? null, null, 2), "  ");
    }
    yield index < sections.length - 1 ? ",\n" : "\n";
  }
  yield "}\n";
}
