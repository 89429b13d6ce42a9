import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

// Contract tests of the public API: a real answer, as app.inject returned it, must be one the OpenAPI
// document (GET /api/openapi.json) promises. The operation is found by the request's method and path
// (the document's URL templates), the answer by its status; the JSON body is validated with the
// document's own schemas (JSON Schema 2020-12, as OpenAPI 3.1 says).

/** The parts of the OpenAPI document read here. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  webhooks?: Record<string, { post: OpenApiOperation }>;
  components?: {
    schemas?: Record<string, unknown>;
    headers?: Record<string, OpenApiHeader>;
    parameters?: Record<string, { in: string; name: string }>;
  };
}
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  "x-api-key-scope"?: string;
  parameters?: ({ in: string; name: string } | { $ref: string })[];
  requestBody?: { content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponse>;
}
interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader | { $ref: string }>;
  content?: Record<string, OpenApiMedia>;
}
interface OpenApiHeader {
  description?: string;
  required?: boolean;
  schema: unknown;
}
export interface OpenApiMedia {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

type Answer = Pick<LightMyRequestResponse, "statusCode" | "headers" | "body" | "raw">;

const DOCUMENT_ID = "https://openapi.test/document.json";

const compiled = new WeakMap<OpenApiDocument, { ajv: Ajv2020; validators: Map<string, ValidateFunction> }>();

function validatorFor(document: OpenApiDocument, key: string, schema: unknown): ValidateFunction {
  let entry = compiled.get(document);
  if (!entry) {
    // Not strict: the document's schemas carry OpenAPI's own keywords (example) beside JSON Schema's.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
    entry = { ajv, validators: new Map() };
    compiled.set(document, entry);
  }
  let validate = entry.validators.get(key);
  if (!validate) {
    // The document's refs (#/components/schemas/X) point into the schema added above.
    const absolute = JSON.parse(JSON.stringify(schema), (name, value) =>
      name === "$ref" && typeof value === "string" && value.startsWith("#/")
        ? `${DOCUMENT_ID}${value}`
        : value,
    );
    validate = entry.ajv.compile(absolute);
    entry.validators.set(key, validate);
  }
  return validate;
}

/** "/api/buyer-listings/{id}" as a pattern for request paths; literal segments count for the best match. */
function templatePattern(template: string): { pattern: RegExp; literals: number } {
  const segments = template.split("/");
  const pattern = segments
    .map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return { pattern: new RegExp(`^${pattern}$`), literals: segments.filter((s) => !s.startsWith("{")).length };
}

/** The document's operation for a request, and its URL template: undefined when it documents none. */
export function findOperation(
  document: OpenApiDocument,
  method: string,
  url: string,
): { template: string; operation: OpenApiOperation } | undefined {
  const path = url.split("?", 1)[0] ?? url;
  const matches = Object.entries(document.paths)
    .map(([template, operations]) => ({
      template,
      operation: operations[method.toLowerCase()],
      ...templatePattern(template),
    }))
    .filter((m) => m.operation !== undefined && m.pattern.test(path))
    .sort((a, b) => b.literals - a.literals);
  const best = matches[0];
  return best?.operation ? { template: best.template, operation: best.operation } : undefined;
}

/**
 * Headers the document leaves to HTTP itself: framing, content negotiation and caching, and the security
 * headers every answer of the app carries. Any other header an answer carries must be documented on it.
 */
const HTTP_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "content-type",
  "cross-origin-resource-policy",
  "date",
  "keep-alive",
  "referrer-policy",
  "strict-transport-security",
  "transfer-encoding",
  "vary",
  "x-content-type-options",
]);

/** The credential a request carried, as the document's security requirements name it ("" for none). */
function credentialOf(headers: Record<string, unknown>): string {
  if (/^Bearer /i.test(String(headers.authorization ?? ""))) return "apiKey";
  if (String(headers.cookie ?? "").includes("ppc.sid=")) return "session";
  return "";
}

/**
 * The answer's headers against the documented ones: each header the answer carries (beyond HTTP_HEADERS)
 * is documented for its status and its value fits the documented schema (header values are text: a
 * number is compared as one); each required one is there.
 */
