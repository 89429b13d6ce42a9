import { ERROR_CODES, type ErrorCode } from "../../shared/errors";

/**
 * The one error type services throw; the central handler (plugins/errors.ts) answers it as
 * `{message, code}`. It takes the code, not a status: the status is looked up in ERROR_CODES, so a code
 * can never travel with the wrong status (a `premium_required` is always a 403). The message is for
 * people, in the words the screens show; clients decide on status and code.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.statusCode = ERROR_CODES[code];
    this.headers = options.headers ?? {};
  }
}
