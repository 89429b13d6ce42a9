import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MESSAGES } from "../../shared/constants";
import { ERROR_CODES, type ErrorBody, type ErrorCode, errorSchema } from "../../shared/errors";
import { API_KEY_MESSAGES } from "../../shared/schemas/api-keys";
import { LISTING_SYNC_MESSAGES } from "../../shared/schemas/listing-sync";
import { AppError } from "../lib/app-error";
import { LogThrottle } from "../lib/log-throttle";
import { classifyDatabaseError } from "./database-errors";
import { serializeError } from "./logging";

export const NOT_FOUND_MESSAGE = "Not Found";
const PAYLOAD_TOO_LARGE_MESSAGE = "Request body is too large";
const INTERNAL_MESSAGE = "Internal Server Error";
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again shortly.";
const INVALID_DATA_MESSAGE = "Invalid request: a value is malformed or out of range";
export const CONTENTION_MESSAGE = "Another change was being made at the same moment. Please try again.";
/** A lost race clears at once (the other transaction has finished): a second is enough. */
const CONTENTION_RETRY_AFTER_SECONDS = 1;

/** Every route's error answers, declared once: `response: { 200: ..., ...errorResponses }`. */
export const errorResponses = { "4xx": errorSchema, "5xx": errorSchema };

/** What each error code's answer looks like, for the OpenAPI document's examples. */
const ERROR_EXAMPLES: Record<ErrorCode, ErrorBody> = {
  validation: {
    message: "Invalid body.payout: Payout must be an amount like 50 or 49.99 (at most 2 decimals)",
    code: "validation",
    issues: [
      {
        path: "body.payout",
        message: "Payout must be an amount like 50 or 49.99 (at most 2 decimals)",
      },
    ],
  },
  unauthorized: { message: MESSAGES.unauthorized, code: "unauthorized" },
  admin_required: { message: MESSAGES.adminRequired, code: "admin_required" },
  forbidden: { message: API_KEY_MESSAGES.scopeMissing("listings:write"), code: "forbidden" },
  premium_required: { message: MESSAGES.premiumRequired, code: "premium_required" },
  not_found: { message: MESSAGES.listingNotFound, code: "not_found" },
  conflict: { message: "You already saved this search.", code: "conflict" },
  payload_too_large: { message: PAYLOAD_TOO_LARGE_MESSAGE, code: "payload_too_large" },
  unprocessable: { message: LISTING_SYNC_MESSAGES.idempotencyKeyReused, code: "unprocessable" },
  rate_limited: { message: API_KEY_MESSAGES.rateLimited, code: "rate_limited" },
  internal: { message: INTERNAL_MESSAGE, code: "internal" },
  bad_gateway: { message: "The payment provider did not answer. Try again shortly.", code: "bad_gateway" },
  unavailable: { message: DATABASE_UNAVAILABLE_MESSAGE, code: "unavailable" },
};

/**
 * What any route of the API can answer: a malformed URL (validation, from the router), a key unknown
 * (unauthorized), without the scope (forbidden) or over its limit (rate_limited), the database out of
 * reach (unavailable).
 */
const ALWAYS_DOCUMENTED: ErrorCode[] = [
  "validation",
  "unauthorized",
  "forbidden",
  "rate_limited",
  "unavailable",
];

/**
 * A public API route's error answers (docs/api.md): `response: { 200: ..., ...apiErrors("validation",
 * "not_found") }`. The codes named are documented one by one in the OpenAPI document, each under its
 * status with an example; every other answer is still covered by the 4xx and 5xx ranges. Those every
 * route can answer (ALWAYS_DOCUMENTED) are always listed.
 */
export function apiErrors(...codes: ErrorCode[]) {
  const documented = new Set<ErrorCode>([...codes, ...ALWAYS_DOCUMENTED]);
  const byStatus: Record<string, typeof errorSchema> = {};
  for (const code of documented) {
    const status = ERROR_CODES[code];
    const named = [...documented].filter((c) => ERROR_CODES[c] === status);
    byStatus[String(status)] = errorSchema.meta({
      description: `Error: ${named.join(", ")}`,
      // Named examples, one per code (the document's media type examples).
      "x-examples": Object.fromEntries(named.map((c) => [c, { summary: c, value: ERROR_EXAMPLES[c] }])),
    });
  }
  return {
    ...byStatus,
    "4xx": errorSchema.meta({ description: "Another client error: {message, code}" }),
    "5xx": errorSchema.meta({ description: "A server error: {message, code}" }),
  };
}

/** Seconds a client should wait before retrying a 503 (the load balancer's probe is /api/ready). */
export const RETRY_AFTER_SECONDS = 5;

// Log volume while something is down: a failure that repeats is written once per window,
// with the count of the ones kept quiet. An outage is watched closely; conditions a visitor can cause
// at will (payments not configured, a restart) at most once a minute.
const OUTAGE_LOG_WINDOW_MS = 10_000;
const EXPECTED_LOG_WINDOW_MS = 60_000;

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

