import { apiRequest } from "../../lib/api";

// The directory's API path, and the one call a page makes outside the query hooks (use-listings.ts):
// light enough for the entry script, which should not carry the hooks' schemas.

export const LISTINGS_KEY = "/api/buyer-listings";

/**
 * Counts this visitor's view of a listing whose page the server drew: reading the listing through the
 * API counts one, and the browser did not need to. A failure costs one uncounted view and shows nothing.
 */
export function recordListingView(id: string): void {
  apiRequest("POST", `${LISTINGS_KEY}/${encodeURIComponent(id)}/views`).catch(() => {});
}
