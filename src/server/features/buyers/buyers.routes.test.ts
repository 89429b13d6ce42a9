import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, buyerListings, buyerProfiles, listingPayoutChanges, users } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, createPublisher, createUser, signIn } from "../../test/factories";

// The buyer's workspace through HTTP (the buyer dashboard, its forms, the buyer role): profile, listings, ownership and the directory following each change.

const PROFILE = {
  company: "Acme Call Buying",
  contactEmail: "partners@acme.example",
  contactPhone: "(555) 010-1234",
  applicationUrl: "https://acme.example/apply",
};

describe("buyer profile and listings", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function request(
    cookie: string | undefined,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) {
    return ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function signedInBuyer(values: Parameters<typeof createBuyer>[1] = {}) {
    const buyer = await createBuyer(db(), values);
    return { ...buyer, cookie: await signIn(ctx, buyer.user.email) };
  }

  const directoryIds = async () =>
    (await request(undefined, "GET", "/api/buyer-listings")).json().map((l: { id: string }) => l.id);

  describe("profile", () => {
    it("answers null before a profile exists, then creates it and makes the guest a buyer", async () => {
      const guest = await createUser(db());
      const cookie = await signIn(ctx, guest.email);
      const none = await request(cookie, "GET", "/api/buyer-profile");
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();

      // A body may carry fields a client must not set (userId, isVerified): dropped, identity comes from
      // the session.
      const created = await request(cookie, "POST", "/api/buyer-profile", {
        ...PROFILE,
        userId: "00000000-0000-4000-8000-000000000000",
        isVerified: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers["cache-control"]).toBe("private, no-store");
      // The form's defaults: payout 25 to 100, Net 30, 180 s, daily cap 100.
      expect(created.json()).toMatchObject({
        ...PROFILE,
        payoutMin: "25.00",
        payoutMax: "100.00",
        paymentTerms: "Net 30",
        callDurationRequirement: 180,
        dailyCap: 100,
        isVerified: false,
      });
      const [user] = await db().select().from(users).where(eq(users.id, guest.id));
      expect(user!.role).toBe("buyer");
      const [profile] = await db().select().from(buyerProfiles).where(eq(buyerProfiles.userId, guest.id));
      expect(profile!.company).toBe(PROFILE.company);
      const me = await request(cookie, "GET", "/api/auth/user");
      expect(me.json().role).toBe("buyer");
      expect((await request(cookie, "GET", "/api/buyer-profile")).json().company).toBe(PROFILE.company);
      const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "buyer_profile.created"));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.targetId).toBe(profile!.id);
    });

    it("refuses a second profile and a publisher's profile with 409", async () => {
      const buyer = await signedInBuyer();
      const again = await request(buyer.cookie, "POST", "/api/buyer-profile", PROFILE);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: "You already have a buyer profile.", code: "conflict" });

      const publisher = await createPublisher(db());
      const publisherCookie = await signIn(ctx, publisher.user.email);
      const refused = await request(publisherCookie, "POST", "/api/buyer-profile", PROFILE);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("conflict");
      expect(
        await db().select().from(buyerProfiles).where(eq(buyerProfiles.userId, publisher.user.id)),
      ).toHaveLength(0);
    });

    it.each([
      [{ ...PROFILE, company: "" }, "Company name is required"],
      [{ ...PROFILE, contactEmail: undefined }, "Contact email is required"],
      [{ ...PROFILE, contactEmail: "not an email" }, "Enter a valid contact email address"],
      [{ ...PROFILE, applicationUrl: "javascript:alert(1)" }, "Application URL must be a valid http(s) URL"],
      [
        { ...PROFILE, applicationUrl: "ftp://acme.example/apply" },
        "Application URL must be a valid http(s) URL",
      ],
      [
        { ...PROFILE, payoutMin: "150", payoutMax: "100" },
        "Minimum payout must not be more than the maximum",
      ],
      [{ ...PROFILE, paymentTerms: "Net 90" }, "Payment terms must be one of"],
      [{ ...PROFILE, company: "Nul\u0000Co" }, "must not contain control characters"],
      [{ ...PROFILE, website: "javascript:alert(1)" }, "Website must be a valid http(s) URL"],
      [{ ...PROFILE, website: "acme" }, "Website must be a valid http(s) URL"],
      [{ ...PROFILE, timeZone: "Europe/Paris" }, "Choose a US time zone from the list"],
      [{ ...PROFILE, callHours: "x".repeat(101) }, "Call hours must be at most 100 characters"],
    ])("refuses a bad profile with a clear 400 (%#)", async (body, message) => {
      const guest = await createUser(db());
      const cookie = await signIn(ctx, guest.email);
      const res = await request(cookie, "POST", "/api/buyer-profile", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation");
      expect(res.json().message).toContain(message);
      const [user] = await db().select().from(users).where(eq(users.id, guest.id));
      expect(user!.role).toBe("guest");
    });

    it("keeps the website, the call hours and their time zone, and changes or clears them", async () => {
      const guest = await createUser(db());
      const cookie = await signIn(ctx, guest.email);
      const created = await request(cookie, "POST", "/api/buyer-profile", {
        ...PROFILE,
        website: " https://acme.example ",
        callHours: "Mon-Fri 9am-6pm",
        timeZone: "America/Chicago",
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        website: "https://acme.example",
        callHours: "Mon-Fri 9am-6pm",
        timeZone: "America/Chicago",
      });
      // Left out, they are none.
      const bare = await request(
        await signIn(ctx, (await createUser(db())).email),
        "POST",
        "/api/buyer-profile",
        PROFILE,
      );
      expect(bare.json()).toMatchObject({ website: null, callHours: null, timeZone: null });

      const changed = await request(cookie, "PUT", "/api/buyer-profile", {
        callHours: "24/7",
        timeZone: "Pacific/Honolulu",
        website: "",
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        website: null,
        callHours: "24/7",
        timeZone: "Pacific/Honolulu",
      });
      const [row] = await db().select().from(buyerProfiles).where(eq(buyerProfiles.userId, guest.id));
      expect(row).toMatchObject({ website: null, callHours: "24/7", timeZone: "Pacific/Honolulu" });
      const read = await request(cookie, "GET", "/api/buyer-profile");
      expect(read.json()).toMatchObject({ callHours: "24/7", timeZone: "Pacific/Honolulu" });
      const refused = await request(cookie, "PUT", "/api/buyer-profile", { timeZone: "Mars/Olympus" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain("Choose a US time zone from the list");
    });

    it("updates only the fields sent, on the caller's own profile", async () => {
      const buyer = await signedInBuyer({ company: "Before Co", payoutMin: "25.00", payoutMax: "100.00" });
      const other = await createBuyer(db(), { company: "Other Co" });
      const res = await request(buyer.cookie, "PUT", "/api/buyer-profile", {
        company: "After Co",
        payoutMax: "120",
        // Ignored: the session names the profile.
        id: other.profile.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ company: "After Co", payoutMin: "25.00", payoutMax: "120.00" });
      const [otherRow] = await db()
        .select()
        .from(buyerProfiles)
        .where(eq(buyerProfiles.id, other.profile.id));
      expect(otherRow!.company).toBe("Other Co");

      // The range is checked against the stored profile when only one end is sent.
      const inverted = await request(buyer.cookie, "PUT", "/api/buyer-profile", { payoutMin: "500" });
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().message).toBe("Minimum payout must not be more than the maximum payout");
      const empty = await request(buyer.cookie, "PUT", "/api/buyer-profile", {});
      expect(empty.statusCode).toBe(400);

      const guest = await createUser(db());
      const guestCookie = await signIn(ctx, guest.email);
      const missing = await request(guestCookie, "PUT", "/api/buyer-profile", { company: "X" });
      expect(missing.statusCode).toBe(404);
    });

    it("asks a signed-out visitor to sign in", async () => {
      for (const [method, url] of [
        ["GET", "/api/buyer-profile"],
        ["POST", "/api/buyer-profile"],
        ["POST", "/api/buyer-listings"],
        ["GET", "/api/buyer-stats"],
        ["GET", "/api/buyer-analytics"],
      ] as const) {
        const res = await request(undefined, method, url, method === "POST" ? PROFILE : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe("listings", () => {
    it("creates a listing with the form's defaults and shows it in the directory", async () => {
      const buyer = await signedInBuyer();
      const res = await request(buyer.cookie, "POST", "/api/buyer-listings", {
        title: "Final Expense Inbound Calls",
        vertical: "Insurance",
        payout: "$1,250.5",
        tags: ["trustedform", "no-ivr", "trustedform"],
        disputeWindowDays: "7",
        buyerId: "00000000-0000-4000-8000-000000000000",
      });
      expect(res.statusCode, res.body).toBe(201);
      const listing = res.json();
      expect(listing).toMatchObject({
        title: "Final Expense Inbound Calls",
        buyerId: buyer.profile.id,
        payout: "1250.50",
        paymentTerms: "Net 30",
        durationRequirement: 180,
        minVolume: 10,
        status: "active",
        geos: [],
        tags: ["trustedform", "no-ivr"],
        disputeWindowDays: 7,
        isPayoutRaised: false,
      });
      // The owner sees their own contact.
      expect(listing.contact.email).toBe(buyer.profile.contactEmail);
      expect(await directoryIds()).toEqual([listing.id]);
      const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "listing.created"));
      expect(audit.map((a) => a.targetId)).toEqual([listing.id]);
    });

    it.each([
      [{ vertical: "Insurance", payout: "50" }, "Title is required"],
      [{ title: "T", vertical: "Insurance", payout: "0" }, "Payout must be greater than 0"],
      [
        { title: "T", vertical: "Insurance", payout: "100000000" },
        "Payout must be an amount like 50 or 49.99",
      ],
      [{ title: "T", vertical: "Insurance", payout: "12.345" }, "at most 2 decimals"],
      [{ title: "T", vertical: "Plumbing", payout: "50" }, "Vertical must be one of"],
      [{ title: "T", vertical: "Insurance", payout: "50", status: "inactive" }, "Status must be one of"],
      [{ title: "T", vertical: "Insurance", payout: "50", tags: ["fast-pay"] }, "Unknown requirement tag"],
    ])("refuses a bad listing with a clear 400 (%#)", async (body, message) => {
      const buyer = await signedInBuyer();
      const res = await request(buyer.cookie, "POST", "/api/buyer-listings", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await db().select().from(buyerListings)).toHaveLength(0);
    });

    it("refuses listings from a publisher and from a user without a buyer profile", async () => {
      const publisher = await createPublisher(db(), { status: "approved" });
      const guest = await createUser(db());
      for (const email of [publisher.user.email, guest.email]) {
        const cookie = await signIn(ctx, email);
        const res = await request(cookie, "POST", "/api/buyer-listings", {
          title: "Sneaky",
          vertical: "Legal",
          payout: "40",
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: "Create your buyer profile first.", code: "forbidden" });
      }
      expect(await db().select().from(buyerListings)).toHaveLength(0);
    });

    it("edits any subset of the fields, pauses and resumes, and the directory follows at once", async () => {
      const buyer = await signedInBuyer();
      const listing = await createListing(db(), buyer.profile.id, { title: "Before", payout: "50.00" });
      const edited = await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, {
        title: "After",
        geos: ["Texas"],
        tags: ["inbound-only"],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        title: "After",
        geos: ["Texas"],
        tags: ["inbound-only"],
        payout: "50.00",
      });

      const paused = await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, {
        status: "paused",
      });
      expect(paused.json().status).toBe("paused");
      expect(await directoryIds()).toEqual([]);
      expect((await request(undefined, "GET", `/api/buyer-listings/${listing.id}`)).statusCode).toBe(404);
      // Still on the owner's own list.
      const mine = await request(buyer.cookie, "GET", "/api/buyer-listings?mine=1");
      expect(mine.json().map((l: { status: string }) => l.status)).toEqual(["paused"]);

      await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, { status: "active" });
      expect(await directoryIds()).toEqual([listing.id]);

      const empty = await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain("Send at least one field to change");
    });

    it("carries a listing's own daily cap, and otherwise shows the buyer profile's, marked as such", async () => {
      const buyer = await signedInBuyer({ dailyCap: 150 });
      const own = await request(buyer.cookie, "POST", "/api/buyer-listings", {
        title: "Capped",
        vertical: "Legal",
        payout: "40",
        dailyCap: "30",
      });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json()).toMatchObject({ dailyCap: 30, listingDailyCap: 30 });
      const plain = await request(buyer.cookie, "POST", "/api/buyer-listings", {
        title: "Uncapped",
        vertical: "Legal",
        payout: "40",
      });
      expect(plain.json()).toMatchObject({ dailyCap: 150, listingDailyCap: null });
      // The directory and the listing's page say the same to a visitor.
      const detail = await request(undefined, "GET", `/api/buyer-listings/${own.json().id}`);
      expect(detail.json()).toMatchObject({ dailyCap: 30, listingDailyCap: 30 });
      const listed = (await request(undefined, "GET", "/api/buyer-listings")).json();
      expect(listed.map((l: { title: string; dailyCap: number }) => [l.title, l.dailyCap]).sort()).toEqual([
        ["Capped", 30],
        ["Uncapped", 150],
      ]);

      // A profile change reaches the listings without a cap of their own only.
      await request(buyer.cookie, "PUT", "/api/buyer-profile", { dailyCap: "200" });
      expect(
        (await request(undefined, "GET", `/api/buyer-listings/${plain.json().id}`)).json().dailyCap,
      ).toBe(200);
      expect((await request(undefined, "GET", `/api/buyer-listings/${own.json().id}`)).json().dailyCap).toBe(
        30,
      );

      // Cleared (blank in the form), the listing falls back to the profile's cap.
      const cleared = await request(buyer.cookie, "PUT", `/api/buyer-listings/${own.json().id}`, {
        dailyCap: "",
      });
      expect(cleared.json()).toMatchObject({ dailyCap: 200, listingDailyCap: null });
      const set = await request(buyer.cookie, "PUT", `/api/buyer-listings/${plain.json().id}`, {
        dailyCap: 75,
      });
      expect(set.json()).toMatchObject({ dailyCap: 75, listingDailyCap: 75 });

      const bad = await request(buyer.cookie, "PUT", `/api/buyer-listings/${plain.json().id}`, {
        dailyCap: "0",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("Daily cap must be at least 1 call");
    });

    it("keeps a listing an administrator deactivated inactive", async () => {
      const buyer = await signedInBuyer();
      const listing = await createListing(db(), buyer.profile.id, { status: "inactive" });
      const res = await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, {
        status: "active",
      });
      expect(res.statusCode).toBe(409);
      const retitled = await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, {
        title: "New",
      });
      expect(retitled.statusCode).toBe(200);
      expect(retitled.json().status).toBe("inactive");
    });

    it("answers 404 for another buyer's listing, on edit and on delete, and changes nothing", async () => {
      const buyer = await signedInBuyer();
      const other = await createBuyer(db());
      const foreign = await createListing(db(), other.profile.id, { title: "Not yours" });
      for (const [method, payload] of [
        ["PUT", { title: "Mine now" }],
        ["DELETE", undefined],
      ] as const) {
        const res = await request(buyer.cookie, method, `/api/buyer-listings/${foreign.id}`, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Listing not found", code: "not_found" });
      }
      for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
        expect((await request(buyer.cookie, "DELETE", `/api/buyer-listings/${id}`)).statusCode).toBe(404);
      }
      const [row] = await db().select().from(buyerListings).where(eq(buyerListings.id, foreign.id));
      expect(row!.title).toBe("Not yours");
    });

    it("deletes the owner's listing, which leaves the directory", async () => {
      const buyer = await signedInBuyer();
      const listing = await createListing(db(), buyer.profile.id);
      expect(await directoryIds()).toEqual([listing.id]);
      const res = await request(buyer.cookie, "DELETE", `/api/buyer-listings/${listing.id}`);
      expect(res.statusCode).toBe(204);
      expect(await directoryIds()).toEqual([]);
      expect((await request(buyer.cookie, "DELETE", `/api/buyer-listings/${listing.id}`)).statusCode).toBe(
        404,
      );
      const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "listing.deleted"));
      expect(audit).toHaveLength(1);
    });
  });

  describe("payout history", () => {
    it("records every payout change, newest first, and badges a raise", async () => {
      const buyer = await signedInBuyer();
      const listing = await createListing(db(), buyer.profile.id, { payout: "40.00" });
      const before = (await request(undefined, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(before).toMatchObject({ payoutChangedAt: null, payoutHistory: [], isPayoutRaised: false });

      await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, { payout: "55" });
      // A change of other fields, or the same payout again, is not a payout change.
      await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, {
        payout: "55.00",
        title: "T",
      });
      await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, { payout: "60" });
      const changes = await db()
        .select()
        .from(listingPayoutChanges)
        .where(eq(listingPayoutChanges.listingId, listing.id));
      expect(changes).toHaveLength(2);

      const detail = (await request(undefined, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(detail.payoutHistory.map((c: { from: string; to: string }) => [c.from, c.to])).toEqual([
        ["55.00", "60.00"],
        ["40.00", "55.00"],
      ]);
      expect(detail.payoutChangedAt).toBe(detail.payoutHistory[0].changedAt);
      expect(detail.isPayoutRaised).toBe(true);
      const card = (await request(undefined, "GET", "/api/buyer-listings")).json()[0];
      expect(card.isPayoutRaised).toBe(true);

      // Back below where it started 14 days ago: no badge, the history stays.
      await request(buyer.cookie, "PUT", `/api/buyer-listings/${listing.id}`, { payout: "35" });
      const lowered = (await request(undefined, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(lowered.isPayoutRaised).toBe(false);
      expect(lowered.payoutHistory).toHaveLength(3);
    });

    it("does not badge a raise older than 14 days", async () => {
      const buyer = await createBuyer(db());
      const listing = await createListing(db(), buyer.profile.id, { payout: "90.00" });
      await db()
        .insert(listingPayoutChanges)
        .values({
          listingId: listing.id,
          fromPayout: "50.00",
          toPayout: "90.00",
          changedAt: new Date(Date.now() - 15 * 24 * 3600 * 1000),
        });
      const detail = (await request(undefined, "GET", `/api/buyer-listings/${listing.id}`)).json();
      expect(detail.isPayoutRaised).toBe(false);
      expect(detail.payoutHistory).toHaveLength(1);
    });
  });
});
