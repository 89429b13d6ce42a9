import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { EXPORT_PER_HOUR } from "../../../shared/schemas/account";
import { LISTING_CSV_COLUMNS } from "../../../shared/schemas/listing-import";
import {
  apiKeys,
  buyerVerifications,
  compliance,
  disputes,
  notificationPreferences,
  reviews,
  savedListings,
  savedSearches,
  sessions,
  smsMessages,
  webhookEndpoints,
} from "../../db/schema";
import { useTestApp } from "../../test/context";
import {
  createBoostPurchase,
  createBuyer,
  createDealIntent,
  createListing,
  createPublisher,
  createVerifiedSmsNumber,
  grantPremium,
  signIn,
  verifyBuyer,
} from "../../test/factories";
import { readZip } from "../../test/zip";

// The data export (GET /api/account/export) on the database of the run: the ZIP, its two files, what
// each holds, and that nothing of anyone else goes in beyond what the user's screens already show.

const SECTIONS = [
  "exportedAt",
  "app",
  "account",
  "publisherProfile",
  "complianceRecords",
  "buyerProfile",
  "buyerVerifications",
  "listings",
  "dealIntents",
  "reviews",
  "disputes",
  "savedListings",
  "savedSearches",
  "alertPreferences",
  "smsNumber",
  "smsConsentRecords",
  "smsTexts",
  "sessions",
  "apiKeys",
  "webhookEndpoints",
  "subscription",
  "boostPurchases",
];

