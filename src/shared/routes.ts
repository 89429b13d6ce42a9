/**
 * The client's routes, listed once for both sides: the router (src/client/app/app.tsx) draws one <Route>
 * per entry and sets its document title, and the server answers the page shell with 404 for any path
 * that matches none of them (the product's pages, the sign-in pages and the admin console's own).
 *
 * `path` is a wouter pattern: literal segments and `:param` segments only (no wildcards, no optional
 * segments), so `matchClientRoute` below can match it exactly as wouter does. Order matters as it does
 * in a <Switch>: the first match wins.
 * `title` is the page's document title before the app name; null means the app name alone.
 */
export const CLIENT_ROUTES = [
  { path: "/", title: null },
  { path: "/login", title: "Sign In" },
  { path: "/auth/magic", title: "Sign In" },
  { path: "/signup", title: "Create Your Free Account" },
  { path: "/privacy-policy", title: "Privacy Policy" },
  { path: "/terms-of-service", title: "Terms of Service" },
  { path: "/browse", title: "Browse Buyers" },
  // A listing's own page; it replaces the title with the listing's once the listing has loaded.
  { path: "/listings/:id", title: "Buyer Listing" },
  { path: "/pricing", title: "Pricing" },
  { path: "/subscribe", title: "Subscribe to Premium" },
  { path: "/saved", title: "Saved Listings" },
  // Listings side by side (?ids=a,b,c): a shareable address, but not a page for search engines.
  { path: "/compare", title: "Compare Listings" },
  { path: "/account", title: "Account" },
  // Where "Manage billing" leads while payments are simulated (development): Stripe's portal otherwise.
  { path: "/billing/portal/:session", title: "Billing" },
  // The account mails' one-time links (the token in `?token=`, no sign-in): each page's button posts it.
  { path: "/account/email/confirm", title: "Confirm Your New Email" },
  { path: "/account/email/undo", title: "Undo Email Change" },
  { path: "/account/not-me", title: "Secure Your Account" },
  // The link of every alert mail (signed token, no sign-in): confirm, then unsubscribe.
  { path: "/unsubscribe/:token", title: "Unsubscribe from Alerts" },
  { path: "/publisher/dashboard", title: "Publisher Dashboard" },
  { path: "/publisher/onboarding", title: "Publisher Onboarding" },
  { path: "/publisher/profile", title: "Publisher Profile" },
  { path: "/buyer/dashboard", title: "Buyer Dashboard" },
  { path: "/buyer/onboarding", title: "Buyer Onboarding" },
  // A buyer pays for featured placement of one of their listings (the reminder mails link here).
  { path: "/buyer/listings/:id/boost", title: "Boost Listing" },
  { path: "/admin/dashboard", title: "Admin Dashboard" },
  { path: "/admin/publishers", title: "Manage Publishers" },
  { path: "/admin/buyers", title: "Manage Buyers" },
  { path: "/admin/verifications", title: "Buyer Verifications" },
  { path: "/admin/users", title: "Users" },
  { path: "/admin/audit", title: "Audit Log" },
  { path: "/admin/mail", title: "Failed Mail" },
  // Development tools: their API answers only a development server, so elsewhere the pages say so.
  { path: "/dev/webhooks", title: "Webhook Inbox" },
  { path: "/dev/sms", title: "SMS Outbox" },
] as const satisfies readonly ClientRoute[];

export interface ClientRoute {
  path: string;
  title: string | null;
}

export type ClientRoutePath = (typeof CLIENT_ROUTES)[number]["path"];

/** A listing's own page (the directory's detail page): linked from alert mails and texts. */
export const listingPagePath = (listingId: string) => `/listings/${listingId}`;

/**
 * A directory page of one vertical or one location ("/browse?vertical=Legal", "/browse?geo=Texas"): the
 * form the sitemap lists and the canonical URL names, so a search engine sees one address per page.
 * Vertical first, then geography, spaces as "+" (URLSearchParams), nothing else.
 */
export function browsePagePath(filter: { vertical?: string; geo?: string }): string {
  // Written out rather than with URLSearchParams, which the shared code's types (neither the DOM's nor
  // Node's) do not know; the same encoding for every vertical and geography.
  const params = [
    ...(filter.vertical ? [`vertical=${formEncode(filter.vertical)}`] : []),
    ...(filter.geo ? [`geo=${formEncode(filter.geo)}`] : []),
  ];
  return params.length ? `/browse?${params.join("&")}` : "/browse";
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it: spaces as "+". */
const formEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

/** A listing's boost page (its owner's): linked from My Listings, the listing page and the reminder mail. */
export const boostPagePath = (listingId: string) => `/buyer/listings/${listingId}/boost`;

/** The title of the not-found page, for any path no route matches. */
export const NOT_FOUND_TITLE = "Page Not Found";

/** "Browse Buyers · PayPerCall Hub"; the app name alone for a null title. */
export function formatDocumentTitle(title: string | null, appName: string): string {
  return title ? `${title} · ${appName}` : appName;
}

// Compiled once. wouter's default matcher (regexparam) makes `:param` one non-empty segment, allows one
// trailing slash and ignores case; these do the same (src/client/app/routes.test.ts compares the two).
const MATCHERS = CLIENT_ROUTES.map((route) => {
  const segments = route.path
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":") ? "/[^/]+?" : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    );
  return { route, pattern: new RegExp(`^${segments.join("")}/?$`, "i") };
});

/** The client route a URL path (query and fragment allowed) opens, or undefined: the 404 page. */
export function matchClientRoute(url: string): ClientRoute | undefined {
  const pathname = url.split(/[?#]/, 1)[0] ?? "";
  return MATCHERS.find(({ pattern }) => pattern.test(pathname))?.route;
}
