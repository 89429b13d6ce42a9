import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DevSmsInbound, DevSmsInboundResult } from "../../../shared/schemas/dev";
import type { Db } from "../../db/client";
import { smsMessages } from "../../db/schema";

// The SMS page's reply form (/dev/sms): a text "from" a number to ours, posted to our own
// /api/sms/inbound over loopback exactly as Twilio posts one (its form fields, signed with
// X-Twilio-Signature by Twilio's own helper), so the real route, its signature check included, decides.

const INBOUND_PATH = "/api/sms/inbound";
/** Stands in for our number in the To field: the route reads only From and Body. */
const OUR_NUMBER = "+15555550100";
const REPLY_KINDS = ["opt_out_confirmation", "opt_in_confirmation", "help"] as const;

/** Where this server answers on this machine: its listening address, a wildcard one as loopback. */
function loopbackOrigin(address: AddressInfo): string {
  if (address.family === "IPv6") {
    return `http://[${address.address === "::" ? "::1" : address.address}]:${address.port}`;
  }
  return `http://${address.address === "0.0.0.0" ? "127.0.0.1" : address.address}:${address.port}`;
}

/**
 * When the newest reply texted to `phone` was made, if any: a later one answers this reply. As the
 * database's text, microseconds and all (a Date would round them off and find that same reply later).
 */
async function newestReplyAt(db: Db, phone: string): Promise<string | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${smsMessages.createdAt})::text` })
    .from(smsMessages)
    .where(and(eq(smsMessages.phone, phone), inArray(smsMessages.kind, REPLY_KINDS)));
  return row?.at ?? null;
}

/** POST /api/dev/sms-inbound: what /api/sms/inbound answered, and the text our number replies with. */
export async function sendDevSmsReply({
  db,
  appUrl,
  authToken,
  address,
  input,
}: {
  db: Db;
  /** The URL Twilio would call is APP_URL's: the route checks the signature over it. */
  appUrl: string;
  /** Twilio's auth token, or the development outbox's stand-in. */
  authToken: string;
  address: AddressInfo;
  input: DevSmsInbound;
}): Promise<DevSmsInboundResult> {
  const { getExpectedTwilioSignature } = await import("twilio/lib/webhooks/webhooks.js");
  const params = {
    AccountSid: `AC${randomBytes(16).toString("hex")}`,
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    From: input.from,
    To: OUR_NUMBER,
    Body: input.body,
    NumMedia: "0",
  };
  const signature = getExpectedTwilioSignature(authToken, new URL(INBOUND_PATH, appUrl).toString(), params);
  const before = await newestReplyAt(db, input.from);
  const answer = await fetch(`${loopbackOrigin(address)}${INBOUND_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  });
  await answer.arrayBuffer();
  const [reply] = await db
    .select({ body: smsMessages.body })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.phone, input.from),
        inArray(smsMessages.kind, REPLY_KINDS),
        ...(before ? [gt(smsMessages.createdAt, sql`${before}::timestamptz`)] : []),
      ),
    )
    .orderBy(desc(smsMessages.createdAt))
    .limit(1);
  return { status: answer.status, reply: reply?.body ?? null };
}
