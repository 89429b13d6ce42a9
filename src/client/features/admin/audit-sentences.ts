import { formatDateTime } from "../../../shared/format";

// The audit log read as sentences ("admin@demo.test approved a publisher application."), for Recent
// Activity on the dashboard and the audit log page. The action key stays the record (and the filter's
// value); this is only how a person reads it. An action not listed here still reads as a sentence built
// from its key, so a new feature's entries are never blank.

type Meta = Record<string, unknown>;

interface ActionWording {
  /** The action's name in a list of choices: "Publisher approved". */
  name: string;
  /** What the actor did, after their name: "approved a publisher application". */
  phrase: (meta: Meta) => string;
}

const asRecord = (value: unknown): Meta =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Meta) : {};
const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;
const quoted = (value: unknown): string => {
  const t = text(value);
  return t ? ` “${t}”` : "";
};
/** `, saying “why”` for an admin's reason (its last full stop left to the sentence). */
const saying = (value: unknown): string => {
  const t = text(value)?.replace(/\.$/, "");
  return t ? `, saying “${t}”` : "";
};
/** How many sessions a sessions_ended entry ended: the server writes it as `ended`, beside before and after. */
const endedCount = (meta: Meta): number | null => (typeof meta.ended === "number" ? meta.ended : null);
const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

const SIGN_IN_METHODS: Record<string, string> = {
  "magic-link": "with an email link",
  email: "with an email link",
  oidc: "through single sign-on",
  dev: "with the development sign-in",
};

const fixed = (name: string, phrase: string): ActionWording => ({ name, phrase: () => phrase });

