import type { FastifyInstance } from "fastify";
import type { DealSide } from "../../../shared/constants";
import type { DealMailContext } from "../deal-intents/deal-intent-mail";
import type { DisputeRow } from "./dispute-row";

// The mails of a dispute: at each step (opened, answered, decided) both parties hear what happened.
// Buyers are written to at their profile's contact email, else their sign-in email; publishers at their
// sign-in email (as the deal intent mails do). Plain text only: the texts are what people typed.

interface Mail {
  key: string;
  to: string;
  subject: string;
  text: string;
}

const dealName = (row: DisputeRow) => (row.listingTitle ? `"${row.listingTitle}"` : "a deleted listing");
const partyName = (row: DisputeRow, side: DealSide) =>
  side === "buyer" ? row.buyerCompany : row.publisherName;
const other = (side: DealSide): DealSide => (side === "buyer" ? "publisher" : "buyer");
const emailOf = (row: DisputeRow, side: DealSide) => (side === "buyer" ? row.buyerEmail : row.publisherEmail);
const quoted = (label: string, text: string | null) =>
  text ? [`${label}:`, `> ${text.replace(/\n/g, "\n> ")}`, ""] : [];

function disputesLink(ctx: DealMailContext, side: DealSide): string {
  return side === "buyer"
    ? `${ctx.appUrl}/buyer/dashboard?tab=disputes`
    : `${ctx.appUrl}/publisher/dashboard?tab=disputes`;
}

const signature = (ctx: DealMailContext) => ["", `— ${ctx.appName}`];

/** Opened: the other party is asked to respond; the opener gets a receipt. */
export function openedMails(ctx: DealMailContext, row: DisputeRow): Mail[] {
  const opener = row.openedBy;
  const responder = other(opener);
  return [
    {
      key: `dispute:${row.id}:opened:${responder}`,
      to: emailOf(row, responder),
      subject: `A dispute was opened about your deal on ${dealName(row)}`,
      text: [
        `${partyName(row, opener)} opened a dispute about your deal on ${dealName(row)}.`,
        "",
        ...quoted("Their reason", row.reason),
        `You may respond once; an administrator then decides the dispute: ${disputesLink(ctx, responder)}`,
        ...signature(ctx),
      ].join("\n"),
    },
    {
      key: `dispute:${row.id}:opened:${opener}`,
      to: emailOf(row, opener),
      subject: `Dispute opened: your deal on ${dealName(row)}`,
      text: [
        `Your dispute about the deal on ${dealName(row)} with ${partyName(row, responder)} is open.`,
        "",
        ...quoted("Your reason", row.reason),
        "We asked them to respond; an administrator will decide the dispute and we will email you the decision.",
        `Follow it here: ${disputesLink(ctx, opener)}`,
        ...signature(ctx),
      ].join("\n"),
    },
  ];
}

/** Answered: the opener reads the response; the responder gets a receipt. */
export function respondedMails(ctx: DealMailContext, row: DisputeRow): Mail[] {
  const opener = row.openedBy;
  const responder = other(opener);
  return [
    {
      key: `dispute:${row.id}:responded:${opener}`,
      to: emailOf(row, opener),
      subject: `${partyName(row, responder)} responded to your dispute on ${dealName(row)}`,
      text: [
        `${partyName(row, responder)} responded to your dispute about the deal on ${dealName(row)}.`,
        "",
        ...quoted("Their response", row.response),
        `An administrator will decide the dispute: ${disputesLink(ctx, opener)}`,
        ...signature(ctx),
      ].join("\n"),
    },
    {
      key: `dispute:${row.id}:responded:${responder}`,
      to: emailOf(row, responder),
      subject: `Your response was sent: dispute on ${dealName(row)}`,
      text: [
        `Your response to the dispute about the deal on ${dealName(row)} was sent to ${partyName(row, opener)}.`,
        "",
        ...quoted("Your response", row.response),
        `An administrator will decide the dispute: ${disputesLink(ctx, responder)}`,
        ...signature(ctx),
      ].join("\n"),
    },
  ];
}

/** Decided: both parties read the decision and the admin's notes. */
export function resolvedMails(ctx: DealMailContext, row: DisputeRow): Mail[] {
  const decision =
    row.status === "resolved"
      ? "resolved it: the complaint was found to be founded"
      : "rejected it: the complaint was found to be unfounded";
  return (["buyer", "publisher"] as const).map((side) => ({
    key: `dispute:${row.id}:${row.status}:${side}`,
    to: emailOf(row, side),
    subject: `Dispute ${row.status}: the deal on ${dealName(row)}`,
    text: [
      `An administrator decided the dispute ${side === row.openedBy ? "you" : partyName(row, row.openedBy)} opened about the deal on ${dealName(row)}, and ${decision}.`,
      "",
      ...quoted("The administrator's notes", row.resolutionNotes),
      `The dispute: ${disputesLink(ctx, side)}`,
      ...signature(ctx),
    ].join("\n"),
  }));
}

/** The mail settings: the app's name and address, and the queue the mails go to. */
export function disputeMailContext(app: FastifyInstance): DealMailContext {
  return {
    appName: app.config.appName,
    appUrl: app.config.appUrl,
    mailQueue: app.mailQueue,
    jobs: app.jobs,
  };
}
