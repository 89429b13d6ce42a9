// The error codes of the API's contract (src/shared/errors.ts), without zod: the client's fetch helper
// reads codes on every page, and zod would otherwise join the initial JavaScript, which has a size
// budget (docs/performance.md).

/** Every error code and the one HTTP status it is answered with. */
export const ERROR_CODES = {
  validation: 400,
  unauthorized: 401,
  admin_required: 403,
  forbidden: 403,
  premium_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