const ACTIONS: Record<string, ActionWording> = {
  "auth.login": {
    name: "Signed in",
    phrase: (meta) => {
      const method = SIGN_IN_METHODS[String(meta.method)];
      return method ? `signed in ${method}` : "signed in";
    },
  },
  "user.created": fixed("Account created", "created an account"),
  "user.role_changed": {
    name: "Role changed",
    phrase: (meta) => {
      const role = text(asRecord(meta.after).role) ?? text(meta.role);
      return role ? `changed a role to ${role}` : "changed a role";
    },
  },
  "user.disabled": {
    name: "Account disabled",
    phrase: (meta) =>
      typeof meta.sessionsEnded === "number" && meta.sessionsEnded > 0
        ? `disabled an account and ended ${plural(meta.sessionsEnded, "session")}`
        : "disabled an account",
  },
  "user.enabled": fixed("Account enabled", "enabled an account again"),
  "user.sessions_ended": {
    name: "User signed out everywhere",
    phrase: (meta) => {
      const ended = endedCount(meta);
      if (ended === null) return "ended all sessions of a user";
      if (ended === 0) return "ended all sessions of a user (none was open)";
      return ended === 1
        ? "ended the one session of a user"
        : `ended all ${plural(ended, "session")} of a user`;
    },
  },
  // The Account page: the actor is the account's owner.
  "account.sessions_ended": {
    name: "Own sessions signed out",
    phrase: (meta) => {
      const ended = endedCount(meta);
      // The "Not you?" link of a sign-in alert ends every session, the one it was opened in too.
      if (text(meta.via) === "sign-in alert") {
        return ended === null
          ? "signed out everywhere from a sign-in alert"
          : `signed out everywhere from a sign-in alert (${plural(ended, "session")})`;
      }
      if (ended === null) return "signed out of other sessions";
      return ended === 1
        ? "signed out one of their sessions"
        : `signed out ${ended.toLocaleString("en-US")} of their sessions`;
    },
  },
  "account.email_changed": fixed("Email changed", "changed their email address"),
  "account.email_change_undone": fixed(
    "Email change undone",
    "undid a change of their email address and signed out everywhere",
  ),
  "account.deleted": fixed("Account deleted", "deleted their account"),
  "publisher.approved": fixed("Publisher approved", "approved a publisher application"),
  "publisher.rejected": fixed("Publisher rejected", "rejected a publisher application"),
  "publisher.profile_created": fixed("Publisher application submitted", "submitted a publisher application"),
  "publisher.profile_updated": fixed("Publisher profile updated", "updated their publisher profile"),
  "publisher.compliance_submitted": fixed(
    "TCPA compliance submitted",
    "submitted the TCPA compliance acknowledgment",
  ),
  "publisher.domain_verified": {
    name: "Domain verified",
    phrase: (meta) =>
      text(meta.website) ? `verified the domain of ${text(meta.website)}` : "verified a domain",
  },
  "listing.created": {
    name: "Listing created",
    phrase: (meta) => `created the listing${quoted(asRecord(meta.after).title)}`,
  },
  "listing.updated": {
    name: "Listing updated",
    phrase: (meta) =>
      `updated the listing${quoted(asRecord(meta.after).title ?? asRecord(meta.before).title)}`,
  },
  "listing.deleted": {
    name: "Listing deleted",
    phrase: (meta) => `deleted the listing${quoted(asRecord(meta.before).title)}`,
  },
  "listing.imported": {
    name: "Listings imported",
    phrase: (meta) => {
      const count = typeof meta.count === "number" ? plural(meta.count, "listing") : "listings";
      const file = text(meta.fileName);
      return `imported ${count}${file ? ` from ${file}` : ""}`;
    },
  },
  "listing.contact_revealed": fixed("Contact revealed", "revealed a buyer's contact"),
  "buyer_profile.created": {
    name: "Buyer profile created",
    phrase: (meta) => `created the buyer profile${quoted(asRecord(meta.after).company)}`,
  },
  "buyer_profile.updated": fixed("Buyer profile updated", "updated their buyer profile"),
  "deal_intent.requested": fixed("Deal requested", "requested a deal"),
  "deal_intent.accepted": fixed("Deal accepted", "accepted a deal request"),
  "deal_intent.rejected": fixed("Deal declined", "declined a deal request"),
  "review.created": {
    name: "Review written",
    phrase: (meta) => {
      const rating = asRecord(meta.after).rating;
      return typeof rating === "number" ? `reviewed a buyer (${plural(rating, "star")})` : "reviewed a buyer";
    },
  },
  "review.replied": fixed("Review replied to", "replied to a review"),
  "review.hidden": fixed("Review hidden", "hid a review"),
  "dispute.opened": fixed("Dispute opened", "opened a dispute"),
  "dispute.responded": fixed("Dispute answered", "responded to a dispute"),
  "dispute.resolved": fixed("Dispute resolved", "resolved a dispute"),
  "dispute.rejected": fixed("Dispute rejected", "rejected a dispute"),
  "mail.retried": fixed("Mail retried", "sent a failed mail again"),
  "subscription.complimentary_granted": {
    name: "Complimentary Premium granted",
    phrase: (meta) => `granted complimentary Premium${text(meta.email) ? ` to ${text(meta.email)}` : ""}`,
  },
  "subscription.complimentary_revoked": {
    name: "Complimentary Premium ended",
    phrase: (meta) => `ended complimentary Premium${text(meta.email) ? ` for ${text(meta.email)}` : ""}`,
  },
  "subscription.refunded": {
    name: "Subscription refunded",
    phrase: (meta) =>
      `refunded ${meta.product === "sms" ? "SMS Alerts" : "Premium"} through Stripe and ended it${saying(meta.reason)}`,
  },
  "boost.payment_started": fixed("Boost payment started", "started paying for a Boost"),
  "boost.payment_failed": {
    name: "Boost payment failed",
    phrase: (meta) => {
      const message = text(meta.message)?.replace(/\.$/, "");
      return `failed to pay for a Boost${message ? ` (Stripe: “${message}”)` : ""}`;
    },
  },
  "boost.purchased": {
    name: "Boost purchased",
    phrase: (meta) =>
      typeof meta.days === "number" ? `bought a Boost of ${plural(meta.days, "day")}` : "bought a Boost",
  },
  "boost.paid_for_missing_listing": fixed(
    "Boost paid for a deleted listing",
    "paid for a Boost of a listing deleted meanwhile (refund it in Stripe)",
  ),
  "boost.payment_mismatch": fixed(
    "Boost payment not matched",
    "was reported a Boost payment the app did not ask for, or of another amount or currency (nothing granted; check it in Stripe)",
  ),
  // Reported by Stripe's webhook: no one signed in did it, so the entry's actor is the system.
  "boost.refunded": fixed("Boost refunded", "recorded a Boost refund from Stripe, taking its days back"),
  "boost.partially_refunded": fixed(
    "Boost partly refunded",
    "recorded a partial Boost refund from Stripe (the days stay)",
  ),
  "boost.granted": {
    name: "Complimentary boost granted",
    phrase: (meta) =>
      `granted a complimentary boost${typeof meta.days === "number" ? ` of ${plural(meta.days, "day")}` : ""}${saying(meta.reason)}`,
  },
  "boost.ended": {
    name: "Boost ended",
    phrase: (meta) => `ended a listing's boost${saying(meta.reason)}`,
  },
  "boost.refund_issued": {
    name: "Boost refund issued",
    phrase: (meta) => `refunded a paid Boost through Stripe${saying(meta.reason)}`,
  },
  "stripe.customer_created": fixed("Checkout started", "started a checkout"),
  "stripe.subscription_started": fixed("Subscription started", "started a Premium subscription"),
  "stripe.billing_portal_opened": fixed("Billing portal opened", "opened the billing portal"),
  "stripe.subscription_refreshed": fixed(
    "Subscription refreshed",
    "refreshed their subscription from Stripe",
  ),
  "alerts.unsubscribed": fixed("Unsubscribed from alerts", "unsubscribed from alert emails"),
};

