import { z } from "zod";

// The API's error contract (issue #8): every error body is {message, code} (+ issues for validation).
// The client decides on the HTTP status and this code, never on the message text, which stays free to
// carry the spec's wording (SPEC §8).

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

const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The body of every error answer; routes declare it for their 4xx and 5xx responses. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODE_LIST),
  /** Only on `validation`: which input was wrong and why. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
