import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { KNOWN_DEVICE_DAYS } from "../../../shared/schemas/account";
import { queryRows } from "../../db/client";
import {
  accountTokens,
  knownDevices,
  magicLinkTokens,
  mailOutbox,
  mails,
  rateLimits,
  sessions,
  smsOutbox,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createUser } from "../../test/factories";
import {
  FAILED_MAIL_KEEP_DAYS,
  OUTBOX_KEEP_DAYS,
  runHousekeeping,
  SENT_MAIL_KEEP_DAYS,
  WEBHOOK_DELIVERY_KEEP_DAYS,
} from "./housekeeping";

// The sweep on the database (both engines): what is due goes, what is live stays, a run deletes in
// batches and stops at its bound, and a second run finds the rest.

const NOW = new Date("2026-06-01T12:00:00Z");
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe("housekeeping", () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  async function count(table: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`));
    return row!.n;
  }

  /** `due` rows past their time and `live` rows still good, in every swept table. */
  async function seed({ due, live }: { due: number; live: number }) {
    const rows = (n: number, make: (i: number) => void) => Array.from({ length: n }, (_, i) => make(i));
    const user = await createUser(db());
    // An account's one-time links (used ones too) and the browsers it signed in from.
    const accountTokenRow = (expiresAt: Date, usedAt: Date | null = null) => ({
      tokenHash: randomUUID(),
      userId: user.id,
      purpose: "not_me" as const,
      expiresAt,
      usedAt,
    });
    const deviceRow = (lastSeenAt: Date) => ({ userId: user.id, deviceHash: randomUUID(), lastSeenAt });
    const sessionRow = (expire: Date) => ({ sid: randomUUID(), sess: { cookie: {} }, expire });
    const tokenRow = (expiresAt: Date, usedAt: Date | null = null) => ({
      tokenHash: randomUUID(),
      email: "someone@example.test",
      expiresAt,
      usedAt,
    });
    const limitRow = (windowEndsAt: Date) => ({ key: `magic-ip:${randomUUID()}`, count: 3, windowEndsAt });
    const mailRow = (createdAt: Date) => ({ to: "someone@example.test", subject: "s", text: "t", createdAt });
    // The mail queue's rows: sent ones go after a month, failed ones after three, others never.
    const queuedMail = (status: "queued" | "sent" | "failed", when: Date) => {
      const key = `test:${randomUUID()}`;
      return {
        key,
        kind: "deal-intent" as const,
        to: "someone@example.test",
        subject: "s",
        messageId: `<${key}@example.test>`,
        status,
        createdAt: when,
        updatedAt: when,
        sentAt: status === "sent" ? when : null,
      };
    };
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({ userId: user.id, url: "https://hooks.example/in", events: ["review.created"], secret: "s" })
      .returning();
    const deliveryRow = (createdAt: Date) => ({
      endpointId: endpoint!.id,
      eventId: randomUUID(),
      eventType: "review.created",
      payload: "{}",
      status: "succeeded" as const,
      createdAt,
    });
    const sessionsDue: ReturnType<typeof sessionRow>[] = [];
    const tokensDue: ReturnType<typeof tokenRow>[] = [];
    const accountTokensDue: ReturnType<typeof accountTokenRow>[] = [];
    const devicesDue: ReturnType<typeof deviceRow>[] = [];
    const limitsDue: ReturnType<typeof limitRow>[] = [];
    const mailsDue: ReturnType<typeof mailRow>[] = [];
    const queuedDue: ReturnType<typeof queuedMail>[] = [];
    const deliveriesDue: ReturnType<typeof deliveryRow>[] = [];
    rows(due, (i) => {
      deliveriesDue.push(deliveryRow(at(-(WEBHOOK_DELIVERY_KEEP_DAYS * DAY + (i + 1) * 1000))));
      sessionsDue.push(sessionRow(at(-(i + 1) * 1000)));
      // Used ones too: a used link is dead, and goes with its expiry.
      tokensDue.push(tokenRow(at(-(i + 1) * 1000), i % 2 ? at(-DAY) : null));
      accountTokensDue.push(
        accountTokenRow(at(-(FAILED_MAIL_KEEP_DAYS * DAY + (i + 1) * 1000)), i % 2 ? at(-DAY) : null),
      );
      devicesDue.push(deviceRow(at(-(KNOWN_DEVICE_DAYS * DAY + (i + 1) * 1000))));
      limitsDue.push(limitRow(at(-(i + 1) * 1000)));
      mailsDue.push(mailRow(at(-(OUTBOX_KEEP_DAYS * DAY + (i + 1) * 1000))));
      queuedDue.push(
        i % 2
          ? queuedMail("failed", at(-(FAILED_MAIL_KEEP_DAYS * DAY + (i + 1) * 1000)))
          : queuedMail("sent", at(-(SENT_MAIL_KEEP_DAYS * DAY + (i + 1) * 1000))),
      );
    });
    if (due > 0) {
      await db().insert(sessions).values(sessionsDue);
      await db().insert(magicLinkTokens).values(tokensDue);
      await db().insert(accountTokens).values(accountTokensDue);
      await db().insert(knownDevices).values(devicesDue);
      await db().insert(rateLimits).values(limitsDue);
      await db().insert(mailOutbox).values(mailsDue);
      await db()
        .insert(smsOutbox)
        .values(mailsDue.map(({ createdAt }) => ({ to: "+12015550123", body: "t", createdAt })));
      await db().insert(mails).values(queuedDue);
      await db().insert(webhookDeliveries).values(deliveriesDue);
    }
    const liveIds = {
      sessions: [] as string[],
      tokens: [] as string[],
      accountTokens: [] as string[],
      devices: [] as string[],
      limits: [] as string[],
    };
    for (let i = 0; i < live; i++) {
      const session = sessionRow(at(HOUR + i));
      const token = tokenRow(at(5 * 60 * 1000));
      const limit = limitRow(at(60 * 1000));
      liveIds.sessions.push(session.sid);
      liveIds.tokens.push(token.tokenHash);
      liveIds.limits.push(limit.key);
      await db().insert(sessions).values(session);
      await db().insert(magicLinkTokens).values(token);
      // A link not yet expired, or expired within the mail's retention, used or not; a browser last
      // seen a day short of the limit.
      const accountToken = accountTokenRow(at(i % 2 ? HOUR : -HOUR), i % 2 ? at(-HOUR) : null);
      const device = deviceRow(at(-(KNOWN_DEVICE_DAYS - 1) * DAY));
      liveIds.accountTokens.push(accountToken.tokenHash);
      liveIds.devices.push(device.deviceHash);
      await db().insert(accountTokens).values(accountToken);
      await db().insert(knownDevices).values(device);
      await db().insert(rateLimits).values(limit);
      await db()
        .insert(mailOutbox)
        .values(mailRow(at(-(OUTBOX_KEEP_DAYS * DAY - HOUR))));
      await db()
        .insert(smsOutbox)
        .values({ to: "+12015550123", body: "t", createdAt: at(-(OUTBOX_KEEP_DAYS * DAY - HOUR)) });
      // Kept: sent within the month, failed within three, and one still queued however old.
      const kept = [
        queuedMail("sent", at(-(SENT_MAIL_KEEP_DAYS * DAY - HOUR))),
        queuedMail("failed", at(-(SENT_MAIL_KEEP_DAYS * DAY + HOUR))),
        queuedMail("queued", at(-(FAILED_MAIL_KEEP_DAYS * DAY + HOUR))),
      ];
      await db()
        .insert(mails)
        .values(kept[i % 3]!);
      await db()
        .insert(webhookDeliveries)
        .values(deliveryRow(at(-(WEBHOOK_DELIVERY_KEEP_DAYS * DAY - HOUR))));
    }
    return liveIds;
  }

  it("deletes expired rows and keeps the live ones in every swept table", async () => {
    const live = await seed({ due: 5, live: 3 });
    const results = await runHousekeeping({ db: db(), now: NOW });
    expect(results).toEqual([
      { table: "sessions", deleted: 5, more: false },
      { table: "magic_link_tokens", deleted: 5, more: false },
      { table: "account_tokens", deleted: 5, more: false },
      { table: "known_devices", deleted: 5, more: false },
      { table: "rate_limits", deleted: 5, more: false },
      { table: "mail_outbox", deleted: 5, more: false },
      { table: "sms_outbox", deleted: 5, more: false },
      { table: "mails", deleted: 5, more: false },
      { table: "webhook_deliveries", deleted: 5, more: false },
    ]);
    const sids = await db().select({ sid: sessions.sid }).from(sessions);
    expect(sids.map((r) => r.sid).sort()).toEqual([...live.sessions].sort());
    const hashes = await db().select({ hash: magicLinkTokens.tokenHash }).from(magicLinkTokens);
    expect(hashes.map((r) => r.hash).sort()).toEqual([...live.tokens].sort());
    const accountHashes = await db().select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(accountHashes.map((r) => r.hash).sort()).toEqual([...live.accountTokens].sort());
    const devices = await db().select({ hash: knownDevices.deviceHash }).from(knownDevices);
    expect(devices.map((r) => r.hash).sort()).toEqual([...live.devices].sort());
    const keys = await db().select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((r) => r.key).sort()).toEqual([...live.limits].sort());
    expect(await count("mail_outbox")).toBe(3);
    expect(await count("sms_outbox")).toBe(3);
    const statuses = await db().select({ status: mails.status }).from(mails);
    expect(statuses.map((r) => r.status).sort()).toEqual(["failed", "queued", "sent"]);
    expect(await count("webhook_deliveries")).toBe(3);
  });

  it("deletes in batches and stops at its bound, leaving the rest for the next run", async () => {
    await seed({ due: 25, live: 2 });
    // Batches of 4, at most 3 per table: 12 rows a run.
    const first = await runHousekeeping({ db: db(), now: NOW, batchSize: 4, maxBatches: 3 });
    expect(first.map((r) => [r.table, r.deleted, r.more])).toEqual([
      ["sessions", 12, true],
      ["magic_link_tokens", 12, true],
      ["account_tokens", 12, true],
      ["known_devices", 12, true],
      ["rate_limits", 12, true],
      ["mail_outbox", 12, true],
      ["sms_outbox", 12, true],
      ["mails", 12, true],
      ["webhook_deliveries", 12, true],
    ]);
    expect(await count("sessions")).toBe(25 - 12 + 2);

    const second = await runHousekeeping({ db: db(), now: NOW, batchSize: 4, maxBatches: 3 });
    expect(second.every((r) => r.deleted === 12 && r.more)).toBe(true);
    // One left per table: a batch that is not full ends the table's run.
    const third = await runHousekeeping({ db: db(), now: NOW, batchSize: 4, maxBatches: 3 });
    expect(third.every((r) => r.deleted === 1 && !r.more)).toBe(true);
    for (const table of [
      "sessions",
      "magic_link_tokens",
      "account_tokens",
      "known_devices",
      "rate_limits",
      "mail_outbox",
      "sms_outbox",
      "mails",
      "webhook_deliveries",
    ]) {
      expect(await count(table)).toBe(2);
    }
  });

  it("finds nothing to do on a second run", async () => {
    await seed({ due: 3, live: 2 });
    await runHousekeeping({ db: db(), now: NOW });
    const again = await runHousekeeping({ db: db(), now: NOW });
    expect(again.every((r) => r.deleted === 0 && !r.more)).toBe(true);
    expect(await count("sessions")).toBe(2);
  });

  it("runs as the scheduled job", async () => {
    await seed({ due: 2, live: 1 });
    // The job sweeps at the real time, when every seeded row of 2026-06 is long over or still to come.
    await db()
      .update(sessions)
      .set({ expire: new Date(Date.now() + DAY) });
    await ctx.app.jobs.send("housekeeping", {});
    expect(await ctx.app.jobs.workUntilIdle()).toEqual({ completed: 1, failed: 0 });
    expect(await count("sessions")).toBe(3);
    expect(await count("rate_limits")).toBe(0);
  });
});
