import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { AppConfig } from "../config";
import { maskSecretQueryParams } from "../lib/secret-query-params";
import { errorChain, sqlOf } from "./database-errors";

// The server's logs (docs/operations.md "Logs"): one JSON line per request and one per failure, with
// nothing in them that signs someone in or names them. Session ids, cookies, sign-in tokens, OIDC
// codes, emails and query parameters are never written: the serializers below choose the fields, and
// every free text is scrubbed once more on its way out.

// Query parameters that are credentials (sign-in tokens, OIDC codes, API keys: lib/secret-query-params.ts)
// must never reach the logs.
const EMAILS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const REDACTED = "[redacted]";

export function redactUrl(url: string): string {
  return maskSecretQueryParams(url).replace(EMAILS, "[email]");
}

/** Free text (an error message, a log message) with addresses and credentials scrubbed. */
export function redactText(text: string): string {
  return maskSecretQueryParams(text).replace(EMAILS, "[email]");
}

// Any field with one of these names is masked wherever a log call puts it (pino's redact paths).
const SECRET_FIELDS = [
  "cookie",
  "cookies",
  "authorization",
  "password",
  "secret",
  "token",
  "sid",
  "sessionId",
  "email",
  "params",
  "sess",
];
const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/** How deep a stack is worth logging: the frames that locate the fault, not the framework's. */
const STACK_FRAMES = 8;

/** Stack frames only: an error's first lines repeat its message, which may carry query parameters. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const frames = stack.split("\n").filter((line) => line.startsWith("    at "));
  return frames.length ? frames.slice(0, STACK_FRAMES).join("\n") : undefined;
}

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  stack?: unknown;
  query?: unknown;
}

// In data and integrity errors (SQLSTATE classes 22, 23) PostgreSQL quotes the offending value.
const QUOTES_VALUES = /^2[23]/;

/**
 * The `err` field of a log line: type, message, code, the SQL text of a failed query (never its
 * parameters), a constraint name, and a few stack frames. Drizzle's wrapper (whose message lists the
 * parameters) is replaced by the driver's error it carries; PostgreSQL's `detail` (which repeats
 * values) is left out.
 */
export function serializeError(error: unknown, { stack = true } = {}): Record<string, unknown> {
  const chain = errorChain(error) as ErrorFields[];
  const top = chain[0];
  if (!top) return { message: redactText(String(error)) };
  // A Drizzle wrapper has `query`; what went wrong is its cause.
  const cause = typeof top.query === "string" ? (chain[1] ?? top) : top;
  const code = chain.map((e) => e.code).find((c): c is string => typeof c === "string");
  let message = typeof cause.message === "string" ? cause.message : "";
  if (cause === top && typeof top.query === "string") message = "query failed";
  if (code && QUOTES_VALUES.test(code)) message = message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  const constraint = chain.map((e) => e.constraint).find((c) => typeof c === "string");
  return {
    type: typeof cause.name === "string" ? cause.name : "Error",
    message: redactText(message),
    ...(code ? { code } : {}),
    ...(sqlOf(error) ? { sql: sqlOf(error) } : {}),
    ...(constraint ? { constraint } : {}),
    ...(stack && framesOf(cause.stack) ? { stack: framesOf(cause.stack) } : {}),
  };
}

/** Pino settings for buildApp; `overrides` (tests) may add a stream or a level. */
export function loggerOptions(config: AppConfig, overrides: object = {}): object {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Method, url and client address; never headers (cookies, authorization).
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (error: unknown) => serializeError(error),
    },
    hooks: {
      // Messages are text too: a log call that interpolates an address or a link is scrubbed here.
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg)),
        );
      },
    },
    ...overrides,
  };
}

/** One line per request, when it is answered (Fastify's default writes two: incoming and completed). */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
