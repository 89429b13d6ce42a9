import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_CODES, type ErrorBody, type ErrorCode, errorSchema } from "../../shared/errors";
import { AppError } from "../lib/app-error";

/** Every route's error answers, declared once: `response: { 200: ..., ...errorResponses }`. */
export const errorResponses = { "4xx": errorSchema, "5xx": errorSchema };

export const NOT_FOUND_MESSAGE = "Not Found";
const PAYLOAD_TOO_LARGE_MESSAGE = "Request body is too large";
const INTERNAL_MESSAGE = "Internal Server Error";

/**
 * Fastify's own client errors (bad JSON, unsupported content type, oversized body...) carry a status but
 * no code of ours. Each is answered with the code that says what the client did wrong, and that code's
 * status, so status and code always agree (ERROR_CODES). Anything unnamed is a bad request.
 */
function codeOfClientError(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 422:
      return "unprocessable";
    case 429:
      return "rate_limited";
    default:
      return "validation";
  }
}

// One error handler for the whole API (DESIGN.md §3, issue #8): every body is {message, code};
// validation errors add `issues`; 5xx never leak internals.
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx we raised on purpose (a failed Stripe call, say) still deserves its cause in the log.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorBody = { message: error.message, code: error.code };
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: `${error.validationContext ?? ""}${v.instancePath}`.replace(/\//g, "."),
        message: v.message ?? "is invalid",
      }));
      const first = issues[0];
      const message = first ? `Invalid ${first.path || "request"}: ${first.message}` : "Invalid request";
      const body: ErrorBody = { message, code: "validation", issues };
      return reply.code(ERROR_CODES.validation).send(body);
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, "request failed");
      const body: ErrorBody = { message: INTERNAL_MESSAGE, code: "internal" };
      return reply.code(ERROR_CODES.internal).send(body);
    }
    const code = codeOfClientError(status);
    const message = code === "payload_too_large" ? PAYLOAD_TOO_LARGE_MESSAGE : error.message;
    const body: ErrorBody = { message, code };
    return reply.code(ERROR_CODES[code]).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      const body: ErrorBody = { message: NOT_FOUND_MESSAGE, code: "not_found" };
      return reply.code(ERROR_CODES.not_found).send(body);
    }
    // Everything else is the single-page app; the static plugin decorates sendFile (see app.ts).
    return reply.type("text/html").sendFile("index.html");
  });
}
