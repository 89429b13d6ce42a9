// Query parameters that carry credentials: sign-in tokens, OIDC codes and states, and API keys a client
// put in the URL by mistake (the API refuses those, but the request is logged and traced all the same).
// The logs (plugins/logging.ts) and the traces (telemetry.ts) mask their values. No imports: telemetry.ts
// loads this before any instrumented module.

/** Where clients put API keys when they do not use the Authorization header. */
export const API_KEY_QUERY_PARAMS = ["api_key", "access_token", "key"] as const;

export const SECRET_QUERY_PARAMS = ["token", "code", "state", "session_state", ...API_KEY_QUERY_PARAMS];

const SECRET_PARAM_VALUES = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join("|")})=)[^&#]*`, "gi");

/** A URL (or any text holding one) with the values of those parameters replaced by "[redacted]". */
export function maskSecretQueryParams(text: string): string {
  return text.replace(SECRET_PARAM_VALUES, "$1[redacted]");
}
