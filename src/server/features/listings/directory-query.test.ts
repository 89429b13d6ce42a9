import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_SORTS, type ListingSort, listingQuerySchema } from "../../../shared/schemas/listings";
import type { Database } from "../../db/client";
import type { buyerListings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { readCurrentUser, type Viewer } from "../../lib/viewer";
import { openTestDatabase, resetDatabase } from "../../test/context";
import { createBuyer, createListing, createUser, grantPremium } from "../../test/factories";
import { listListings } from "./directory-query";

// The directory query on the database, without HTTP: every kind of viewer, every sort, every page.

const HOUR = 3600 * 1000;
const PAGE_SIZE = 3;

type ListingValues = typeof buyerListings.$inferSelect;

describe("listListings (directory query)", () => {
  let database: Database;
  const db = () => database.db;
  const now = new Date();
  let active: ListingValues[];
  let paused: ListingValues;
  /** The active listings of the buyer who is one of the viewers. */
  const ownedIds = new Set<string>();
  const viewers = {} as Record<"visitor" | "free" | "premium" | "owningBuyer" | "admin", Viewer | null>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await resetDatabase(database);
    const owner = await createBuyer(db(), { company: "Owner Co" });
    const other = await createBuyer(db(), { company: "Other Co" });
    active = [];
    for (let i = 0; i < 13; i++) {
      const buyer = i % 3 === 0 ? owner : other;
      const listing = await createListing(db(), buyer.profile.id, {
        title: `Listing ${i}`,
        // Equal payouts and creation times in pairs, so the id tie-breaker decides.
        payout: `${40 + Math.floor(i / 2) * 5}.00`,
        createdAt: new Date(now.getTime() - Math.floor(i / 2) * HOUR),
        // Some boosted, one whose boost has ended (it sorts with the rest).
        boostedUntil:
          i % 4 === 1 ? new Date(now.getTime() + 24 * HOUR) : i === 6 ? new Date(now.getTime() - HOUR) : null,
      });
      active.push(listing);
      if (buyer === owner) ownedIds.add(listing.id);
    }
    paused = await createListing(db(), owner.profile.id, {
      title: "Paused by its owner",
      status: "paused",
      payout: "500.00",
      boostedUntil: new Date(now.getTime() + 24 * HOUR),
    });
    await createListing(db(), other.profile.id, { title: "Inactive elsewhere", status: "inactive" });

    const free = await createUser(db(), { role: "publisher" });
    const premium = await createUser(db(), { role: "publisher" });
    await grantPremium(db(), premium.id);
    const admin = await createUser(db(), { role: "admin" });
    // Viewers as the access guard reads them (Premium comes from the subscriptions row).
    const read = async (userId: string) => readCurrentUser({ db: db(), userId });
    viewers.visitor = null;
    viewers.free = await read(free.id);
    viewers.premium = await read(premium.id);
    viewers.owningBuyer = await read(owner.user.id);
    viewers.admin = await read(admin.id);
    expect(viewers.premium?.hasActiveSubscription).toBe(true);
    expect(viewers.free?.hasActiveSubscription).toBe(false);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** The query as the route hands it over: the query string parsed by the shared schema. */
  const parseQuery = (input: Record<string, string | number | undefined>) => listingQuerySchema.parse(input);

  /** Every page of the query, following the cursors. */
  async function walk(viewer: Viewer | null, input: Record<string, string>) {
    const pages: Awaited<ReturnType<typeof listListings>>[] = [];
    let cursor: string | undefined;
    do {
      const page = await listListings({
        db: db(),
        viewer,
        query: parseQuery({ limit: PAGE_SIZE, ...input, cursor }),
        now,
      });
      pages.push(page);
      cursor = page.nextCursor ?? undefined;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return pages;
  }

  const byNewest = (a: ListingValues, b: ListingValues) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
  const isBoosted = (l: ListingValues) => l.boostedUntil !== null && l.boostedUntil > now;

  function expectedOrder(sort: ListingSort): string[] {
    const listings = [...active];
    if (sort === "newest") listings.sort(byNewest);
    if (sort === "payout")
      listings.sort((a, b) => Number(b.payout) - Number(a.payout) || (a.id < b.id ? 1 : -1));
    if (sort === "boosted") {
      listings.sort((a, b) => Number(isBoosted(b)) - Number(isBoosted(a)) || byNewest(a, b));
    }
    // No buyer here has a score or a review (listing-sorts.test.ts gives them some): both orders come
    // down to their tie-break, the id, descending.
    if (sort === "reliability" || sort === "reviews") listings.sort((a, b) => (a.id < b.id ? 1 : -1));
    return listings.map((l) => l.id);
  }

  /** Whose contacts each viewer may see (the contact rule, docs/product.md). */
  const seesContactOf = {
    visitor: () => false,
    free: () => false,
    premium: () => true,
    owningBuyer: (listing: { id: string }) => ownedIds.has(listing.id),
    admin: () => true,
  };

  describe.each(Object.keys(seesContactOf) as (keyof typeof seesContactOf)[])("for %s", (who) => {
    it.each(LISTING_SORTS)(
      `walks every page of sort=%s (${PAGE_SIZE} a page): each active listing once, in order`,
      async (sort) => {
        const viewer = viewers[who];
        const pages = await walk(viewer, { sort });
        const listings = pages.flatMap((p) => p.listings);
        expect(listings.map((l) => l.id)).toEqual(expectedOrder(sort));
        expect(pages.length).toBe(Math.ceil(active.length / PAGE_SIZE));
        for (const page of pages.slice(0, -1)) expect(page.listings).toHaveLength(PAGE_SIZE);
        expect(pages.at(-1)?.nextCursor).toBeNull();

        for (const listing of listings) {
          const source = active.find((l) => l.id === listing.id);
          expect(listing.isBoosted).toBe(source ? isBoosted(source) : false);
          if (seesContactOf[who](listing)) {
            expect(listing.contact?.company).toBe(listing.buyerName);
            expect(listing.contact?.email).toMatch(/@buyer\.example$/);
          } else {
            expect(listing.contact).toBeNull();
            expect(listing.buyerName).toMatch(/^Buyer [0-9a-f]{8}$/);
          }
        }
        expect(pages.map((p) => p.hasContacts)).toEqual(
          pages.map((p) => p.listings.some((l) => l.contact !== null)),
        );
        // Paused and inactive listings never show in the public directory, whoever asks.
        expect(listings.map((l) => l.title)).not.toContain(paused.title);
        expect(listings.map((l) => l.title)).not.toContain("Inactive elsewhere");
      },
    );
  });

  it("shows a paused listing only to its owner, on their own list (mine=1), with contacts", async () => {
    for (const sort of LISTING_SORTS) {
      const mine = (await walk(viewers.owningBuyer, { sort, mine: "1" })).flatMap((p) => p.listings);
      const expected = [...ownedIds, paused.id];
      expect(mine.map((l) => l.id).sort()).toEqual(expected.sort());
      expect(new Set(mine.map((l) => l.id)).size).toBe(mine.length);
      expect(mine.find((l) => l.id === paused.id)).toMatchObject({ status: "paused", isBoosted: true });
      expect(mine.every((l) => l.contact?.company === "Owner Co")).toBe(true);
    }
    // Anyone else's own list holds none of them; a visitor has no list of their own.
    for (const who of ["free", "premium", "admin"] as const) {
      const theirs = (await walk(viewers[who], { mine: "1" })).flatMap((p) => p.listings);
      expect(theirs).toEqual([]);
    }
    const signedOut = walk(null, { mine: "1" });
    await expect(signedOut).rejects.toBeInstanceOf(AppError);
    await expect(signedOut).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuses a cursor from another sort or with a key that does not fit its sort", async () => {
    const first = await listListings({
      db: db(),
      viewer: null,
      query: parseQuery({ sort: "newest", limit: 2 }),
      now,
    });
    const cursor = first.nextCursor ?? "";
    await expect(
      listListings({ db: db(), viewer: null, query: parseQuery({ sort: "payout", limit: 2, cursor }), now }),
    ).rejects.toMatchObject({
      code: "validation",
      message: expect.stringMatching(/belongs to sort "newest"/),
    });
    const forged = JSON.parse(Buffer.from(cursor, "base64url").toString());
    for (const change of [{ k: "50.00" }, { g: 1 }, { i: "not-a-uuid" }]) {
      const bad = Buffer.from(JSON.stringify({ ...forged, ...change })).toString("base64url");
      await expect(
        listListings({
          db: db(),
          viewer: null,
          query: parseQuery({ sort: "newest", limit: 2, cursor: bad }),
          now,
        }),
      ).rejects.toMatchObject({ code: "validation", message: expect.stringMatching(/Invalid cursor/) });
    }
  });
});
