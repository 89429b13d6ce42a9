import { MESSAGES } from "../../../shared/constants";
import { toast } from "../../components/ui/use-toast";
import { AUTH_REDIRECT_DELAY_MS } from "../../lib/ui-constants";

// Sign-in and sign-out are full browser navigations to these, never background calls: the server
// answers them with redirects (to the sign-in page or provider, or home) and sets or clears the session
// cookie.
export const LOGIN_PATH = "/api/login";
export const LOGOUT_PATH = "/api/logout";
/**
 * Where every "Get Started Free" leads (the nav bar, the landing page, the plans): the signup page, which
 * asks for the email and the terms before handing over to sign-in. "Sign In" goes to LOGIN_PATH.
 */
export const SIGNUP_PATH = "/signup";
/** "List your buyer offer": the signup page with the buyer side chosen (a signed-in guest goes to onboarding). */
export const BUYER_SIGNUP_PATH = "/signup?side=buyer";

/** Full navigation (not a background call) to the login endpoint, back to where the user was. */
export function goToLogin(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.href = here === "/" ? LOGIN_PATH : `${LOGIN_PATH}?returnTo=${encodeURIComponent(here)}`;
}

// Several failed calls often arrive together when a session ends; one toast and one redirect suffice.
let redirectPending = false;

/** The "Unauthorized" toast, then the login page after 500 ms, so the toast can be read first. */
export function handleUnauthorized(): void {
  if (redirectPending) return;
  redirectPending = true;
  toast({ title: MESSAGES.unauthorized, description: MESSAGES.loggedOut, variant: "destructive" });
  setTimeout(goToLogin, AUTH_REDIRECT_DELAY_MS);
}
