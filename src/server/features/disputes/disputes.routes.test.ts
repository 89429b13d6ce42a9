import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, mailOutbox } from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createDealIntent,
  createListing,
  createPublisher,
  createUser,
  sendQueuedMail,
  signIn,
} from "../../test/factories";

// Disputes through HTTP: who may open one (either party of an accepted deal), who responds
// (the other party, once), the admin's decision, the mails at each step, and the buyer's score.

describe("disputes", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const call = (cookie: string | undefined, method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const REASON = "The buyer returned 40% of calls as duplicates without evidence.";

  async function seed() {
    const buyer = await createBuyer(
      db(),
      { company: "Disputed Buyer Co", contactEmail: "deals@disputed.example" },
      { email: "disputed-buyer@example.test" },
    );
    const listing = await createListing(db(), buyer.profile.id, { title: "Debt Settlement Calls" });
    const publisher = await createPublisher(db(), { status: "approved" });
    const intent = (status: "pending" | "accepted" | "rejected" = "accepted") =>
      createDealIntent(db(), {
        buyerId: buyer.profile.id,
        publisherId: publisher.profile.id,
        listingId: listing.id,
        status,
      });
    const admin = await createUser(db(), { role: "admin", email: "judge@example.test" });
    return {
      buyer: { ...buyer, cookie: await signIn(ctx, buyer.user.email) },
      publisher: { ...publisher, cookie: await signIn(ctx, publisher.user.email) },
      admin: { ...admin, cookie: await signIn(ctx, admin.email) },
      listing,
      intent,
    };
  }

  /** Mails since the sign-in links, by recipient and subject. */
  const mails = async () => {
    await sendQueuedMail(ctx);
    return (await db().select().from(mailOutbox))
      .filter((m) => !m.text.includes("token="))
      .map((m) => ({ to: m.to, subject: m.subject, text: m.text }));
  };

  describe("opening", () => {
    it("lets the publisher of an accepted deal open one, and mails both parties", async () => {
      const { buyer, publisher, intent } = await seed();
      const deal = await intent();
      const res = await call(publisher.cookie, "POST", "/api/disputes", {
        dealIntentId: deal.id,
        reason: `  ${REASON}  `,
        status: "resolved",
        openedBy: "buyer",
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        dealIntentId: deal.id,
        listingTitle: "Debt Settlement Calls",
        openedBy: "publisher",
        status: "pending",
        reason: REASON,
        response: null,
        side: "publisher",
        canRespond: false,
        buyer: { id: buyer.profile.id, company: "Disputed Buyer Co" },
      });
      const sent = await mails();
      const toBuyer = sent.find((m) => m.to === "deals@disputed.example");
      expect(toBuyer?.subject).toBe('A dispute was opened about your deal on "Debt Settlement Calls"');
      expect(toBuyer?.text).toContain(REASON);
      expect(toBuyer?.text).toContain("http://localhost:5000/buyer/dashboard?tab=disputes");
      expect(sent.find((m) => m.to === publisher.user.email)?.subject).toBe(
        'Dispute opened: your deal on "Debt Settlement Calls"',
      );
      const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "dispute.opened"));
      expect(entry).toMatchObject({ userId: publisher.user.id, targetId: res.json().id });
    });

    it("lets the buyer open one too, and refuses a second open dispute on the same deal with 409", async () => {
      const { buyer, publisher, intent } = await seed();
      const deal = await intent();
      const first = await call(buyer.cookie, "POST", "/api/disputes", {
        dealIntentId: deal.id,
        reason: REASON,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ openedBy: "buyer", side: "buyer" });
      const second = await call(publisher.cookie, "POST", "/api/disputes", {
        dealIntentId: deal.id,
        reason: REASON,
      });
      expect(second.statusCode).toBe(409);
    });

    it("refuses a deal that was not accepted (403), strangers and admins (404), and a short reason (400)", async () => {
      const { publisher, admin, intent } = await seed();
      for (const status of ["pending", "rejected"] as const) {
        const res = await call(publisher.cookie, "POST", "/api/disputes", {
          dealIntentId: (await intent(status)).id,
          reason: REASON,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe("A dispute can be opened only on a deal the buyer accepted.");
      }
      const deal = await intent();
      const stranger = await createPublisher(db(), { status: "approved" });
      for (const cookie of [await signIn(ctx, stranger.user.email), admin.cookie]) {
        expect(
          (await call(cookie, "POST", "/api/disputes", { dealIntentId: deal.id, reason: REASON })).statusCode,
        ).toBe(404);
      }
      const short = await call(publisher.cookie, "POST", "/api/disputes", {
        dealIntentId: deal.id,
        reason: "bad",
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toContain("The reason must be at least 10 characters");
      const long = await call(publisher.cookie, "POST", "/api/disputes", {
        dealIntentId: deal.id,
        reason: "x".repeat(2001),
      });
      expect(long.statusCode).toBe(400);
    });
  });

  describe("responding", () => {
    it("lets the other party respond once; the opener (403) and strangers (404) may not", async () => {
      const { buyer, publisher, intent } = await seed();
      const dispute = (
        await call(publisher.cookie, "POST", "/api/disputes", {
          dealIntentId: (await intent()).id,
          reason: REASON,
        })
      ).json();
      expect((await call(buyer.cookie, "GET", "/api/disputes")).json()).toEqual([
        expect.objectContaining({ id: dispute.id, side: "buyer", canRespond: true }),
      ]);

      const own = await call(publisher.cookie, "POST", `/api/disputes/${dispute.id}/respond`, {
        response: "Adding more detail to my own dispute.",
      });
      expect(own.statusCode).toBe(403);
      const stranger = await createBuyer(db());
      const strangerCookie = await signIn(ctx, stranger.user.email);
      expect(
        (
          await call(strangerCookie, "POST", `/api/disputes/${dispute.id}/respond`, {
            response: "Not my deal at all, really.",
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(strangerCookie, "GET", "/api/disputes")).json()).toEqual([]);

      const response = "Those calls were duplicates of calls from the same day; call logs attached.";
      const res = await call(buyer.cookie, "POST", `/api/disputes/${dispute.id}/respond`, { response });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ response, canRespond: false, status: "pending" });
      expect(res.json().respondedAt).not.toBeNull();
      const again = await call(buyer.cookie, "POST", `/api/disputes/${dispute.id}/respond`, { response });
      expect(again.statusCode).toBe(409);

      const sent = await mails();
      expect(
        sent.find((m) => m.to === publisher.user.email && m.subject.includes("responded"))?.text,
      ).toContain(response);
      expect(sent.map((m) => m.subject)).toContain(
        'Your response was sent: dispute on "Debt Settlement Calls"',
      );
      expect((await call(publisher.cookie, "GET", "/api/disputes")).json()[0]).toMatchObject({ response });
    });
  });

  describe("the admin's decision", () => {
    it("resolves a dispute once, audit-logged, mails both parties, and only admins may", async () => {
      const { buyer, publisher, admin, intent } = await seed();
      const dispute = (
        await call(publisher.cookie, "POST", "/api/disputes", {
          dealIntentId: (await intent()).id,
          reason: REASON,
        })
      ).json();
      const decision = {
        status: "resolved",
        resolutionNotes: "The buyer agreed to pay for the returned calls.",
      };
      for (const cookie of [buyer.cookie, publisher.cookie]) {
        expect(
          (await call(cookie, "POST", `/api/admin/disputes/${dispute.id}/resolve`, decision)).statusCode,
        ).toBe(403);
      }
      expect(
        (
          await call(admin.cookie, "POST", `/api/admin/disputes/${dispute.id}/resolve`, {
            status: "closed",
            resolutionNotes: decision.resolutionNotes,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call(
            admin.cookie,
            "POST",
            "/api/admin/disputes/00000000-0000-4000-8000-000000000000/resolve",
            decision,
          )
        ).statusCode,
      ).toBe(404);

      const res = await call(admin.cookie, "POST", `/api/admin/disputes/${dispute.id}/resolve`, decision);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: "resolved",
        resolutionNotes: decision.resolutionNotes,
        buyerEmail: "deals@disputed.example",
        publisherEmail: publisher.user.email,
      });
      expect(res.json().resolvedAt).not.toBeNull();
      const again = await call(admin.cookie, "POST", `/api/admin/disputes/${dispute.id}/resolve`, {
        ...decision,
        status: "rejected",
      });
      expect(again.statusCode).toBe(409);

      const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "dispute.resolved"));
      expect(entry).toMatchObject({ userId: admin.id, targetId: dispute.id });
      const decided = (await mails()).filter(
        (m) => m.subject === 'Dispute resolved: the deal on "Debt Settlement Calls"',
      );
      expect(decided.map((m) => m.to).sort()).toEqual(
        ["deals@disputed.example", publisher.user.email].sort(),
      );
      expect(decided[0]?.text).toContain(decision.resolutionNotes);
      // The parties see the decision; a decided dispute cannot be answered any more.
      expect((await call(buyer.cookie, "GET", "/api/disputes")).json()[0]).toMatchObject({
        status: "resolved",
        canRespond: false,
      });
      expect(
        (
          await call(buyer.cookie, "POST", `/api/disputes/${dispute.id}/respond`, {
            response: "Too late to answer?",
          })
        ).statusCode,
      ).toBe(409);
    });

    it("lists every dispute for admins by status, pending longest waiting first, one keyset page at a time", async () => {
      const { buyer, publisher, admin, intent } = await seed();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(publisher.cookie, "POST", "/api/disputes", {
          dealIntentId: (await intent()).id,
          reason: `${REASON} (${i})`,
        });
        ids.push(res.json().id);
      }
      await call(admin.cookie, "POST", `/api/admin/disputes/${ids[1]}/resolve`, {
        status: "rejected",
        resolutionNotes: "The call logs show the duplicates.",
      });
      const first = await call(admin.cookie, "GET", "/api/admin/disputes?status=pending&limit=1");
      expect(first.statusCode).toBe(200);
      expect(first.headers["x-total-count"]).toBe("2");
      expect(first.json().map((d: { id: string }) => d.id)).toEqual([ids[0]]);
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
      expect((await call(admin.cookie, "GET", next!)).json().map((d: { id: string }) => d.id)).toEqual([
        ids[2],
      ]);
      const rejected = (await call(admin.cookie, "GET", "/api/admin/disputes?status=rejected")).json();
      expect(rejected).toEqual([expect.objectContaining({ id: ids[1], status: "rejected", side: null })]);
      expect((await call(admin.cookie, "GET", "/api/admin/disputes")).json()).toHaveLength(3);
      expect((await call(admin.cookie, "GET", "/api/admin/disputes?status=open")).statusCode).toBe(400);
      expect((await call(buyer.cookie, "GET", "/api/admin/disputes")).statusCode).toBe(403);
      expect((await call(admin.cookie, "GET", "/api/admin/stats")).json().openDisputes).toBe(2);
    });

    it("moves the buyer's score by disputes publishers open against them, as the admin decides them", async () => {
      const { buyer, publisher, admin, listing, intent } = await seed();
      const deals = [await intent(), await intent(), await intent(), await intent(), await intent()];
      for (const deal of deals.slice(0, 3)) {
        await call(publisher.cookie, "POST", "/api/reviews", { dealIntentId: deal.id, rating: 5 });
      }
      const score = async () =>
        (await call(undefined, "GET", `/api/buyer-listings/${listing.id}`)).json().reliability;
      expect(await score()).toMatchObject({ score: 100, basedOn: 3 });

      // A buyer's own complaint about the publisher does not count against the buyer.
      const own = (
        await call(buyer.cookie, "POST", "/api/disputes", { dealIntentId: deals[3]!.id, reason: REASON })
      ).json();
      expect((await score()).score).toBe(100);
      await call(admin.cookie, "POST", `/api/admin/disputes/${own.id}/resolve`, {
        status: "resolved",
        resolutionNotes: "The publisher sent transfers.",
      });
      expect((await score()).score).toBe(100);

      // One against the buyer: open, half a penalty over 5 deals; upheld, a full one. 0.2 is its weight:
      // 100 · (0.5 + 0.3 + 0.2 · 0.9) = 98, then 100 · (0.5 + 0.3 + 0.2 · 0.8) = 96.
      const against = (
        await call(publisher.cookie, "POST", "/api/disputes", { dealIntentId: deals[0]!.id, reason: REASON })
      ).json();
      expect(await score()).toMatchObject({
        score: 98,
        factors: { disputesAgainst: 1, disputesOpen: 1, disputesUpheld: 0 },
      });
      await call(admin.cookie, "POST", `/api/admin/disputes/${against.id}/resolve`, {
        status: "resolved",
        resolutionNotes: "The buyer returned calls without evidence.",
      });
      expect(await score()).toMatchObject({
        score: 96,
        factors: { disputesUpheld: 1, disputesOpen: 0 },
      });
    });
  });
});