/**
 * The router's own refusals (a malformed percent-escape, a path segment over `maxParamLength`) happen
 * before any route and would otherwise answer with Fastify's body (and a 414 outside our codes): buildApp
 * passes this as `frameworkErrors`. Found by the API fuzz test.
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions["frameworkErrors"]> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const body: ErrorBody =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? { message: "Invalid URL: a path segment is too long", code: "validation" }
      : error.code === "FST_ERR_BAD_URL"
        ? { message: "Invalid URL", code: "validation" }
        : { message: INTERNAL_MESSAGE, code: "internal" };
  return reply.code(ERROR_CODES[body.code]).send(body);
};

// One error handler for the whole API, so clients meet one contract: every body is {message, code};
// validation errors add `issues`; 5xx never leak internals. Database failures: out of
// reach is 503 `unavailable` with Retry-After, a transaction rolled back by a serialization failure or a
// deadlock too (never a 500: sent again, it passes), a value PostgreSQL refuses (SQLSTATE class 22) is 400.
export function registerErrorHandling(
  app: FastifyInstance,
  {
    answerPage,
    now = () => Date.now(),
  }: {
    /** The single-page app's HTML for a page path, its head and status included (features/seo/page-shell.ts). */
    answerPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
    now?: () => number;
  },
): void {
  const outageLog = new LogThrottle(OUTAGE_LOG_WINDOW_MS, now);
  const expectedLog = new LogThrottle(EXPECTED_LOG_WINDOW_MS, now);
  const retryAfter = { "Retry-After": String(RETRY_AFTER_SECONDS) };

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === "unavailable") {
        // Expected: a feature not configured here, a restart. A warning, once a minute.
        const admitted = expectedLog.admit(error.message);
        if (admitted) {
          // Its cause in brief (an expected condition needs no stack).
          const cause =
            error.cause === undefined ? {} : { cause: serializeError(error.cause, { stack: false }) };
          request.log.warn({ ...cause, suppressed: admitted.suppressed }, error.message);
        }
      } else if (error.statusCode >= 500) {
        // A 5xx we raised on purpose (a failed Stripe call, say) still deserves its cause in the log.
        request.log.error({ err: error.cause ?? error }, error.message);
      }
      const body: ErrorBody = { message: error.message, code: error.code };
      const headers = error.code === "unavailable" ? { ...retryAfter, ...error.headers } : error.headers;
      return reply.code(error.statusCode).headers(headers).send(body);
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
    const database = classifyDatabaseError(error);
    if (database?.kind === "unavailable") {
      // One line per window while it lasts: the error code and the SQL text, never the parameters.
      const admitted = outageLog.admit("database");
      if (admitted) {
        request.log.error(
          { db: { code: database.code, sql: database.sql }, suppressed: admitted.suppressed },
          "database unavailable",
        );
      }
      const body: ErrorBody = { message: DATABASE_UNAVAILABLE_MESSAGE, code: "unavailable" };
      return reply.code(ERROR_CODES.unavailable).headers(retryAfter).send(body);
    }
    if (database?.kind === "contention") {
      // Expected under concurrent writes, but a route that meets it often deserves a look: a warning.
      const admitted = expectedLog.admit(`contention:${database.code}:${database.sql}`);
      if (admitted) {
        request.log.warn(
          { db: { code: database.code, sql: database.sql }, suppressed: admitted.suppressed },
          "transaction lost a race to another and was rolled back",
        );
      }
      const body: ErrorBody = { message: CONTENTION_MESSAGE, code: "unavailable" };
      return reply
        .code(ERROR_CODES.unavailable)
        .header("Retry-After", String(CONTENTION_RETRY_AFTER_SECONDS))
        .send(body);
    }
    if (database?.kind === "invalid_data") {
      // Validation let through a value the database refuses: the client's 400, and a note to fix it.
      const admitted = expectedLog.admit(`invalid-data:${database.code}:${database.sql}`);
      if (admitted) {
        request.log.warn(
          { db: { code: database.code, sql: database.sql }, suppressed: admitted.suppressed },
          "database refused a value: validate it before the query",
        );
      }
      const body: ErrorBody = { message: INVALID_DATA_MESSAGE, code: "validation" };
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
    if (!isPageRequest(request)) {
      const body: ErrorBody = { message: NOT_FOUND_MESSAGE, code: "not_found" };
      return reply.code(ERROR_CODES.not_found).send(body);
    }
    // Any other page is the single-page app with the page's head: 200 for a path the client routes (and
    // a listing anyone may see), else 404, so crawlers and link checkers learn what the client's 404
    // page tells a person. The one route list in src/shared decides for both sides.
    return answerPage(request, reply);
  });
}

/**
 * A browser asking for a page: a GET (or HEAD) outside /api for a path that does not look like a file.
 * A missing script, stylesheet or image (a stale hashed asset after a deploy, a guessed /favicon.ico)
 * gets the plain 404, not the page shell, which a browser would try to read as code.
 */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split(/[?#]/, 1)[0] ?? "";
  if (pathname === "/api" || pathname.startsWith("/api/")) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !pathname.startsWith("/assets/") && !/\.[a-z0-9]+$/i.test(lastSegment);
}
