import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { alertDeliveries, auditLogs, notificationPreferences, savedSearches } from "../../db/schema";
import { JOB_SCHEMA, transactionClient } from "../../jobs/job-queue";
import { sessionCookie, TEST_APP_URL, useTestApp } from "../../test/context";
import { createBuyer, createListing, createPublisher, createUser, grantPremium } from "../../test/factories";
import { type ReceivedMail, withSmtpSink } from "../../test/smtp-sink";
import { announceListingsActivated } from "./alert-jobs";
import { unsubscribeToken } from "./unsubscribe";

/** A user id as unsubscribe tokens begin: its 32 hex digits. */
const compactId = (id: string) => id.replace(/-/g, "");

// Listing alerts through the job queue, on the real SMTP path: every mail is read back from a
// loopback SMTP server. The jobs run deterministically with workUntilIdle; the last test starts the real
// workers to prove the wiring.

/** How many of the next deliveries the SMTP server refuses (a failing send). */
let refuseNext = 0;
const { env, sink } = withSmtpSink({
  refuse: () => refuseNext-- > 0,
  extraEnv: { MAIL_FROM: "Hub <hub@example.test>" },
});

interface Mail {
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** A received message's headers (unfolded, names lowercased) and its text, quoted-printable decoded. */
function readMail(mail: ReceivedMail): Mail {
  const split = mail.raw.indexOf("\r\n\r\n");
  const head = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = mail.raw.slice(split + 4);
  if (headers["content-transfer-encoding"] === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(bytes, "latin1").toString("utf8");
  }
  return { to: mail.to, headers, subject: headers.subject ?? "", text: body.replace(/\r\n/g, "\n") };
}

describe("listing alerts through the job queue", () => {
  const ctx = useTestApp({ env });
  const db = () => ctx.database.db;
  beforeEach(() => {
    sink.received.length = 0;
    refuseNext = 0;
  });

  const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email)).map(readMail);

  /** A publisher with alert preferences (instant by default) and, unless `premium: false`, Premium. */
  async function subscriber(
    preferences: Partial<typeof notificationPreferences.$inferInsert> = {},
    { premium = true, firstName }: { premium?: boolean; firstName?: string } = {},
  ) {
    const { user } = await createPublisher(db());
    if (firstName) await db().execute(sql`update users set first_name = ${firstName} where id = ${user.id}`);
    if (premium) await grantPremium(db(), user.id);
    await db()
      .insert(notificationPreferences)
      .values({ userId: user.id, frequency: "instant", ...preferences });
    return user;
  }

  /**
   * A buyer signed in through the real magic-link flow, to post listings through the API. Mail goes by
   * SMTP in this file, so the link is read from the sink, and that mail then taken out of it.
   */
  async function buyerSession() {
    const buyer = await createBuyer(db(), {
      company: "Acme Insurance",
      contactEmail: "deals@acme.example",
      contactPhone: "(555) 010-9999",
      applicationUrl: "https://acme.example/apply",
    });
    return { ...buyer, cookie: await signInBySmtp(buyer.user.email) };
  }

  async function signInBySmtp(email: string): Promise<string> {
    await ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
    // Only the sign-in mail's queue: the alert jobs stay queued for the test to run.
    await ctx.app.jobs.workUntilIdle({ queues: ["mail-sign-in"] });
    const index = sink.received.findIndex((m) => m.to.includes(email));
    // Quoted-printable may wrap the line: undo soft breaks before reading the token (mailer.test.ts).
    const raw = sink.received[index]!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = raw.match(/token=([\w-]{43})/)?.[1];
    sink.received.splice(index, 1);
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    return sessionCookie(verified);
  }

