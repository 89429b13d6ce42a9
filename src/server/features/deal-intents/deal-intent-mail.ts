import { formatDate } from "../../../shared/format";
import { describeQualityBasis } from "../../../shared/quality-basis";
import { listingPagePath } from "../../../shared/routes";
import { type DealPublisher, dealPublisherName } from "../../../shared/schemas/deal-intents";
import type { JobQueue } from "../../jobs/job-queue";
import type { MailQueue, OutgoingMail } from "../../jobs/mail";
import type { ListingRow } from "../../lib/listing-read";
import type { IntentRow } from "./intent-read";
import { summarizePublisher } from "./publisher-summary";

// The mails of the deal request flow: each side hears when a request arrives and when it is decided.
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
const publisherName = (intent: IntentRow) => dealPublisherName(summarizePublisher(intent));
const quoted = (label: string, text: string | null) =>
  text ? `\n${label}:\n> ${text.replace(/\n/g, "\n> ")}\n` : "";

const APPROVAL = { approved: "Approved", pending: "Pending review", rejected: "Rejected" } as const;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * Who asks, as the buyer's Deal Requests tab shows them before an accept (publisher-summary.ts): the
 * same facts in the same words, so the buyer decides from the mail or the screen alike.
 */
function publisherLines(appName: string, publisher: DealPublisher): string[] {
  const list = (items: string[]) => items.join(", ") || "not given";
  const basis = describeQualityBasis(publisher.qualityBreakdown);
  return [
    "About the publisher:",
    `  Name: ${publisher.name ?? "not given"}`,
    `  Company: ${publisher.company ?? "not given"}`,
    `  Website: ${publisher.website ?? "not given"}`,
    `  Domain verified: ${publisher.domainVerifiedAt ? `yes, ${formatDate(publisher.domainVerifiedAt)}` : "no"}`,
    `  Approval: ${APPROVAL[publisher.status]}`,
    `  Quality score: ${publisher.qualityScore}/100. ${basis.basedOn}${basis.notYet ? ` ${basis.notYet}` : ""}`,
    `  Traffic sources: ${list(publisher.trafficSources)}`,
    `  Verticals: ${list(publisher.verticals)}`,
    `  Average daily calls: ${publisher.avgDailyCalls ?? "not given"}`,
    `  Years in business: ${publisher.yearsInBusiness ?? "not given"}`,
    `  TCPA acknowledgment: ${publisher.tcpaAcknowledgedAt ? formatDate(publisher.tcpaAcknowledgedAt) : "not on file"}`,
    `  DNC process: ${publisher.dncProcessDesc ?? "not on file"}`,
    `  On ${appName}: ${plural(publisher.dealCount, "deal")}, ${plural(publisher.reviewCount, "review")} written`,
  ];
}

/** A deal request arrived: the buyer is asked to decide, the publisher gets a receipt. */
export function requestMails(
  ctx: DealMailContext,
  { intent, listing }: { intent: IntentRow; listing: ListingRow },
): Mail[] {
  const dashboard = `${ctx.appUrl}/buyer/dashboard?tab=deal-intents`;
  const publisher = summarizePublisher(intent);
  return [
    {
      key: `deal-intent:${intent.id}:requested:buyer`,
      to: intent.buyerEmail,
      subject: `New deal request for "${listing.title}"`,
      text: [
        `${dealPublisherName(publisher)} would like to work with you on your listing "${listing.title}".`,
        quoted("Their message", intent.message),
        ...publisherLines(ctx.appName, publisher),
        "",
        `Accept or reject the request in your buyer dashboard: ${dashboard}`,
        `Accepting shares this listing's contact details with the publisher and shows you how to reach them.`,
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

/** A deal request was decided: the publisher hears the answer (with the contact on accept), the buyer gets a receipt. */
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
          `They are also shown on the listing: ${ctx.appUrl}${listingPagePath(listing.id)}`,
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
