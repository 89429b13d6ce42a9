import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LISTING_SYNC_MESSAGES, MAX_SYNC_LISTINGS } from "../../../shared/schemas/listing-sync";
import { queryRows } from "../../db/client";
import { buyerListings, listingPayoutChanges } from "../../db/schema";
import { JOB_SCHEMA } from "../../jobs/job-queue";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, createPublisher, signIn } from "../../test/factories";

// Listing sync through HTTP (both engines): PUT by the buyer's own id, and the bulk sync with its
// per-item answers, savepoints and pauseMissing.

const OFFER = { title: "Medicare inbound", vertical: "Insurance", payout: "40" };

describe("listing sync", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function signedInBuyer() {
    const buyer = await createBuyer(db());
    return { ...buyer, cookie: await signIn(ctx, buyer.user.email) };
  }

  const put = (cookie: string, externalId: string, payload: object) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/buyer-listings/by-external-id/${encodeURIComponent(externalId)}`,
      headers: { cookie },
      payload,
    });

  const sync = (cookie: string, payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/buyer-listings/sync", headers: { cookie }, payload });

  /** How many listings the alerts' jobs were queued for. */
  const announced = async () =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql.raw(`select coalesce(sum(jsonb_array_length(data->'listingIds')), 0)::int as n
          from ${JOB_SCHEMA}.job where name = 'alert-listings-activated'`),
      )
    )[0]?.n;

  it("creates a listing under the buyer's own id, updates it, then leaves it unchanged; only the owner sees the id", async () => {
    const buyer = await signedInBuyer();
    // A slash is allowed in an externalId: sent encoded, it stays one path segment.
    const created = await put(buyer.cookie, "crm/offer:42", OFFER);
    expect(created.statusCode, created.body).toBe(201);
    const { listing } = created.json();
    expect(created.json()).toMatchObject({
      result: "created",
      listing: { externalId: "crm/offer:42", payout: "40.00", status: "active" },
    });
    expect(await announced()).toBe(1);

    const updated = await put(buyer.cookie, "crm/offer:42", { ...OFFER, payout: "45" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ result: "updated", listing: { id: listing.id, payout: "45.00" } });
    // The payout history is the database trigger's, as for the dashboard's edits.
    const changes = await db()
      .select()
      .from(listingPayoutChanges)
      .where(eq(listingPayoutChanges.listingId, listing.id));
    expect(changes.map((c) => [c.fromPayout, c.toPayout])).toEqual([["40.00", "45.00"]]);

    const again = await put(buyer.cookie, "crm/offer:42", { ...OFFER, payout: "45.00" });
    expect(again.json()).toMatchObject({ result: "unchanged", listing: { id: listing.id } });
    expect(again.json().listing.updatedAt).toBe(updated.json().listing.updatedAt);

    const mine = await ctx.app.inject({
      url: "/api/buyer-listings?mine=1",
      headers: { cookie: buyer.cookie },
    });
    expect(mine.json()[0].externalId).toBe("crm/offer:42");
    const ownDetail = await ctx.app.inject({
      url: `/api/buyer-listings/${listing.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(ownDetail.json().externalId).toBe("crm/offer:42");
    const publisher = await createPublisher(db());
    const publisherCookie = await signIn(ctx, publisher.user.email);
    for (const cookie of [undefined, publisherCookie]) {
      const headers = cookie ? { cookie } : {};
      const detail = await ctx.app.inject({ url: `/api/buyer-listings/${listing.id}`, headers });
      expect(detail.json()).not.toHaveProperty("externalId");
      const page = await ctx.app.inject({ url: "/api/buyer-listings", headers });
      expect(page.json()[0]).not.toHaveProperty("externalId");
    }
  });

  it("syncs a listing's own daily cap by externalId; left out, the buyer's cap applies", async () => {
    const buyer = await signedInBuyer();
    const capped = await put(buyer.cookie, "cap-1", { ...OFFER, dailyCap: 12 });
    expect(capped.json()).toMatchObject({
      result: "created",
      listing: { dailyCap: 12, listingDailyCap: 12 },
    });
    const again = await put(buyer.cookie, "cap-1", { ...OFFER, dailyCap: 12 });
    expect(again.json().result).toBe("unchanged");
    // A PUT by externalId states the listing in full: no cap sent, the listing's own cap is gone.
    const dropped = await put(buyer.cookie, "cap-1", OFFER);
    expect(dropped.json()).toMatchObject({
      result: "updated",
      listing: { dailyCap: buyer.profile.dailyCap, listingDailyCap: null },
    });
    const synced = await sync(buyer.cookie, { listings: [{ externalId: "cap-1", ...OFFER, dailyCap: 9 }] });
    expect(synced.statusCode, synced.body).toBe(200);
    const [row] = await db().select().from(buyerListings).where(eq(buyerListings.externalId, "cap-1"));
    expect(row!.dailyCap).toBe(9);
  });

  it("keeps each buyer's externalIds apart and refuses anyone without a buyer profile", async () => {
    const first = await signedInBuyer();
    const second = await signedInBuyer();
    const a = await put(first.cookie, "offer-1", OFFER);
    const b = await put(second.cookie, "offer-1", { ...OFFER, payout: "70" });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().listing.id).not.toBe(b.json().listing.id);
    expect(a.json().listing.payout).toBe("40.00");

    const publisher = await createPublisher(db());
    const cookie = await signIn(ctx, publisher.user.email);
    expect((await put(cookie, "offer-1", OFFER)).statusCode).toBe(403);
    expect((await sync(cookie, { listings: [{ ...OFFER, externalId: "x" }] })).statusCode).toBe(403);
  });

  it("answers each item by index, writes the good ones, and pauses only the missing active listings with an externalId", async () => {
    const buyer = await signedInBuyer();
    const other = await signedInBuyer();
    const item = (externalId: string, extra: object = {}) => ({ ...OFFER, externalId, ...extra });
    const first = await sync(buyer.cookie, {
      listings: [item("a"), item("b"), item("c"), item("e", { status: "paused" }), item("f")],
    });
    expect(first.json().counts).toEqual({ created: 5, updated: 0, unchanged: 0, error: 0, paused: 0 });
    // Without an externalId: the dashboard's, never paused by a sync. Another buyer's "c" is theirs.
    const manual = await createListing(db(), buyer.profile.id);
    await sync(other.cookie, { listings: [item("c")] });

    const second = await sync(buyer.cookie, {
      pauseMissing: true,
      listings: [
        item("a", { payout: "55" }),
        item("b"),
        item("n"),
        item("f", { payout: "0" }),
        item("bad id!"),
        item("n", { title: "Again" }),
        "not a listing",
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const { results, counts } = second.json();
    expect(counts).toEqual({ created: 1, updated: 1, unchanged: 1, error: 4, paused: 1 });
    expect(results.map((r: { index: number; result: string }) => [r.index, r.result])).toEqual([
      [0, "updated"],
      [1, "unchanged"],
      [2, "created"],
      [3, "error"],
      [4, "error"],
      [5, "error"],
      [6, "error"],
    ]);
    expect(results[3]).toMatchObject({
      externalId: "f",
      message: "Invalid payout: Payout must be greater than 0",
      issues: [{ path: "payout", message: "Payout must be greater than 0" }],
    });
    expect(results[4]).toMatchObject({
      externalId: null,
      issues: [{ path: "externalId", message: LISTING_SYNC_MESSAGES.externalIdInvalid }],
    });
    expect(results[5]).toMatchObject({ externalId: "n", message: LISTING_SYNC_MESSAGES.duplicateExternalId });

    const rows = await db().select().from(buyerListings);
    const status = (buyerId: string, externalId: string | null) =>
      rows.find((r) => r.buyerId === buyerId && r.externalId === externalId)?.status;
    expect(rows.find((r) => r.externalId === "a")?.payout).toBe("55.00");
    expect(rows.find((r) => r.externalId === "n")?.title).toBe(OFFER.title);
    // c was missing: paused. e was paused already, f is present (if invalid), the manual listing and the
    // other buyer's c are not this sync's.
    expect(status(buyer.profile.id, "c")).toBe("paused");
    expect(status(buyer.profile.id, "e")).toBe("paused");
    expect(status(buyer.profile.id, "f")).toBe("active");
    expect(rows.find((r) => r.id === manual.id)?.status).toBe("active");
    expect(status(other.profile.id, "c")).toBe("active");
  });

  it("rolls back only the item the database refuses and keeps the others", async () => {
    const buyer = await signedInBuyer();
    await sync(buyer.cookie, { listings: [{ ...OFFER, externalId: "kept" }] });
    // A refusal validation cannot foresee, planted for one title (dropped again below: the database
    // outlives this test).
    await db().execute(
      sql.raw(`create function refuse_listing() returns trigger language plpgsql as $$
        begin
          if new.title = 'Refused' then raise exception 'refused' using errcode = '22023'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_listing before insert or update on buyer_listings
        for each row execute function refuse_listing()`),
    );
    try {
      const answer = await sync(buyer.cookie, {
        listings: [
          { ...OFFER, externalId: "new-1" },
          { ...OFFER, externalId: "kept", title: "Refused" },
          { ...OFFER, externalId: "new-2", title: "Refused" },
          { ...OFFER, externalId: "new-3", payout: "60" },
        ],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().results.map((r: { result: string }) => r.result)).toEqual([
        "created",
        "error",
        "error",
        "created",
      ]);
      expect(answer.json().results[1].message).toBe(LISTING_SYNC_MESSAGES.itemRefused);
    } finally {
      await db().execute(sql.raw("drop trigger refuse_listing on buyer_listings"));
      await db().execute(sql.raw("drop function refuse_listing()"));
    }
    const rows = await db().select().from(buyerListings);
    expect(rows.map((r) => [r.externalId, r.title]).sort()).toEqual([
      ["kept", OFFER.title],
      ["new-1", OFFER.title],
      ["new-3", OFFER.title],
    ]);
    // The kept writes were announced; the refused ones were not.
    expect(await announced()).toBe(3);
  });

  it("syncs 1,000 listings in one request and refuses more", async () => {
    const buyer = await signedInBuyer();
    const items = Array.from({ length: MAX_SYNC_LISTINGS + 1 }, (_, i) => ({
      ...OFFER,
      externalId: `o-${i}`,
    }));
    const tooMany = await sync(buyer.cookie, { listings: items });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(LISTING_SYNC_MESSAGES.tooMany);

    const full = await sync(buyer.cookie, { listings: items.slice(0, MAX_SYNC_LISTINGS) });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().counts.created).toBe(MAX_SYNC_LISTINGS);
    const stored = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(buyerListings)
      .where(eq(buyerListings.buyerId, buyer.profile.id));
    expect(stored[0]?.n).toBe(MAX_SYNC_LISTINGS);
  });
});
