import type { QueryClient } from "@tanstack/react-query";
import { SIGNED_IN_HINT_COOKIE } from "../../../shared/page-render";
import { AUTH_USER_KEY } from "./use-auth";

// The server draws the public pages for a signed-out visitor (it reads no session on pages). A signed-in
// viewer would see that visitor's page first (the landing page instead of their home, contacts masked)
// until the app had asked who is here. This hint, a cookie the server may read on pages, says "someone is
// signed in here", and the server then sends such a viewer the page for the browser to draw, as before.
// It grants nothing: a wrong hint only changes who draws the page (docs/decisions/040).

/** As long as a session can last; a hint that outlives its session is put right by the next page. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Sets or clears the hint; a no-op when it already says so. */
export function rememberSignedIn(signedIn: boolean): void {
  const hinted = document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`);
  if (hinted === signedIn) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const value = signedIn ? `1; Max-Age=${MAX_AGE_SECONDS}` : "; Max-Age=0";
  // biome-ignore lint/suspicious/noDocumentCookie: one flag, written where every browser the app supports can (the Cookie Store API is not in all of them)
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

/** Keeps the hint in step with every answer to the current-user query. */
export function watchSignedInHint(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (event.query.queryKey[0] !== AUTH_USER_KEY[0]) return;
    rememberSignedIn(Boolean(event.action.data));
  });
}
