import { canonicalVertical, GEOGRAPHIES, REQUIREMENT_TAGS, US_NATIONAL } from "./constants";
import { formatDuration, formatGeos, formatPayout } from "./format";
import {
  type ClientRoute,
  type ClientRoutePath,
  formatDocumentTitle,
  matchClientRoute,
  NOT_FOUND_TITLE,
} from "./routes";

// What a page tells the world before any script runs: its document title, its meta description and
// whether search engines may index it. The server writes these into the HTML it sends (link unfurlers
// and crawlers run no JavaScript) and the client sets the same texts as people move around the app, so
// both read them from here.

export interface PageHead {
  /** The document title, the app name included ("Pricing · PayPerCall Hub"). */
  title: string;
  /** The title a link preview shows: the page's own, without the app name (the site name is beside it). */
  shareTitle: string;
  /** The meta description: at most DESCRIPTION_MAX characters. */
  description: string;
  /** False: `<meta name="robots" content="noindex">` (signed-in, one-time and not-found pages). */
  indexable: boolean;
}

/** What search results and link previews show before cutting a description short. */
export const DESCRIPTION_MAX = 160;

/** The listing page's heading and text for a listing that is missing, paused or otherwise hidden. */
export const LISTING_NOT_FOUND_HEADING = "Listing Not Found";
export const LISTING_NOT_FOUND_TEXT = "This listing does not exist or is no longer active.";

const SITE_DESCRIPTION = "Find verified pay-per-call buyers, compare payouts and requirements, and connect.";
const NOT_FOUND_DESCRIPTION = "The page you were looking for does not exist.";

type RouteHead = { indexable: true; description: (appName: string) => string } | { indexable: false };

const PUBLIC = (description: string | ((appName: string) => string)): RouteHead => ({
  indexable: true,
  description: typeof description === "string" ? () => description : description,
});
const PRIVATE: RouteHead = { indexable: false };

/**
 * Each route's head, beside its title in CLIENT_ROUTES. Typed over the route list, so a new path must
 * be declared public (with its description) or not: signed-in, one-time and sign-in pages stay out of
 * search engines. The public ones are the ones the sitemap lists, and the listing pages.
 */
const ROUTE_HEADS: Record<ClientRoutePath, RouteHead> = {
  "/": PUBLIC(SITE_DESCRIPTION),
  "/login": PRIVATE,
  "/auth/magic": PRIVATE,
  "/signup": PUBLIC(
    "Create your free account to browse verified buyers of calls and leads, save listings and get alerts.",
  ),
  "/privacy-policy": PUBLIC((appName) => `How ${appName} collects, uses and protects your data.`),
  "/terms-of-service": PUBLIC((appName) => `The terms that apply when you use ${appName}.`),
  "/browse": PUBLIC(
    "Compare payouts, call duration and requirements from verified buyers of calls and leads in every vertical.",
  ),
  // The route's own text stands only while the listing loads; listingPageHead replaces it.
  "/listings/:id": PUBLIC(SITE_DESCRIPTION),
  "/pricing": PUBLIC(
    "Browse buyers for free; Premium unlocks buyer contact details and instant alerts for new listings.",
  ),
  "/subscribe": PRIVATE,
  "/saved": PRIVATE,
  "/compare": PRIVATE,
  "/account": PRIVATE,
  "/billing/portal/:session": PRIVATE,
  "/account/email/confirm": PRIVATE,
  "/account/email/undo": PRIVATE,
  "/account/not-me": PRIVATE,
  "/unsubscribe/:token": PRIVATE,
  "/publisher/dashboard": PRIVATE,
  "/publisher/onboarding": PRIVATE,
  "/publisher/profile": PRIVATE,
  "/buyer/dashboard": PRIVATE,
  "/buyer/onboarding": PRIVATE,
  "/buyer/listings/:id/boost": PRIVATE,
  "/admin/dashboard": PRIVATE,
  "/admin/publishers": PRIVATE,
  "/admin/buyers": PRIVATE,
  "/admin/users": PRIVATE,
  "/admin/verifications": PRIVATE,
  "/admin/audit": PRIVATE,
  "/admin/mail": PRIVATE,
  "/dev/webhooks": PRIVATE,
  "/dev/sms": PRIVATE,
};

function head(title: string | null, appName: string, description: string, indexable: boolean): PageHead {
  return {
    title: formatDocumentTitle(title, appName),
    shareTitle: title ?? appName,
    description: clipDescription(description),
    indexable,
  };
}