/** "publisher.profile_created" -> "publisher profile created". */
const words = (key: string) => key.replace(/[._]+/g, " ").trim();
const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The action's name for a list of choices (the audit log's filter). */
export function auditActionName(action: string): string {
  const known = ACTIONS[action];
  if (known) return known.name;
  if (action.startsWith("stripe.")) return `Stripe: ${action.slice("stripe.".length)}`;
  return capitalized(words(action));
}

/** Who acted, as the sentence starts: their email, a deleted user, or the system. */
function actorOf(entry: { userId: string | null; userEmail: string | null }): string {
  return entry.userEmail ?? (entry.userId ? "A deleted user" : "The system");
}

/** One audit entry as a sentence: who did what (no date: it is shown beside, formatted once). */
export function describeAuditEntry(entry: {
  action: string;
  userId: string | null;
  userEmail: string | null;
  meta: unknown;
}): string {
  const meta = asRecord(entry.meta);
  const actor = actorOf(entry);
  const known = ACTIONS[entry.action];
  if (known) return `${actor} ${known.phrase(meta)}.`;
  if (entry.action.startsWith("stripe.")) {
    // Webhook events, named by Stripe: the entry's user is the subscriber they are about.
    const event = entry.action.slice("stripe.".length);
    return entry.userEmail ? `Stripe reported ${event} for ${entry.userEmail}.` : `Stripe reported ${event}.`;
  }
  return `${actor}: ${words(entry.action)}.`;
}

// ---- field changes ----------------------------------------------------------------------------------

const FIELD_LABELS: Record<string, string> = {
  avgDailyCalls: "Average daily calls",
  geos: "Geographies",
  minVolume: "Minimum daily volume",
  durationRequirement: "Minimum call duration (s)",
  buyerId: "Buyer",
  tcpaComplianceAck: "TCPA acknowledgment",
  dncProcessDesc: "DNC process",
  complimentaryPremium: "Complimentary Premium",
};

/** "disabledAt" -> "Disabled at". */
export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? capitalized(key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase());
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value as a sentence shows it: dates formatted, text quoted, lists joined, yes and no. */
function formatAuditValue(value: unknown): string {
  if (typeof value === "string") {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return `“${value}”`;
  }
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((item) => (typeof item === "string" ? item : formatAuditValue(item))).join(", ");
  }
  return JSON.stringify(value);
}

const isEmpty = (value: unknown) => value === undefined || value === null;

/**
 * The entry's changes as sentences, field by field, when its meta holds `before` and `after`:
 * "Status changed from “pending” to “approved”.", "Disabled at set to Mar 4, 2026, 3:04 PM.",
 * "Review reason cleared (was “Too short”).", and for a deletion "Title was “Old”.". Fields that hold
 * nothing on either side, or the same on both, are left out.
 */
export function describeChanges(meta: unknown): string[] {
  if (!meta || typeof meta !== "object") return [];
  const { before, after } = meta as { before?: unknown; after?: unknown };
  if (before === undefined && after === undefined) return [];
  const was = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const lines: string[] = [];
  for (const key of keys) {
    const label = fieldLabel(key);
    const old = was[key];
    const current = now[key];
    if (after === null) {
      if (!isEmpty(old)) lines.push(`${label} was ${formatAuditValue(old)}.`);
      continue;
    }
    if (isEmpty(old) && isEmpty(current)) continue;
    if (JSON.stringify(old) === JSON.stringify(current)) continue;
    if (isEmpty(old)) lines.push(`${label} set to ${formatAuditValue(current)}.`);
    else if (isEmpty(current)) lines.push(`${label} cleared (was ${formatAuditValue(old)}).`);
    else lines.push(`${label} changed from ${formatAuditValue(old)} to ${formatAuditValue(current)}.`);
  }
  return lines;
}