function expectDocumentedHeaders(
  document: OpenApiDocument,
  name: string,
  documented: OpenApiResponse,
  headers: Answer["headers"],
): void {
  const declared = new Map<string, OpenApiHeader>();
  for (const [header, value] of Object.entries(documented.headers ?? {})) {
    const resolved =
      "$ref" in value
        ? document.components?.headers?.[value.$ref.replace("#/components/headers/", "")]
        : value;
    if (!resolved) expect.fail(`${name}: the header ${header} refers to nothing`);
    declared.set(header.toLowerCase(), resolved);
  }
  for (const [header, value] of Object.entries(headers)) {
    if (HTTP_HEADERS.has(header)) continue;
    const spec = declared.get(header);
    if (!spec) expect.fail(`${name} with the header ${header}, which the document does not list for it`);
    const text = String(value);
    const typed =
      (spec.schema as { type?: string }).type === "integer" && /^\d+$/.test(text) ? Number(text) : text;
    const validate = validatorFor(document, `header ${header} ${JSON.stringify(spec.schema)}`, spec.schema);
    if (!validate(typed)) expect.fail(`${name}: ${header}: ${text} does not fit its documented schema`);
  }
  for (const [header, spec] of declared) {
    if (spec.required && headers[header] === undefined) expect.fail(`${name} without its header ${header}`);
  }
}

/**
 * Fails unless `answer` is what the document promises for its request: the operation exists; an answer
 * other than 401 and 403 came to a credential (an API key, a session, or none) the operation's security
 * accepts; the status is listed (an error status by itself: the 4XX and 5XX ranges only cover 5xx answers
 * here, so that each code a route really answers is documented); the headers are documented for it; an
 * error's code is one of those documented for that status; and the JSON body validates against the
 * answer's schema. A documented answer without content (204, 304) must have no body, nor a type.
 */
export function expectDocumentedAnswer(document: OpenApiDocument, answer: Answer): void {
  const { method = "GET", url = "/", headers: requestHeaders } = answer.raw.req;
  const found = findOperation(document, method, url);
  const request = `${method} ${url}`;
  if (!found) expect.fail(`${request}: the OpenAPI document has no such operation`);
  const { template, operation } = found;
  const status = String(answer.statusCode);
  const range = `${status.charAt(0)}XX`;
  const documented =
    operation.responses[status] ?? (range === "5XX" ? operation.responses[range] : undefined);
  const name = `${method} ${template} (${operation.operationId}) answered ${status}`;
  if (!documented) {
    expect.fail(`${name}, which the document does not list (${Object.keys(operation.responses).join(", ")})`);
  }
  if (status !== "401" && status !== "403") {
    const credential = credentialOf(requestHeaders);
    const accepted = (operation.security ?? []).map((requirement) => Object.keys(requirement).join("+"));
    expect(accepted, `${name} to ${credential || "no credential"}: the security it documents`).toContain(
      credential,
    );
  }
  expectDocumentedHeaders(document, name, documented, answer.headers);
  const media = documented.content?.["application/json"];
  if (!media) {
    expect(answer.body, `${name}: the document says no body`).toBe("");
    // A client reads the body by its type: a type on no body sends it parsing nothing (a 304 of JSON).
    expect(answer.headers["content-type"], `${name}: no body, no content type`).toBeUndefined();
    return;
  }
  expect(String(answer.headers["content-type"]), `${name}: content type`).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(answer.body);
  if (media.examples && typeof body === "object" && body !== null && "code" in body) {
    const codes = Object.values(media.examples).map((e) => (e.value as { code?: unknown }).code);
    expect(codes, `${name} with code ${String(body.code)}, not documented for ${status}`).toContain(
      body.code,
    );
  }
  const validate = validatorFor(document, `${method} ${template} ${status}`, media.schema ?? {});
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map((e) => `  body${e.instancePath} ${e.message}`).join("\n");
    expect.fail(`${name} with a body the document does not allow:\n${errors}\n${answer.body.slice(0, 2000)}`);
  }
}

/** Fails unless `payload` (a delivery's body as sent) is what the document's `webhooks` say of its event. */
export function expectDocumentedWebhook(document: OpenApiDocument, type: string, payload: string): void {
  const operation = document.webhooks?.[type]?.post;
  if (!operation) expect.fail(`the OpenAPI document has no webhook ${type}`);
  const schema = operation.requestBody?.content["application/json"]?.schema ?? {};
  const validate = validatorFor(document, `webhook ${type}`, schema);
  if (!validate(JSON.parse(payload))) {
    const errors = (validate.errors ?? []).map((e) => `  body${e.instancePath} ${e.message}`).join("\n");
    expect.fail(
      `the ${type} webhook with a body the document does not allow:\n${errors}\n${payload.slice(0, 2000)}`,
    );
  }
}