/** A route's head from the shared route list; undefined (no route matched) is the not-found page. */
export function routePageHead(route: ClientRoute | undefined, appName: string): PageHead {
  if (!route) return notFoundPageHead(appName);
  const declared = ROUTE_HEADS[route.path as ClientRoutePath];
  if (!declared?.indexable) return head(route.title, appName, SITE_DESCRIPTION, false);
  return head(route.title, appName, declared.description(appName), true);
}

/** The head of any path no route matches. */
export function notFoundPageHead(appName: string): PageHead {
  return head(NOT_FOUND_TITLE, appName, NOT_FOUND_DESCRIPTION, false);
}

/** The head of a page that shows a title of its own but is not for search engines (a boost page, say). */
export function privatePageHead(title: string, appName: string): PageHead {
  return head(title, appName, SITE_DESCRIPTION, false);
}

/** A listing page whose listing is missing, paused or hidden: the text its heading shows. */
export function listingNotFoundPageHead(appName: string): PageHead {
  return head(LISTING_NOT_FOUND_HEADING, appName, LISTING_NOT_FOUND_TEXT, false);
}

/** The browse filters a page of its own stands for: one known vertical and/or one known geography. */
export interface BrowsePageFilter {
  vertical?: string;
  geo?: string;
}

/**
 * The vertical and geography of a browse URL that name a page of their own, in today's spelling
 * ("Auto" is "Automotive"); anything else (unknown values, the keyword, payout and tag filters) is not
 * part of the page's address or title.
 */
export function browsePageFilter(filter: {
  vertical?: string | null;
  geo?: string | null;
}): BrowsePageFilter {
  const vertical = filter.vertical ? canonicalVertical(filter.vertical) : null;
  const geo = (GEOGRAPHIES as readonly string[]).find((g) => g === filter.geo);
  return { ...(vertical ? { vertical } : {}), ...(geo ? { geo } : {}) };
}

/** "Legal Call Buyers in Texas", "Call Buyers Nationwide", or the route's own title when unfiltered. */
export function browsePageHead(filter: BrowsePageFilter, appName: string): PageHead {
  const { vertical, geo } = browsePageFilter(filter);
  if (!vertical && !geo) return routePageHead(matchClientRoute("/browse"), appName);
  const where = geo === undefined ? "" : geo === US_NATIONAL ? " Nationwide" : ` in ${geo}`;
  const title = `${vertical ? `${vertical} ` : ""}Call Buyers${where}`;
  const what = vertical ? `${vertical} calls and leads` : "calls and leads";
  const place = geo === undefined ? "" : geo === US_NATIONAL ? " nationwide" : ` in ${geo}`;
  const description = `Verified buyers of ${what}${place}: compare payouts per call, call duration and requirements.`;
  return head(title, appName, description, true);
}

/** What a listing's head says: never its contact (company, email, phone, application URL). */
export interface ListingHeadFields {
  title: string;
  vertical: string;
  /** Dollars as the API sends them ("45.00"). */
  payout: string;
  /** Seconds; null is flexible. */
  durationRequirement: number | null;
  geos: readonly string[];
  /** Requirement tag ids (REQUIREMENT_TAGS). */
  tags: readonly string[];
}

const TAG_LABELS = new Map<string, string>(REQUIREMENT_TAGS.map((t) => [t.id, t.label]));

/**
 * A listing's own title, and a description of its terms: "Legal calls: $45.00 per call. Call duration:
 * 2 min. Geography: Texas. Requirements: Inbound only." Unknown tag ids are left out.
 */
export function listingPageHead(listing: ListingHeadFields, appName: string): PageHead {
  const tags = listing.tags.flatMap((id) => TAG_LABELS.get(id) ?? []);
  const description = [
    `${listing.vertical} calls: ${formatPayout(listing.payout)} per call.`,
    `Call duration: ${formatDuration(listing.durationRequirement)}.`,
    `Geography: ${formatGeos(listing.geos)}.`,
    ...(tags.length ? [`Requirements: ${tags.join(", ")}.`] : []),
  ].join(" ");
  return head(listing.title, appName, description, true);
}

/** Cuts a text to DESCRIPTION_MAX characters at a word boundary, with an ellipsis when cut. */
export function clipDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  // A text without spaces (a pasted URL) is cut mid-word rather than emptied.
  const kept = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s,.;:]+$/, "")}…`;
}
