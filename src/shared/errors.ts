// The API's error contract (issue #8): every error body is {message, code} (+ issues for validation).
// The client decides on the HTTP status and this code, never on the message text, which stays free to
// carry the spec's wording (SPEC §8).

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

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  issues?: { path: string; message: string }[];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
