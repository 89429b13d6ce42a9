import { REQUIREMENT_TAGS } from "../../../shared/constants";
import { formatDollars, formatGeos } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import type { DigestFrequency } from "../../jobs/queues";
import type { ListingRow } from "../../lib/listing-read";
import type { MailMessage } from "../../lib/mailer";
import type { AlertRecipient } from "./alert-matching";

// The alert mails as people receive them. Plain text, like every mail of the app: listing
// text is typed by buyers, and text cannot smuggle markup into a mail client. Each mail names why it
// came and carries the unsubscribe link twice: in the body, and in the List-Unsubscribe headers that
// let a mail client offer one-click unsubscribe (RFC 2369, RFC 8058).

export interface AlertMailContext {
  appName: string;
  appUrl: string;
  /** This recipient's unsubscribe link (features/alerts/unsubscribe.ts). */
  unsubscribeUrl: string;
}

function greeting(recipient: AlertRecipient): string {
  const name = recipient.firstName?.trim();
  return name ? `Hi ${name},` : "Hello,";
}

const tagLabels = (tags: string[]) => REQUIREMENT_TAGS.filter((t) => tags.includes(t.id)).map((t) => t.label);

/** One listing as a block of lines; the contact only for readers allowed to see it (Premium). */
function listingBlock(ctx: AlertMailContext, listing: ListingRow, withContact: boolean): string[] {
  const lines = [
    listing.title,
    `${listing.vertical} · ${formatDollars(listing.payout)} per call · ${formatGeos(listing.geos)}`,
  ];
  const requirements = tagLabels(listing.tags);
  if (requirements.length > 0) lines.push(`Requirements: ${requirements.join(", ")}`);
  if (withContact) {
    lines.push(`Buyer: ${listing.company}`);
    if (listing.contactEmail) lines.push(`Email: ${listing.contactEmail}`);
    if (listing.contactPhone) lines.push(`Phone: ${listing.contactPhone}`);
    if (listing.applicationUrl) lines.push(`Apply: ${listing.applicationUrl}`);
  }
  lines.push(`View the listing: ${ctx.appUrl}${listingPagePath(listing.id)}`);
  return lines;
}

function footer(ctx: AlertMailContext, why: string): string[] {
  return [
    "",
    // "-- " (with the space) is the signature separator mail clients recognise and fold away.
    "-- ",
    why,
    `Change your alerts: ${ctx.appUrl}/publisher/dashboard?tab=alerts`,
    `Unsubscribe from alert emails: ${ctx.unsubscribeUrl}`,
    "",
    `— ${ctx.appName}`,
  ];
}

function headers(ctx: AlertMailContext): Record<string, string> {
  return {
    "List-Unsubscribe": `<${ctx.unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    // Tells vacation responders and the like not to answer (RFC 3834).
    "Auto-Submitted": "auto-generated",
  };
}

function moreLine(ctx: AlertMailContext, more: number): string[] {
  if (more <= 0) return [];
  const noun = more === 1 ? "listing matches" : "listings match";
  return ["", `${more} more new ${noun} your alerts: ${ctx.appUrl}/browse?sort=newest`];
}

/** An instant alert (Premium readers only): the new listing, its contact and a link. */
export function instantAlertMail(
  ctx: AlertMailContext,
  { recipient, listings, more }: { recipient: AlertRecipient; listings: ListingRow[]; more: number },
): MailMessage {
  const [first] = listings;
  if (!first) throw new Error("an instant alert without a listing");
  const subject =
    listings.length === 1
      ? `New buyer match: ${first.title} (${formatDollars(first.payout)} per call)`
      : `${listings.length} new buyer listings match your alerts`;
  const intro =
    listings.length === 1
      ? "A new buyer listing matches your alerts:"
      : `${listings.length} new buyer listings match your alerts:`;
  const blocks = listings.flatMap((listing) => ["", ...listingBlock(ctx, listing, true)]);
  return {
    to: recipient.email,
    subject,
    text: [
      greeting(recipient),
      "",
      intro,
      ...blocks,
      ...moreLine(ctx, more),
      ...footer(ctx, "You get this email because you chose instant listing alerts (a Premium benefit)."),
    ].join("\n"),
    headers: headers(ctx),
  };
}

/** A daily or weekly digest: every new match since the last one; contacts for Premium readers only. */
export function digestMail(
  ctx: AlertMailContext,
  {
    recipient,
    frequency,
    listings,
    more,
  }: { recipient: AlertRecipient; frequency: DigestFrequency; listings: ListingRow[]; more: number },
): MailMessage {
  const count = listings.length + more;
  const noun = count === 1 ? "new listing matches" : "new listings match";
  const blocks = listings.flatMap((listing) => ["", ...listingBlock(ctx, listing, recipient.isPremium)]);
  const upgrade = recipient.isPremium
    ? []
    : [
        "",
        `Buyer contact details (company, email, phone and application link) are for Premium members: ${ctx.appUrl}/pricing`,
      ];
  return {
    to: recipient.email,
    subject: `Your ${frequency} buyer digest: ${count} ${noun} your alerts`,
    text: [
      greeting(recipient),
      "",
      recipient.isFirstDigest
        ? `Since you set up your alerts, ${count} ${noun} them:`
        : `Since your last digest, ${count} ${noun} your alerts:`,
      ...blocks,
      ...moreLine(ctx, more),
      ...upgrade,
      ...footer(ctx, `You get this email because you chose a ${frequency} digest of listing alerts.`),
    ].join("\n"),
    headers: headers(ctx),
  };
}
