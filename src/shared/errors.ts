import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-codes";

// The API's error contract (docs/decisions/007-access-guard-and-error-codes.md): every error body is
// {message, code} (+ issues for validation). The client decides on the HTTP status and this code, never
// on the message text, which is written for people (some keep a wording users already know) and so is
// no contract for code.

// The codes live in ./error-codes (no zod) so the browser's fetch helper can read them cheaply.
export { ERROR_CODES, type ErrorCode } from "./error-codes";

const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The body of every error answer; routes declare it for their 4xx and 5xx responses. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODE_LIST),
  /** Only on `validation`: which input was wrong and why. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;
