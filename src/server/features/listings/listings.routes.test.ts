import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, buyerListings, listingEvents, savedListings } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createListing, createUser, grantPremium, signIn } from "../../test/factories";

const HOUR = 3600 * 1000;

describe("buyer directory", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  /** Two buyers with recognisable contacts, one listing each (the second paused). */
  async function seedTwoBuyers() {
    const own = await createBuyer(
      db(),
      {
        company: "Owncorp Secret Co",
        contactEmail: "owner-secret@own.example",
        contactPhone: "(555) 777-1111",
        applicationUrl: "https://own.example/secret-apply",
      },
      { email: "owner@example.test" },
    );
    const other = await createBuyer(
      db(),
      {
        company: "Othercorp Hidden Inc",
        contactEmail: "other-hidden@other.example",
        contactPhone: "(555) 888-2222",
        applicationUrl: "https://other.example/hidden-apply",
      },
      { email: "other@example.test" },
    );
    const ownListing = await createListing(db(), own.profile.id, { title: "Own Medicare Calls" });
    const otherListing = await createListing(db(), other.profile.id, { title: "Other Legal Calls" });
    return { own, other, ownListing, otherListing };
  }

  const secretsOf = (profile: {
    company: string;
    contactEmail: string | null;
    contactPhone: string | null;
    applicationUrl: string | null;
  }) => [profile.company, profile.contactEmail!, profile.contactPhone!, profile.applicationUrl!];

  /** Every page of a listing query, following the Link header. */
  async function fetchAllPages(
    url: string,
    options: { cookie?: string; betweenPages?: (page: number) => Promise<void> } = {},
  ) {
    const ids: string[] = [];
    let next: string | null = url;
    let page = 0;
    while (next) {
      const res = await ctx.app.inject({
        url: next,
        headers: options.cookie ? { cookie: options.cookie } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...res.json().map((l: { id: string }) => l.id));
      const link = res.headers.link as string | undefined;
      next = link ? link.match(/^<([^>]+)>; rel="next"$/)![1]! : null;
      page++;
      if (next) await options.betweenPages?.(page);
      expect(page).toBeLessThan(100);
    }
    return ids;
  }

  describe("contact masking", () => {
    it("hides every contact value from a visitor, in the list and the detail", async () => {
      const { own, other, ownListing } = await seedTwoBuyers();
      const list = await ctx.app.inject({ url: "/api/buyer-listings" });
      const detail = await ctx.app.inject({ url: `/api/buyer-listings/${ownListing.id}` });
      for (const res of [list, detail]) {
        expect(res.statusCode).toBe(200);
        const raw = `${res.body}${JSON.stringify(res.headers)}`;
        for (const secret of [...secretsOf(own.profile), ...secretsOf(other.profile)]) {
          expect(raw).not.toContain(secret);
        }
      }
      expect(detail.json()).toMatchObject({
        contact: null,
        buyerName: `Buyer ${own.profile.id.slice(0, 8)}`,
      });
      expect(list.json().every((l: { contact: unknown }) => l.contact === null)).toBe(true);
    });

    it.each([
      ["a guest", "guest"],
      ["a free publisher", "publisher"],
    ] as const)("hides contacts from %s", async (_label, role) => {
      const { own, other, ownListing } = await seedTwoBuyers();
      const user = await createUser(db(), { role });
      const cookie = await signIn(ctx, user.email);
      for (const url of ["/api/buyer-listings", `/api/buyer-listings/${ownListing.id}`]) {
        const res = await ctx.app.inject({ url, headers: { cookie } });
        expect(res.statusCode).toBe(200);
        for (const secret of [...secretsOf(own.profile), ...secretsOf(other.profile)]) {
          expect(res.body).not.toContain(secret);
        }
        expect(res.headers["cache-control"]).toBe("private, no-cache");
      }
    });

    it("shows every contact to a premium publisher and forbids caching", async () => {
      const { own, other, ownListing } = await seedTwoBuyers();
      const user = await createUser(db(), { role: "publisher" });
      await grantPremium(db(), user.id);
      const cookie = await signIn(ctx, user.email);
      const list = await ctx.app.inject({ url: "/api/buyer-listings", headers: { cookie } });
      for (const secret of [...secretsOf(own.profile), ...secretsOf(other.profile)]) {
        expect(list.body).toContain(secret);
      }
      expect(list.headers["cache-control"]).toBe("private, no-store");
      const detail = await ctx.app.inject({
        url: `/api/buyer-listings/${ownListing.id}`,
        headers: { cookie },
      });
      expect(detail.json()).toMatchObject({
        buyerName: "Owncorp Secret Co",
        contact: {
          company: "Owncorp Secret Co",
          email: "owner-secret@own.example",
          phone: "(555) 777-1111",
          applicationUrl: "https://own.example/secret-apply",
        },
      });
      expect(detail.headers["cache-control"]).toBe("private, no-store");
    });

    it("hides contacts again once the subscription has lapsed", async () => {
      const { own } = await seedTwoBuyers();
      const user = await createUser(db(), { role: "publisher" });
      await grantPremium(db(), user.id, { currentPeriodEnd: new Date(Date.now() - HOUR) });
      const cookie = await signIn(ctx, user.email);
      const list = await ctx.app.inject({ url: "/api/buyer-listings", headers: { cookie } });
      for (const secret of secretsOf(own.profile)) expect(list.body).not.toContain(secret);
    });

    it("shows a buyer the contact of their own listing only", async () => {
      const { own, other, ownListing, otherListing } = await seedTwoBuyers();
      const cookie = await signIn(ctx, "owner@example.test");
      const list = await ctx.app.inject({ url: "/api/buyer-listings", headers: { cookie } });
      for (const secret of secretsOf(own.profile)) expect(list.body).toContain(secret);
      for (const secret of secretsOf(other.profile)) expect(list.body).not.toContain(secret);
      const ownDetail = await ctx.app.inject({
        url: `/api/buyer-listings/${ownListing.id}`,
        headers: { cookie },
      });
      expect(ownDetail.json().contact.email).toBe("owner-secret@own.example");
      expect(ownDetail.headers["cache-control"]).toBe("private, no-store");
      const foreign = await ctx.app.inject({
        url: `/api/buyer-listings/${otherListing.id}`,
        headers: { cookie },
      });
      expect(foreign.json().contact).toBeNull();
      for (const secret of secretsOf(other.profile)) expect(foreign.body).not.toContain(secret);
      expect(foreign.headers["cache-control"]).toBe("private, no-cache");
    });

    it("shows an admin every contact", async () => {
      const { own, other } = await seedTwoBuyers();
      const admin = await createUser(db(), { role: "admin" });
      const cookie = await signIn(ctx, admin.email);
      const list = await ctx.app.inject({ url: "/api/buyer-listings", headers: { cookie } });
      for (const secret of [...secretsOf(own.profile), ...secretsOf(other.profile)]) {
        expect(list.body).toContain(secret);
      }
    });
  });

  describe("contact reveal", () => {
    it("sends a signed-out visitor a 401", async () => {
      const { ownListing } = await seedTwoBuyers();
      const res = await ctx.app.inject({ method: "POST", url: `/api/reveal-contact/${ownListing.id}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
    });

    it("refuses a free user with 403 until their subscription becomes active", async () => {
      const { other, otherListing } = await seedTwoBuyers();
      const user = await createUser(db(), { role: "publisher" });
      const cookie = await signIn(ctx, user.email);
      const refused = await ctx.app.inject({
        method: "POST",
        url: `/api/reveal-contact/${otherListing.id}`,
        headers: { cookie },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "Premium subscription required", code: "premium_required" });
      for (const secret of secretsOf(other.profile)) expect(refused.body).not.toContain(secret);
      expect(await db().select().from(listingEvents).where(eq(listingEvents.kind, "reveal"))).toHaveLength(0);

      await grantPremium(db(), user.id);
      const revealed = await ctx.app.inject({
        method: "POST",
        url: `/api/reveal-contact/${otherListing.id}`,
        headers: { cookie },
      });
      expect(revealed.statusCode).toBe(200);
      expect(revealed.json()).toEqual({
        contact: {
          company: "Othercorp Hidden Inc",
          email: "other-hidden@other.example",
          phone: "(555) 888-2222",
          applicationUrl: "https://other.example/hidden-apply",
        },
      });
      expect(revealed.headers["cache-control"]).toBe("private, no-store");
      const events = await db().select().from(listingEvents).where(eq(listingEvents.kind, "reveal"));
      expect(events).toMatchObject([{ listingId: otherListing.id, userId: user.id }]);
      const audit = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "listing.contact_revealed"), eq(auditLogs.userId, user.id)));
      expect(audit).toMatchObject([{ metaJson: { listingId: otherListing.id } }]);
    });

    it("answers 404 for an unknown, malformed or paused listing", async () => {
      const { other } = await seedTwoBuyers();
      const paused = await createListing(db(), other.profile.id, { status: "paused" });
      const user = await createUser(db(), { role: "publisher" });
      await grantPremium(db(), user.id);
      const cookie = await signIn(ctx, user.email);
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", paused.id]) {
        const res = await ctx.app.inject({
          method: "POST",
          url: `/api/reveal-contact/${id}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Listing not found", code: "not_found" });
      }
    });
  });

  describe("filters", () => {
    async function seedVariety() {
      const { profile } = await createBuyer(db());
      const now = Date.now();
      const make = (title: string, values: Parameters<typeof createListing>[2], ageHours: number) =>
        createListing(db(), profile.id, { title, ...values, createdAt: new Date(now - ageHours * HOUR) });
      return {
        national: await make(
          "Final Expense Inbound Calls",
          {
            vertical: "Insurance",
            payout: "45.00",
            geos: ["US National"],
            description: "Seniors aged 50 to 85",
          },
          1,
        ),
        texas: await make(
          "Roofing Estimates Texas",
          {
            vertical: "Home Services",
            payout: "50.00",
            geos: ["Texas"],
            description: "Storm damage roofing",
          },
          2,
        ),
        california: await make(
          "Personal Injury Intake",
          {
            vertical: "Legal",
            payout: "150.00",
            geos: ["California", "Texas"],
            description: "Auto accidents",
          },
          3,
        ),
        florida: await make(
          "Medicare Advantage Leads",
          { vertical: "Insurance", payout: "100.00", geos: ["Florida"], description: "Turning 65 soon" },
          4,
        ),
        noGeo: await make(
          "Debt Settlement Calls",
          { vertical: "Finance", payout: "25.00", geos: [], description: "Unsecured debt over 10k" },
          5,
        ),
        paused: await make(
          "Paused Insurance Calls",
          { vertical: "Insurance", payout: "60.00", status: "paused" },
          6,
        ),
      };
    }

    const titles = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/buyer-listings${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((l: { title: string }) => l.title);
    };

    it("lists only active listings, each filter narrowing the result", async () => {
      await seedVariety();
      expect(await titles("?sort=newest")).toEqual([
        "Final Expense Inbound Calls",
        "Roofing Estimates Texas",
        "Personal Injury Intake",
        "Medicare Advantage Leads",
        "Debt Settlement Calls",
      ]);
      expect(await titles("?vertical=Insurance&sort=newest")).toEqual([
        "Final Expense Inbound Calls",
        "Medicare Advantage Leads",
      ]);
      // Buckets: min inclusive, max exclusive, so $50.00 is in $50-$100 only.
      expect(await titles("?payoutMin=25&payoutMax=50&sort=newest")).toEqual([
        "Final Expense Inbound Calls",
        "Debt Settlement Calls",
      ]);
      expect(await titles("?payoutMin=50&payoutMax=100&sort=newest")).toEqual(["Roofing Estimates Texas"]);
      expect(await titles("?payoutMin=100&sort=newest")).toEqual([
        "Personal Injury Intake",
        "Medicare Advantage Leads",
      ]);
    });

    it("matches US National and geo-less listings in every state", async () => {
      await seedVariety();
      expect(await titles("?geo=Texas&sort=newest")).toEqual([
        "Final Expense Inbound Calls",
        "Roofing Estimates Texas",
        "Personal Injury Intake",
        "Debt Settlement Calls",
      ]);
      expect(await titles("?geo=Florida&sort=newest")).toEqual([
        "Final Expense Inbound Calls",
        "Medicare Advantage Leads",
        "Debt Settlement Calls",
      ]);
      expect(await titles("?geo=US%20National&sort=newest")).toEqual([
        "Final Expense Inbound Calls",
        "Debt Settlement Calls",
      ]);
    });

    it("searches titles and descriptions by word, and titles by partial word", async () => {
      await seedVariety();
      expect(await titles("?search=roofing")).toEqual(["Roofing Estimates Texas"]);
      expect(await titles("?search=accidents")).toEqual(["Personal Injury Intake"]);
      expect(await titles("?search=medic")).toEqual(["Medicare Advantage Leads"]);
      expect(await titles("?search=%22storm%20damage%22")).toEqual(["Roofing Estimates Texas"]);
      expect(await titles("?search=100%25")).toEqual([]);
      expect(await titles("?search=nothing-matches-this")).toEqual([]);
    });

    it("refuses NUL and other control characters in any text filter with 400", async () => {
      for (const query of [
        "search=%00",
        "search=a%00b",
        "search=%1B%5B31m",
        "vertical=%00",
        "cursor=%00",
        "payoutMin=5%00",
      ]) {
        const res = await ctx.app.inject({ url: `/api/buyer-listings?${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ code: "validation", message: expect.any(String) });
      }
      const tabbed = await ctx.app.inject({ url: "/api/buyer-listings?search=storm%09damage" });
      expect(tabbed.statusCode).toBe(200);
    });

    it("combines filters", async () => {
      await seedVariety();
      expect(await titles("?vertical=Insurance&geo=Florida&payoutMin=100&sort=newest")).toEqual([
        "Medicare Advantage Leads",
      ]);
      expect(await titles("?vertical=Insurance&geo=Texas&payoutMin=25&payoutMax=50&search=seniors")).toEqual([
        "Final Expense Inbound Calls",
      ]);
      expect(await titles("?vertical=Legal&geo=Florida")).toEqual([]);
      expect(await titles("?search=calls&payoutMax=50&sort=payout")).toEqual([
        "Final Expense Inbound Calls",
        "Debt Settlement Calls",
      ]);
    });

    it("sorts by payout, newest, and boosted first by default", async () => {
      const { california, noGeo, florida } = await seedVariety();
      expect(await titles("?sort=payout")).toEqual([
        "Personal Injury Intake",
        "Medicare Advantage Leads",
        "Roofing Estimates Texas",
        "Final Expense Inbound Calls",
        "Debt Settlement Calls",
      ]);
      const future = new Date(Date.now() + 24 * HOUR);
      await db()
        .update(buyerListings)
        .set({ boostedUntil: future })
        .where(eq(buyerListings.id, california.id));
      await db().update(buyerListings).set({ boostedUntil: future }).where(eq(buyerListings.id, noGeo.id));
      // An expired boost counts for nothing.
      await db()
        .update(buyerListings)
        .set({ boostedUntil: new Date(Date.now() - HOUR) })
        .where(eq(buyerListings.id, florida.id));
      const res = await ctx.app.inject({ url: "/api/buyer-listings" });
      expect(res.json().map((l: { title: string; isBoosted: boolean }) => [l.title, l.isBoosted])).toEqual([
        ["Personal Injury Intake", true],
        ["Debt Settlement Calls", true],
        ["Final Expense Inbound Calls", false],
        ["Roofing Estimates Texas", false],
        ["Medicare Advantage Leads", false],
      ]);
    });

    it.each([
      ["?vertical=Plumbing", /vertical/],
      ["?payoutMin=abc", /payoutMin/],
      ["?payoutMin=100&payoutMax=50", /payoutMin must be less than payoutMax/],
      ["?geo=Mars", /geo/],
      ["?sort=random", /sort/],
      ["?limit=0", /limit/],
      ["?limit=101", /limit/],
      ["?limit=ten", /limit/],
      ["?vertical=Legal&vertical=Medical", /vertical/],
      [`?search=${"x".repeat(201)}`, /search/],
      ["?cursor=%%%", /Invalid cursor/],
      ["?cursor=bm90LWpzb24", /Invalid cursor/],
      [
        `?cursor=${Buffer.from('{"s":"newest","k":"yesterday","i":"x"}').toString("base64url")}`,
        /Invalid cursor/,
      ],
      [
        `?cursor=${Buffer.from('{"s":"payout","p":"10.00","i":"00000000-0000-4000-8000-000000000000"}').toString("base64url")}`,
        /Invalid cursor/,
      ],
    ])("rejects %s with a clear 400", async (query, message) => {
      const res = await ctx.app.inject({ url: `/api/buyer-listings${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation");
      expect(res.json().message).toMatch(message);
    });
  });

  describe("pagination", () => {
    async function seedMany(count: number) {
      const { profile } = await createBuyer(db());
      const now = Date.now();
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const listing = await createListing(db(), profile.id, {
          title: `Listing ${i}`,
          // Equal payouts and timestamps in pairs, so the id tie-breaker is exercised.
          payout: `${50 + Math.floor(i / 2)}.00`,
          createdAt: new Date(now - Math.floor(i / 2) * HOUR),
          boostedUntil: i % 4 === 0 ? new Date(now + 24 * HOUR) : null,
        });
        ids.push(listing.id);
      }
      return { profile, ids };
    }

    it.each(["boosted", "newest", "payout"])(
      "walks every page of sort=%s without duplicates or gaps while a listing is added",
      async (sort) => {
        const { profile, ids } = await seedMany(11);
        const seen = await fetchAllPages(`/api/buyer-listings?sort=${sort}&limit=3`, {
          betweenPages: async (page) => {
            if (page === 1) {
              await createListing(db(), profile.id, {
                title: "Inserted mid-scroll",
                payout: "10.00",
                boostedUntil: new Date(Date.now() + HOUR),
              });
            }
          },
        });
        expect(new Set(seen).size).toBe(seen.length);
        for (const id of ids) expect(seen).toContain(id);
      },
    );

    it("keeps the filters in the next link and stops with no Link on the last page", async () => {
      await seedMany(5);
      const first = await ctx.app.inject({
        url: "/api/buyer-listings?vertical=Insurance&limit=3&sort=newest",
      });
      expect(first.json()).toHaveLength(3);
      const link = first.headers.link as string;
      expect(link).toMatch(
        /^<\/api\/buyer-listings\?vertical=Insurance&limit=3&sort=newest&cursor=[\w-]+>; rel="next"$/,
      );
      const second = await ctx.app.inject({ url: link.slice(1, link.indexOf(">")) });
      expect(second.json()).toHaveLength(2);
      expect(second.headers.link).toBeUndefined();
    });

    it("refuses a cursor from another sort order", async () => {
      await seedMany(4);
      const first = await ctx.app.inject({ url: "/api/buyer-listings?sort=newest&limit=2" });
      const cursor = (first.headers.link as string).match(/cursor=([\w-]+)/)![1];
      const res = await ctx.app.inject({ url: `/api/buyer-listings?sort=payout&cursor=${cursor}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation",
        message: expect.stringMatching(/Invalid cursor/),
      });
    });

    it("refuses forged cursors with out-of-range timestamps (newest k, boosted t) with 400", async () => {
      await seedMany(4);
      const cursorOf = async (sort: string) => {
        const first = await ctx.app.inject({ url: `/api/buyer-listings?sort=${sort}&limit=2` });
        const raw = (first.headers.link as string).match(/cursor=([\w-]+)/)![1]!;
        return JSON.parse(Buffer.from(raw, "base64url").toString()) as Record<string, unknown>;
      };
      const encode = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
      const newest = await cursorOf("newest");
      const boosted = await cursorOf("boosted");
      const forged = [
        ["newest", { ...newest, k: "0000-01-01T00:00:00.000000Z" }],
        ["newest", { ...newest, t: "0000-01-01T00:00:00.000Z" }],
        ["boosted", { ...boosted, t: "0000-01-01T00:00:00.000Z" }],
        ["boosted", { ...boosted, k: "0000-12-31T23:59:59.999999Z" }],
        ["newest", { ...newest, k: "1969-12-31T23:59:59.999999Z" }],
      ] as const;
      for (const [sort, cursor] of forged) {
        const res = await ctx.app.inject({
          url: `/api/buyer-listings?sort=${sort}&cursor=${encode(cursor)}`,
        });
        expect(res.statusCode, JSON.stringify(cursor)).toBe(400);
        expect(res.json()).toMatchObject({
          code: "validation",
          message: expect.stringMatching(/Invalid cursor/),
        });
      }
    });

    it("defaults to 24 per page", async () => {
      await seedMany(25);
      const res = await ctx.app.inject({ url: "/api/buyer-listings" });
      expect(res.json()).toHaveLength(24);
      const link = res.headers.link as string;
      expect(link).toMatch(/^<\/api\/buyer-listings\?cursor=[\w-]+>; rel="next"$/);
      const rest = await ctx.app.inject({ url: link.slice(1, link.indexOf(">")) });
      expect(rest.json()).toHaveLength(1);
      expect(rest.headers.link).toBeUndefined();
    });
  });

  describe("one listing", () => {
    it("answers 404 Listing not found for unknown, malformed and paused listings", async () => {
      const { own } = await seedTwoBuyers();
      const paused = await createListing(db(), own.profile.id, { status: "paused" });
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope", paused.id]) {
        const res = await ctx.app.inject({ url: `/api/buyer-listings/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Listing not found", code: "not_found" });
      }
      const cookie = await signIn(ctx, "owner@example.test");
      const asOwner = await ctx.app.inject({ url: `/api/buyer-listings/${paused.id}`, headers: { cookie } });
      expect(asOwner.statusCode).toBe(200);
      expect(asOwner.json().status).toBe("paused");
    });

    it("counts one view per viewer per day, not the owner's, and reports 30-day figures", async () => {
      const { ownListing } = await seedTwoBuyers();
      const visit = (headers: Record<string, string>, remoteAddress = "203.0.113.1") =>
        ctx.app.inject({ url: `/api/buyer-listings/${ownListing.id}`, headers, remoteAddress });
      await visit({ "user-agent": "browser-a" });
      await visit({ "user-agent": "browser-a" });
      // A visitor cannot inflate the count by changing the User-Agent: visitors are counted by address.
      await visit({ "user-agent": "browser-b" });
      await visit({ "user-agent": "browser-a" }, "203.0.113.2");
      const reader = await createUser(db(), { role: "publisher" });
      const readerCookie = await signIn(ctx, reader.email);
      await visit({ cookie: readerCookie });
      await visit({ cookie: readerCookie });
      const ownerCookie = await signIn(ctx, "owner@example.test");
      const asOwner = await visit({ cookie: ownerCookie });
      expect(asOwner.json().stats).toEqual({ views: 3, reveals: 0 });
      const views = await db().select().from(listingEvents).where(eq(listingEvents.kind, "view"));
      expect(views).toHaveLength(3);
      expect(JSON.stringify(views)).not.toContain("203.0.113");
    });

    it("never shows more contact reveals than views: a reveal counts as its visitor's view", async () => {
      const { ownListing } = await seedTwoBuyers();
      const reveal = async (cookie: string) => {
        const res = await ctx.app.inject({
          method: "POST",
          url: `/api/reveal-contact/${ownListing.id}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(200);
      };
      // One Premium reader reveals four times without opening the page (as through the API); another
      // opens it, then reveals twice. A plain visitor only looks.
      for (const email of ["reveal-a@example.test", "reveal-b@example.test"]) {
        const reader = await createUser(db(), { role: "publisher", email });
        await grantPremium(db(), reader.id);
      }
      const a = await signIn(ctx, "reveal-a@example.test");
      for (let i = 0; i < 4; i++) await reveal(a);
      const b = await signIn(ctx, "reveal-b@example.test");
      await ctx.app.inject({ url: `/api/buyer-listings/${ownListing.id}`, headers: { cookie: b } });
      await reveal(b);
      await reveal(b);
      await ctx.app.inject({ url: `/api/buyer-listings/${ownListing.id}`, remoteAddress: "203.0.113.9" });
      const owner = await signIn(ctx, "owner@example.test");
      const page = await ctx.app.inject({
        url: `/api/buyer-listings/${ownListing.id}`,
        headers: { cookie: owner },
      });
      expect(page.json().stats).toEqual({ views: 3, reveals: 2 });
    });

    it("counts the view a server-drawn page reports as a read counts it: once a day, never the owner's", async () => {
      const { own, ownListing } = await seedTwoBuyers();
      const report = (
        headers: Record<string, string> = {},
        remoteAddress = "203.0.113.1",
        id = ownListing.id,
      ) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/buyer-listings/${id}/views`,
          headers,
          remoteAddress,
        });
      expect((await report()).statusCode).toBe(204);
      await report();
      // The page read first, then reported: still one view for that visitor today.
      await ctx.app.inject({ url: `/api/buyer-listings/${ownListing.id}`, remoteAddress: "203.0.113.1" });
      await report({}, "203.0.113.2");
      const owner = await signIn(ctx, "owner@example.test");
      expect((await report({ cookie: owner })).statusCode).toBe(204);
      const views = await db().select().from(listingEvents).where(eq(listingEvents.kind, "view"));
      expect(views).toHaveLength(2);

      // What a visitor may not read, they may not view: 404, nothing counted.
      const paused = await createListing(db(), own.profile.id, { status: "paused" });
      for (const id of [paused.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
        const res = await report({}, "203.0.113.3", id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: "Listing not found", code: "not_found" });
      }
      expect(await db().select().from(listingEvents).where(eq(listingEvents.kind, "view"))).toHaveLength(2);
    });

    it("does not count a HEAD request as a view", async () => {
      const { ownListing } = await seedTwoBuyers();
      const url = `/api/buyer-listings/${ownListing.id}`;
      for (const remoteAddress of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        const head = await ctx.app.inject({ method: "HEAD", url, remoteAddress });
        expect(head.statusCode).toBe(200);
      }
      expect(await db().select().from(listingEvents)).toEqual([]);
      await ctx.app.inject({ url, remoteAddress: "203.0.113.1" });
      expect(await db().select().from(listingEvents)).toHaveLength(1);
    });

    it("formats money as a string and durations as integers", async () => {
      const { own } = await seedTwoBuyers();
      const listing = await createListing(db(), own.profile.id, {
        payout: "72.5",
        durationRequirement: 90,
        minVolume: 10,
        geos: ["Texas"],
      });
      const res = await ctx.app.inject({ url: `/api/buyer-listings/${listing.id}` });
      expect(res.json()).toMatchObject({
        payout: "72.50",
        durationRequirement: 90,
        minVolume: 10,
        geos: ["Texas"],
        paymentTerms: "Net 30",
        isSaved: false,
        isVerified: false,
        isBoosted: false,
      });
    });
  });

  describe("saved listings", () => {
    it("sends signed-out visitors a 401", async () => {
      const { ownListing } = await seedTwoBuyers();
      for (const [method, url] of [
        ["PUT", `/api/saved-listings/${ownListing.id}`],
        ["DELETE", `/api/saved-listings/${ownListing.id}`],
        ["GET", "/api/saved-listings"],
      ] as const) {
        const res = await ctx.app.inject({ method, url });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe("unauthorized");
      }
    });

    it("saves, lists and unsaves a listing, idempotently, with contacts still masked", async () => {
      const { other, otherListing } = await seedTwoBuyers();
      const user = await createUser(db(), { role: "publisher" });
      const cookie = await signIn(ctx, user.email);
      const save = () =>
        ctx.app.inject({ method: "PUT", url: `/api/saved-listings/${otherListing.id}`, headers: { cookie } });
      expect((await save()).statusCode).toBe(204);
      expect((await save()).statusCode).toBe(204);
      const saved = await ctx.app.inject({ url: "/api/saved-listings", headers: { cookie } });
      expect(saved.json().map((l: { id: string }) => l.id)).toEqual([otherListing.id]);
      for (const secret of secretsOf(other.profile)) expect(saved.body).not.toContain(secret);
      const detail = await ctx.app.inject({
        url: `/api/buyer-listings/${otherListing.id}`,
        headers: { cookie },
      });
      expect(detail.json().isSaved).toBe(true);

      const unsave = () =>
        ctx.app.inject({
          method: "DELETE",
          url: `/api/saved-listings/${otherListing.id}`,
          headers: { cookie },
        });
      expect((await unsave()).statusCode).toBe(204);
      expect((await unsave()).statusCode).toBe(204);
      expect(await db().select().from(savedListings)).toHaveLength(0);
    });

    it("answers 404 when saving an unknown listing", async () => {
      const user = await createUser(db(), { role: "publisher" });
      const cookie = await signIn(ctx, user.email);
      for (const id of ["00000000-0000-4000-8000-000000000000", "x"]) {
        const res = await ctx.app.inject({
          method: "PUT",
          url: `/api/saved-listings/${id}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe("not_found");
      }
    });
  });

  describe("a buyer's own listings (?mine=1)", () => {
    it("lists every status of the signed-in buyer's listings and nobody else's", async () => {
      const { own, ownListing } = await seedTwoBuyers();
      const paused = await createListing(db(), own.profile.id, { status: "paused", title: "Paused one" });
      const cookie = await signIn(ctx, "owner@example.test");
      const res = await ctx.app.inject({
        url: "/api/buyer-listings?mine=1&sort=newest",
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .map((l: { id: string }) => l.id)
          .sort(),
      ).toEqual([ownListing.id, paused.id].sort());
      const signedOut = await ctx.app.inject({ url: "/api/buyer-listings?mine=1" });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().code).toBe("unauthorized");
    });
  });
});