describe("GET /api/account/export", () => {
  const ctx = useTestApp({ now: () => new Date("2026-11-26T10:00:00Z") });
  const db = () => ctx.database.db;

  const download = (cookie?: string) =>
    ctx.app.inject({ method: "GET", url: "/api/account/export", headers: cookie ? { cookie } : {} });

  async function exported(cookie: string) {
    const res = await download(cookie);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const files = readZip(res.rawPayload);
    const text = files.get("account.json")?.toString("utf8") ?? "";
    return { res, files, text, json: JSON.parse(text) as Record<string, unknown> };
  }

  /**
   * A free publisher and two buyers: the publisher asked the first buyer for a deal (pending) and saved
   * their listing; the second accepted a deal, was reviewed and disputed.
   */
  async function marketplace() {
    const publisher = await createPublisher(db(), { status: "approved", website: "https://pub.example" });
    const firstBuyer = await createBuyer(db(), { company: "First Buyer Co" });
    const secondBuyer = await createBuyer(db(), { company: "Second Buyer Co" });
    const firstListing = await createListing(db(), firstBuyer.profile.id, { title: "First calls" });
    const pausedListing = await createListing(db(), firstBuyer.profile.id, {
      title: "Paused calls",
      status: "paused",
      geos: ["Texas", "Ohio"],
    });
    const secondListing = await createListing(db(), secondBuyer.profile.id, { title: "Second calls" });
    await createDealIntent(db(), {
      buyerId: firstBuyer.profile.id,
      publisherId: publisher.profile.id,
      listingId: firstListing.id,
      message: "Hello first",
    });
    const accepted = await createDealIntent(db(), {
      buyerId: secondBuyer.profile.id,
      publisherId: publisher.profile.id,
      listingId: secondListing.id,
      status: "accepted",
    });
    await db().insert(reviews).values({
      buyerId: secondBuyer.profile.id,
      publisherId: publisher.profile.id,
      dealIntentId: accepted.id,
      rating: 4,
      comment: "Paid on time",
      verifiedDeal: true,
    });
    await db().insert(disputes).values({
      buyerId: secondBuyer.profile.id,
      publisherId: publisher.profile.id,
      dealIntentId: accepted.id,
      openedBy: "publisher",
      reason: "Calls were not paid",
    });
    await db().insert(compliance).values({
      publisherId: publisher.profile.id,
      tcpaComplianceAck: true,
      dncProcessDesc: "We scrub daily",
      acceptedAt: new Date(),
      ackTextVersion: "2026-01",
      ip: "203.0.113.7",
    });
    await db().insert(savedListings).values({ userId: publisher.user.id, listingId: firstListing.id });
    await db()
      .insert(savedSearches)
      .values({ userId: publisher.user.id, vertical: "Legal", filtersKey: "vertical=Legal" });
    await db()
      .insert(notificationPreferences)
      .values({ userId: publisher.user.id, verticals: ["Legal"], frequency: "daily" });
    const number = await createVerifiedSmsNumber(db(), publisher.user.id, { phone: "+12015550111" });
    await db()
      .insert(smsMessages)
      .values({ userId: publisher.user.id, phone: number.phone, kind: "alert", body: "New listing: Legal" });
    await createBoostPurchase(db(), {
      listingId: firstListing.id,
      userId: firstBuyer.user.id,
      stripePaymentIntentId: "pi_boost_1",
      amountCents: 9900,
      startsAt: new Date("2026-11-01T00:00:00Z"),
      endsAt: new Date("2026-11-15T00:00:00Z"),
    });
    return { publisher, firstBuyer, secondBuyer, firstListing, pausedListing, secondListing };
  }

  it("answers 401 signed out", async () => {
    const res = await download();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthorized");
  });

  it("downloads a publisher's data as one ZIP with every part, and nothing of the buyers they cannot see", async () => {
    const { publisher, firstBuyer, secondBuyer } = await marketplace();
    const cookie = await signIn(ctx, publisher.user.email);
    await db()
      .update(sessions)
      .set({ ip: "198.51.100.23", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" });
    await db()
      .insert(apiKeys)
      .values({
        userId: publisher.user.id,
        name: "Zapier",
        prefix: "ppc_abcdefgh",
        keyHash: "a".repeat(64),
        scopes: ["listings:read"],
      });
    await db()
      .insert(webhookEndpoints)
      .values({
        userId: publisher.user.id,
        url: "https://hooks.pub.example/in",
        events: ["listing.matched"],
        secret: "whsec_never_exported",
      });
    const { res, files, text, json } = await exported(cookie);

    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="paypercall-hub-export-2026-11-26.zip"',
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    // A publisher has no listings: no listings.csv.
    expect([...files.keys()]).toEqual(["account.json"]);
    expect(Object.keys(json)).toEqual(SECTIONS);

    expect(json).toMatchObject({
      app: "PayPerCall Hub",
      account: { id: publisher.user.id, email: publisher.user.email, role: "publisher" },
      publisherProfile: { id: publisher.profile.id, website: "https://pub.example", status: "approved" },
      complianceRecords: [{ tcpaComplianceAck: true, dncProcessDesc: "We scrub daily", ip: "203.0.113.7" }],
      buyerProfile: null,
      listings: [],
      savedSearches: [{ vertical: "Legal", query: "vertical=Legal" }],
      alertPreferences: { verticals: ["Legal"], frequency: "daily" },
      smsNumber: { phone: "+12015550111" },
      smsConsentRecords: [{ phone: "+12015550111", event: "consented" }],
      smsTexts: [{ body: "New listing: Legal", kind: "alert" }],
      // As the sessions list shows them: the address cut short, never the cookie's secret.
      sessions: [{ current: true, ipPrefix: "198.51.100.x", browser: expect.stringContaining("Firefox") }],
      apiKeys: [{ name: "Zapier", prefix: "ppc_abcdefgh", scopes: ["listings:read"], lastUsedAt: null }],
      webhookEndpoints: [{ url: "https://hooks.pub.example/in", events: ["listing.matched"] }],
      subscription: { hasActiveSubscription: false, smsAddon: false },
    });
    // A key's hash and an endpoint's signing secret never leave the server.
    expect(text).not.toContain("a".repeat(64));
    expect(text).not.toContain("whsec_never_exported");
    const account = json.account as Record<string, unknown>;
    expect(account).not.toHaveProperty("stripeCustomerId");
    const dealIntents = json.dealIntents as { direction: string; status: string }[];
    expect(dealIntents.map((d) => [d.direction, d.status]).sort()).toEqual([
      ["sent", "accepted"],
      ["sent", "pending"],
    ]);
    // The other party as the workspaces name them.
    expect(json.reviews).toMatchObject({
      written: [{ rating: 4, comment: "Paid on time", counterpart: "Second Buyer Co" }],
      received: [],
    });
    expect(json.disputes).toMatchObject([
      { reason: "Calls were not paid", buyer: { company: "Second Buyer Co" }, side: "publisher" },
    ]);
    // A free publisher's saved listing reads as the directory shows it to them: masked.
    expect(json.savedListings).toMatchObject([{ title: "First calls", contact: null }]);

    // Nothing of the buyers beyond that: no sign-in email, no contact detail.
    for (const other of [firstBuyer, secondBuyer]) {
      expect(text).not.toContain(other.user.email);
      expect(text).not.toContain(other.profile.contactEmail!);
      expect(text).not.toContain(other.profile.applicationUrl!);
    }
    expect(text).not.toContain(firstBuyer.profile.contactPhone!);
    expect(text).not.toContain("198.51.100.23");
    // Nor the session's cookie secret.
    const sid = decodeURIComponent(cookie.slice("ppc.sid=".length)).slice(2).split(".")[0]!;
    expect(sid.length).toBeGreaterThan(10);
    expect(text).not.toContain(sid);
  });

  it("shows a Premium publisher their saved listings' contacts, as the directory does", async () => {
    const { firstBuyer, firstListing } = await marketplace();
    const premium = await createPublisher(db(), { status: "approved" });
    await grantPremium(db(), premium.user.id);
    await db().insert(savedListings).values({ userId: premium.user.id, listingId: firstListing.id });
    const { json } = await exported(await signIn(ctx, premium.user.email));
    expect(json.savedListings).toMatchObject([
      {
        title: "First calls",
        contact: {
          company: "First Buyer Co",
          email: firstBuyer.profile.contactEmail,
          phone: firstBuyer.profile.contactPhone,
        },
      },
    ]);
    expect(json.subscription).toMatchObject({ hasActiveSubscription: true });
  });

  it("gives a buyer their profile, listings, the requests received and a listings.csv that parses", async () => {
    const { publisher, firstBuyer } = await marketplace();
    // A badge approved a month ago, and a renewal under way with a code mailed (whose hash stays out).
    const approved = await verifyBuyer(db(), firstBuyer.profile.id, { at: new Date("2026-10-26T10:00:00Z") });
    const codeHash = "9f".repeat(32);
    await db()
      .insert(buyerVerifications)
      .values({
        buyerId: firstBuyer.profile.id,
        domain: "verified-buyer.example",
        workEmail: "ops@verified-buyer.example",
        emailCodeHash: codeHash,
        emailCodeExpiresAt: new Date("2026-11-26T10:20:00Z"),
        createdAt: new Date("2026-11-26T09:00:00Z"),
      });
    const { files, text, json } = await exported(await signIn(ctx, firstBuyer.user.email));
    expect(json.buyerVerifications).toMatchObject([
      {
        status: "in_progress",
        workEmail: "ops@verified-buyer.example",
        codeExpiresAt: "2026-11-26T10:20:00.000Z",
      },
      {
        id: approved.attempt.id,
        status: "approved",
        domainMethod: "dns",
        expiresAt: "2027-10-26T10:00:00.000Z",
      },
    ]);
    expect(text).not.toContain(codeHash);
    expect(text).not.toContain(approved.reviewer.id);
    expect([...files.keys()]).toEqual(["account.json", "listings.csv"]);
    expect(json).toMatchObject({
      account: { email: firstBuyer.user.email, role: "buyer" },
      publisherProfile: null,
      buyerProfile: { company: "First Buyer Co", contactEmail: firstBuyer.profile.contactEmail },
      dealIntents: [{ direction: "received", status: "pending", message: "Hello first" }],
      boostPurchases: [{ source: "stripe", amountCents: 9900, listingTitle: "First calls" }],
    });
    const listings = json.listings as { title: string; status: string; contact: unknown }[];
    expect(listings.map((l) => [l.title, l.status]).sort()).toEqual([
      ["First calls", "active"],
      ["Paused calls", "paused"],
    ]);
    // The owner reads their own contact.
    expect(listings[0]!.contact).toMatchObject({ email: firstBuyer.profile.contactEmail });
    // A pending request names no publisher: nothing of theirs goes in.
    expect(text).not.toContain(publisher.user.email);
    expect(text).not.toContain("pub.example");

    const csv = files
      .get("listings.csv")!
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...LISTING_CSV_COLUMNS]);
    expect(rows.map((r) => [r.title, r.status, r.geos, r.buyerEmail]).sort()).toEqual([
      ["First calls", "active", "", firstBuyer.user.email],
      ["Paused calls", "paused", "Texas|Ohio", firstBuyer.user.email],
    ]);
  });

  it(`allows ${EXPORT_PER_HOUR} downloads an hour, then answers 429 with Retry-After and no ZIP`, async () => {
    const { publisher } = await marketplace();
    const cookie = await signIn(ctx, publisher.user.email);
    for (let i = 0; i < EXPORT_PER_HOUR; i++) expect((await download(cookie)).statusCode).toBe(200);
    const res = await download(cookie);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json().code).toBe("rate_limited");
  });
});
