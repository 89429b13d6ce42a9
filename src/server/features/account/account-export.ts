import { type Readable, Readable as ReadableStream } from "node:stream";
import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { ZipFile } from "yazl";
import { z } from "zod";
import { EXPORT_PER_HOUR } from "../../../shared/schemas/account";
import { type Db, selectRows } from "../../db/client";
import {
  apiKeys,
  boostPurchases,
  buyerListings,
  buyerProfiles,
  compliance,
  publisherProfiles,
  users,
  webhookEndpoints,
} from "../../db/schema";
import { createdKeyColumn } from "../../lib/admin-page";
import { LISTING_FROM, listingColumnsFor, listingRowSchema, toListing } from "../../lib/listing-read";
import { sqlLimit } from "../../lib/paging";
import { consumeRateLimit } from "../../lib/rate-limit";
import type { StripeClient } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { getAlertPreferences } from "../alerts/alert-preferences";
import { listSavedSearches } from "../alerts/saved-searches";
import { listUserSessions } from "../auth/user-sessions";
import { listOwnVerificationAttempts } from "../buyer-verification/verification-attempts";
import { getBuyerProfile } from "../buyers/buyer-profile";
import { listDealIntents } from "../deal-intents/deal-intents";
import { listMyDisputes } from "../disputes/disputes";
import { exportListingsCsv } from "../listing-import/export-listings";
import { listSavedListings } from "../listings/saved-listings";
import { getPublisherProfile } from "../publishers/publisher-profile";
import { listMyReviews } from "../reviews/reviews";
import { readSmsConsents, readSmsNumberView } from "../sms/sms-history";
import { getSubscriptionSummary } from "../subscriptions/summary";
import { hasSmsAddon } from "./account-summary";

// GET /api/account/export (docs/product.md, "Your account"): one ZIP, streamed as it is written, never
// whole in memory. account.json holds everything the account owns or wrote, read section by section
// (the longest lists, listings and texts, page by page); listings.csv, for a buyer, holds their listings
// in the admin import's columns (features/listing-import), so the file can be imported again.
//
// Nothing of anyone else goes in that this user cannot already see: the other party of a deal, a review
// or a dispute is named as the workspaces name them (the same reads), and saved listings are read as the
// directory reads them for this viewer, so their contacts follow the contact rule (a free publisher
// gets them masked).
//
// Each section is read when the stream reaches it, not in one snapshot: an export taken while the
// account changes may show a section before the change and a later one after it.

/** A bound on each list of the export: far above what an account holds, so a section stays finite. */
const EXPORT_SECTION_LIMIT = 10_000;
const PAGE_ROWS = 500;
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
  const [buyer] = await db
    .select({ id: buyerProfiles.id })
    .from(buyerProfiles)
    .where(eq(buyerProfiles.userId, viewer.id));
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
    entry(() => ReadableStream.from(accountJson(deps, viewer, sessionId))),
  );
  // Only an account with a buyer profile has listings to list: the file is there for it even empty
  // (header only), and absent for everyone else.
  if (buyer) {
    zip.addReadStreamLazy(
      "listings.csv",
      { mtime },
      entry(() => exportListingsCsv(db, { ownerUserId: viewer.id })),
    );
  }
  zip.end();
  return output;
}

// ---- account.json ------------------------------------------------------------------------------------

type Section = readonly [name: string, read: () => Promise<unknown> | AsyncIterable<unknown>];

const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);

