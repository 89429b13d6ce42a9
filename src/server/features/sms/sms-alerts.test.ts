import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { SMS_LIMITS } from "../../../shared/constants";
import {
  alertDeliveries,
  buyerListings,
  mails,
  notificationPreferences,
  savedSearches,
  smsMessages,
  smsNumbers,
} from "../../db/schema";
import { transactionClient } from "../../jobs/job-queue";
import { TEST_APP_URL, useTestApp } from "../../test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createVerifiedSmsNumber,
  grantPremium,
  grantSmsAddon,
} from "../../test/factories";
import { fakeTwilioEnv, signTwilioRequest, startFakeTwilio } from "../../test/fake-twilio";
import { announceListingsActivated } from "../alerts/alert-jobs";
import { listingShortCode } from "./short-link";

// SMS alerts through the job queue against the loopback fake Twilio: who gets a text, quiet hours and
// the daily cap on the user's clock (the app's clock, moved by the tests), retries, and Twilio's status
// callbacks through the real route. Times are in 2027 so that no release job, scheduled for a local
// 08:00 on the app's clock, is due on the real one: only `ignoreStartAfter` runs it.

const twilio = await startFakeTwilio();
let clock = new Date("2027-01-12T17:00:00Z"); // 12:00 in New York

describe("SMS alerts", () => {
  const ctx = useTestApp({ env: fakeTwilioEnv(twilio), now: () => clock });
  const db = () => ctx.database.db;
  afterAll(() => twilio.close());
  let buyerId: string;
  beforeEach(async () => {
    twilio.reset();
    clock = new Date("2027-01-12T17:00:00Z");
    buyerId = (await createBuyer(db())).profile.id;
  });

  let phoneSeq = 1000;
  /**
   * A publisher with Premium, the add-on, a verified number and alert preferences for Insurance; each
   * can be left out or changed. Email alerts stay weekly: SMS does not depend on them.
   */
  async function texter({
    premium = true,
    addon = true,
    number = {},
    preferences = { verticals: ["Insurance"] },
  }: {
    premium?: boolean;
    addon?: boolean;
    number?: Partial<typeof smsNumbers.$inferInsert> | null;
    preferences?: Partial<typeof notificationPreferences.$inferInsert>;
  } = {}) {
    const { user } = await createPublisher(db());
    if (premium) await grantPremium(db(), user.id);
    if (addon) await grantSmsAddon(db(), user.id);
    const phone = `+1201555${phoneSeq++}`;
    if (number) await createVerifiedSmsNumber(db(), user.id, { phone, ...number });
    await db()
      .insert(notificationPreferences)
      .values({ userId: user.id, ...preferences });
    return { user, phone };
  }

  /** Active listings announced as a buyer's post would, in its transaction. */
  async function announce(listingIds: string[]) {
    await db().transaction((tx) =>
      announceListingsActivated({ jobs: ctx.app.jobs, listingIds, within: transactionClient(tx) }),
    );
  }

  async function newListings(count: number, values: Parameters<typeof createListing>[2] = {}) {
    const listings = [];
    for (let i = 0; i < count; i++) {
      listings.push(await createListing(db(), buyerId, { title: `Final Expense Calls ${i + 1}`, ...values }));
    }
    await announce(listings.map((l) => l.id));
    return listings;
  }

  const textsTo = (phone: string) => twilio.messages.filter((m) => m.to === phone);
  const deliveries = (userId: string) =>
    db()
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.userId, userId), eq(alertDeliveries.channel, "sms")));
  const messagesOf = (userId: string) =>
    db().select().from(smsMessages).where(eq(smsMessages.userId, userId));

  /** A text from `phone` to our number, signed as Twilio signs its webhook. */
  const replyFrom = (phone: string, body: string) => {
    const fields = { From: phone, To: "+12015550100", Body: body, MessageSid: `SM-${body}` };
    return ctx.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signTwilioRequest(`${TEST_APP_URL}/api/sms/inbound`, fields),
      },
      payload: new URLSearchParams(fields).toString(),
    });
  };

  it("sends no more texts after a STOP reply, and texts again after START", async () => {
    const { user, phone } = await texter();
    const reply = (body: string) => replyFrom(phone, body);
    expect((await reply("STOP")).statusCode).toBe(200);
    await newListings(1);
    await ctx.app.jobs.workUntilIdle();
    // Only the confirmation of the STOP: no alert.
    expect(textsTo(phone).map((m) => m.body)).toEqual([expect.stringContaining("no more texts")]);
    expect(await deliveries(user.id)).toEqual([]);

    expect((await reply("START")).statusCode).toBe(200);
    const [after] = await newListings(1, { title: "Medicare Inbound Calls" });
    await ctx.app.jobs.workUntilIdle();
    const texts = textsTo(phone).map((m) => m.body);
    expect(texts).toHaveLength(3);
    expect(texts.filter((b) => b.includes("Medicare Inbound Calls"))).toHaveLength(1);
    expect((await deliveries(user.id)).map((d) => d.listingId)).toEqual([after!.id]);
  });

  it("texts no alert to a number that replied STOP, though another account verified it", async () => {
    const { phone } = await texter();
    const stop = await replyFrom(phone, "STOP");
    expect(stop.statusCode).toBe(200);
    // Another account holds the same number as verified (as one could before a STOP was the number's).
    const other = await texter({ number: null });
    await createVerifiedSmsNumber(db(), other.user.id, { phone });
    await newListings(1);
    await ctx.app.jobs.workUntilIdle();
    expect(textsTo(phone).map((m) => m.body)).toEqual([expect.stringContaining("no more texts")]);
    expect(await deliveries(other.user.id)).toEqual([]);
  });

  it("texts a matching listing once to each user who receives texts, and to nobody else", async () => {
    const byPreferences = await texter();
    const bySavedSearch = await texter({ preferences: { filtersEnabled: false } });
    await db()
      .insert(savedSearches)
      .values({ userId: bySavedSearch.user.id, vertical: "Insurance", filtersKey: "vertical=Insurance" });
    const free = await texter({ premium: false });
    const noAddon = await texter({ addon: false });
    const unverified = await texter({ number: { verifiedAt: null } });
    const optedOut = await texter({ number: { optedOutAt: new Date(), optOutSource: "sms" } });
    const suspended = await texter({ number: { suspendedAt: new Date() } });
    const otherVertical = await texter({ preferences: { verticals: ["Legal"] } });
    const noNumber = await texter({ number: null });

    const [listing] = await newListings(1, { title: "Final Expense Inbound Calls", payout: "45.00" });
    await ctx.app.jobs.workUntilIdle();

    expect(twilio.messages.map((m) => m.to).sort()).toEqual(
      [byPreferences.phone, bySavedSearch.phone].sort(),
    );
    for (const other of [free, noAddon, unverified, optedOut, suspended, otherVertical, noNumber]) {
      expect(textsTo(other.phone)).toEqual([]);
    }
    const link = `${TEST_APP_URL}/l/${listingShortCode(listing!.id)}`;
    const [text] = textsTo(byPreferences.phone);
    expect(text!.body).toBe(
      `PayPerCall Hub: new Insurance buyer, $45/call: Final Expense Inbound Calls ${link} Reply STOP to opt out`,
    );
    expect(text!.statusCallback).toBe(`${TEST_APP_URL}/api/sms/status`);
    const [recorded] = await messagesOf(byPreferences.user.id);
    expect(recorded).toMatchObject({
      phone: byPreferences.phone,
      kind: "alert",
      body: text!.body,
      listingIds: [listing!.id],
      status: "queued",
      providerSid: text!.sid,
    });
    expect(await deliveries(byPreferences.user.id)).toMatchObject([{ status: "sent", kind: "instant" }]);

    // Announced again (an edit, a resumed listing) and the jobs run again: nothing more.
    await announce([listing!.id]);
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(twilio.messages).toHaveLength(2);

    // The link opens the listing's page; a code that is none is not found.
    const opened = await ctx.app.inject({ url: `/l/${listingShortCode(listing!.id)}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/listings/${listing!.id}`);
    expect((await ctx.app.inject({ url: "/l/not-a-code" })).statusCode).toBe(404);
  });

  it("holds a text due in quiet hours until 08:00 local, and merges what was held into one summary", async () => {
    const { user, phone } = await texter();
    clock = new Date("2027-01-13T04:00:00Z"); // 23:00 in New York
    const [first] = await newListings(1, { title: "Medicare Advantage Calls", payout: "60.00" });
    await ctx.app.jobs.workUntilIdle();
    clock = new Date("2027-01-13T06:30:00Z"); // 01:30
    await newListings(2, { activatedAt: new Date(Date.now() + 60_000) });
    await ctx.app.jobs.workUntilIdle();
    expect(twilio.messages).toEqual([]);
    expect((await deliveries(user.id)).map((d) => d.status)).toEqual(["held", "held", "held"]);

    clock = new Date("2027-01-13T13:00:00Z"); // 08:00
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(textsTo(phone)).toHaveLength(1);
    expect(textsTo(phone)[0]!.body).toMatch(
      /^PayPerCall Hub: 3 new buyers match your alerts: Final Expense Calls \d \(\$50\/call\) and 2 more: http:\/\/localhost:5000\/browse Reply STOP to opt out$/,
    );
    const [summary] = await messagesOf(user.id);
    expect(summary!.kind).toBe("summary");
    expect(summary!.listingIds).toHaveLength(3);
    expect(summary!.listingIds).toContain(first!.id);
    expect((await deliveries(user.id)).map((d) => d.status)).toEqual(["sent", "sent", "sent"]);

    // Nothing is left to send.
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(twilio.messages).toHaveLength(1);
  });

  it("drops held listings that were paused by the morning, and everything held for a user who stopped texts", async () => {
    const kept = await texter();
    const stopped = await texter();
    clock = new Date("2027-01-13T04:00:00Z"); // 23:00 in New York
    const [paused] = await newListings(2);
    await ctx.app.jobs.workUntilIdle();
    await db().update(buyerListings).set({ status: "paused" }).where(eq(buyerListings.id, paused!.id));
    await db()
      .update(smsNumbers)
      .set({ optedOutAt: new Date() })
      .where(eq(smsNumbers.userId, stopped.user.id));

    clock = new Date("2027-01-13T13:00:00Z"); // 08:00
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(twilio.messages.map((m) => m.to)).toEqual([kept.phone]);
    // One listing left: its own text, not a summary.
    expect(textsTo(kept.phone)[0]!.body).toContain(
      "new Insurance buyer, $50/call: Final Expense Calls 2 http",
    );
    expect(await deliveries(kept.user.id)).toMatchObject([{ status: "sent" }]);
    expect(await deliveries(stopped.user.id)).toEqual([]);
  });

  it("follows the user's own time zone, and sends one held listing as its own text", async () => {
    const { phone } = await texter({
      preferences: { verticals: ["Insurance"], timeZone: "America/Los_Angeles" },
    });
    clock = new Date("2027-01-13T04:00:00Z"); // 20:00 in Los Angeles (23:00 in New York)
    await newListings(1);
    await ctx.app.jobs.workUntilIdle();
    expect(textsTo(phone)).toHaveLength(1);

    clock = new Date("2027-01-13T06:00:00Z"); // 22:00 in Los Angeles
    await newListings(1, { title: "Solar Leads" });
    await ctx.app.jobs.workUntilIdle();
    expect(textsTo(phone)).toHaveLength(1);
    clock = new Date("2027-01-13T16:00:00Z"); // 08:00 in Los Angeles
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(textsTo(phone)).toHaveLength(2);
    expect(textsTo(phone)[1]!.body).toContain(": new Insurance buyer, $50/call: Solar Leads http");
  });

  it(`sends at most ${SMS_LIMITS.textsPerDay} texts a local day, and the rest in one summary the next morning`, async () => {
    const { user, phone } = await texter();
    clock = new Date("2027-01-12T14:00:00Z"); // 09:00 in New York
    await newListings(SMS_LIMITS.textsPerDay + 2);
    await ctx.app.jobs.workUntilIdle();
    expect(textsTo(phone)).toHaveLength(SMS_LIMITS.textsPerDay);
    expect((await deliveries(user.id)).filter((d) => d.status === "held")).toHaveLength(2);

    // Still the same day in New York (23:30): the release would wait again.
    clock = new Date("2027-01-13T04:30:00Z");
    await newListings(1);
    await ctx.app.jobs.workUntilIdle();
    expect(textsTo(phone)).toHaveLength(SMS_LIMITS.textsPerDay);

    clock = new Date("2027-01-13T13:00:00Z"); // 08:00 the next morning
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(textsTo(phone)).toHaveLength(SMS_LIMITS.textsPerDay + 1);
    expect(textsTo(phone).at(-1)!.body).toContain("3 new buyers match your alerts");
    expect((await deliveries(user.id)).every((d) => d.status === "sent")).toBe(true);
  });

  it("retries a text the provider could not take, and sends it once", async () => {
    const { user, phone } = await texter();
    twilio.failNext(1);
    await newListings(1);
    const first = await ctx.app.jobs.workUntilIdle();
    expect(first.failed).toBe(1);
    expect(textsTo(phone)).toEqual([]);
    expect(await deliveries(user.id)).toEqual([]);

    const retry = await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(retry).toEqual({ completed: 1, failed: 0 });
    expect(textsTo(phone)).toHaveLength(1);
    expect(await messagesOf(user.id)).toHaveLength(1);
    expect(await deliveries(user.id)).toMatchObject([{ status: "sent" }]);
  });

  it("records a text the provider refuses for good, without a retry", async () => {
    const { user } = await texter();
    twilio.failNext(1, { status: 400, code: 21211 });
    await newListings(1);
    // The two planning jobs (email and SMS) and the text's job: none failed, none left to retry.
    expect(await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true })).toEqual({ completed: 3, failed: 0 });
    expect(await messagesOf(user.id)).toMatchObject([
      { status: "failed", errorCode: "21211", providerSid: null },
    ]);
    const [number] = await db().select().from(smsNumbers).where(eq(smsNumbers.userId, user.id));
    expect(number!.consecutiveFailures).toBe(1);
    expect(twilio.requestCount()).toBe(1);
  });

  describe("delivery status callbacks", () => {
    const STATUS_URL = `${TEST_APP_URL}/api/sms/status`;
    function postStatus(fields: Record<string, string>, signature = signTwilioRequest(STATUS_URL, fields)) {
      return ctx.app.inject({
        method: "POST",
        url: "/api/sms/status",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        payload: new URLSearchParams(fields).toString(),
      });
    }
    const numberOf = async (userId: string) =>
      (await db().select().from(smsNumbers).where(eq(smsNumbers.userId, userId)))[0]!;

    it("records a delivery, resets the failures, and never moves a final status back", async () => {
      const { user, phone } = await texter({ number: { consecutiveFailures: 2 } });
      await newListings(1);
      await ctx.app.jobs.workUntilIdle();
      const [text] = textsTo(phone);

      const delivered = await postStatus({ MessageSid: text!.sid, MessageStatus: "delivered", To: phone });
      expect(delivered.statusCode).toBe(200);
      const late = await postStatus({ MessageSid: text!.sid, MessageStatus: "sent", To: phone });
      expect(late.statusCode).toBe(200);
      const [message] = await messagesOf(user.id);
      expect(message!.status).toBe("delivered");
      expect(message!.statusAt).not.toBeNull();
      expect((await numberOf(user.id)).consecutiveFailures).toBe(0);

      // A message id we never sent changes nothing.
      expect((await postStatus({ MessageSid: "SMunknown", MessageStatus: "failed" })).statusCode).toBe(200);
    });

    it(`suspends a number after ${SMS_LIMITS.failuresToSuspend} permanent failures, mails its owner, and texts it no more`, async () => {
      const { user, phone } = await texter();
      await newListings(SMS_LIMITS.failuresToSuspend + 1);
      await ctx.app.jobs.workUntilIdle();
      const texts = textsTo(phone);
      expect(texts).toHaveLength(SMS_LIMITS.failuresToSuspend + 1);

      // A failure that may pass does not count.
      await postStatus({ MessageSid: texts[0]!.sid, MessageStatus: "undelivered", ErrorCode: "30008" });
      expect((await numberOf(user.id)).consecutiveFailures).toBe(0);
      for (const text of texts.slice(1)) {
        const res = await postStatus({
          MessageSid: text.sid,
          MessageStatus: "undelivered",
          ErrorCode: "30003",
        });
        expect(res.statusCode).toBe(200);
      }
      const number = await numberOf(user.id);
      expect(number.consecutiveFailures).toBe(SMS_LIMITS.failuresToSuspend);
      expect(number.suspendedAt).not.toBeNull();
      const queued = await db().select().from(mails).where(eq(mails.kind, "sms"));
      expect(queued).toHaveLength(1);
      expect(queued[0]!.to).toBe(user.email);
      expect(queued[0]!.text).toContain("enter it again on the Alerts tab");
      expect(queued[0]!.text).toContain(`${TEST_APP_URL}/publisher/dashboard?tab=alerts`);

      await newListings(1);
      await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
      expect(textsTo(phone)).toHaveLength(SMS_LIMITS.failuresToSuspend + 1);
      expect(await db().select().from(mails).where(eq(mails.kind, "sms"))).toHaveLength(1);
    });

    it("refuses a callback whose signature does not check, and writes nothing", async () => {
      const { user, phone } = await texter();
      await newListings(1);
      await ctx.app.jobs.workUntilIdle();
      const [text] = textsTo(phone);
      const fields = { MessageSid: text!.sid, MessageStatus: "undelivered", ErrorCode: "30003" };
      const forged = await postStatus(fields, signTwilioRequest(STATUS_URL, fields, "not-the-auth-token"));
      expect(forged.statusCode).toBe(403);
      expect((await messagesOf(user.id))[0]!.status).toBe("queued");
      expect((await numberOf(user.id)).consecutiveFailures).toBe(0);
    });
  });
});
