import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InboxDelivery, InboxSignatureResult } from "../../../shared/schemas/dev";
import type { Db } from "../../db/client";
import { webhookEndpoints } from "../../db/schema";

// The development webhook inbox (/dev/webhooks): a receiver on this very server, so a developer can
// register it as a webhook endpoint's URL and watch signed deliveries arrive without a receiver of their
// own. It checks each delivery's signature the way docs/api.md tells a customer to, with the secret of
// every endpoint registered at the URL it came to. Deliveries stay in this process's memory, the newest
// INBOX_SIZE of them: a tool for watching, not a record, so a restart empties it.

const INBOX_SIZE = 200;
/** The tolerance docs/api.md gives receivers: a signature's time more than 5 minutes from theirs is refused. */
const TOLERANCE_SECONDS = 300;
/** Never kept: the inbox answers anyone on this machine, and a browser's post to it would carry these. */
const UNKEPT_HEADERS = new Set(["cookie", "authorization"]);

export class WebhookInbox {
  #deliveries: InboxDelivery[] = [];

  add(delivery: InboxDelivery): void {
    this.#deliveries.unshift(delivery);
    if (this.#deliveries.length > INBOX_SIZE) this.#deliveries.length = INBOX_SIZE;
  }

  /** Newest first. */
  list(): InboxDelivery[] {
    return [...this.#deliveries];
  }
}

/**
 * The X-Signature header checked as docs/api.md's verifyWebhook does (split on "," and the first "=",
 * an integer `t`, the hex HMAC-SHA256 of "<t>.<raw body>" compared in constant time), against each secret;
 * the time is judged only once an HMAC matches, so a forged header reads "invalid", not "stale".
 */
function checkWebhookSignature({
  header,
  rawBody,
  secrets,
  now,
}: {
  header: string | undefined;
  rawBody: string;
  secrets: readonly string[];
  now: Date;
}): InboxSignatureResult {
  if (secrets.length === 0) return "unknown_endpoint";
  const parts = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((part) => part.split("=", 2)),
  ) as Record<string, string | undefined>;
  const t = Number(parts.t);
  if (!Number.isInteger(t)) return "invalid";
  const given = Buffer.from(parts.v1 ?? "", "hex");
  const matches = secrets.some((secret) => {
    const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return "invalid";
  return Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS ? "stale" : "valid";
}

/** POST /api/dev/webhook-inbox: records one delivery, its signature checked, and answers the result. */
export async function receiveInboxDelivery({
  db,
  inbox,
  url,
  headers,
  rawBody,
  now,
}: {
  db: Db;
  inbox: WebhookInbox;
  /** The full URL it was posted to, as an endpoint registered for it would name it. */
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now: Date;
}): Promise<InboxDelivery> {
  const endpoints = await db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.url, url.href));
  const signature = headers["x-signature"];
  const delivery: InboxDelivery = {
    id: randomUUID(),
    receivedAt: now.toISOString(),
    path: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(
      Object.entries(headers)
        .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
        .filter(([name]) => !UNKEPT_HEADERS.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : value]),
    ),
    body: rawBody,
    signature: checkWebhookSignature({
      header: Array.isArray(signature) ? signature[0] : signature,
      rawBody,
      secrets: endpoints.map((endpoint) => endpoint.secret),
      now,
    }),
  };
  inbox.add(delivery);
  return delivery;
}
