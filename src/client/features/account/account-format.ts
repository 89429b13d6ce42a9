import type { SignInMethod, WebhookDeliveryStatus } from "../../../shared/constants";
import { formatDate, formatDateTime } from "../../../shared/format";
import type { AccountSession, AccountSummary } from "../../../shared/schemas/account";
import type { ApiKey } from "../../../shared/schemas/api-keys";
import { normalizeEmail } from "../../../shared/schemas/auth";
import type { WebhookDelivery, WebhookEndpoint } from "../../../shared/schemas/webhooks";

// How the Account page writes sessions, sign-in methods, the plan, API keys and webhooks: one formatter
// for each.

const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  email: "Email link",
  oidc: "Single sign-on",
  dev: "Development sign-in",
};

/** "Email link", "Single sign-on", "Development sign-in"; "Not recorded" for a session from before. */
export function signInMethodLabel(method: SignInMethod | null): string {
  return method ? SIGN_IN_METHOD_LABELS[method] : "Not recorded";
}

/** "Chrome 131 on macOS 15.1", "Chrome 131", "A browser on Android 14", or "Unknown device". */
export function sessionLabel(session: Pick<AccountSession, "browser" | "os">): string {
  const { browser, os } = session;
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `A browser on ${os}`;
  return "Unknown device";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a session was last used, as people say it: "Just now" within five minutes (the server records
 * activity only every few minutes), "25 minutes ago", "3 hours ago", "2 days ago", then the date after
 * a week. "Not recorded" when the server has no time.
 */
export function formatLastActive(lastSeenAt: string | null, now: number): string {
  if (!lastSeenAt) return "Not recorded";
  const then = new Date(lastSeenAt).getTime();
  const elapsed = now - then;
  if (elapsed < 5 * MINUTE) return "Just now";
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), "day");
  return formatDate(lastSeenAt);
}

/**
 * The accessible name of each session's "Sign out" button, by session id: "Sign out Chrome 131 on macOS".
 * Two sessions that read the same (two windows of one browser) add when each signed in, so no two
 * buttons share a name.
 */
export function signOutNames(sessions: AccountSession[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const session of sessions) {
    const label = sessionLabel(session);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return new Map(
    sessions.map((session) => {
      const label = sessionLabel(session);
      const name = `Sign out ${label}`;
      return [
        session.id,
        (counts.get(label) ?? 0) > 1 ? `${name}, signed in ${formatDateTime(session.createdAt)}` : name,
      ];
    }),
  );
}

const PLAN_STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed",
  unpaid: "Payment failed",
  canceled: "Cancelled",
  incomplete: "Payment not finished",
  incomplete_expired: "Payment not finished",
  paused: "Paused",
};

/**
 * The plan's state after its name: "Active · paid through Dec 1, 2027", "Trial · ends on ...", or null
 * when there is nothing to add (Free, or Premium granted by support: no renewal). The summary does not
 * say whether a subscription was cancelled at its period's end, so the date is never called a renewal:
 * Pricing & Settings, linked beside it, says which.
 */
export function describePlanStatus(plan: AccountSummary["plan"]): string | null {
  const parts: string[] = [];
  if (plan.status) parts.push(PLAN_STATUS_LABELS[plan.status] ?? plan.status);
  if (plan.currentPeriodEnd) {
    const end = formatDate(plan.currentPeriodEnd);
    parts.push(plan.status === "active" ? `paid through ${end}` : `ends on ${end}`);
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/**
 * The delete button waits for the account's own address typed again, compared by the rule the
 * server checks the confirmation with, so the button never enables for an address it refuses.
 */
export function isConfirmEmail(typed: string, email: string): boolean {
  return normalizeEmail(typed) === normalizeEmail(email);
}

/** An API key's last call: "Nov 26, 2026, 3:04 PM from 203.0.113.x", or "Never used". */
export function describeLastUse(key: Pick<ApiKey, "lastUsedAt" | "lastUsedIp">): string {
  if (!key.lastUsedAt) return "Never used";
  const when = formatDateTime(key.lastUsedAt);
  return key.lastUsedIp ? `${when} from ${key.lastUsedIp}` : when;
}

export type StatusTone = "green" | "yellow" | "red";

/**
 * A webhook endpoint's state: "Active", "Failing since <when>" (every attempt since then failed), or
 * "Disabled on <date>" (it failed for too long and receives nothing more).
 */
export function webhookStatus(endpoint: Pick<WebhookEndpoint, "failingSince" | "disabledAt">): {
  label: string;
  tone: StatusTone;
} {
  if (endpoint.disabledAt) return { label: `Disabled on ${formatDate(endpoint.disabledAt)}`, tone: "red" };
  if (endpoint.failingSince) {
    return { label: `Failing since ${formatDateTime(endpoint.failingSince)}`, tone: "yellow" };
  }
  return { label: "Active", tone: "green" };
}

const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "yellow" },
  succeeded: { label: "Succeeded", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

export function deliveryStatus(delivery: Pick<WebhookDelivery, "status">): {
  label: string;
  tone: StatusTone;
} {
  return DELIVERY_STATUS[delivery.status];
}

/**
 * The last attempt's outcome: the error as the server words it (it names the status itself: "HTTP 500:
 * not a 2xx answer", "Could not connect: ..."), else "HTTP 200", or "Not tried yet".
 */
export function deliveryResult(delivery: Pick<WebhookDelivery, "lastStatusCode" | "lastError">): string {
  if (delivery.lastError) return delivery.lastError;
  return delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : "Not tried yet";
}
