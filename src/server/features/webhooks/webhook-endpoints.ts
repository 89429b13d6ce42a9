import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { WebhookEvent } from "../../../shared/constants";
import {
  type CreatedWebhook,
  type CreateWebhook,
  canUseWebhooks,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENTS_BY_ROLE,
  WEBHOOK_MESSAGES,
  WEBHOOK_PORTS,
  type WebhookEndpoint,
} from "../../../shared/schemas/webhooks";
import type { Db } from "../../db/client";
import { users, webhookEndpoints } from "../../db/schema";
import { isLoopbackAddress } from "../../lib/address-guard";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import { BlockedAddressError, SiteFetchError, vetSiteAddress } from "../../lib/site-fetch";
import type { Viewer } from "../../lib/viewer";

// A user's webhook endpoints (docs/api.md#webhooks). The server POSTs to an address the user typed, so
// the address is vetted like the domain check's (lib/address-guard.ts) when it is registered, to refuse
// an internal one with a clear reason at once; every delivery vets it again (the name may resolve
// elsewhere by then).

const ROLE_MESSAGE = "Webhooks are for publishers and buyers: choose your role first.";
const ADMIN_MESSAGE = "Admin accounts cannot register webhooks.";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
  };
}

/** Publishers and buyers, for the events their role receives (WEBHOOK_EVENTS_BY_ROLE). */
function requireWebhookRole(viewer: Viewer, events: readonly WebhookEvent[] = []): void {
  if (viewer.role === "admin") throw new AppError("forbidden", ADMIN_MESSAGE);
  if (!canUseWebhooks(viewer.role)) throw new AppError("forbidden", ROLE_MESSAGE);
  const receivable = WEBHOOK_EVENTS_BY_ROLE[viewer.role];
  if (events.some((event) => !receivable.includes(event))) {
    throw new AppError("validation", WEBHOOK_MESSAGES.eventNotForRole);
  }
}

/** Why an endpoint's address is refused, at registration and in the delivery log alike. */
export function blockedAddressMessage(error: BlockedAddressError): string {
  const where =
    error.host === error.address ? error.host : `${error.host} resolves to ${error.address}, which`;
  return `${where} is ${error.reason}: webhooks are sent to public internet addresses only.`;
}

/**
 * Which endpoint addresses are accepted beyond public https ones. `allowPrivate` (VERIFY_ALLOW_PRIVATE,
 * tests): any private address, plain http and any port. `allowLoopback` (every development server): an
 * address on this machine (localhost, 127.0.0.0/8, [::1]) with plain http and any port, so a developer can
 * point a webhook at a receiver of their own, such as the development inbox; any other private address
 * is still refused. Production has neither.
 */
export interface WebhookAddressRules {
  allowPrivate: boolean;
  allowLoopback?: boolean;
}

/** localhost, or an IP literal of this machine: what development's loopback rule accepts. */
export function isLoopbackHost(url: URL): boolean {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return host === "localhost" || isLoopbackAddress(host);
}

/** The rules let this endpoint's address use plain http and any port. */
const isLocalReceiver = (url: URL, rules: WebhookAddressRules) =>
  rules.allowPrivate || (Boolean(rules.allowLoopback) && isLoopbackHost(url));

/** Whether the address's port (the scheme's default when it names none) is one deliveries may use. */
export function isWebhookPortAllowed(url: URL, rules: WebhookAddressRules): boolean {
  if (isLocalReceiver(url, rules)) return true;
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  return (WEBHOOK_PORTS as readonly number[]).includes(port);
}

/**
 * The endpoint's address, checked: https (plain http only for a local receiver the rules allow), an
 * allowed port, no credentials, and a host whose every address is public (or, by the rules, local).
 */
async function checkEndpointUrl(text: string, rules: WebhookAddressRules): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError("validation", WEBHOOK_MESSAGES.urlInvalid);
  }
  const local = isLocalReceiver(url, rules);
  if (url.protocol === "http:" && !local) throw new AppError("validation", WEBHOOK_MESSAGES.httpsRequired);
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new AppError("validation", WEBHOOK_MESSAGES.urlInvalid);
  if (url.username || url.password) throw new AppError("validation", WEBHOOK_MESSAGES.credentials);
  if (!isWebhookPortAllowed(url, rules)) throw new AppError("validation", WEBHOOK_MESSAGES.portNotAllowed);
  if (!rules.allowPrivate) {
    try {
      // A local receiver's name must resolve to this machine alone, as its literal addresses are.
      await vetSiteAddress(url.href, { allowPrivate: false, allowLoopback: local });
    } catch (error) {
      if (error instanceof BlockedAddressError) {
        throw new AppError("validation", blockedAddressMessage(error), { cause: error });
      }
      if (error instanceof SiteFetchError) throw new AppError("validation", error.message, { cause: error });
      throw error;
    }
  }
  return url.href;
}

/**
 * POST /api/webhooks: publishers and buyers (others: 403), at most MAX_WEBHOOK_ENDPOINTS (409). The
 * signing secret is answered here and never again. Audited without the secret, and with the address's
 * host only (its path or query may carry the receiver's own token).
 */
export async function createWebhookEndpoint({
  db,
  viewer,
  input,
  allowPrivate,
  allowLoopback = false,
}: {
  db: Db;
  viewer: Viewer;
  input: CreateWebhook;
} & WebhookAddressRules): Promise<CreatedWebhook> {
  const { url: text, events } = input;
  requireWebhookRole(viewer, events);
  const url = await checkEndpointUrl(text, { allowPrivate, allowLoopback });
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const row = await db.transaction(async (tx) => {
    // Serialises this user's registrations, so the cap holds under concurrent requests.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, viewer.id));
    if ((count?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("conflict", WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ userId: viewer.id, url, events, secret })
      .returning();
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "account.webhook_created",
      targetId: created!.id,
      before: null,
      after: { host: new URL(url).host, events },
    });
    return created!;
  });
  return { ...toWebhookEndpoint(row), secret };
}

/** GET /api/webhooks: the viewer's endpoints, newest first (without their secrets). */
export async function listWebhookEndpoints({
  db,
  viewer,
}: {
  db: Db;
  viewer: Viewer;
}): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, viewer.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toWebhookEndpoint);
}

/** The viewer's endpoint with this id, or 404 (another user's id finds nothing). */
export async function requireOwnEndpoint(db: Db, viewer: Viewer, endpointId: string): Promise<EndpointRow> {
  if (!isUuid(endpointId)) throw new AppError("not_found", WEBHOOK_MESSAGES.endpointNotFound);
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, viewer.id)));
  if (!row) throw new AppError("not_found", WEBHOOK_MESSAGES.endpointNotFound);
  return row;
}

/** DELETE /api/webhooks/{id}: its delivery log goes with it; audited. */
export async function deleteWebhookEndpoint({
  db,
  viewer,
  endpointId,
}: {
  db: Db;
  viewer: Viewer;
  endpointId: string;
}): Promise<void> {
  if (!isUuid(endpointId)) throw new AppError("not_found", WEBHOOK_MESSAGES.endpointNotFound);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, viewer.id)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events });
    if (!deleted) throw new AppError("not_found", WEBHOOK_MESSAGES.endpointNotFound);
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "account.webhook_deleted",
      targetId: deleted.id,
      before: { host: new URL(deleted.url).host, events: deleted.events },
      after: null,
    });
  });
}
