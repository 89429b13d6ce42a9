import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { VERTICALS } from "../../../shared/constants";
import { LISTING_IMPORT_LIMITS, NO_BUYER_FOR_FILE } from "../../../shared/schemas/listing-import";
import { queryRows } from "../../db/client";
import { auditLogs, buyerListings, mailOutbox, notificationPreferences } from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createSignedInUser,
  grantPremium,
  type SignedInUser,
} from "../../test/factories";

// POST /api/admin/buyer-listings/import-csv and GET .../export.csv through the app, on both engines.

const URL = "/api/admin/buyer-listings/import-csv";
const HEADER = "title,vertical,payout,paymentTerms,durationRequirement,minVolume,status,description";
// The tests at the limits read 50 MB or 200,000 rows: seconds on an idle machine, more on a busy one.
const HEAVY_TIMEOUT_MS = 120_000;

describe("CSV import of buyer listings", () => {
  const ctx = useTestApp();
  let admin: SignedInUser;
  let buyerId: string;

  beforeEach(async () => {
    admin = await createSignedInUser(ctx, { role: "admin" });
    const { profile } = await createBuyer(ctx.database.db, { company: "Helios Energy" });
    buyerId = profile.id;
  });

  const post = (query: string, payload: string | Readable, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: `${URL}${query}`,
      headers: { cookie: admin.cookie, "content-type": "text/csv", ...headers },
      payload,
    });

  const listingCount = async () =>
    (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from buyer_listings`))[0]
      ?.n;

  it("dry run: counts rows, previews them and lists each error with the line an editor shows", async () => {
    const csv = [
      HEADER,
      "Solar Calls,Solar,50,Net 15,120,20,active,Homeowners",
      '"Legal, injury",Legal,abc,,,,,"two',
      'lines"',
      "",
      "Bad Vertical,Plumbing,40,Net 99,,,,",
      "Auto Calls,auto,$1,250.5,,,,paused,",
    ].join("\r\n");
    const response = await post(`?dryRun=1&buyerId=${buyerId}`, csv);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ rowCount: 4, errorTotal: 4 });
    expect(body.errors).toEqual([
      { line: 3, column: "payout", message: expect.stringContaining("Payout must be an amount") },
      { line: 6, column: "vertical", message: expect.stringContaining("Vertical must be one of") },
      { line: 6, column: "paymentTerms", message: expect.stringContaining("Payment terms must be one of") },
      // "$1,250.5" unquoted is two cells: payout "$1" and payment terms "250.5".
      { line: 7, column: "paymentTerms", message: expect.stringContaining("Payment terms must be one of") },
    ]);
    expect(body.preview).toEqual([
      {
        line: 2,
        title: "Solar Calls",
        vertical: "Solar",
        payout: "50.00",
        status: "active",
        paymentTerms: "Net 15",
        minVolume: 20,
        geos: [],
        buyer: "Helios Energy",
      },
    ]);
    expect(await listingCount()).toBe(0);
  });

  it("refuses a row with more cells than the header and a row with a stray quote, naming their lines", async () => {
    const csv = [
      "title,vertical,payout",
      "Solar Calls,Solar,50",
      "Solar, residential,Solar,50",
      '27" Monitor Leads,Solar,50',
      "Legal Calls,Legal,75",
    ].join("\n");
    const response = await post(`?dryRun=1&buyerId=${buyerId}`, csv);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.rowCount).toBe(4);
    // The overfull row also reads its cells shifted, so its vertical and payout are wrong too.
    expect(report.errors.map((e: { line: number }) => e.line)).toEqual([3, 3, 3, 4]);
    expect(report.errors[0]).toEqual({
      line: 3,
      column: null,
      message:
        "This row has 4 cells; the header names 3 columns. Quote a cell that holds the delimiter, or remove the extra cells.",
    });
    expect(report.errors[3]).toEqual({
      line: 4,
      column: null,
      message: expect.stringContaining('holds a double quote (")'),
    });
    // Nothing is written while any row is wrong.
    expect((await post(`?buyerId=${buyerId}`, csv)).statusCode).toBe(400);
    expect(await listingCount()).toBe(0);
  });

  it("imports every row with the form's defaults and one audit entry, then reports the result", async () => {
    // A Premium publisher with instant alerts for Solar hears of the new active Solar listing.
    const { user: subscriber } = await createPublisher(ctx.database.db);
    await grantPremium(ctx.database.db, subscriber.id);
    await ctx.database.db
      .insert(notificationPreferences)
      .values({ userId: subscriber.id, frequency: "instant", verticals: ["Solar"] });
    const importId = randomUUID();
    const csv = `${HEADER},geos,tags\nSolar Calls,Solar,50,,,,,,California|texas,trustedform\nLegal Calls,Legal,75.5,Weekly,90,5,paused,Injury,,\n`;
    const response = await post(`?buyerId=${buyerId}&importId=${importId}&fileName=june.csv`, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 2 });

    const rows = await ctx.database.db.select().from(buyerListings).orderBy(buyerListings.title);
    expect(
      rows.map((r) => [
        r.title,
        r.buyerId,
        r.payout,
        r.paymentTerms,
        r.durationRequirement,
        r.minVolume,
        r.status,
        r.geos,
        r.tags,
        r.description,
      ]),
    ).toEqual([
      ["Legal Calls", buyerId, "75.50", "Weekly", 90, 5, "paused", [], [], "Injury"],
      [
        "Solar Calls",
        buyerId,
        "50.00",
        "Net 30",
        180,
        10,
        "active",
        ["California", "Texas"],
        ["trustedform"],
        null,
      ],
    ]);
    const entries = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "listing.imported"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: admin.user.id,
      targetId: importId,
      metaJson: { count: 2, fileName: "june.csv", sizeBytes: Buffer.byteLength(csv) },
    });

    await ctx.app.jobs.workUntilIdle();
    const alerts = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, subscriber.email));
    expect(alerts.map((m) => m.subject)).toEqual([expect.stringContaining("Solar Calls")]);

    const status = await ctx.app.inject({
      url: `/api/admin/buyer-listings/imports/${importId}`,
      headers: { cookie: admin.cookie },
    });
    expect(status.json()).toMatchObject({
      status: "succeeded",
      rowsProcessed: 2,
      bytesRead: Buffer.byteLength(csv),
      result: { imported: 2 },
    });
    const latest = await ctx.app.inject({
      url: "/api/admin/buyer-listings/imports/latest",
      headers: { cookie: admin.cookie },
    });
    expect(latest.json().import.id).toBe(importId);
    // Another admin does not see it.
    const other = await createSignedInUser(ctx, { role: "admin" });
    const hidden = await ctx.app.inject({
      url: `/api/admin/buyer-listings/imports/${importId}`,
      headers: { cookie: other.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it(
    "is all or nothing: one bad row at line 99,999 of 100,000 writes nothing",
    async () => {
      const lines = [HEADER];
      for (let i = 2; i <= 100_000; i++) {
        lines.push(i === 99_999 ? `Row ${i},Solar,-5` : `Row ${i},Solar,${(i % 90) + 10}`);
      }
      const response = await post(`?buyerId=${buyerId}`, `${lines.join("\n")}\n`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "validation",
        message: "The file has 1 error, so nothing was imported. Fix it and import again.",
        rowCount: 99_999,
        errorTotal: 1,
        errors: [{ line: 99_999, column: "payout", message: expect.stringContaining("Payout must be") }],
      });
      expect(await listingCount()).toBe(0);
      const [entry] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, "listing.imported"));
      expect(entry).toBeUndefined();
    },
    HEAVY_TIMEOUT_MS,
  );

  it(
    "answers 413 naming the limit for too many bytes or rows, and writes nothing",
    async () => {
      // An announced oversize body is refused before it is read.
      const announced = await post(`?buyerId=${buyerId}`, "x", {
        "content-length": String(LISTING_IMPORT_LIMITS.maxBytes + 1_000_000),
      });
      expect(announced.statusCode).toBe(413);
      expect(announced.json().message).toContain("50 MB");

      // A streamed body with no length is counted as it arrives.
      const rows64 = Buffer.from(`${"Solar Calls,Solar,50,".padEnd(1023, "x")}\n`.repeat(64));
      const chunks = (function* () {
        yield Buffer.from(`${HEADER}\n`);
        for (let i = 0; i < (51 * 1024) / 64; i++) yield rows64;
      })();
      const streamed = await post(`?buyerId=${buyerId}`, Readable.from(chunks));
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json()).toMatchObject({
        code: "payload_too_large",
        message: expect.stringContaining("50 MB"),
      });

      const manyRows = `${"a,Solar,1\n".repeat(LISTING_IMPORT_LIMITS.maxRows + 1)}`;
      const rows = await post(`?buyerId=${buyerId}`, manyRows);
      expect(rows.statusCode).toBe(413);
      expect(rows.json().message).toContain("200,000 rows");
      expect(await listingCount()).toBe(0);
    },
    HEAVY_TIMEOUT_MS,
  );

  it("matches buyerEmail to the sign-in or contact email, and names an unknown one", async () => {
    const db = ctx.database.db;
    const { user: other } = await createBuyer(db, {
      company: "Lexington Legal",
      contactEmail: "Deals@Lex.example",
    });
    const csv = [
      "title,vertical,payout,buyerEmail",
      `Legal Calls,Legal,75,${other.email.toUpperCase()}`,
      "More Legal,Legal,80,deals@lex.example",
      "Nobody's,Legal,80,ghost@nowhere.example",
    ].join("\n");
    const dry = await post("?dryRun=1", csv);
    expect(dry.json()).toMatchObject({
      rowCount: 3,
      errors: [
        { line: 4, column: "buyerEmail", message: "No buyer profile has the email ghost@nowhere.example" },
      ],
    });
    expect(dry.json().preview.map((p: { buyer: string }) => p.buyer)).toEqual([
      "Lexington Legal",
      "Lexington Legal",
    ]);

    // Without ?buyerId, a row of a file with a buyerEmail column must fill it.
    const noBuyer = await post("?dryRun=1", "title,vertical,payout,buyerEmail\nSolar Calls,Solar,50,\n");
    expect(noBuyer.json().errors).toEqual([
      { line: 2, column: "buyerEmail", message: expect.stringContaining("choose the buyer") },
    ]);
    const unknownProfile = await post(
      `?dryRun=1&buyerId=${randomUUID()}`,
      `${HEADER}\nSolar Calls,Solar,50\n`,
    );
    expect(unknownProfile.statusCode).toBe(400);
  });

  it("says once, as a 400, that a file without a buyerEmail column needs a chosen buyer", async () => {
    // The documented order without a header has no buyer column: 1,000 rows, one answer.
    const rows = Array.from(
      { length: 1_000 },
      (_, i) => `Solar Calls ${i},Solar,50,Net 30,120,10,active,Roofs`,
    );
    for (const csv of [rows.join("\n"), `${HEADER}\n${rows.join("\n")}`]) {
      for (const query of ["?dryRun=1", ""]) {
        const response = await post(query, csv);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: NO_BUYER_FOR_FILE, code: "validation" });
      }
    }
    // The same through a multipart upload and the JSON body.
    const boundary = "----ppc";
    const multipart = await post(
      "",
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="upload.csv"',
        "Content-Type: text/csv",
        "",
        rows.join("\n"),
        `--${boundary}--`,
        "",
      ].join("\r\n"),
      { "content-type": `multipart/form-data; boundary=${boundary}` },
    );
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().message).toBe(NO_BUYER_FOR_FILE);
    const json = await ctx.app.inject({
      method: "POST",
      url: URL,
      headers: { cookie: admin.cookie },
      payload: { csvData: rows.join("\n") },
    });
    expect(json.json()).toEqual({ message: NO_BUYER_FOR_FILE, code: "validation" });
    expect(await listingCount()).toBe(0);

    // With the buyer chosen the same file imports; a file without a header whose first row reaches the
    // buyerEmail column names its buyers itself.
    expect((await post(`?buyerId=${buyerId}`, rows.join("\n"))).json()).toEqual({ imported: 1_000 });
    const { user } = await createBuyer(ctx.database.db, { company: "Row Buyer" });
    const withEmail = `Legal Calls,Legal,75,,,,,,,,,${user.email}\n`;
    expect((await post("?dryRun=1", withEmail)).json()).toMatchObject({ rowCount: 1, errorTotal: 0 });
  });

  it("reads the old vertical name Auto as Automotive and names the valid verticals otherwise", async () => {
    const csv = `${HEADER}\nWarranty Calls,Auto,40\nShipping Calls,AUTOMOTIVE,45\nBoat Calls,Marine,50\n`;
    const dry = await post(`?dryRun=1&buyerId=${buyerId}`, csv);
    expect(dry.json().errors).toEqual([
      { line: 4, column: "vertical", message: `Vertical must be one of: ${VERTICALS.join(", ")}` },
    ]);
    expect(dry.json().preview.map((p: { vertical: string }) => p.vertical)).toEqual([
      "Automotive",
      "Automotive",
    ]);
  });

  it("imports a listing's own daily cap; a blank cell leaves the buyer's cap, a bad one is named", async () => {
    const csv =
      "title,vertical,payout,Daily Cap\nCapped,Solar,40,35\nUncapped,Solar,40,\nBroken,Solar,40,0\n";
    const dry = await post(`?dryRun=1&buyerId=${buyerId}`, csv);
    expect(dry.json().errors).toEqual([
      { line: 4, column: "dailyCap", message: "Daily cap must be at least 1 call" },
    ]);
    const imported = await post(`?buyerId=${buyerId}`, csv.replace("Broken,Solar,40,0\n", ""));
    expect(imported.json()).toEqual({ imported: 2 });
    const rows = await ctx.database.db.select().from(buyerListings);
    expect(rows.map((r) => [r.title, r.dailyCap]).sort()).toEqual([
      ["Capped", 35],
      ["Uncapped", null],
    ]);
  });

  it("takes a multipart upload and the JSON {csvData} paste", async () => {
    const boundary = "----ppc";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="upload.csv"',
      "Content-Type: text/csv",
      "",
      `${HEADER}\nSolar Calls,Solar,50`,
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const multipart = await post(`?buyerId=${buyerId}`, body, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(multipart.json()).toEqual({ imported: 1 });

    const json = await ctx.app.inject({
      method: "POST",
      url: `${URL}?buyerId=${buyerId}`,
      headers: { cookie: admin.cookie },
      payload: { csvData: "Legal Calls,Legal,75\n" },
    });
    expect(json.json()).toEqual({ imported: 1 });
    expect(await listingCount()).toBe(2);

    const empty = await post(`?buyerId=${buyerId}`, `${HEADER}\n`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toContain("no listings");
  });

  it("is for admins only", async () => {
    const publisher = await createSignedInUser(ctx, { role: "publisher" });
    const forbidden = await ctx.app.inject({
      method: "POST",
      url: `${URL}?buyerId=${buyerId}`,
      headers: { cookie: publisher.cookie, "content-type": "text/csv" },
      payload: `${HEADER}\nSolar Calls,Solar,50\n`,
    });
    expect(forbidden.statusCode).toBe(403);
    const signedOut = await ctx.app.inject({ url: "/api/admin/buyer-listings/export.csv" });
    expect(signedOut.statusCode).toBe(401);
    expect(await listingCount()).toBe(0);
  });

  it("exports every listing in the import's columns, and the export imports back unchanged", async () => {
    const db = ctx.database.db;
    const { profile: other } = await createBuyer(db, { company: "Lexington Legal" });
    await createListing(db, buyerId, {
      title: '=Formula, "quoted"',
      description: "Line one\nline two",
      vertical: "Solar",
      payout: "1250.50",
      geos: ["California", "New York"],
      tags: ["trustedform", "no-ivr"],
      disputeWindowDays: 7,
      dailyCap: 45,
      durationRequirement: 120,
      minVolume: 3,
      paymentTerms: "Weekly",
      status: "paused",
    });
    await createListing(db, other.id, {
      title: "-10% Legal",
      vertical: "Legal",
      description: "\uff1dSUM(A1) full-width",
      durationRequirement: 60,
      minVolume: 1,
    });

    const exported = await ctx.app.inject({
      url: "/api/admin/buyer-listings/export.csv",
      headers: { cookie: admin.cookie },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.headers["content-disposition"]).toMatch(
      /^attachment; filename="buyer-listings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.body.split("\n")[0]).toBe(
      "\ufefftitle,vertical,payout,paymentTerms,durationRequirement,minVolume,status,description,geos,tags,disputeWindowDays,buyerEmail,dailyCap",
    );
    expect(exported.body).toContain(`"'=Formula, ""quoted"""`);
    expect(exported.body).toContain("'\uff1dSUM(A1) full-width");

    const fields = async () =>
      (await db.select().from(buyerListings))
        .map(({ id, createdAt, updatedAt, activatedAt, searchVector, ...rest }) => rest)
        .sort((a, b) => a.title.localeCompare(b.title));
    const before = await fields();
    await db.delete(buyerListings);
    const reimported = await post("?fileName=export.csv", exported.body);
    expect(reimported.json()).toEqual({ imported: 2 });
    expect(await fields()).toEqual(before);
  });
});
