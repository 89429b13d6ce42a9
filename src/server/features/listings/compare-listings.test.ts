import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyerProfiles, listingEvents } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, createUser, grantPremium, signIn } from "../../test/factories";

describe("comparing listings", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function seedListings() {
    const buyer = await createBuyer(
      db(),
      {
        company: "Comparecorp Secret Co",
        contactEmail: "secret@compare.example",
        contactPhone: "(555) 303-0303",
      },
      { email: "compare-owner@example.test" },
    );
    await db()
      .update(buyerProfiles)
      .set({ reviewCount: 3, reviewAverage: "4.50" })
      .where(eq(buyerProfiles.id, buyer.profile.id));
    const first = await createListing(db(), buyer.profile.id, { title: "First", payout: "40.00" });
    const second = await createListing(db(), buyer.profile.id, { title: "Second", payout: "65.00" });
    const paused = await createListing(db(), buyer.profile.id, { title: "Paused", status: "paused" });
    return { buyer, first, second, paused };
  }

  const compare = (ids: string, cookie?: string) =>
    ctx.app.inject({
      url: `/api/compare-listings?ids=${encodeURIComponent(ids)}`,
      headers: cookie ? { cookie } : {},
    });

  it("answers the listings in the order asked, with the buyer's reviews, and counts no view", async () => {
    const { first, second } = await seedListings();
    const res = await compare(`${second.id},${first.id},${second.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.listings.map((l: { title: string }) => l.title)).toEqual(["Second", "First"]);
    expect(body.listings[0]).toMatchObject({ payout: "65.00", reviews: { count: 3, average: 4.5 } });
    expect(body.missing).toEqual([]);
    expect(await db().select().from(listingEvents)).toHaveLength(0);
  });

  it("masks contacts for a visitor and a free publisher, and shows them to Premium", async () => {
    const { first } = await seedListings();
    const secrets = ["Comparecorp Secret Co", "secret@compare.example", "(555) 303-0303"];
    const free = await createUser(db(), { role: "publisher" });
    for (const cookie of [undefined, await signIn(ctx, free.email)]) {
      const res = await compare(first.id, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().listings[0].contact).toBeNull();
      for (const secret of secrets) expect(res.body).not.toContain(secret);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    }
    const premium = await createUser(db(), { role: "publisher" });
    await grantPremium(db(), premium.id);
    const res = await compare(first.id, await signIn(ctx, premium.email));
    expect(res.json().listings[0]).toMatchObject({
      buyerName: "Comparecorp Secret Co",
      contact: { email: "secret@compare.example", phone: "(555) 303-0303" },
    });
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("reports unknown ids and listings the caller may not see as missing", async () => {
    const { first, paused } = await seedListings();
    const unknown = randomUUID();
    const res = await compare(`${first.id},${unknown},${paused.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().listings.map((l: { id: string }) => l.id)).toEqual([first.id]);
    expect(res.json().missing).toEqual([unknown, paused.id]);
    // The owner sees their paused listing, as on its own page.
    const owner = await compare(paused.id, await signIn(ctx, "compare-owner@example.test"));
    expect(owner.json()).toMatchObject({ listings: [{ id: paused.id }], missing: [] });
  });

  it("refuses more than four ids, malformed ids and none with 400", async () => {
    const five = Array.from({ length: 5 }, () => randomUUID()).join(",");
    for (const ids of [five, "not-a-uuid", `${randomUUID()},1' or 1=1`, "", ","]) {
      const res = await compare(ids);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().code).toBe("validation");
    }
    const missingParam = await ctx.app.inject({ url: "/api/compare-listings" });
    expect(missingParam.statusCode).toBe(400);
  });
});
