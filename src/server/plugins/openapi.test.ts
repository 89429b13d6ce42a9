import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../../shared/constants";
import { ERROR_CODES, type ErrorCode } from "../../shared/errors";
import { useTestApp } from "../test/context";
import type { OpenApiDocument, OpenApiMedia } from "../test/openapi-contract";
import { API_TAGS } from "./openapi";

// The public API's OpenAPI document (GET /api/openapi.json): valid and clean by the linter, made of
// exactly the routes that declare publicApi, each operation complete, and the reference page served
// from our own origin. Written over the document and the route table, so routes added later are held to
// the same rules without a change here.

const METHODS = ["get", "put", "post", "delete", "patch"];

describe("the OpenAPI document", () => {
  const ctx = useTestApp({ resetEach: false });
  let answer: LightMyRequestResponse;
  let document: OpenApiDocument;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );

  beforeAll(async () => {
    answer = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    document = answer.json();
  });

  it("passes the linter's recommended rules, and stricter ones, without a warning", async () => {
    const config = await createConfig({
      extends: ["recommended"],
      rules: {
        // The tests' APP_URL is localhost; a deployment's is its own address.
        "no-server-example.com": "off",
        // Ours on top, those of the other common linter (Spectral's oas ruleset) among them: a contact
        // and a licence with its address, servers, the examples fit their schemas (parameters' too),
        // every operation is named (uniquely, URL-safe), described, answers a 2xx and is grouped under a
        // described tag, enums fit their types, no unsafe markdown, and no unused component.
        "info-contact": "error",
        "info-license": "error",
        "info-license-strict": "error",
        "no-empty-servers": "error",
        "no-invalid-parameter-examples": "error",
        "operation-operationId-unique": "error",
        "operation-operationId-url-safe": "error",
        "operation-2xx-response": "error",
        "no-enum-type-mismatch": "error",
        "no-unsafe-markdown": "error",
        "security-defined": "error",
        "no-invalid-schema-examples": "error",
        "no-invalid-media-type-examples": "error",
        "operation-summary": "error",
        "operation-operationId": "error",
        "operation-description": "error",
        "operation-tag-defined": "error",
        "tag-description": "error",
        "operation-4xx-response": "error",
        "no-unused-components": "error",
      },
    });
    const problems = await lintFromString({ source: answer.body, absoluteRef: "openapi.json", config });
    const described = problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
    );
    expect(described).toEqual([]);
  });

  it("lists exactly the routes of the public API, and nothing of admin, dev or the payment webhooks", () => {
    const publicRoutes = ctx.app.apiRoutes
      .filter((route) => route.config?.publicApi)
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((m) => m !== "HEAD")
          .map((m) => `${m} ${route.url}`),
      );
    const documented = operations().map((o) => o.name.replace(/\{(\w+)\}/g, ":$1"));
    expect(documented.sort()).toEqual([...new Set(publicRoutes)].sort());
    expect(documented.length).toBeGreaterThanOrEqual(12);
    expect(
      Object.keys(document.paths).filter((p) => /admin|\/dev\/|stripe|twilio|\/account/.test(p)),
    ).toEqual([]);
  });

  it("gives every operation a summary, a tag, its security, its error codes and examples", () => {
    const tags = new Set<string>(API_TAGS.map((t) => t.name));
    const schemas = document.components?.schemas ?? {};
    const resolve = (schema: unknown): Record<string, unknown> => {
      const ref = (schema as { $ref?: string })?.$ref;
      return ref
        ? resolve(schemas[ref.replace("#/components/schemas/", "")])
        : (schema as Record<string, unknown>);
    };
    const hasExample = (media: OpenApiMedia | undefined) => {
      if (!media) return false;
      if (media.example !== undefined || media.examples !== undefined) return true;
      const schema = resolve(media.schema);
      const shown = schema.type === "array" ? resolve(schema.items) : schema;
      return shown.example !== undefined || Array.isArray(shown.examples);
    };
    const gaps: string[] = [];
    for (const { name, operation } of operations()) {
      const gap = (what: string) => gaps.push(`${name}: ${what}`);
      if (!operation.summary || operation.summary.length > 60) gap("a short summary");
      if (!/^[a-z][a-zA-Z]+$/.test(operation.operationId ?? "")) gap("a camelCase operationId");
      if (operation.tags?.length !== 1 || !tags.has(operation.tags[0]!)) gap("one tag of the document's");
      const scope = operation["x-api-key-scope"];
      const stated = scope ? `API key scope: \`${scope}\`` : "API keys cannot call this operation";
      if (!operation.description?.includes(stated)) gap(`its scope stated (${stated})`);
      if (!operation.security?.some((s) => "session" in s)) gap("the session in its security");
      if (operation.requestBody && !hasExample(operation.requestBody.content["application/json"])) {
        gap("a request example");
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.["application/json"];
        if (/^2\d\d$/.test(status) && media && !hasExample(media)) gap(`an example of its ${status} answer`);
        if (/^[45]\d\d$/.test(status)) {
          const codes = Object.values(media?.examples ?? {}).map(
            (e) => (e.value as { code: ErrorCode }).code,
          );
          if (codes.length === 0 || codes.some((code) => String(ERROR_CODES[code]) !== status)) {
            gap(`the codes of its ${status} answer, each with an example`);
          }
        }
      }
      for (const always of ["400", "401", "403", "429", "503", "4XX", "5XX"]) {
        if (!operation.responses[always]) gap(`a ${always} answer (apiErrors)`);
      }
      // An id of ours in the path may name nothing the caller may see (an externalId upsert creates).
      if (
        operation.parameters?.some((p) => "in" in p && p.in === "path" && p.name === "id") &&
        !operation.responses["404"]
      ) {
        gap("its 404 (an id in the path)");
      }
    }
    expect(gaps).toEqual([]);
  });

  it("lets visitors call the operations open to them without a credential, and no other", () => {
    const documented = new Map(
      operations().map(({ name, operation }) => [name.replace(/\{(\w+)\}/g, ":$1"), operation]),
    );
    const wrong: string[] = [];
    for (const route of ctx.app.apiRoutes.filter((r) => r.config?.publicApi)) {
      for (const method of [route.method].flat().filter((m) => m !== "HEAD")) {
        const security = documented.get(`${method} ${route.url}`)?.security ?? [];
        const anonymous = security.some((requirement) => Object.keys(requirement).length === 0);
        if (anonymous !== (route.config?.access === "public")) wrong.push(`${method} ${route.url}`);
        // A key's scope is no OAuth scope: tools read the requirement's list as one.
        if (security.some((requirement) => Object.values(requirement).some((s) => s.length > 0))) {
          wrong.push(`${method} ${route.url} lists scopes in its security`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("states the headers of the answers that carry them", () => {
    const gaps: string[] = [];
    for (const { name, operation } of operations()) {
      const has = (status: string, header: string) =>
        operation.responses[status]?.headers?.[header] !== undefined ||
        gaps.push(`${name} ${status}: ${header}`);
      has("401", "WWW-Authenticate");
      has("429", "Retry-After");
      has("503", "Retry-After");
      for (const header of [
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
        "RateLimit-Policy",
      ]) {
        has("429", header);
      }
    }
    expect(gaps).toEqual([]);
    const referenced = JSON.stringify(document.paths);
    const unused = Object.keys(document.components?.headers ?? {}).filter(
      (header) => !referenced.includes(`"#/components/headers/${header}"`),
    );
    expect(unused).toEqual([]);
  });

  it("describes every webhook event's body, envelope and data", () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual(["ping", ...WEBHOOK_EVENTS].sort());
    const schemas = document.components?.schemas ?? {};
    for (const [event, { post }] of Object.entries(document.webhooks ?? {})) {
      const media = post.requestBody?.content["application/json"];
      const ref = (media?.schema as { $ref: string } | undefined)?.$ref ?? "";
      const body = schemas[ref.replace("#/components/schemas/", "")] as {
        properties: Record<string, { const?: string }>;
        required: string[];
      };
      expect(body.properties.type?.const, event).toBe(event);
      expect(body.required.sort(), event).toEqual(["createdAt", "data", "id", "type"]);
      expect(post.parameters, event).toContainEqual(expect.objectContaining({ name: "X-Signature" }));
    }
  });

  it("is served once computed, cacheable, and revalidated by its ETag", async () => {
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toMatch(/^public/);
    // Weak: the plain, gzip and br answers share it, the same document in different bytes.
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidate = (ifNoneMatch: string, acceptEncoding?: string) =>
      ctx.app.inject({
        method: "GET",
        url: "/api/openapi.json",
        headers: {
          "if-none-match": ifNoneMatch,
          ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
        },
      });
    // As HTTP compares for If-None-Match: weakly, in a list, or any tag at all.
    for (const held of [etag, etag.slice(2), `"other", ${etag}`, `"other",${etag.slice(2)}`, "*"]) {
      const again = await revalidate(held, "br, gzip");
      expect(again.statusCode, held).toBe(304);
      expect(again.body, held).toBe("");
      expect(again.headers.etag, held).toBe(etag);
    }
    const compressed = await ctx.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "br" },
    });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.etag).toBe(etag);
    expect((await revalidate('"other"')).statusCode).toBe(200);
  });

  it("serves the reference page and its own scripts, and no other file of Swagger UI's package", async () => {
    const get = (url: string) => ctx.app.inject({ method: "GET", url });
    expect((await get("/api/docs")).headers.location).toBe("/api/docs/");
    const page = await get("/api/docs/");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    // The pages' policy: scripts from this origin only, so the page has no inline script.
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(page.body).not.toMatch(/<script>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    // The icon is the app's own, served with the client build (the browser test loads it).
    expect(assets).toEqual([
      "/favicon.svg",
      "/api/docs/swagger-ui.css",
      "/api/docs/api-docs.css",
      "/api/docs/swagger-ui-bundle.js",
      "/api/docs/api-docs.js",
    ]);
    for (const asset of assets.filter((a) => a.startsWith("/api/docs/"))) {
      const served = await get(asset);
      expect(served.statusCode, asset).toBe(200);
      expect(served.headers["content-type"], asset).toMatch(
        asset.endsWith(".css") ? /^text\/css/ : /^(text|application)\/javascript/,
      );
    }
    expect((await get("/api/docs/api-docs.js")).body).toContain('"/api/openapi.json"');
    // The package's own page points at a demo API on the internet.
    expect((await get("/api/docs/swagger-initializer.js")).statusCode).toBe(404);
  });
});
