import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../shared/constants";
import { contactEvents } from "../../db/schema";
import type { Viewer } from "../../lib/viewer";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createDealIntent,
  createListing,
  createPublisher,
  grantPremium,
  signIn,
} from "../../test/factories";
import { recordContactAction } from "./contact-actions";

// What a publisher does with a shown contact (write, call, copy), recorded through the route for the
// owning buyer's analytics, under the same contact rule as the reveal.

describe("contact actions", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const act = (cookie: string | undefined, listingId: string, kind: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/contact-actions/${listingId}`,
      headers: cookie ? { cookie } : {},
      payload: { kind },
    });
  const contactActionsOf = async (cookie: string) =>
    (await ctx.app.inject({ url: "/api/buyer-analytics?days=7", headers: { cookie } })).json().contactActions;

  async function seed() {
    const buyer = await createBuyer(db(), {
      contactEmail: "deals@buyer.example",
      contactPhone: "(555) 404-0001",
    });
    const listing = await createListing(db(), buyer.profile.id);
    return { buyer: { ...buyer, cookie: await signIn(ctx, buyer.user.email) }, listing };
  }

  it("records a Premium publisher's actions and counts them by kind in the buyer's analytics", async () => {
    const { buyer, listing } = await seed();
    const premium = await createPublisher(db(), { status: "approved" });
    await grantPremium(db(), premium.user.id);
    const cookie = await signIn(ctx, premium.user.email);
    for (const kind of ["email", "call", "copy_email", "copy_phone", "call"]) {
      const res = await act(cookie, listing.id, kind);
      expect(res.statusCode).toBe(204);
    }
    // The second call within the same minute is the same intent (a double click): counted once.
    expect(await contactActionsOf(buyer.cookie)).toEqual({ email: 1, call: 1, copyEmail: 1, copyPhone: 1 });
  });

  it("counts a repeat in a later minute again", async () => {
    const { buyer, listing } = await seed();
    const premium = await createPublisher(db(), { status: "approved" });
    await grantPremium(db(), premium.user.id);
    const viewer: Viewer = {
      id: premium.user.id,
      email: premium.user.email,
      role: "publisher",
      hasActiveSubscription: true,
    };
    const at = new Date("2026-11-20T10:00:05Z");
    for (const now of [at, new Date(at.getTime() + 30_000), new Date(at.getTime() + 60_000)]) {
      await recordContactAction({ db: db(), viewer, listingId: listing.id, kind: "email", now });
    }
    const rows = await db().select().from(contactEvents).where(eq(contactEvents.listingId, listing.id));
    expect(rows.map((r) => r.minute.toISOString()).sort()).toEqual([
      "2026-11-20T10:00:00.000Z",
      "2026-11-20T10:01:00.000Z",
    ]);
    expect((await contactActionsOf(buyer.cookie)).email).toBe(2);
  });

  it("lets a free publisher act on a contact the buyer shared by accepting their deal, on that listing only", async () => {
    const { buyer, listing } = await seed();
    const other = await createListing(db(), buyer.profile.id);
    const publisher = await createPublisher(db(), { status: "approved" });
    await createDealIntent(db(), {
      buyerId: buyer.profile.id,
      publisherId: publisher.profile.id,
      listingId: listing.id,
      status: "accepted",
    });
    const cookie = await signIn(ctx, publisher.user.email);
    expect((await act(cookie, listing.id, "copy_phone")).statusCode).toBe(204);
    const refused = await act(cookie, other.id, "copy_phone");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGES.premiumRequired, code: "premium_required" });
    expect(await contactActionsOf(buyer.cookie)).toEqual({ email: 0, call: 0, copyEmail: 0, copyPhone: 1 });
  });

  it("refuses a free publisher without an accepted deal and records nothing", async () => {
    const { buyer, listing } = await seed();
    const publisher = await createPublisher(db(), { status: "approved" });
    await createDealIntent(db(), {
      buyerId: buyer.profile.id,
      publisherId: publisher.profile.id,
      listingId: listing.id,
      status: "pending",
    });
    const res = await act(await signIn(ctx, publisher.user.email), listing.id, "email");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.premiumRequired, code: "premium_required" });
    expect(await db().select().from(contactEvents)).toEqual([]);
  });

  it("answers 401 to a visitor, 404 for an unknown listing and 400 for an unknown kind", async () => {
    const { listing } = await seed();
    const visitor = await act(undefined, listing.id, "email");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe("unauthorized");
    const premium = await createPublisher(db(), { status: "approved" });
    await grantPremium(db(), premium.user.id);
    const cookie = await signIn(ctx, premium.user.email);
    expect((await act(cookie, "00000000-0000-4000-8000-000000000000", "email")).statusCode).toBe(404);
    expect((await act(cookie, listing.id, "fax")).statusCode).toBe(400);
    expect(await db().select().from(contactEvents)).toEqual([]);
  });

  it("keeps each buyer's counts to their own listings, and the owner's own clicks out of them", async () => {
    const { buyer, listing } = await seed();
    const other = await createBuyer(db());
    const otherCookie = await signIn(ctx, other.user.email);
    const premium = await createPublisher(db(), { status: "approved" });
    await grantPremium(db(), premium.user.id);
    expect((await act(await signIn(ctx, premium.user.email), listing.id, "email")).statusCode).toBe(204);
    expect((await act(buyer.cookie, listing.id, "call")).statusCode).toBe(204);
    expect(await contactActionsOf(buyer.cookie)).toEqual({ email: 1, call: 0, copyEmail: 0, copyPhone: 0 });
    expect(await contactActionsOf(otherCookie)).toEqual({ email: 0, call: 0, copyEmail: 0, copyPhone: 0 });
  });
});
