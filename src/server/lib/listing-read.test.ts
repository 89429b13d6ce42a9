import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyerListings, buyerProfiles, listingPayoutChanges } from "../db/schema";
import { useTestApp } from "../test/context";
import { createBuyer, createListing, verifyBuyer } from "../test/factories";
import { findVisibleListing, type ListingRow, selectList } from "./listing-read";

// The listing reads take their rows unparsed: each column must arrive as the type the tables declare,
// from either driver. Checked here on both engines, with every nullable column both set and empty.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** What each column of ListingRow must be at run time; "?" after a kind: or null. */
const KINDS: Record<Exclude<keyof ListingRow, "externalId">, string> = {
  id: "string",
  buyerId: "string",
  title: "string",
  description: "string?",
  vertical: "string",
  payout: "string",
  paymentTerms: "string?",
  durationRequirement: "integer?",
  geos: "strings",
  minVolume: "integer?",
  status: "string",
  boostedUntil: "iso?",
  createdAt: "iso",
  updatedAt: "iso",
  tags: "strings",
  disputeWindowDays: "integer?",
  isPayoutRaised: "boolean",
  createdKey: "string",
  ownerUserId: "string",
  company: "string",
  contactEmail: "string?",
  contactPhone: "string?",
  applicationUrl: "string?",
  isVerified: "boolean",
  verifiedSince: "iso?",
  dailyCap: "integer?",
  listingDailyCap: "integer?",
  reliabilityScore: "integer?",
  reliabilityBasedOn: "integer",
  hasAcceptedDeal: "boolean",
};

/** The columns whose value does not have the kind KINDS names, with what they held. */
function mismatches(row: ListingRow): string[] {
  const wrong: string[] = [];
  for (const [key, kind] of Object.entries(KINDS)) {
    const value = (row as Record<string, unknown>)[key];
    const base = kind.replace("?", "");
    if (kind.endsWith("?") && value === null) continue;
    const ok =
      base === "string"
        ? typeof value === "string"
        : base === "iso"
          ? typeof value === "string" && ISO.test(value) && new Date(value).toISOString() === value
          : base === "integer"
            ? Number.isInteger(value)
            : base === "boolean"
              ? typeof value === "boolean"
              : Array.isArray(value) && value.every((v) => typeof v === "string");
    if (!ok) wrong.push(`${key}: ${JSON.stringify(value)} (${typeof value})`);
  }
  return wrong;
}

describe("the listing row", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  it("arrives with every column as its table declares it, set or empty", async () => {
    const full = await createBuyer(db(), { dailyCap: 40 });
    await verifyBuyer(db(), full.profile.id);
    await db()
      .update(buyerProfiles)
      .set({ reliabilityScore: 87, reliabilityBasedOn: 5 })
      .where(sql`${buyerProfiles.id} = ${full.profile.id}`);
    const set = await createListing(db(), full.profile.id, {
      description: "Warm transfers",
      durationRequirement: 90,
      geos: ["Texas", "Ohio"],
      minVolume: 10,
      boostedUntil: new Date(Date.now() + 86_400_000),
      tags: ["trustedform"],
      disputeWindowDays: 7,
      dailyCap: 25,
      payout: "75.50",
    });
    await db()
      .insert(listingPayoutChanges)
      .values({ listingId: set.id, fromPayout: "60.00", toPayout: "75.50" });
    const bare = await createBuyer(db(), {
      contactEmail: null,
      contactPhone: null,
      applicationUrl: null,
    });
    const empty = await createListing(db(), bare.profile.id, { paymentTerms: null });

    const setRow = (await findVisibleListing(db(), null, set.id))!;
    const emptyRow = (await findVisibleListing(db(), null, empty.id))!;
    expect(mismatches(setRow)).toEqual([]);
    expect(mismatches(emptyRow)).toEqual([]);
    expect(setRow).toMatchObject({
      payout: "75.50",
      geos: ["Texas", "Ohio"],
      dailyCap: 25,
      listingDailyCap: 25,
      isVerified: true,
      isPayoutRaised: true,
      reliabilityScore: 87,
      createdAt: set.createdAt.toISOString(),
      boostedUntil: set.boostedUntil!.toISOString(),
    });
    expect(emptyRow).toMatchObject({
      description: null,
      paymentTerms: null,
      contactEmail: null,
      boostedUntil: null,
      verifiedSince: null,
      dailyCap: null,
      isVerified: false,
      isPayoutRaised: false,
      geos: [],
    });
    // A listing's own cap is missing: the buyer's applies.
    await db().update(buyerListings).set({ dailyCap: null }).where(sql`${buyerListings.id} = ${set.id}`);
    expect((await findVisibleListing(db(), null, set.id))!.dailyCap).toBe(40);
  });
});

describe("a select list", () => {
  it("is written once, as text, and refuses a value passed as a parameter", () => {
    expect(() => selectList({ n: sql<number>`${1}::int` })).toThrow(/takes no parameters/);
    expect(() => selectList({ n: sql<number>`1` })).not.toThrow();
  });
});