  async function postListing(cookie: string, body: Record<string, unknown>) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/buyer-listings",
      headers: { cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; title: string };
  }

  const deliveries = (userId: string) =>
    db().select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId));

  it("sends exactly 3 instant mails when a new listing matches 3 of 5 Premium users' alerts", async () => {
    const byVertical = await subscriber({ verticals: ["Insurance"] }, { firstName: "Ada" });
    const tooCheap = await subscriber({ minPayout: "100.00" });
    const bySavedSearch = await subscriber({ filtersEnabled: false });
    await db()
      .insert(savedSearches)
      .values({ userId: bySavedSearch.id, search: "final expense", filtersKey: "search=final+expense" });
    const byGeoAndTags = await subscriber({ geos: ["Texas"], tags: ["no-ivr"], minPayout: "50.00" });
    const otherVertical = await subscriber({ verticals: ["Legal"] });
    // Not instant for these three: no Premium (reads as daily), a daily digest, no email channel.
    const free = await subscriber({ verticals: ["Insurance"] }, { premium: false });
    const daily = await subscriber({ verticals: ["Insurance"], frequency: "daily" });
    const unsubscribed = await subscriber({ verticals: ["Insurance"], channels: [] });

    const buyer = await buyerSession();
    const listing = await postListing(buyer.cookie, {
      title: "Final Expense Inbound Calls",
      description: "Seniors 50-85, final expense and burial insurance.",
      vertical: "Insurance",
      payout: "75",
      geos: ["Texas"],
      tags: ["no-ivr", "call-recording"],
    });
    // Nothing is sent while the request runs: the queue does it.
    expect(sink.received).toHaveLength(0);

    const result = await ctx.app.jobs.workUntilIdle();
    // The planning jobs (email, and SMS: nobody here gets texts) and three mails.
    expect(result).toEqual({ completed: 5, failed: 0 });
    expect(sink.received).toHaveLength(3);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual(
      [byVertical.email, bySavedSearch.email, byGeoAndTags.email].sort(),
    );
    for (const user of [tooCheap, otherVertical, free, daily, unsubscribed]) {
      expect(mailsTo(user.email), user.email).toHaveLength(0);
    }

    const [mail] = mailsTo(byVertical.email);
    expect(mail?.subject).toBe("New buyer match: Final Expense Inbound Calls ($75.00 per call)");
    expect(mail?.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<${TEST_APP_URL}/unsubscribe/${compactId(byVertical.id)}[\\w-]{43}>$`),
    );
    expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toContain("Hi Ada,");
    expect(mail?.text).toContain("Insurance · $75.00 per call · Texas");
    expect(mail?.text).toContain("Requirements: Call recording required, No IVR/transfers");
    // Premium readers get the contact, and every reader the link.
    expect(mail?.text).toContain("Buyer: Acme Insurance\nEmail: deals@acme.example\nPhone: (555) 010-9999");
    expect(mail?.text).toContain(`View the listing: ${TEST_APP_URL}/listings/${listing.id}`);
    expect(mail?.text).toContain(
      `Unsubscribe from alert emails: ${TEST_APP_URL}/unsubscribe/${compactId(byVertical.id)}`,
    );

    // Announcing the same listing again (a retry, a duplicate) sends nothing more.
    await db().transaction((tx) =>
      announceListingsActivated({
        jobs: ctx.app.jobs,
        listingIds: [listing.id],
        within: transactionClient(tx),
      }),
    );
    await ctx.app.jobs.workUntilIdle();
    expect(sink.received).toHaveLength(3);
    const sent = await db().select().from(alertDeliveries);
    expect(sent).toHaveLength(3);
    expect(sent.every((d) => d.status === "sent" && d.kind === "instant" && d.channel === "email")).toBe(
      true,
    );
  });

  it("queues a listing's alert in the listing's own transaction: no listing without its alert, no alert without its listing", async () => {
    const buyer = await buyerSession();
    const queued = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql.raw(`select count(*)::int as n from ${JOB_SCHEMA}.job where name = 'alert-listings-activated'`),
        )
      )[0]?.n;
    const listings = async () =>
      (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from buyer_listings`))[0]?.n;

    // The queue cannot take the job (its table gone for a moment): the listing is not saved either.
    // Queued after the commit instead, the listing stayed and its alert was lost.
    await db().execute(sql.raw(`alter table ${JOB_SCHEMA}.job rename to job_away`));
    try {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/buyer-listings",
        headers: { cookie: buyer.cookie },
        payload: { title: "Final Expense", vertical: "Insurance", payout: "70" },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql.raw(`alter table ${JOB_SCHEMA}.job_away rename to job`));
    }
    expect(await listings()).toBe(0);
    expect(await queued()).toBe(0);

    // A change that rolls back takes its queued alert with it.
    const { profile } = await createBuyer(db());
    const listing = await createListing(db(), profile.id);
    await expect(
      db().transaction(async (tx) => {
        await announceListingsActivated({
          jobs: ctx.app.jobs,
          listingIds: [listing.id],
          within: transactionClient(tx),
        });
        throw new Error("the change fails after the announcement");
      }),
    ).rejects.toThrow("the change fails");
    expect(await queued()).toBe(0);

    await postListing(buyer.cookie, { title: "Final Expense", vertical: "Insurance", payout: "70" });
    expect(await queued()).toBe(1);
  });

  it("alerts about a listing the buyer resumes, and not while it is paused", async () => {
    const user = await subscriber({ verticals: ["Solar"] });
    const buyer = await buyerSession();
    const listing = await postListing(buyer.cookie, {
      title: "Solar Leads",
      vertical: "Solar",
      payout: "60",
      status: "paused",
    });
    await ctx.app.jobs.workUntilIdle();
    expect(mailsTo(user.email)).toHaveLength(0);

    const resumed = await ctx.app.inject({
      method: "PUT",
      url: `/api/buyer-listings/${listing.id}`,
      headers: { cookie: buyer.cookie },
      payload: { status: "active" },
    });
    expect(resumed.statusCode).toBe(200);
    await ctx.app.jobs.workUntilIdle();
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual([
      "New buyer match: Solar Leads ($60.00 per call)",
    ]);
  });

  it("alerts about listings an admin creates active or makes active, and those of a buyer enabled again", async () => {
    const user = await subscriber({ verticals: ["Legal"] });
    const admin = await createUser(db(), { role: "admin" });
    const cookie = await signInBySmtp(admin.email);
    const { profile } = await createBuyer(db());
    const asAdmin = (method: "POST" | "PUT" | "PATCH", url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method, url, headers: { cookie }, payload });

    const created = await asAdmin("POST", "/api/admin/buyer-listings", {
      buyerId: profile.id,
      title: "Mass Tort Intake",
      vertical: "Legal",
      payout: "120",
      status: "inactive",
    });
    expect(created.statusCode).toBe(201);
    await ctx.app.jobs.workUntilIdle();
    expect(mailsTo(user.email)).toHaveLength(0);
    const activated = await asAdmin("PUT", `/api/admin/buyer-listings/${created.json().id}`, {
      status: "active",
    });
    expect(activated.statusCode).toBe(200);
    const direct = await asAdmin("POST", "/api/admin/buyer-listings", {
      buyerId: profile.id,
      title: "Personal Injury Calls",
      vertical: "Legal",
      payout: "150",
    });
    expect(direct.statusCode).toBe(201);
    await ctx.app.jobs.workUntilIdle();
    expect(
      mailsTo(user.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "New buyer match: Mass Tort Intake ($120.00 per call)",
      "New buyer match: Personal Injury Calls ($150.00 per call)",
    ]);

    // A disabled buyer's listings leave the directory; enabling the account brings them back, announced.
    const other = await createBuyer(db());
    await asAdmin("PATCH", `/api/admin/users/${other.user.id}`, { disabled: true });
    await createListing(db(), other.profile.id, { title: "Workers Comp Leads", vertical: "Legal" });
    await asAdmin("PATCH", `/api/admin/users/${other.user.id}`, { disabled: false });
    await ctx.app.jobs.workUntilIdle();
    expect(mailsTo(user.email).map((m) => m.subject)).toContain(
      "New buyer match: Workers Comp Leads ($50.00 per call)",
    );
  });

  it("sends a digest with each new match once, contacts for Premium readers only, and a second run sends nothing", async () => {
    const premiumDaily = await subscriber({ verticals: ["Insurance"], frequency: "daily" });
    const freeDaily = await subscriber({ verticals: ["Insurance"], frequency: "daily" }, { premium: false });
    // Instant without Premium is sent as daily; this one alerts by a saved search only.
    const lapsed = await subscriber({ frequency: "instant", filtersEnabled: false }, { premium: false });
    await db().insert(savedSearches).values({ userId: lapsed.id, geo: "Texas", filtersKey: "geo=Texas" });
    const weekly = await subscriber({ verticals: ["Insurance"], frequency: "weekly" });

    const { profile } = await createBuyer(db(), {
      company: "Acme Insurance",
      contactEmail: "deals@acme.example",
    });
    const texas = await createListing(db(), profile.id, { title: "Texas Auto Insurance", geos: ["Texas"] });
    const florida = await createListing(db(), profile.id, { title: "Florida Medicare", geos: ["Florida"] });
    const legal = await createListing(db(), profile.id, {
      title: "Texas Injury Claims",
      vertical: "Legal",
      geos: ["Texas"],
    });
    await createListing(db(), profile.id, { title: "Paused Insurance", status: "paused" });
    await createListing(db(), profile.id, {
      title: "Old Insurance",
      activatedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
    });

    await ctx.app.jobs.send("alert-digest-daily", { frequency: "daily" });
    await ctx.app.jobs.workUntilIdle();

    const [premiumMail, ...morePremium] = mailsTo(premiumDaily.email);
    expect(morePremium).toHaveLength(0);
    expect(premiumMail?.subject).toBe("Your daily buyer digest: 2 new listings match your alerts");
    expect(premiumMail?.text).toContain("Since you set up your alerts, 2 new listings match them:");
    expect(premiumMail?.text).toContain("Texas Auto Insurance");
    expect(premiumMail?.text).toContain("Florida Medicare");
    expect(premiumMail?.text).toContain("Email: deals@acme.example");
    expect(premiumMail?.text).not.toContain("Paused Insurance");
    expect(premiumMail?.text).not.toContain("Old Insurance");
    expect(premiumMail?.headers["list-unsubscribe"]).toContain(`/unsubscribe/${compactId(premiumDaily.id)}`);

    const [freeMail] = mailsTo(freeDaily.email);
    expect(freeMail?.text).toContain("Texas Auto Insurance");
    expect(freeMail?.text).not.toContain("deals@acme.example");
    expect(freeMail?.text).not.toContain("Acme Insurance");
    expect(freeMail?.text).toContain(`are for Premium members: ${TEST_APP_URL}/pricing`);

    const [lapsedMail] = mailsTo(lapsed.email);
    expect(lapsedMail?.subject).toBe("Your daily buyer digest: 2 new listings match your alerts");
    expect(lapsedMail?.text).toContain(texas.title);
    expect(lapsedMail?.text).toContain(legal.title);
    expect(lapsedMail?.text).not.toContain(florida.title);
    expect(mailsTo(weekly.email)).toHaveLength(0);
    expect(sink.received).toHaveLength(3);

    // The next run finds nothing new: no mail at all.
    await ctx.app.jobs.send("alert-digest-daily", { frequency: "daily" });
    await ctx.app.jobs.workUntilIdle();
    expect(sink.received).toHaveLength(3);

    // A new listing later: the next digest carries it alone.
    const later = await createListing(db(), profile.id, { title: "Kentucky Final Expense", geos: ["Ohio"] });
    await ctx.app.jobs.send("alert-digest-daily", { frequency: "daily" });
    await ctx.app.jobs.workUntilIdle();
    const second = mailsTo(premiumDaily.email)[1];
    expect(second?.subject).toBe("Your daily buyer digest: 1 new listing matches your alerts");
    expect(second?.text).toContain("Since your last digest, 1 new listing matches your alerts:");
    expect(second?.text).toContain(later.title);
    expect(second?.text).not.toContain(texas.title);

    // The weekly round is its own: everything new for the weekly reader, once.
    await ctx.app.jobs.send("alert-digest-weekly", { frequency: "weekly" });
    await ctx.app.jobs.workUntilIdle();
    const weeklyMails = mailsTo(weekly.email);
    expect(weeklyMails).toHaveLength(1);
    expect(weeklyMails[0]?.subject).toBe("Your weekly buyer digest: 3 new listings match your alerts");
    const perUser = await queryRows<{ userId: string; n: number }>(
      db(),
      sql`select user_id as "userId", count(*)::int as n from alert_deliveries group by user_id`,
    );
    expect(new Map(perUser.map((r) => [r.userId, r.n]))).toEqual(
      new Map([
        [premiumDaily.id, 3],
        [freeDaily.id, 3],
        [lapsed.id, 2],
        [weekly.id, 3],
      ]),
    );
  });

  it("retries a failing SMTP send with backoff and sends it once", async () => {
    const user = await subscriber({ verticals: ["Insurance"] });
    const buyer = await buyerSession();
    refuseNext = 1;
    await postListing(buyer.cookie, {
      title: "Medicare Advantage Calls",
      vertical: "Insurance",
      payout: "90",
    });

    const first = await ctx.app.jobs.workUntilIdle();
    // The planning jobs (email and SMS) ran; the mail failed.
    expect(first).toEqual({ completed: 2, failed: 1 });
    expect(mailsTo(user.email)).toHaveLength(0);
    // The failed attempt gave its claim back...
    expect(await deliveries(user.id)).toHaveLength(0);
    const [job] = await queryRows<{
      id: string;
      state: string;
      retryCount: number;
      retryLimit: number;
      waits: boolean;
    }>(
      db(),
      sql.raw(`select id, state, retry_count as "retryCount", retry_limit as "retryLimit",
                 start_after > now() + interval '5 seconds' as waits
               from ${JOB_SCHEMA}.job where name = 'alert-instant-mail'`),
    );
    // ...and the job waits for its backoff (10 s first) before the retry, with the queue's rules.
    expect(job).toMatchObject({ state: "retry", retryCount: 0, retryLimit: 8, waits: true });
    expect(await ctx.app.jobs.workUntilIdle()).toEqual({ completed: 0, failed: 0 });

    // The retry (run now rather than after the backoff) sends the mail, once.
    expect(await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true })).toEqual({ completed: 1, failed: 0 });
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual([
      "New buyer match: Medicare Advantage Calls ($90.00 per call)",
    ]);
    const record = await ctx.app.jobs.getJob("alert-instant-mail", job!.id);
    expect(record).toMatchObject({ state: "completed", retryCount: 1 });
    expect(await deliveries(user.id)).toMatchObject([{ status: "sent" }]);
    await ctx.app.jobs.workUntilIdle({ ignoreStartAfter: true });
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("stops the next mail once the user unsubscribes with the mail's one-click link", async () => {
    const user = await subscriber({ verticals: ["Insurance"] });
    const buyer = await buyerSession();
    await postListing(buyer.cookie, { title: "First Insurance Calls", vertical: "Insurance", payout: "50" });
    await ctx.app.jobs.workUntilIdle();
    const [mail] = mailsTo(user.email);
    const link = mail?.headers["list-unsubscribe"]?.slice(1, -1) ?? "";
    const path = new URL(link).pathname;
    const token = path.split("/").at(-1)!;

    // The confirm page reads whose alerts the link stops; a scanner's GET changes nothing.
    const info = await ctx.app.inject({ method: "GET", url: `/api/unsubscribe/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: `${user.email[0]}•••@example.test`, isSubscribed: true });
    const page = await ctx.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);

    // RFC 8058 one-click: a form POST from the mail provider's servers, no cookie, no Origin of ours.
    const oneClick = await ctx.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: true, email: `${user.email[0]}•••@example.test` });
    const [row] = await db()
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id));
    expect(row?.channels).toEqual([]);
    expect(row?.unsubscribedAt).not.toBeNull();
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, "alerts.unsubscribed"));
    expect(audit).toHaveLength(1);

    await postListing(buyer.cookie, { title: "Second Insurance Calls", vertical: "Insurance", payout: "50" });
    await ctx.app.jobs.workUntilIdle();
    await ctx.app.jobs.send("alert-digest-daily", { frequency: "daily" });
    await ctx.app.jobs.workUntilIdle();
    expect(mailsTo(user.email)).toHaveLength(1);

    // Doing it again (the page's button, JSON) is harmless; a multipart one-click is accepted too.
    const again = await ctx.app.inject({ method: "POST", url: path, payload: {} });
    expect(again.statusCode).toBe(200);
    const multipart = await ctx.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/unsubscribe/${token}` })).json().isSubscribed,
    ).toBe(false);
  });

  it("refuses a forged or altered unsubscribe link with 404", async () => {
    const user = await subscriber();
    const other = await subscriber();
    const forged = `${compactId(user.id)}${"A".repeat(43)}`;
    const real = unsubscribeToken(ctx.config.sessionSecret, other.id);
    for (const token of [
      forged,
      // Another user's signature on this user's id.
      `${compactId(user.id)}${real.slice(32)}`,
      `${real}A`,
      real.slice(0, -1),
      "not-a-token",
      compactId(user.id),
    ]) {
      expect((await ctx.app.inject({ method: "GET", url: `/api/unsubscribe/${token}` })).statusCode).toBe(
        404,
      );
      const post = await ctx.app.inject({ method: "POST", url: `/unsubscribe/${token}` });
      expect(post.statusCode).toBe(404);
    }
    const [row] = await db()
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id));
    expect(row?.channels).toEqual(["email"]);
  });

  it("runs the alerts with the workers the app starts: no test hook needed", async () => {
    const user = await subscriber({ verticals: ["Insurance"] });
    const buyer = await buyerSession();
    await ctx.app.jobs.start();
    try {
      const schedules = await queryRows<{ name: string; cron: string }>(
        db(),
        sql.raw(`select name, cron from ${JOB_SCHEMA}.schedule order by name`),
      );
      expect(schedules).toEqual([
        { name: "alert-digest-daily", cron: "0 13 * * *" },
        { name: "alert-digest-weekly", cron: "0 13 * * 1" },
        // Not alerts: the boost and verification reminders, the hourly housekeeping and the reliability
        // score's daily refresh share the queue.
        { name: "boost-reminders", cron: "41 * * * *" },
        { name: "buyer-verification-reminders", cron: "17 * * * *" },
        { name: "housekeeping", cron: "17 * * * *" },
        { name: "reliability-refresh", cron: "30 3 * * *" },
      ]);
      await postListing(buyer.cookie, {
        title: "Worker Insurance Calls",
        vertical: "Insurance",
        payout: "55",
      });
      await expect.poll(() => mailsTo(user.email).length, { timeout: 20_000, interval: 200 }).toBe(1);
    } finally {
      await ctx.app.jobs.stop();
    }
    expect(ctx.app.jobs.isRunning).toBe(false);
  });
});
