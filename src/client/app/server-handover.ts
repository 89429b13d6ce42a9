import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";
import { PAGE_STATE_ELEMENT_ID } from "../../shared/page-render";
import { matchClientRoute } from "../../shared/routes";
import { AUTH_USER_KEY } from "../features/auth/use-auth";
import { LISTINGS_KEY, recordListingView } from "../features/listings/listing-api";

// A page the server drew (entry-server.tsx) carries the answers it was drawn from. They go into the
// query cache before the browser hydrates, so the first render matches the server's markup and nothing
// is fetched again. The server drew the page for a signed-out visitor (pages read no session), so the
// browser starts as one too, and then asks the API who is here. (This runs in the entry script: the
// pages' query hooks and their schemas stay in the pages' chunks.)

/** The cache of a server-drawn page until the page has hydrated; null once it has (or on other pages). */
let takenOver: QueryClient | null = null;

/** Called once the page the server drew has hydrated: now the app asks who is here. */
export function serverPageHydrated(): void {
  const queryClient = takenOver;
  takenOver = null;
  if (queryClient) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
}

/**
 * Takes over the state of a server-drawn page at `url`; false when the page was not drawn by the server
 * (the browser draws it alone).
 */
export function receiveServerPage(queryClient: QueryClient, url: string): boolean {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
  // The visitor's answer: the first render draws the visitor's page as the server did. Who is here is
  // asked once the page itself has hydrated (serverPageHydrated): React hydrates the page's Suspense
  // boundary after the shell, and an answer that landed in between made the page a signed-in one that
  // no longer matched the markup it was taking over (React error 418, then drawn again from scratch).
  queryClient.setQueryData(AUTH_USER_KEY, null);
  takenOver = queryClient;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryKey[0] !== AUTH_USER_KEY[0]) return;
    if (event.action.type === "error") return unsubscribe();
    if (event.action.type !== "success") return;
    unsubscribe();
    if (event.action.data) {
      // Signed in: the listings were the visitor's (contacts masked, nothing saved or owned). Read
      // again with the session; reading a listing counts this viewer's view, as any listing page does.
      void queryClient.invalidateQueries({ queryKey: [LISTINGS_KEY] });
    } else {
      const id = listingIdOf(url);
      if (id !== null && queryClient.getQueryData([LISTINGS_KEY, id]) !== undefined) recordListingView(id);
    }
  });
  return true;
}

/** The listing a listing page's URL names, as the page's route parameter reads it; null on other pages. */
function listingIdOf(url: string): string | null {
  if (matchClientRoute(url)?.path !== "/listings/:id") return null;
  const segment = url.split(/[?#]/, 1)[0]?.split("/").filter(Boolean)[1] ?? "";
  try {
    return decodeURI(segment);
  } catch {
    return segment;
  }
}
