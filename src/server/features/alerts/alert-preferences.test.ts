import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ALERT_LIMITS, DEFAULT_TIME_ZONE } from "../../../shared/constants";
import { ALERT_MESSAGES } from "../../../shared/schemas/alerts";
import { BROKEN_TEXT_MESSAGE } from "../../../shared/schemas/common";
import { notificationPreferences, savedSearches, subscriptions } from "../../db/schema";
import { TEST_APP_URL, useTestApp } from "../../test/context";
import { createSignedInUser, grantPremium } from "../../test/factories";
import { setComplimentaryPremium } from "../subscriptions/complimentary";

// The Alerts tab's API: notification preferences and saved searches, and who may use them.

describe("notification preferences and saved searches", () => {
  const ctx = useTestApp();

  const publisher = () => createSignedInUser(ctx, { role: "publisher" });
  const call = (
    cookie: string,
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
  ) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
  const storedRow = async (userId: string) =>
    (
      await ctx.database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
    )[0];

  describe("GET and PUT /api/notification-preferences", () => {
    it("answers the defaults before the first save: weekly, by email, any listing", async () => {
      const { cookie } = await publisher();
      const res = await call(cookie, "GET", "/api/notification-preferences");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.json()).toEqual({
        configured: false,
        filtersEnabled: true,
        verticals: [],
        geos: [],
        tags: [],
        minPayout: null,
        frequency: "weekly",
        channels: ["email"],
        timeZone: DEFAULT_TIME_ZONE,
        unsubscribedAt: null,
      });
    });

    it("shows the time zone the SMS section uses, and a save moves it only when the zone is changed", async () => {
      const { cookie } = await publisher();
      const smsZone = async () => (await call(cookie, "GET", "/api/sms")).json().timeZone;
      const shown = (await call(cookie, "GET", "/api/notification-preferences")).json();
      expect(shown.timeZone).toBe(DEFAULT_TIME_ZONE);
      expect(await smsZone()).toBe(shown.timeZone);

      // The form saved as shown (every field it holds), then another setting alone: the zone stays.
      const { configured: _c, unsubscribedAt: _u, ...form } = shown;
      const saved = await call(cookie, "PUT", "/api/notification-preferences", {
        ...form,
        frequency: "daily",
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().timeZone).toBe(DEFAULT_TIME_ZONE);
      await call(cookie, "PUT", "/api/notification-preferences", { minPayout: "25" });
      expect(await smsZone()).toBe(DEFAULT_TIME_ZONE);

      // Chosen in the form: both read the new zone.
      await call(cookie, "PUT", "/api/notification-preferences", { timeZone: "America/Denver" });
      expect(await smsZone()).toBe("America/Denver");
      expect((await call(cookie, "GET", "/api/notification-preferences")).json().timeZone).toBe(
        "America/Denver",
      );
    });

    it("changes only the fields sent; an empty list means any", async () => {
      const { cookie, user } = await publisher();
      const first = await call(cookie, "PUT", "/api/notification-preferences", {
        verticals: ["Insurance", "Solar", "Insurance"],
        geos: ["Texas"],
        tags: ["no-ivr"],
        minPayout: "40",
        frequency: "daily",
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        configured: true,
        verticals: ["Insurance", "Solar"],
        geos: ["Texas"],
        tags: ["no-ivr"],
        minPayout: "40.00",
        frequency: "daily",
        channels: ["email"],
      });

      const second = await call(cookie, "PUT", "/api/notification-preferences", { geos: [], minPayout: "" });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({
        verticals: ["Insurance", "Solar"],
        geos: [],
        minPayout: null,
        tags: ["no-ivr"],
        frequency: "daily",
      });
      expect(await storedRow(user.id)).toMatchObject({ geos: [], verticals: ["Insurance", "Solar"] });
    });

    it("refuses instant alerts to a free publisher with 403 premium_required, and keeps what was stored", async () => {
      const { cookie, user } = await publisher();
      await call(cookie, "PUT", "/api/notification-preferences", { frequency: "daily" });
      const res = await call(cookie, "PUT", "/api/notification-preferences", {
        frequency: "instant",
        verticals: ["Legal"],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: "premium_required", message: ALERT_MESSAGES.instantNeedsPremium });
      expect(await storedRow(user.id)).toMatchObject({ frequency: "daily", verticals: [] });
    });

    it("lets a Premium publisher choose instant, and reads it as daily once Premium is gone", async () => {
      const { cookie, user } = await publisher();
      const subscription = await grantPremium(ctx.database.db, user.id);
      const res = await call(cookie, "PUT", "/api/notification-preferences", { frequency: "instant" });
      expect(res.statusCode).toBe(200);
      expect(res.json().frequency).toBe("instant");

      // The period ran out without any event: the row still says instant, the answer says daily...
      await ctx.database.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
        .where(eq(subscriptions.id, subscription.id));
      expect((await call(cookie, "GET", "/api/notification-preferences")).json().frequency).toBe("daily");
      // ...and saving anything else stores daily rather than refusing the unrelated change.
      const other = await call(cookie, "PUT", "/api/notification-preferences", { verticals: ["Legal"] });
      expect(other.statusCode).toBe(200);
      expect(await storedRow(user.id)).toMatchObject({ frequency: "daily", verticals: ["Legal"] });
    });

    it("stores daily when complimentary Premium is taken back", async () => {
      const { cookie, user } = await publisher();
      await setComplimentaryPremium({ db: ctx.database.db, email: user.email, enabled: true });
      await call(cookie, "PUT", "/api/notification-preferences", { frequency: "instant" });
      expect((await storedRow(user.id))?.frequency).toBe("instant");
      await setComplimentaryPremium({ db: ctx.database.db, email: user.email, enabled: false });
      expect((await storedRow(user.id))?.frequency).toBe("daily");
    });

    it("keeps the time zone SMS quiet hours follow, and refuses an unknown one or SMS among the channels", async () => {
      const { cookie } = await publisher();
      const saved = await call(cookie, "PUT", "/api/notification-preferences", {
        timeZone: "America/Chicago",
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().timeZone).toBe("America/Chicago");
      for (const payload of [{ timeZone: "Mars/Olympus" }, { timeZone: "../etc" }, { channels: ["sms"] }]) {
        const refused = await call(cookie, "PUT", "/api/notification-preferences", payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const unknown = await call(cookie, "PUT", "/api/notification-preferences", {
        timeZone: "Mars/Olympus",
      });
      expect(JSON.stringify(unknown.json())).toContain(ALERT_MESSAGES.invalidTimeZone);
    });

    it("refuses unknown verticals, geographies, tags, frequencies and amounts with 400", async () => {
      const { cookie } = await publisher();
      for (const payload of [
        { verticals: ["Crypto"] },
        { geos: ["Mars"] },
        { tags: ["nope"] },
        { frequency: "hourly" },
        { channels: ["pigeon"] },
        { minPayout: "-5" },
        { minPayout: "12.345" },
        { filtersEnabled: "yes" },
      ]) {
        const res = await call(cookie, "PUT", "/api/notification-preferences", payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("is for publishers only, and for signed-in users only", async () => {
      for (const role of ["guest", "buyer", "admin"] as const) {
        const { cookie } = await createSignedInUser(ctx, { role });
        const res = await call(cookie, "GET", "/api/notification-preferences");
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message).toBe(ALERT_MESSAGES.publisherOnly);
      }
      const signedOut = await ctx.app.inject({ method: "GET", url: "/api/notification-preferences" });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe("saved searches", () => {
    it("saves the browse filters, lists them newest first and opens them as a browse query", async () => {
      const { cookie, user } = await publisher();
      const first = await call(cookie, "POST", "/api/saved-searches", {
        vertical: "Insurance",
        payout: "50-100",
        geo: "Texas",
        tags: ["no-ivr", "trustedform"],
        search: " final expense ",
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        vertical: "Insurance",
        payout: "50-100",
        geo: "Texas",
        tags: ["no-ivr", "trustedform"],
        search: "final expense",
        query: "search=final+expense&vertical=Insurance&payout=50-100&geo=Texas&tags=trustedform%2Cno-ivr",
      });
      const second = await call(cookie, "POST", "/api/saved-searches", { vertical: "Legal", search: "" });
      expect(second.statusCode).toBe(201);
      const list = await call(cookie, "GET", "/api/saved-searches");
      expect(list.json().map((s: { vertical: string }) => s.vertical)).toEqual(["Legal", "Insurance"]);

      // The first saved search sets alerts up with the defaults, without alerting about every listing.
      expect(await storedRow(user.id)).toMatchObject({ filtersEnabled: false, frequency: "weekly" });
      const rows = await ctx.database.db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, user.id));
      expect(rows.find((r) => r.vertical === "Insurance")).toMatchObject({
        payoutMin: "50.00",
        payoutMax: "100.00",
      });
    });

    it("refuses a search holding a lone surrogate with 400, not a 500", async () => {
      const { cookie } = await publisher();
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/saved-searches",
        headers: { cookie, origin: TEST_APP_URL, "content-type": "application/json" },
        payload: '{"search":"\\ud800"}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].message).toBe(BROKEN_TEXT_MESSAGE);
    });

    it("refuses an empty search, the same search twice and more than the limit", async () => {
      const { cookie } = await publisher();
      const empty = await call(cookie, "POST", "/api/saved-searches", { search: "  ", tags: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(ALERT_MESSAGES.emptySearch);
      expect((await call(cookie, "POST", "/api/saved-searches", { geo: "Ohio" })).statusCode).toBe(201);
      const again = await call(cookie, "POST", "/api/saved-searches", { geo: "Ohio" });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ALERT_MESSAGES.duplicateSearch);
      for (let i = 1; i < ALERT_LIMITS.savedSearchesMax; i++) {
        const res = await call(cookie, "POST", "/api/saved-searches", { search: `keyword ${i}` });
        expect(res.statusCode).toBe(201);
      }
      const over = await call(cookie, "POST", "/api/saved-searches", { search: "one too many" });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(ALERT_MESSAGES.tooManySearches);
    });

    it("deletes the user's own saved search and answers 404 for anyone else's", async () => {
      const owner = await publisher();
      const other = await publisher();
      const saved = (await call(owner.cookie, "POST", "/api/saved-searches", { vertical: "Solar" })).json();
      expect((await call(other.cookie, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
      expect((await call(other.cookie, "DELETE", "/api/saved-searches/not-a-uuid")).statusCode).toBe(404);
      expect((await call(owner.cookie, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
      expect((await call(owner.cookie, "GET", "/api/saved-searches")).json()).toEqual([]);
      expect((await call(owner.cookie, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    });

    it("is for publishers only", async () => {
      const { cookie } = await createSignedInUser(ctx, { role: "guest" });
      const res = await call(cookie, "POST", "/api/saved-searches", { vertical: "Solar" });
      expect(res.statusCode).toBe(403);
    });
  });
});
