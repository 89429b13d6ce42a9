import { desc, eq } from "drizzle-orm";
import type { AdminSmsHistory } from "../../../shared/schemas/sms";
import type { Db } from "../../db/client";
import { smsConsents, smsMessages, smsNumbers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { numberStoppedAt, numberView } from "./sms-number";

/** The newest this many of each list: the history is for looking into a case, not an export. */
const HISTORY_LIMIT = 200;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /api/admin/users/{id}/sms: a user's number, consent records and texts, newest first (support and
 * compliance read it; verification codes were stored masked).
 */
export async function readSmsHistory(db: Db, userId: string): Promise<AdminSmsHistory> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "User not found");
  const messages = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(HISTORY_LIMIT);
  return {
    number: await readSmsNumberView(db, userId, new Date()),
    consents: await readSmsConsents(db, userId, HISTORY_LIMIT),
    messages: messages.map((m) => ({
      id: m.id,
      phone: m.phone,
      kind: m.kind,
      body: m.body,
      status: m.status,
      errorCode: m.errorCode,
      createdAt: m.createdAt.toISOString(),
      statusAt: iso(m.statusAt),
    })),
  };
}

/** The user's number as the screens show it (never the code), or null. The admin's history, the data export. */
export async function readSmsNumberView(
  db: Db,
  userId: string,
  now: Date,
): Promise<AdminSmsHistory["number"]> {
  const [number] = await db.select().from(smsNumbers).where(eq(smsNumbers.userId, userId));
  return number ? numberView(number, now, await numberStoppedAt(db, number.phone)) : null;
}

/** The user's consent records, newest first: the admin's history, the data export. */
export async function readSmsConsents(
  db: Db,
  userId: string,
  limit: number,
): Promise<AdminSmsHistory["consents"]> {
  const consents = await db
    .select()
    .from(smsConsents)
    .where(eq(smsConsents.userId, userId))
    .orderBy(desc(smsConsents.createdAt), desc(smsConsents.id))
    .limit(limit);
  return consents.map((c) => ({
    id: c.id,
    phone: c.phone,
    event: c.event,
    source: c.source,
    textVersion: c.textVersion,
    keyword: c.keyword,
    ip: c.ip,
    userAgent: c.userAgent,
    createdAt: c.createdAt.toISOString(),
  }));
}
