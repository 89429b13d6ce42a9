import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../shared/constants";
import {
  auditLogs,
  compliance,
  dealIntents,
  mailOutbox,
  publisherProfiles,
  reviews,
  users,
} from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBuyer,
  createDealIntent,
  createListing,
  createPublisher,
  createUser,
  grantPremium,
  sendQueuedMail,
  signIn,
} from "../../test/factories";

// Deal intents through HTTP: who may ask, who may decide, what each side sees, the
// contact rule after an accept, and the mails.

describe("deal intents", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  /** The outbox once the queued mail has gone out (the queue's workers do this in a running app). */
  const sentMails = async () => {
    await sendQueuedMail(ctx);
    return db().select().from(mailOutbox);
  };

  const call = (cookie: string | undefined, method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** A buyer with two listings whose contacts are recognisable, and an approved publisher. */
  async function seed() {
    const buyer = await createBuyer(
      db(),
      {
        company: "Secret Buyer Co",
        contactEmail: "deals@secret-buyer.example",
        contactPhone: "(555) 404-0001",
        applicationUrl: "https://secret-buyer.example/apply",
      },
      { email: "buyer-login@example.test" },
    );
    const listing = await createListing(db(), buyer.profile.id, { title: "Solar Inbound Calls" });
    const second = await createListing(db(), buyer.profile.id, { title: "Roofing Inbound Calls" });
    const publisher = await createPublisher(db(), {
      status: "approved",
      website: "https://pub.example",
      verticals: ["Solar"],
      complianceAckAt: new Date("2026-01-02T03:04:05Z"),
      domainVerifiedAt: new Date("2026-01-01T00:00:00Z"),
    });
    await db()
      .insert(compliance)
      .values({
        publisherId: publisher.profile.id,
        tcpaComplianceAck: true,
        dncProcessDesc: "We scrub against the national DNC list daily.",
        acceptedAt: new Date("2026-01-02T03:04:05Z"),
      });
    return {
      buyer: { ...buyer, cookie: await signIn(ctx, buyer.user.email) },
      listing,
      second,
      publisher: { ...publisher, cookie: await signIn(ctx, publisher.user.email) },
    };
  }

  const SECRETS = [
    "Secret Buyer Co",
    "deals@secret-buyer.example",
    "(555) 404-0001",
    "https://secret-buyer.example/apply",
  ];

  describe("requesting", () => {
    it("lets an approved publisher request a deal with a message, and mails both sides", async () => {
      const { buyer, listing, publisher } = await seed();
      const res = await call(publisher.cookie, "POST", "/api/deal-intents", {
        listingId: listing.id,
        message: "  We run 200 solar calls a day.  ",
        publisherId: "00000000-0000-4000-8000-000000000000",
        status: "accepted",
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        direction: "sent",
        status: "pending",
        listingId: listing.id,
        listingTitle: "Solar Inbound Calls",
        message: "We run 200 solar calls a day.",
        publisherId: publisher.profile.id,
        buyerId: buyer.profile.id,
        decidedAt: null,
      });
      expect(res.json().publisher).toBeUndefined();

      const mails = await sentMails();
      // The buyer is written to at the profile's contact email; the publisher at their sign-in email.
      const toBuyer = mails.find((m) => m.to === "deals@secret-buyer.example");
      expect(toBuyer?.subject).toBe('New deal request for "Solar Inbound Calls"');
      expect(toBuyer?.text).toContain("We run 200 solar calls a day.");
      expect(toBuyer?.text).toContain("http://localhost:5000/buyer/dashboard?tab=deal-intents");
      const toPublisher = mails.find((m) => m.to === publisher.user.email && m.subject.startsWith("Deal"));
      expect(toPublisher?.subject).toBe('Deal request sent: "Solar Inbound Calls"');
      // The receipt tells the publisher nothing about the buyer's contact.
      for (const secret of SECRETS) expect(toPublisher?.text).not.toContain(secret);

      const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "deal_intent.requested"));
      expect(audit.map((a) => a.targetId)).toEqual([res.json().id]);
    });

    it("falls back to the buyer's sign-in email when the profile has no contact email", async () => {
      const buyer = await createBuyer(db(), { contactEmail: null }, { email: "no-contact@example.test" });
      const listing = await createListing(db(), buyer.profile.id);
      const publisher = await createPublisher(db(), { status: "approved" });
      const cookie = await signIn(ctx, publisher.user.email);
      expect((await call(cookie, "POST", "/api/deal-intents", { listingId: listing.id })).statusCode).toBe(
        201,
      );
      const mails = (await sentMails()).filter((m) => m.to === "no-contact@example.test");
      expect(mails.map((m) => m.subject)).toContain(`New deal request for "${listing.title}"`);
    });

    it("refuses anyone but an approved publisher", async () => {
      const { buyer, listing } = await seed();
      const signedOut = await call(undefined, "POST", "/api/deal-intents", { listingId: listing.id });
      expect(signedOut.statusCode).toBe(401);
      const pending = await createPublisher(db(), { status: "pending" });
      const rejected = await createPublisher(db(), { status: "rejected" });
      const guest = await createUser(db());
      const premiumGuest = await createUser(db());
      await grantPremium(db(), premiumGuest.id);
      for (const email of [
        buyer.user.email,
        pending.user.email,
        rejected.user.email,
        guest.email,
        premiumGuest.email,
      ]) {
        const cookie = await signIn(ctx, email);
        const res = await call(cookie, "POST", "/api/deal-intents", { listingId: listing.id });
        expect(res.statusCode, email).toBe(403);
        expect(res.json().code).toBe("forbidden");
        expect(res.json().message).toContain("Only approved publishers can request deals");
      }
      expect(await db().select().from(dealIntents)).toHaveLength(0);
    });

    it("refuses a publisher and a buyer whose roles an administrator changed, though their profiles stay", async () => {
      const { buyer, listing, second, publisher } = await seed();
      const first = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id });
      expect(first.statusCode).toBe(201);
      // Changed in the database, as ADMIN_EMAILS or a support fix would: the sessions stay signed in.
      await db().update(users).set({ role: "guest" }).where(eq(users.id, publisher.user.id));
      const again = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: second.id });
      expect([again.statusCode, again.json()]).toEqual([
        403,
        {
          message:
            "Only approved publishers can request deals. Your account is no longer a publisher account.",
          code: "forbidden",
        },
      ]);
      await db().update(users).set({ role: "guest" }).where(eq(users.id, buyer.user.id));
      const accept = await call(buyer.cookie, "POST", `/api/deal-intents/${first.json().id}/accept`, {});
      expect([accept.statusCode, accept.json()]).toEqual([
        403,
        { message: MESSAGES.buyerRoleRequired, code: "forbidden" },
      ]);
      const [intent] = await db().select({ status: dealIntents.status }).from(dealIntents);
      expect(intent?.status).toBe("pending");
      expect(await db().$count(dealIntents)).toBe(1);
    });

    it("answers 404 for an unknown, malformed or paused listing", async () => {
      const { buyer, publisher } = await seed();
      const paused = await createListing(db(), buyer.profile.id, { status: "paused" });
      for (const listingId of [paused.id, "00000000-0000-4000-8000-000000000000"]) {
        const res = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId });
        expect(res.statusCode).toBe(404);
      }
      const malformed = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: "nope" });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toContain("Choose the listing to request a deal on");
    });

    it("refuses a second open request for the same listing with 409, and a message over 1,000 characters", async () => {
      const { listing, second, publisher } = await seed();
      expect(
        (await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id })).statusCode,
      ).toBe(201);
      const again = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: "You already have a pending deal request for this listing.",
        code: "conflict",
      });
      // Another listing is another request.
      expect(
        (await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: second.id })).statusCode,
      ).toBe(201);
      const long = await call(publisher.cookie, "POST", "/api/deal-intents", {
        listingId: second.id,
        message: "x".repeat(1001),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain("Message must be at most 1,000 characters");
    });

    it("allows 20 requests a day per publisher, then answers 429 with Retry-After", async () => {
      const { buyer, publisher } = await seed();
      const listings = [];
      for (let i = 0; i < 21; i++)
        listings.push(await createListing(db(), buyer.profile.id, { title: `L${i}` }));
      // 19 made earlier today, written directly; one more through the route reaches 20.
      await db()
        .insert(dealIntents)
        .values(
          listings.slice(0, 19).map((l) => ({
            buyerId: buyer.profile.id,
            publisherId: publisher.profile.id,
            listingId: l.id,
            createdAt: new Date(Date.now() - 3600 * 1000),
          })),
        );
      const twentieth = await call(publisher.cookie, "POST", "/api/deal-intents", {
        listingId: listings[19]!.id,
      });
      expect(twentieth.statusCode).toBe(201);
      const over = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listings[20]!.id });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe("rate_limited");
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(20 * 3600);
    });
  });

  describe("deciding", () => {
    async function requested() {
      const seeded = await seed();
      const res = await call(seeded.publisher.cookie, "POST", "/api/deal-intents", {
        listingId: seeded.listing.id,
        message: "Hello",
      });
      return { ...seeded, intent: res.json() as { id: string } };
    }

    it("lists a publisher's sent and a buyer's received intents, each side only their own", async () => {
      const { buyer, publisher, intent } = await requested();
      const sent = (await call(publisher.cookie, "GET", "/api/deal-intents")).json();
      expect(sent).toEqual([
        expect.objectContaining({
          id: intent.id,
          direction: "sent",
          status: "pending",
          listingTitle: "Solar Inbound Calls",
        }),
      ]);
      const received = (await call(buyer.cookie, "GET", "/api/deal-intents")).json();
      expect(received).toEqual([
        expect.objectContaining({ id: intent.id, direction: "received", message: "Hello" }),
      ]);
      // Pending: the buyer sees who asks, not yet how to reach them.
      expect(received[0].publisher).toMatchObject({ website: "https://pub.example", email: null });
      expect(received[0].publisher.name).not.toBeUndefined();

      const stranger = await createBuyer(db());
      const strangerCookie = await signIn(ctx, stranger.user.email);
      expect((await call(strangerCookie, "GET", "/api/deal-intents")).json()).toEqual([]);
    });

    it("answers 404 to anyone but the owning buyer, including the publisher who asked", async () => {
      const { publisher, intent } = await requested();
      const stranger = await createBuyer(db());
      const strangerCookie = await signIn(ctx, stranger.user.email);
      for (const cookie of [strangerCookie, publisher.cookie]) {
        for (const action of ["accept", "reject"]) {
          const res = await call(cookie, "POST", `/api/deal-intents/${intent.id}/${action}`, {});
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: "Deal request not found", code: "not_found" });
        }
      }
      const malformed = await call(strangerCookie, "POST", "/api/deal-intents/not-an-id/accept", {});
      expect(malformed.statusCode).toBe(404);
      const [row] = await db().select().from(dealIntents);
      expect(row!.status).toBe("pending");
    });

    it("shows the buyer the publisher's score as the publisher's own dashboard does, not a stale stored figure", async () => {
      const { buyer, publisher, intent } = await requested();
      await db()
        .update(publisherProfiles)
        .set({ qualityScore: 3 })
        .where(eq(publisherProfiles.id, publisher.profile.id));
      const accepted = await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/accept`, {});
      const own = (await call(publisher.cookie, "GET", "/api/publisher-profile")).json();
      expect(own.qualityScore).toBeGreaterThan(3);
      expect(accepted.json().publisher.qualityScore).toBe(own.qualityScore);
    });

    it("accepts once: the buyer then sees the publisher's record, and deciding again is 409", async () => {
      const { buyer, publisher, intent } = await requested();
      const accepted = await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/accept`, {
        note: "Welcome aboard",
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({
        status: "accepted",
        decisionNote: "Welcome aboard",
        decidedAt: expect.any(String),
        publisher: {
          email: publisher.user.email,
          website: "https://pub.example",
          verticals: ["Solar"],
          domainVerified: true,
          tcpaAcknowledgedAt: "2026-01-02T03:04:05.000Z",
          dncProcessDesc: "We scrub against the national DNC list daily.",
        },
      });
      // The publisher's own view never carries a "publisher" object.
      const sent = (await call(publisher.cookie, "GET", "/api/deal-intents")).json();
      expect(sent[0]).toMatchObject({ status: "accepted", decisionNote: "Welcome aboard" });
      expect(sent[0].publisher).toBeUndefined();

      for (const action of ["accept", "reject"]) {
        const again = await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/${action}`, {});
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({
          message: "This deal request was already accepted.",
          code: "conflict",
        });
      }
      // Asking again after an accept is pointless: 409.
      const ask = await call(publisher.cookie, "POST", "/api/deal-intents", {
        listingId: sent[0].listingId,
      });
      expect(ask.statusCode).toBe(409);

      const mails = (await sentMails()).filter((m) => m.to === publisher.user.email);
      const decision = mails.find((m) => m.subject.includes("was accepted"));
      expect(decision?.text).toContain("Welcome aboard");
      // The accepted publisher may see the contact now, and the mail carries it.
      expect(decision?.text).toContain("deals@secret-buyer.example");
      await sendQueuedMail(ctx);
      const receipts = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, "deals@secret-buyer.example"));
      expect(receipts.map((m) => m.subject)).toContain(
        'You accepted a deal request for "Solar Inbound Calls"',
      );
    });

    it("rejects: no publisher contact for the buyer, no contact for the publisher, and the publisher may ask again", async () => {
      const { buyer, listing, publisher, intent } = await requested();
      const rejected = await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/reject`);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({ status: "rejected", decisionNote: null });
      // Who asked stays on the request; how to reach them never came.
      expect(rejected.json().publisher).toMatchObject({ website: "https://pub.example", email: null });
      expect(rejected.body).not.toContain(publisher.user.email);
      const detail = await call(publisher.cookie, "GET", `/api/buyer-listings/${listing.id}`);
      expect(detail.json().contact).toBeNull();
      expect(detail.json().dealIntent).toMatchObject({ id: intent.id, status: "rejected" });
      for (const secret of SECRETS) expect(detail.body).not.toContain(secret);
      const mails = (await sentMails()).filter((m) => m.to === publisher.user.email);
      const mail = mails.find((m) => m.subject === `Your deal request for "${listing.title}" was declined`);
      expect(mail?.text).toContain(`The buyer declined your deal request for "${listing.title}".`);
      for (const secret of SECRETS) expect(mail!.text).not.toContain(secret);
      const again = await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id });
      expect(again.statusCode).toBe(201);
    });
  });

  describe("who asks, before the buyer answers", () => {
    /**
     * The seeded publisher with a name, a company, a full profile and a history: two deals with other
     * buyers (one reviewed, one review hidden), a rejected request and a pending one that do not count.
     */
    async function withHistory() {
      const seeded = await seed();
      const { publisher } = seeded;
      await db()
        .update(users)
        .set({ firstName: "Pia", lastName: "Calls", company: "Pia Calls Media LLC" })
        .where(eq(users.id, publisher.user.id));
      await db()
        .update(publisherProfiles)
        .set({
          trafficSources: ["Search Engine Marketing", "Social Media"],
          geos: ["California"],
          avgDailyCalls: 40,
          yearsInBusiness: 3,
          references: ["Jane Doe, Acme Leads, jane@acme.example"],
        })
        .where(eq(publisherProfiles.id, publisher.profile.id));
      for (const [status, review] of [
        ["accepted", "shown"],
        ["accepted", "hidden"],
        ["rejected", null],
        ["pending", null],
      ] as const) {
        const other = await createBuyer(db());
        const listing = await createListing(db(), other.profile.id);
        const intent = await createDealIntent(db(), {
          buyerId: other.profile.id,
          publisherId: publisher.profile.id,
          listingId: listing.id,
          status,
        });
        if (review) {
          await db()
            .insert(reviews)
            .values({
              buyerId: other.profile.id,
              publisherId: publisher.profile.id,
              dealIntentId: intent.id,
              rating: 5,
              verifiedDeal: true,
              ...(review === "hidden" ? { hiddenAt: new Date(), hiddenReason: "Spam" } : {}),
            });
        }
      }
      const res = await call(publisher.cookie, "POST", "/api/deal-intents", {
        listingId: seeded.listing.id,
        message: "We run 40 solar calls a day.",
      });
      expect(res.statusCode, res.body).toBe(201);
      return { ...seeded, intent: res.json() as { id: string } };
    }

    it("shows the buyer the publisher's identity, standing, score and basis, compliance and history on a pending request", async () => {
      const { buyer, publisher, intent } = await withHistory();
      const list = await call(buyer.cookie, "GET", "/api/deal-intents");
      expect(list.statusCode).toBe(200);
      const [received] = list.json();
      expect(received).toMatchObject({
        id: intent.id,
        status: "pending",
        listingTitle: "Solar Inbound Calls",
      });
      expect(received.publisher).toEqual({
        name: "Pia Calls",
        company: "Pia Calls Media LLC",
        email: null,
        website: "https://pub.example",
        domainVerified: true,
        domainVerifiedAt: "2026-01-01T00:00:00.000Z",
        status: "approved",
        qualityScore: 98,
        qualityBreakdown: {
          score: 98,
          factors: expect.arrayContaining([
            expect.objectContaining({
              id: "approved",
              label: "Approved by review",
              points: 40,
              maxPoints: 40,
            }),
            expect.objectContaining({ id: "domain_verified", points: 25, maxPoints: 25 }),
            expect.objectContaining({ id: "compliance", points: 15, maxPoints: 15 }),
            expect.objectContaining({ id: "profile_complete", points: 12, maxPoints: 12 }),
            expect.objectContaining({ id: "years_in_business", points: 6, maxPoints: 8 }),
          ]),
        },
        verticals: ["Solar"],
        trafficSources: ["Search Engine Marketing", "Social Media"],
        geos: ["California"],
        avgDailyCalls: 40,
        yearsInBusiness: 3,
        tier: "new",
        tcpaAcknowledgedAt: "2026-01-02T03:04:05.000Z",
        dncProcessDesc: "We scrub against the national DNC list daily.",
        // The two accepted requests; the rejected and pending ones are no deals.
        dealCount: 2,
        // The hidden review counts nowhere.
        reviewCount: 1,
      });
      // The score is the one the publisher's own dashboard shows.
      const own = (await call(publisher.cookie, "GET", "/api/publisher-profile")).json();
      expect(received.publisher.qualityBreakdown).toEqual(own.qualityBreakdown);
      // How to reach them waits for an accept.
      expect(list.body).not.toContain(publisher.user.email);

      // The mail that announced the request says the same.
      const mail = (await sentMails()).find((m) => m.to === "deals@secret-buyer.example");
      expect(mail?.text).toContain(
        'Pia Calls would like to work with you on your listing "Solar Inbound Calls".',
      );
      for (const line of [
        "Name: Pia Calls",
        "Company: Pia Calls Media LLC",
        "Website: https://pub.example",
        "Domain verified: yes",
        "Approval: Approved",
        "Quality score: 98/100. Based on: Profile completeness 12/12",
        "Traffic sources: Search Engine Marketing, Social Media",
        "Verticals: Solar",
        "Average daily calls: 40",
        "Years in business: 3",
        "TCPA acknowledgment: ",
        "DNC process: We scrub against the national DNC list daily.",
        "2 deals, 1 review written",
      ]) {
        expect(mail?.text).toContain(line);
      }
      expect(mail?.text).not.toContain(publisher.user.email);

      // After the accept, the same summary with the way to reach them.
      const accepted = (await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/accept`, {})).json();
      expect(accepted.publisher).toEqual({
        ...received.publisher,
        email: publisher.user.email,
        dealCount: 3,
      });
    });

    it("gives each request its own publisher's summary, in one list", async () => {
      const { buyer, listing, publisher } = await withHistory();
      const newcomer = await createPublisher(db(), {
        status: "approved",
        website: "https://newcomer.example",
      });
      const newcomerCookie = await signIn(ctx, newcomer.user.email);
      await call(newcomerCookie, "POST", "/api/deal-intents", { listingId: listing.id });
      const received = (await call(buyer.cookie, "GET", "/api/deal-intents")).json() as {
        publisherId: string;
        publisher: { website: string; dealCount: number; reviewCount: number; domainVerified: boolean };
      }[];
      expect(received).toHaveLength(2);
      const byPublisher = Object.fromEntries(received.map((r) => [r.publisherId, r.publisher]));
      expect(byPublisher[publisher.profile.id]).toMatchObject({
        dealCount: 2,
        reviewCount: 1,
        domainVerified: true,
      });
      expect(byPublisher[newcomer.profile.id]).toMatchObject({
        website: "https://newcomer.example",
        dealCount: 0,
        reviewCount: 0,
        domainVerified: false,
        tcpaAcknowledgedAt: null,
      });
    });

    it("shows none of it to another buyer, and none of the buyer's contact to the publisher", async () => {
      const { publisher, intent } = await withHistory();
      const stranger = await createBuyer(db());
      const strangerCookie = await signIn(ctx, stranger.user.email);
      const theirs = await call(strangerCookie, "GET", "/api/deal-intents");
      expect(theirs.json()).toEqual([]);
      for (const fact of ["Pia Calls", "pub.example", "national DNC list"])
        expect(theirs.body).not.toContain(fact);

      // The publisher's own list: their request, without a publisher summary or the buyer's contact.
      const sent = await call(publisher.cookie, "GET", "/api/deal-intents");
      const own = (sent.json() as { id: string; publisher?: unknown }[]).find((i) => i.id === intent.id);
      expect(own).toMatchObject({
        direction: "sent",
        status: "pending",
        listingTitle: "Solar Inbound Calls",
      });
      expect(own?.publisher).toBeUndefined();
      for (const secret of SECRETS) expect(sent.body).not.toContain(secret);
    });

    it('names a publisher who deleted their account "Former member", with no company or contact', async () => {
      const { buyer, publisher, intent } = await withHistory();
      await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/accept`, {});
      await db()
        .update(users)
        .set({ deletedAt: new Date(), firstName: null, lastName: null, company: null })
        .where(eq(users.id, publisher.user.id));
      const [received] = (await call(buyer.cookie, "GET", "/api/deal-intents")).json();
      expect(received.publisher).toMatchObject({ name: "Former member", company: null, email: null });
    });
  });

  describe("the contact rule after an accept", () => {
    it("shows the accepted publisher that listing's contact everywhere it appears, and no other", async () => {
      const { buyer, listing, second, publisher } = await seed();
      const bystander = await createPublisher(db(), { status: "approved" });
      const bystanderCookie = await signIn(ctx, bystander.user.email);
      const intent = (
        await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id })
      ).json();
      // Both publishers ask, only one is accepted.
      await call(bystanderCookie, "POST", "/api/deal-intents", { listingId: listing.id });

      // Pending: still masked.
      const before = await call(publisher.cookie, "GET", `/api/buyer-listings/${listing.id}`);
      expect(before.json().contact).toBeNull();
      const refused = await call(publisher.cookie, "POST", `/api/reveal-contact/${listing.id}`);
      expect(refused.statusCode).toBe(403);

      await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/accept`, {});

      // Detail and reveal of that listing.
      const detail = await call(publisher.cookie, "GET", `/api/buyer-listings/${listing.id}`);
      expect(detail.json().contact).toEqual({
        company: "Secret Buyer Co",
        email: "deals@secret-buyer.example",
        phone: "(555) 404-0001",
        applicationUrl: "https://secret-buyer.example/apply",
      });
      expect(detail.json().buyerName).toBe("Secret Buyer Co");
      expect(detail.headers["cache-control"]).toBe("private, no-store");
      const reveal = await call(publisher.cookie, "POST", `/api/reveal-contact/${listing.id}`);
      expect(reveal.statusCode).toBe(200);
      expect(reveal.json().contact.email).toBe("deals@secret-buyer.example");

      // The directory and the saved list: that listing plain, the other one of the same buyer masked.
      await ctx.app.inject({
        method: "PUT",
        url: `/api/saved-listings/${second.id}`,
        headers: { cookie: publisher.cookie },
      });
      await ctx.app.inject({
        method: "PUT",
        url: `/api/saved-listings/${listing.id}`,
        headers: { cookie: publisher.cookie },
      });
      for (const url of ["/api/buyer-listings", "/api/saved-listings"]) {
        const list = (await call(publisher.cookie, "GET", url)).json() as { id: string; contact: unknown }[];
        expect(list.find((l) => l.id === listing.id)?.contact).not.toBeNull();
        expect(list.find((l) => l.id === second.id)?.contact).toBeNull();
      }
      const otherDetail = await call(publisher.cookie, "GET", `/api/buyer-listings/${second.id}`);
      expect(otherDetail.json().contact).toBeNull();
      expect(otherDetail.json().buyerName).toBe(`Buyer ${buyer.profile.id.slice(0, 8)}`);
      for (const secret of SECRETS) expect(otherDetail.body).not.toContain(secret);
      expect((await call(publisher.cookie, "POST", `/api/reveal-contact/${second.id}`)).statusCode).toBe(403);

      // The other publisher, whose request is still pending, sees nothing anywhere.
      for (const url of ["/api/buyer-listings", `/api/buyer-listings/${listing.id}`]) {
        const res = await call(bystanderCookie, "GET", url);
        for (const secret of SECRETS) expect(res.body).not.toContain(secret);
      }
      expect((await call(bystanderCookie, "POST", `/api/reveal-contact/${listing.id}`)).statusCode).toBe(403);
      // Nor does a visitor.
      const visitor = await call(undefined, "GET", "/api/buyer-listings");
      for (const secret of SECRETS) expect(visitor.body).not.toContain(secret);
    });

    it("tells the detail page whether the viewer may request a deal and what they asked", async () => {
      const { buyer, listing, publisher } = await seed();
      const fresh = (await call(publisher.cookie, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(fresh).toMatchObject({ canRequestDeal: true, dealIntent: null, isOwn: false });
      const intent = (
        await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id })
      ).json();
      const asked = (await call(publisher.cookie, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(asked.dealIntent).toMatchObject({ id: intent.id, status: "pending" });
      const own = (await call(buyer.cookie, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(own).toMatchObject({ canRequestDeal: false, isOwn: true, dealIntent: null });
      const visitor = (await call(undefined, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(visitor).toMatchObject({ canRequestDeal: false, isOwn: false, dealIntent: null });
      const pending = await createPublisher(db(), { status: "pending" });
      const pendingCookie = await signIn(ctx, pending.user.email);
      expect(
        (await call(pendingCookie, "GET", `/api/buyer-listings/${listing.id}`)).json().canRequestDeal,
      ).toBe(false);
    });

    it("keeps the intent when its listing is deleted, without the listing", async () => {
      const { buyer, listing, publisher } = await seed();
      const intent = (
        await call(publisher.cookie, "POST", "/api/deal-intents", { listingId: listing.id })
      ).json();
      await ctx.app.inject({
        method: "DELETE",
        url: `/api/buyer-listings/${listing.id}`,
        headers: { cookie: buyer.cookie },
      });
      const sent = (await call(publisher.cookie, "GET", "/api/deal-intents")).json();
      expect(sent).toEqual([expect.objectContaining({ id: intent.id, listingId: null, listingTitle: null })]);
      const accepted = await call(buyer.cookie, "POST", `/api/deal-intents/${intent.id}/accept`, {});
      expect(accepted.statusCode).toBe(200);
    });
  });
});
