import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, buyerProfiles } from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createDealIntent,
  createListing,
  createPublisher,
  createUser,
  signIn,
} from "../../test/factories";

// Reviews through HTTP: who may review (the publisher of an accepted deal intent, once), the
// buyer's one reply, the admin's hide, and what the listing, the directory and the score make of them.

describe("reviews", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const call = (cookie: string | undefined, method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** A buyer with a listing, an approved publisher, and deal intents of that publisher in each state. */
  async function seed() {
    const buyer = await createBuyer(db(), { company: "Reviewed Buyer Co" });
    const listing = await createListing(db(), buyer.profile.id, { title: "Solar Inbound Calls" });
    const publisher = await createPublisher(db(), { status: "approved" });
    const intent = (status: "pending" | "accepted" | "rejected") =>
      createDealIntent(db(), {
        buyerId: buyer.profile.id,
        publisherId: publisher.profile.id,
        listingId: listing.id,
        status,
      });
    return {
      buyer: { ...buyer, cookie: await signIn(ctx, buyer.user.email) },
      listing,
      publisher: { ...publisher, cookie: await signIn(ctx, publisher.user.email) },
      intent,
    };
  }

  describe("who may review", () => {
    it("lets the publisher of an accepted deal intent review its buyer once, as a verified deal", async () => {
      const { buyer, listing, publisher, intent } = await seed();
      const accepted = await intent("accepted");
      const res = await call(publisher.cookie, "POST", "/api/reviews", {
        dealIntentId: accepted.id,
        rating: 4,
        comment: "  Paid on time, clear requirements.  ",
        buyerId: "00000000-0000-4000-8000-000000000000",
        verifiedDeal: false,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        buyerId: buyer.profile.id,
        dealIntentId: accepted.id,
        rating: 4,
        comment: "Paid on time, clear requirements.",
        verifiedDeal: true,
        reply: null,
        hidden: null,
        listingId: listing.id,
        listingTitle: "Solar Inbound Calls",
        counterpart: "Reviewed Buyer Co",
        reviewer: `Publisher ${publisher.profile.id.slice(0, 8)}`,
      });

      const again = await call(publisher.cookie, "POST", "/api/reviews", {
        dealIntentId: accepted.id,
        rating: 5,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("You have already reviewed this deal.");

      const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "review.created"));
      expect(audit.map((a) => a.targetId)).toEqual([res.json().id]);
    });

    it("refuses a pending or rejected intent with 403, and anyone but its publisher with 404", async () => {
      const { buyer, publisher, intent } = await seed();
      for (const status of ["pending", "rejected"] as const) {
        const res = await call(publisher.cookie, "POST", "/api/reviews", {
          dealIntentId: (await intent(status)).id,
          rating: 5,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: "forbidden",
          message: "You can review a buyer only after they accepted your deal request.",
        });
      }
      const accepted = await intent("accepted");
      const other = await createPublisher(db(), { status: "approved" });
      const admin = await createUser(db(), { role: "admin" });
      for (const cookie of [
        buyer.cookie,
        await signIn(ctx, other.user.email),
        await signIn(ctx, admin.email),
      ]) {
        const res = await call(cookie, "POST", "/api/reviews", { dealIntentId: accepted.id, rating: 5 });
        expect(res.statusCode).toBe(404);
      }
      expect(
        (await call(undefined, "POST", "/api/reviews", { dealIntentId: accepted.id, rating: 5 })).statusCode,
      ).toBe(401);
    });

    it("validates the rating (1-5 stars) and the comment (at most 2,000 characters)", async () => {
      const { publisher, intent } = await seed();
      const dealIntentId = (await intent("accepted")).id;
      for (const rating of [0, 6, 3.5, "5"]) {
        const res = await call(publisher.cookie, "POST", "/api/reviews", { dealIntentId, rating });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain("Choose a rating from 1 to 5 stars");
      }
      const long = await call(publisher.cookie, "POST", "/api/reviews", {
        dealIntentId,
        rating: 5,
        comment: "x".repeat(2001),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain("Comment must be at most 2,000 characters");
      const ok = await call(publisher.cookie, "POST", "/api/reviews", {
        dealIntentId,
        rating: 5,
        comment: "x".repeat(2000),
      });
      expect(ok.statusCode).toBe(201);
    });

    it("lists the reviews a publisher wrote and the accepted deals still waiting for one", async () => {
      const { publisher, intent } = await seed();
      const first = await intent("accepted");
      const second = await intent("accepted");
      await intent("pending");
      let mine = (await call(publisher.cookie, "GET", "/api/reviews/mine")).json();
      expect(mine.written).toEqual([]);
      expect(mine.awaitingReview.map((a: { dealIntentId: string }) => a.dealIntentId).sort()).toEqual(
        [first.id, second.id].sort(),
      );
      expect(mine.awaitingReview[0]).toMatchObject({ buyerName: "Reviewed Buyer Co" });
      await call(publisher.cookie, "POST", "/api/reviews", { dealIntentId: first.id, rating: 5 });
      mine = (await call(publisher.cookie, "GET", "/api/reviews/mine")).json();
      expect(mine.written.map((r: { dealIntentId: string }) => r.dealIntentId)).toEqual([first.id]);
      expect(mine.awaitingReview.map((a: { dealIntentId: string }) => a.dealIntentId)).toEqual([second.id]);
      expect(mine.received).toEqual([]);
    });
  });

  describe("the buyer's reply", () => {
    it("lets the reviewed buyer reply once, publicly; nobody else may", async () => {
      const { buyer, publisher, intent } = await seed();
      const review = (
        await call(publisher.cookie, "POST", "/api/reviews", {
          dealIntentId: (await intent("accepted")).id,
          rating: 2,
          comment: "Late payment.",
        })
      ).json();
      const mine = (await call(buyer.cookie, "GET", "/api/reviews/mine")).json();
      expect(mine.received).toEqual([expect.objectContaining({ id: review.id, rating: 2, reply: null })]);
      // The buyer reads their own score: one reviewed deal is not enough for a number.
      expect(mine.reliability).toMatchObject({ score: null, basedOn: 1, factors: { reviewedDeals: 1 } });
      expect((await call(publisher.cookie, "GET", "/api/reviews/mine")).json().reliability).toBeNull();

      const other = await createBuyer(db());
      for (const cookie of [publisher.cookie, await signIn(ctx, other.user.email)]) {
        expect(
          (await call(cookie, "POST", `/api/reviews/${review.id}/reply`, { body: "Hi" })).statusCode,
        ).toBe(404);
      }
      expect(
        (await call(buyer.cookie, "POST", `/api/reviews/${review.id}/reply`, { body: "   " })).statusCode,
      ).toBe(400);
      const reply = await call(buyer.cookie, "POST", `/api/reviews/${review.id}/reply`, {
        body: "Paid within terms; the invoice had a typo.",
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().reply).toMatchObject({ body: "Paid within terms; the invoice had a typo." });
      const twice = await call(buyer.cookie, "POST", `/api/reviews/${review.id}/reply`, { body: "Again" });
      expect(twice.statusCode).toBe(409);

      const publicList = (await call(undefined, "GET", `/api/buyers/${buyer.profile.id}/reviews`)).json();
      expect(publicList[0].reply.body).toBe("Paid within terms; the invoice had a typo.");
    });
  });

  describe("public list, listing detail and score", () => {
    /** Three accepted deals of three publishers, reviewed with these ratings. */
    async function reviewedBuyer(ratings: number[]) {
      const buyer = await createBuyer(db());
      const listing = await createListing(db(), buyer.profile.id);
      const reviews: { id: string }[] = [];
      for (const rating of ratings) {
        const publisher = await createPublisher(db(), { status: "approved" });
        const intent = await createDealIntent(db(), {
          buyerId: buyer.profile.id,
          publisherId: publisher.profile.id,
          listingId: listing.id,
          status: "accepted",
        });
        const res = await call(await signIn(ctx, publisher.user.email), "POST", "/api/reviews", {
          dealIntentId: intent.id,
          rating,
          comment: `${rating} stars`,
        });
        expect(res.statusCode, res.body).toBe(201);
        reviews.push(res.json());
      }
      return { buyer, listing, reviews };
    }

    const detail = async (id: string) => (await call(undefined, "GET", `/api/buyer-listings/${id}`)).json();
    const card = async (id: string) =>
      (await call(undefined, "GET", "/api/buyer-listings")).json().find((l: { id: string }) => l.id === id);

    it('reads "Not enough data" (null score) under 3 reviewed deals, and a score from the third', async () => {
      const { buyer, listing } = await reviewedBuyer([5, 5]);
      expect((await detail(listing.id)).reliability).toMatchObject({ score: null, basedOn: 2 });
      expect((await card(listing.id)).reliability).toEqual({ score: null, basedOn: 2 });

      const publisher = await createPublisher(db(), { status: "approved" });
      const intent = await createDealIntent(db(), {
        buyerId: buyer.profile.id,
        publisherId: publisher.profile.id,
        listingId: listing.id,
        status: "accepted",
      });
      await call(await signIn(ctx, publisher.user.email), "POST", "/api/reviews", {
        dealIntentId: intent.id,
        rating: 5,
      });
      // Three 5-star reviews, every request answered within the hour, no dispute: the top score.
      expect((await card(listing.id)).reliability).toEqual({ score: 100, basedOn: 3 });
      const { reliability, reviews } = await detail(listing.id);
      expect(reliability).toMatchObject({
        score: 100,
        basedOn: 3,
        factors: {
          reviewedDeals: 3,
          weightedRating: 5,
          requestsDue: 3,
          answeredInTime: 3,
          disputesAgainst: 0,
        },
      });
      expect(reviews).toMatchObject({ average: 5, count: 3 });
      expect(reviews.latest).toHaveLength(3);
    });

    it("excludes a hidden review from the score, the average, the count and the public list; an admin still sees it", async () => {
      const { buyer, listing, reviews } = await reviewedBuyer([5, 5, 1, 5]);
      let summary = await detail(listing.id);
      expect(summary.reliability).toMatchObject({ basedOn: 4 });
      expect(summary.reliability.score).toBeLessThan(100);
      expect(summary.reviews).toMatchObject({ average: 4, count: 4 });

      const admin = await createUser(db(), { role: "admin" });
      const adminCookie = await signIn(ctx, admin.email);
      const oneStar = reviews[2]!.id;
      const publisher = await createPublisher(db(), { status: "approved" });
      const refused = await call(
        await signIn(ctx, publisher.user.email),
        "POST",
        `/api/admin/reviews/${oneStar}/hide`,
        {
          reason: "Abusive language in the comment.",
        },
      );
      expect(refused.statusCode).toBe(403);
      expect(
        (await call(adminCookie, "POST", `/api/admin/reviews/${oneStar}/hide`, { reason: "short" }))
          .statusCode,
      ).toBe(400);
      const hidden = await call(adminCookie, "POST", `/api/admin/reviews/${oneStar}/hide`, {
        reason: "Abusive language in the comment.",
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json().hidden).toMatchObject({ reason: "Abusive language in the comment." });
      expect(
        (
          await call(adminCookie, "POST", `/api/admin/reviews/${oneStar}/hide`, {
            reason: "Abusive language in the comment.",
          })
        ).statusCode,
      ).toBe(409);

      summary = await detail(listing.id);
      expect(summary.reliability).toMatchObject({ score: 100, basedOn: 3 });
      expect(summary.reviews).toMatchObject({ average: 5, count: 3 });
      expect(summary.reviews.latest.map((r: { id: string }) => r.id)).not.toContain(oneStar);
      const visible = (await call(undefined, "GET", `/api/buyers/${buyer.profile.id}/reviews`)).json();
      expect(visible.map((r: { id: string }) => r.id)).not.toContain(oneStar);
      const forAdmin = (await call(adminCookie, "GET", `/api/buyers/${buyer.profile.id}/reviews`)).json();
      expect(forAdmin.find((r: { id: string }) => r.id === oneStar)?.hidden).toMatchObject({
        reason: "Abusive language in the comment.",
      });

      const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "review.hidden"));
      expect(entry).toMatchObject({ userId: admin.id, targetId: oneStar });

      // Hiding one more leaves two: "Not enough data".
      await call(adminCookie, "POST", `/api/admin/reviews/${reviews[0]!.id}/hide`, {
        reason: "Duplicate of another.",
      });
      expect((await detail(listing.id)).reliability).toMatchObject({ score: null, basedOn: 2 });
      const [stored] = await db()
        .select({ score: buyerProfiles.reliabilityScore, count: buyerProfiles.reviewCount })
        .from(buyerProfiles)
        .where(eq(buyerProfiles.id, buyer.profile.id));
      expect(stored).toEqual({ score: null, count: 2 });
    });

    it("pages a buyer's reviews newest first with a Link header, and answers 404 for an unknown buyer", async () => {
      const { buyer, reviews } = await reviewedBuyer([5, 4, 3]);
      const first = await call(undefined, "GET", `/api/buyers/${buyer.profile.id}/reviews?limit=2`);
      expect(first.statusCode).toBe(200);
      expect(first.json().map((r: { id: string }) => r.id)).toEqual([reviews[2]!.id, reviews[1]!.id]);
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
      expect(next).toBeDefined();
      const second = await call(undefined, "GET", next!);
      expect(second.json().map((r: { id: string }) => r.id)).toEqual([reviews[0]!.id]);
      expect(second.headers.link).toBeUndefined();
      expect((await call(undefined, "GET", "/api/buyers/not-a-uuid/reviews")).statusCode).toBe(404);
      expect(
        (await call(undefined, "GET", "/api/buyers/00000000-0000-4000-8000-000000000000/reviews")).statusCode,
      ).toBe(404);
      expect(
        (await call(undefined, "GET", `/api/buyers/${buyer.profile.id}/reviews?cursor=zz`)).statusCode,
      ).toBe(400);
    });
  });
});
