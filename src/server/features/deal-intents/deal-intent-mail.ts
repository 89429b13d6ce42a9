import { FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue, OutgoingMail } from "../../jobs/mail";
import type { ListingRow } from "../listings/listing-row";
import type { IntentRow } from "./intent-row";

// The mails of the deal intent flow: each side hears when an intent arrives and when it is decided.
// Buyers are written to at their profile's contact email (the address they give publishers), else their
// sign-in email; publishers at their sign-in email. Plain text only: the messages carry what people
// typed, and text cannot smuggle markup into a mail client.

export interface DealMailContext {
  appName: string;
  appUrl: string;
  /** Where the mails are queued, inside the transaction of the step that causes them. */
  mailQueue: MailQueue;
  /** Where the parties' webhook deliveries are sent, in that transaction too (features/webhooks). */
  jobs: JobQueue;
}

/** A plain-text mail of the deal flow, named by `key` (its idempotency key, jobs/mail.ts). */
interface Mail {
  key: string;
  to: string;
  subject: string;
  text: string;
}

/** The mails of a step as queue entries of one kind. */
export const outgoing = (kind: OutgoingMail["kind"], mails: Mail[]): OutgoingMail[] =>
  mails.map(({ key, ...message }) => ({ kind, key, message }));

const listingName = (intent: IntentRow) => intent.listingTitle ?? "a deleted listing";
const publisherName = (intent: IntentRow) =>
  intent.publisherDeleted
    ? FORMER_MEMBER_NAME
    : [intent.publisherFirstName, intent.publisherLastName].filter(Boolean).join(" ") ||
      intent.website ||
      "A publisher";
const quoted = (label: string, text: string | null) =>
  text ? `\n${label}:\n> ${text.replace(/\n/g, "\n> ")}\n` : "";

/** A deal intent arrived: the buyer is asked to decide, the publisher gets a receipt. */
export function requestMails(
  ctx: DealMailContext,
  { intent, listing }: { intent: IntentRow; listing: ListingRow },
): Mail[] {
  const dashboard = `${ctx.appUrl}/buyer/dashboard?tab=deal-intents`;
  return [
    {
      key: `deal-intent:${intent.id}:requested:buyer`,
      to: intent.buyerEmail,
      subject: `New deal request for "${listing.title}"`,
      text: [
        `${publisherName(intent)} would like to work with you on your listing "${listing.title}".`,
        quoted("Their message", intent.message),
        `Website: ${intent.website ?? "not given"}`,
        `Verticals: ${intent.verticals.join(", ") || "not given"}`,
        "",
        `Accept or reject the request in your buyer dashboard: ${dashboard}`,
        `Accepting shares this listing's contact details with the publisher and shows you their profile and compliance record.`,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
    {
      key: `deal-intent:${intent.id}:requested:publisher`,
      to: intent.publisherEmail,
      subject: `Deal request sent: "${listing.title}"`,
      text: [
        `Your deal request for "${listing.title}" was sent to the buyer.`,
        "We will email you when they accept or reject it.",
        "",
        `Your requests: ${ctx.appUrl}/publisher/dashboard`,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
  ];
}

/** A deal intent was decided: the publisher hears the answer (with the contact on accept), the buyer gets a receipt. */
export function decisionMails(
  ctx: DealMailContext,
  { intent, listing }: { intent: IntentRow; listing: ListingRow | null },
): Mail[] {
  const accepted = intent.status === "accepted";
  const title = listingName(intent);
  const contactLines =
    accepted && listing
      ? [
          "The buyer's contact details:",
          `  Company: ${listing.company}`,
          `  Email: ${listing.contactEmail ?? "not given"}`,
          `  Phone: ${listing.contactPhone ?? "not given"}`,
          `  Application: ${listing.applicationUrl ?? "not given"}`,
          `They are also shown on the listing: ${ctx.appUrl}/buyer/${listing.id}`,
        ]
      : [];
  return [
    {
      key: `deal-intent:${intent.id}:${intent.status}:publisher`,
      to: intent.publisherEmail,
      subject: `Your deal request for "${title}" was ${accepted ? "accepted" : "declined"}`,
      text: [
        accepted
          ? `Good news: the buyer accepted your deal request for "${title}".`
          : `The buyer declined your deal request for "${title}".`,
        quoted("Their note", intent.decisionNote),
        ...contactLines,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
    {
      key: `deal-intent:${intent.id}:${intent.status}:buyer`,
      to: intent.buyerEmail,
      subject: `You ${accepted ? "accepted" : "declined"} a deal request for "${title}"`,
      text: [
        accepted
          ? `You accepted the deal request from ${publisherName(intent)}${intent.publisherDeleted ? "" : ` (${intent.publisherEmail})`} for "${title}". They can now see this listing's contact details.`
          : `You declined the deal request from ${publisherName(intent)} for "${title}".`,
        accepted ? `Their profile and compliance record: ${ctx.appUrl}/buyer/dashboard?tab=deal-intents` : "",
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
  ];
}
