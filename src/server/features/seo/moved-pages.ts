import { listingPagePath, matchClientRoute } from "../../../shared/routes";

// A listing's page used to live at /buyer/<id>, beside the buyer's own workspace (/buyer/dashboard,
// /buyer/onboarding, /buyer/listings/<id>/boost). Links to the old address live on in sent mails and
// texts, bookmarks and search engines, so they are sent to /listings/<id> for good: a 301 tells a
// search engine to move the page's standing to the new address.
const OLD_LISTING_PAGE = /^\/buyer\/([^/]+)\/?$/i;

/** Where a page that moved now lives (its query kept), or null when `url` is no old address. */
export function movedPagePath(url: string): string | null {
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  const rest = end === -1 ? "" : url.slice(end);
  // A path the client still routes is a page of its own (the buyer's dashboard), never a listing's.
  if (matchClientRoute(pathname)) return null;
  const id = OLD_LISTING_PAGE.exec(pathname)?.[1];
  return id === undefined ? null : listingPagePath(id) + rest;
}