/** The document, written as its sections are read: an object of sections, lists written item by item. */
async function* accountJson(
  deps: AccountExportDeps,
  viewer: Viewer,
  sessionId: string | undefined,
): AsyncGenerator<string> {
  const sections = exportSections(deps, viewer, sessionId);
  yield "{\n";
  for (const [index, [name, read]] of sections.entries()) {
    yield `  ${JSON.stringify(name)}: `;
    const value = read();
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

function exportSections(
  { db, stripe, appName, now }: AccountExportDeps,
  viewer: Viewer,
  sessionId: string | undefined,
): Section[] {
  const limit = EXPORT_SECTION_LIMIT;
  const isPublisher = viewer.role === "publisher";
  return [
    ["exportedAt", async () => now().toISOString()],
    ["app", async () => appName],
    ["account", () => readAccount(db, viewer.id)],
    ["publisherProfile", () => getPublisherProfile({ db, viewer })],
    ["complianceRecords", () => readComplianceRecords(db, viewer.id)],
    ["buyerProfile", () => getBuyerProfile({ db, viewer })],
    ["buyerVerifications", () => listOwnVerificationAttempts({ db, viewer, now: now() })],
    ["listings", () => ownListings(db, viewer, now())],
    ["dealIntents", () => listDealIntents({ db, viewer, limit })],
    ["reviews", () => listMyReviews({ db, viewer, limit })],
    ["disputes", () => listMyDisputes({ db, viewer, limit })],
    ["savedListings", async () => (await listSavedListings({ db, viewer, now: now(), limit })).listings],
    // Alerts are a publisher's (their reads refuse anyone else): others have none.
    ["savedSearches", async () => (isPublisher ? listSavedSearches({ db, viewer }) : [])],
    ["alertPreferences", async () => (isPublisher ? getAlertPreferences({ db, viewer }) : null)],
    ["smsNumber", () => readSmsNumberView(db, viewer.id, now())],
    ["smsConsentRecords", () => readSmsConsents(db, viewer.id, limit)],
    ["smsTexts", () => smsTexts(db, viewer.id)],
    ["sessions", () => listUserSessions({ db, userId: viewer.id, currentSid: sessionId })],
    ["apiKeys", () => readApiKeys(db, viewer.id)],
    ["webhookEndpoints", () => readWebhookEndpoints(db, viewer.id)],
    ["subscription", () => readSubscription(db, stripe, viewer)],
    ["boostPurchases", () => readBoostPurchases(db, viewer.id)],
  ];
}

/** The user row as the person knows it: no Stripe ids, no internal flags. */
async function readAccount(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      phone: users.phone,
      profileImageUrl: users.profileImageUrl,
      verifiedAt: users.verifiedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Every TCPA acknowledgment the publisher submitted, oldest first, with where it came from. */
function readComplianceRecords(db: Db, userId: string) {
  return db
    .select({
      id: compliance.id,
      tcpaComplianceAck: compliance.tcpaComplianceAck,
      dncProcessDesc: compliance.dncProcessDesc,
      acceptedAt: compliance.acceptedAt,
      ackTextVersion: compliance.ackTextVersion,
      ip: compliance.ip,
      userAgent: compliance.userAgent,
      createdAt: compliance.createdAt,
    })
    .from(compliance)
    .innerJoin(publisherProfiles, eq(publisherProfiles.id, compliance.publisherId))
    .where(eq(publisherProfiles.userId, userId))
    .orderBy(compliance.createdAt, compliance.id)
    .limit(EXPORT_SECTION_LIMIT);
}

/** Keyset pages of a query ordered newest first by (created_at, id), by its microsecond `createdKey`. */
async function* pages<Row extends { id: string; createdKey: string }>(
  read: (after: SQL | undefined) => Promise<Row[]>,
  key: (createdKey: string, id: string) => SQL,
): AsyncGenerator<Row> {
  let after: SQL | undefined;
  for (let page = 0; page * PAGE_ROWS < EXPORT_SECTION_LIMIT; page++) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = key(last.createdKey, last.id);
  }
}

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
  const rows = pages(
    (after) =>
      selectRows(
        db,
        smsTextSchema,
        sql`select m.id, ${createdKeyColumn("m")}, m.phone, m.kind, m.body, m.status,
              m.created_at as "createdAt", m.status_at as "statusAt"
            from sms_messages m where m.user_id = ${userId} ${after ? sql`and ${after}` : sql``}
            order by m.created_at desc, m.id desc limit ${sqlLimit(PAGE_ROWS)}`,
      ),
    (createdKey, id) => sql`(m.created_at, m.id) < (${createdKey}::timestamptz, ${id}::uuid)`,
  );
  for await (const { createdKey: _key, ...text } of rows) yield text;
}

/** The buyer's own listings as the directory shows them to their owner (contact included), newest first. */
async function* ownListings(db: Db, viewer: Viewer, now: Date) {
  const rows = pages(
    (after) =>
      selectRows(
        db,
        listingRowSchema,
        sql`select ${listingColumnsFor(viewer)} from ${LISTING_FROM}
            where bp.user_id = ${viewer.id} ${after ? sql`and ${after}` : sql``}
            order by l.created_at desc, l.id desc limit ${sqlLimit(PAGE_ROWS)}`,
      ),
    (createdKey, id) => sql`(l.created_at, l.id) < (${createdKey}::timestamptz, ${id}::uuid)`,
  );
  for await (const row of rows) yield toListing(row, viewer, now);
}

/**
 * The account's API keys, revoked ones included (it made them), newest first: what the Account page
 * shows of a key, never its hash, which would let anyone test guesses offline.
 */
function readApiKeys(db: Db, userId: string) {
  return db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(EXPORT_SECTION_LIMIT);
}

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

/** Premium as the subscription summary tells it, and whether the SMS Alerts add-on runs. */
async function readSubscription(db: Db, stripe: StripeClient | undefined, viewer: Viewer) {
  const { canManageBilling: _billing, ...premium } = await getSubscriptionSummary({ db, stripe, viewer });
  return { ...premium, smsAddon: await hasSmsAddon(db, viewer.id) };
}

/**
 * The boosts the user paid for and those of their own listings (an admin's complimentary days
 * included, without the admin's notes), newest first.
 */
function readBoostPurchases(db: Db, userId: string) {
  return db
    .select({
      id: boostPurchases.id,
      listingId: boostPurchases.listingId,
      listingTitle: buyerListings.title,
      source: boostPurchases.source,
      status: boostPurchases.status,
      paymentIntentId: boostPurchases.stripePaymentIntentId,
      amountCents: boostPurchases.amountCents,
      days: boostPurchases.days,
      startsAt: boostPurchases.startsAt,
      endsAt: boostPurchases.endsAt,
      createdAt: boostPurchases.createdAt,
      refundedAt: boostPurchases.refundedAt,
      endedAt: boostPurchases.endedAt,
    })
    .from(boostPurchases)
    .leftJoin(buyerListings, eq(buyerListings.id, boostPurchases.listingId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.id, buyerListings.buyerId))
    .where(
      or(
        eq(buyerProfiles.userId, userId),
        and(eq(boostPurchases.userId, userId), eq(boostPurchases.source, "stripe")),
      ),
    )
    .orderBy(desc(boostPurchases.createdAt), desc(boostPurchases.id))
    .limit(EXPORT_SECTION_LIMIT);
}
