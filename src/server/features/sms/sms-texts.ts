import { SMS_LIMITS } from "../../../shared/constants";

// What an SMS alert says (docs/publishers.md, "SMS alerts"). Every text fits one segment: at most
// SMS_LIMITS.maxLength characters of GSM-7's basic set. A character outside it would switch the whole
// text to UCS-2, whose segments hold 70 characters, and a longer text costs two or three segments
// (billed each) and may arrive split. Listing titles are buyers' own words, so they are mapped to
// plain letters first and shortened to what is left once the fixed parts (link, STOP line) are in.

export const STOP_LINE = "Reply STOP to opt out";

/** GSM 03.38's basic character set (one septet each); its extension set (€, [, ], {, }...) costs two. */
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);

/** Common typography with a plain equivalent; the extension set's characters get one too. */
const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "`": "'",
  "\u00b4": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2033": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2022": "-",
  "\u00b7": "-",
  "[": "(",
  "]": ")",
  "{": "(",
  "}": ")",
  "~": "-",
  "^": "",
  "\\": "/",
  "|": "/",
  "\u20ac": "EUR",
  "\u2122": "",
  "\u00ae": "",
  "\u00a9": "",
};

/**
 * Text in GSM-7's basic set on one line: typography mapped to plain characters, accents dropped where
 * the accented letter is not in the set (é stays, ê becomes e), anything else left out; runs of
 * whitespace become one space.
 */
export function toGsm7(text: string): string {
  let out = "";
  for (const char of text.replace(/\s+/gu, " ")) {
    if (char !== "\n" && char !== "\r" && GSM7_BASIC.has(char)) {
      out += char;
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    // A letter with a diacritic outside the set: its base letter, when that is in the set.
    for (const part of char.normalize("NFD")) if (GSM7_BASIC.has(part) && part !== "\n") out += part;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** Whether a text is GSM-7 basic characters only (what the tests and the sender hold us to). */
export const isGsm7 = (text: string) => [...text].every((c) => GSM7_BASIC.has(c));

/** At most `max` characters, cut at a word where one is near, with "..." when cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 3) return text.slice(0, Math.max(0, max));
  const cut = text.slice(0, max - 3);
  const space = cut.lastIndexOf(" ");
  const base = space >= (max - 3) * 0.6 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,.:;-]+$/, "")}...`;
}

/** "$45/call", "$45.50/call": the listing's payout (numeric text, "45.00"). */
export function payoutPerCall(payout: string): string {
  const value = Number(payout);
  if (!Number.isFinite(value)) return "";
  const amount = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return `$${amount}/call`;
}

export interface TextListing {
  title: string;
  vertical: string;
  payout: string;
}

export interface TextContext {
  appName: string;
}

interface Piece {
  text: string;
  /** Around the text, and left out with it. */
  before?: string;
  after?: string;
  /** Shortened when the whole is too long, the highest first; fixed without. */
  shrink?: number;
}

const render = (pieces: Piece[]) =>
  pieces.map((p) => (p.text ? `${p.before ?? ""}${p.text}${p.after ?? ""}` : "")).join("");

/**
 * Joins `pieces` into at most SMS_LIMITS.maxLength characters: the fixed ones stay as they are; the
 * shrinkable ones are shortened, the highest `shrink` first, and left out when fewer than four
 * characters of one would remain.
 */
function fitToSegment(pieces: Piece[]): string {
  const parts = pieces.map((p) => ({ ...p }));
  const order = parts.filter((p) => p.shrink !== undefined).sort((a, b) => b.shrink! - a.shrink!);
  for (const part of order) {
    const over = render(parts).length - SMS_LIMITS.maxLength;
    if (over <= 0) break;
    const target = part.text.length - over;
    part.text = target < 4 ? "" : shorten(part.text, target);
  }
  const joined = render(parts).replace(/ {2,}/g, " ").trim();
  // Only an absurdly long link leaves it over: one segment is a promise, so it is cut.
  return joined.length > SMS_LIMITS.maxLength ? joined.slice(0, SMS_LIMITS.maxLength).trim() : joined;
}

/** One new listing: "PayPerCall Hub: new Insurance buyer, $45/call: Final Expense Calls <link> Reply STOP to opt out". */
export function alertText(ctx: TextContext, listing: TextListing, link: string): string {
  const app = toGsm7(ctx.appName);
  const vertical = toGsm7(listing.vertical);
  const payout = payoutPerCall(listing.payout);
  const title = toGsm7(listing.title);
  return fitToSegment([
    { text: app, after: ": ", shrink: 1 },
    { text: "new " },
    { text: vertical, after: " ", shrink: 2 },
    { text: "buyer" },
    { text: payout, before: ", " },
    { text: title, before: ": ", shrink: 3 },
    { text: toGsm7(link), before: " ", after: " " },
    { text: STOP_LINE },
  ]);
}

/**
 * Several new listings at once (after quiet hours or the day's cap): "3 new buyers match your alerts:
 * Final Expense Calls ($45/call) and 2 more: <link> Reply STOP to opt out".
 */
export function summaryText(
  ctx: TextContext,
  { first, count }: { first: TextListing; count: number },
  link: string,
): string {
  const app = toGsm7(ctx.appName);
  const title = toGsm7(first.title);
  const payout = payoutPerCall(first.payout);
  return fitToSegment([
    { text: app, after: ": ", shrink: 1 },
    { text: `${count} new buyers match your alerts: ` },
    { text: title || "a new buyer", shrink: 3 },
    { text: payout, before: " (", after: ")" },
    { text: ` and ${count - 1} more: ${toGsm7(link)} ` },
    { text: STOP_LINE },
  ]);
}
