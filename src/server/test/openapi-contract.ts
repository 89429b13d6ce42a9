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
  components?: { schemas?: Record<string, unknown> };
}
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, OpenApiMedia> };
  responses: Record<string, { description: string; content?: Record<string, OpenApiMedia> }>;
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
 * Fails unless `answer` is what the document promises for its request: the operation exists, the status
 * is listed (an error status by itself: the 4XX and 5XX ranges only cover 5xx answers here, so that each
 * code a route really answers is documented), an error's code is one of those documented for that
 * status, and the JSON body validates against the answer's schema. A documented answer without content
 * (204) must have no body.
 */
export function expectDocumentedAnswer(document: OpenApiDocument, answer: Answer): void {
  const { method = "GET", url = "/" } = answer.raw.req;
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
  const media = documented.content?.["application/json"];
  if (!media) {
    expect(answer.body, `${name}: the document says no body`).toBe("");
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
