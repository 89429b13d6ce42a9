import { boostPagePath, listingPagePath } from "../../../shared/routes";
import type { OutgoingMail } from "../../jobs/mail";
import { mailDay, mailMoment } from "../../lib/mail-dates";

// The two mails of a Boost: the receipt when Stripe reports the payment, and the reminder before the
// boost ends. Plain text (the listing title is the buyer's own words). Times in UTC, as the directory's.

export interface BoostMailContext {
  appName: string;
  appUrl: string;
}

interface BoostMailFacts {
  purchaseId: string;
  to: string;
  listingId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
}

// A receipt states the cents, always: "$99.00".
const amount = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

export function boostReceiptMail(
  ctx: BoostMailContext,
  facts: BoostMailFacts & { amountCents: number; days: number; paymentIntentId: string },
): OutgoingMail {
  return {
    kind: "boost",
    key: `boost:${facts.purchaseId}:receipt`,
    message: {
      to: facts.to,
      subject: `Receipt: Boost for "${facts.title}"`,
      text: [
        `Thank you: your payment for a Boost was received.`,
        "",
        `Listing: ${facts.title}`,
        `Featured placement: ${facts.days} days, from ${mailMoment(facts.startsAt)} to ${mailMoment(facts.endsAt)}`,
        `Amount paid: ${amount(facts.amountCents)} (USD)`,
        `Payment reference: ${facts.paymentIntentId}`,
        "",
        `Your listing shows first in the directory with a Boosted badge until then.`,
        `See what it brings in your analytics: ${ctx.appUrl}/buyer/dashboard?tab=analytics`,
        `The listing: ${ctx.appUrl}${listingPagePath(facts.listingId)}`,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
  };
}

export function boostReminderMail(ctx: BoostMailContext, facts: BoostMailFacts): OutgoingMail {
  return {
    kind: "boost",
    key: `boost:${facts.purchaseId}:reminder`,
    message: {
      to: facts.to,
      subject: `Your Boost for "${facts.title}" ends on ${mailDay(facts.endsAt)}`,
      text: [
        `The featured placement of your listing "${facts.title}" ends on ${mailMoment(facts.endsAt)}.`,
        `After that it is listed with the others, newest first.`,
        "",
        `To keep it at the top, extend the Boost (the new days start when this one ends):`,
        `${ctx.appUrl}${boostPagePath(facts.listingId)}`,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
  };
}
