import { RETRY_AFTER_SECONDS } from "./errors";

// The headers the public API answers and takes beyond the JSON bodies, as the OpenAPI document states
// them (plugins/openapi.ts): each is a named component, and the operations refer to it on the answers
// that carry it. Which answers carry which header follows from the code that sends it, cited below; the
// contract test (src/server/openapi-contract.test.ts) fails on any answer header not stated here.

/** The operation's marks set by the route transform: facts only the route table knows. */
export const PUBLIC_ETAG_MARK = "x-ppc-public-etag";
export const IDEMPOTENT_MARK = "x-ppc-idempotent";

const integer = { type: "integer", minimum: 0 } as const;

export const HEADER_COMPONENTS = {
  // plugins/access-guard.ts: every answer to a known API key, errors included.
  "RateLimit-Limit": {
    description: "Requests this API key may make in a window (answers to an API key only).",
    schema: { ...integer, examples: [600] },
  },
  "RateLimit-Remaining": {
    description: "Requests this API key has left in the current window.",
    schema: { ...integer, examples: [599] },
  },
  "RateLimit-Reset": {
    description: "Seconds until the current window ends and the count starts again.",
    schema: { ...integer, examples: [42] },
  },
  "RateLimit-Policy": {
    description: "The rule: requests per window and the window in seconds.",
    schema: { type: "string", pattern: "^\\d+;w=\\d+$", examples: ["600;w=60"] },
  },
  // The rate limits (429) and an unavailable service (503: plugins/errors.ts).
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { ...integer, examples: [RETRY_AFTER_SECONDS] },
  },
  // plugins/access-guard.ts: an unknown or revoked API key.
  "WWW-Authenticate": {
    description: "Sent when the API key is unknown or revoked: the Bearer challenge (RFC 6750).",
    schema: { type: "string", examples: ['Bearer error="invalid_token"'] },
  },
  // lib/paging.ts: a list with more after this page.
  Link: {
    description: 'The next page\'s address, when there is one (`<...>; rel="next"`): follow it as it is.',
    schema: { type: "string", pattern: '^<[^>]+>; rel="next"$' },
  },
  // plugins/public-etag.ts: the answers to visitors, the same for every visitor.
  ETag: {
    description:
      "A validator of a visitor's answer (no key, no session): send it back in `If-None-Match` to get a " +
      "bodiless 304 while nothing changed.",
    schema: { type: "string", pattern: '^W/"[\\w-]+"$', examples: ['W/"q1w2e3r4t5y6u7i8o9p0"'] },
  },
  // plugins/idempotency.ts: the first answer under an Idempotency-Key, answered again.
  "Idempotent-Replayed": {
    description: "`true` on the first answer under this Idempotency-Key answered again, nothing redone.",
    schema: { type: "string", enum: ["true"] },
  },
};
type HeaderName = keyof typeof HEADER_COMPONENTS;

export const PARAMETER_COMPONENTS = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes a retry safe: the same request sent again with the same key within 24 hours answers the " +
      "first answer again instead of doing the work twice. The key with another request answers 422.",
    schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$", examples: ["sync-2026-11-26-01"] },
  },
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "The ETag of the answer you hold (visitors' answers only): 304 without a body if unchanged.",
    schema: { type: "string", examples: ['W/"q1w2e3r4t5y6u7i8o9p0"'] },
  },
};

const RATE_LIMIT_HEADERS: HeaderName[] = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
];

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: unknown;
}
export interface DocumentedOperation {
  parameters?: unknown[];
  security?: Record<string, string[]>[];
  responses?: Record<string, Response>;
  [PUBLIC_ETAG_MARK]?: true;
  [IDEMPOTENT_MARK]?: true;
}

const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const parameterRef = (name: keyof typeof PARAMETER_COMPONENTS) => ({
  $ref: `#/components/parameters/${name}`,
});

function addHeaders(response: Response, names: HeaderName[]): void {
  response.headers = { ...response.headers, ...Object.fromEntries(names.map((n) => [n, headerRef(n)])) };
}

/**
 * States on one operation the headers its answers carry and the ones it takes, and removes the marks.
 * A key refused before the route runs still gets its rate window, so an operation keys may not call lists
 * it on those refusals (403, 429); a 401 (an unknown key) has no window to tell.
 */
export function describeHeaders(operation: DocumentedOperation): void {
  const responses = operation.responses ?? {};
  const takesKeys = operation.security?.some((requirement) => "apiKey" in requirement) ?? false;
  const pages = operation.parameters?.some(
    (p) => (p as { in?: string; name?: string }).in === "query" && (p as { name?: string }).name === "cursor",
  );
  if (operation[PUBLIC_ETAG_MARK]) {
    responses["304"] = { description: "Not Modified: the answer you hold (its ETag) is current." };
  }
  for (const [status, response] of Object.entries(responses)) {
    const names: HeaderName[] = [];
    if (status !== "401" && status !== "304" && (takesKeys || status === "403" || status === "429")) {
      names.push(...RATE_LIMIT_HEADERS);
    }
    if (status === "401") names.push("WWW-Authenticate");
    if (status === "429" || status === "503") names.push("Retry-After");
    // A 304 is the 200 without its body: the same Link.
    if ((status === "200" || status === "304") && pages) names.push("Link");
    if ((status === "200" || status === "304") && operation[PUBLIC_ETAG_MARK]) names.push("ETag");
    if (operation[IDEMPOTENT_MARK] && /^[24]/.test(status) && status !== "401")
      names.push("Idempotent-Replayed");
    if (names.length > 0) addHeaders(response, names);
  }
  const parameters: unknown[] = [];
  if (operation[PUBLIC_ETAG_MARK]) parameters.push(parameterRef("IfNoneMatch"));
  if (operation[IDEMPOTENT_MARK]) parameters.push(parameterRef("IdempotencyKey"));
  if (parameters.length > 0) operation.parameters = [...(operation.parameters ?? []), ...parameters];
  delete operation[PUBLIC_ETAG_MARK];
  delete operation[IDEMPOTENT_MARK];
}
