// Timings and browser storage keys the client shares between several of its files. Domain constants,
// which the server uses too, are in src/shared/constants.ts; a value with one user stays in its file.

/** Redirect delay after an auth failure or an admin denial, long enough to see the toast first. */
export const AUTH_REDIRECT_DELAY_MS = 500;

/** The email the sign-up page was given, which the sign-in page offers (localStorage). */
export const SIGNUP_EMAIL_STORAGE_KEY = "signup-email-preference";
