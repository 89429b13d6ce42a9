import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { openTestDatabase } from "./test/context";
import { type ServerProcess, spawnServer, waitUntilReady } from "./test/server-process";

// Traces from the real server process to a loopback OTLP/HTTP receiver (the exporter sends JSON), and
// the proof that without an endpoint nothing of OpenTelemetry loads. On PostgreSQL: pg spans exist only
// there (PGlite is no pg client).

const ENGINE = process.env.TEST_DB_ENGINE;

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface ExportedSpan extends OtlpSpan {
  scope: string;
  service: string | undefined;
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpSpan["attributes"] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

const SPAN_KIND_SERVER = 2;

function attribute(span: OtlpSpan, key: string): string | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
}

/** A minimal OTLP/HTTP traces receiver: every span posted to /v1/traces, flattened. */
async function startReceiver(): Promise<{ url: string; spans: ExportedSpan[]; server: Server }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.headers["content-type"] === "application/json") {
        const payload = JSON.parse(body) as OtlpExport;
        for (const { resource, scopeSpans } of payload.resourceSpans) {
          const service = resource.attributes.find((a) => a.key === "service.name")?.value.stringValue;
          for (const { scope, spans: list } of scopeSpans) {
            for (const span of list) spans.push({ ...span, scope: scope.name, service });
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return { url: `http://127.0.0.1:${address.port}`, spans, server };
}

/**
 * NODE_OPTIONS that make a process write the URL of every module it imports to `log` (a loader hook,
 * from a data: URL, so the test ships no extra file).
 */
function recordImports(log: string): string {
  const hooks = `data:text/javascript,${encodeURIComponent(
    `import { appendFileSync } from "node:fs";
     export async function resolve(specifier, context, next) {
       const result = await next(specifier, context);
       appendFileSync(${JSON.stringify(log)}, result.url + "\\n");
       return result;
     }`,
  )}`;
  const preload = `data:text/javascript,${encodeURIComponent(
    `import { register } from "node:module"; register(${JSON.stringify(hooks)});`,
  )}`;
  return `--import=${preload}`;
}

describe.runIf(ENGINE === "postgres")("traces (OpenTelemetry)", () => {
  let database: Database;
  let databaseUrl: string;
  const dir = mkdtempSync(join(tmpdir(), "ppc-otel-"));
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    databaseUrl = String(database.pool!.options.connectionString);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) if (server.process.exitCode === null) server.process.kill("SIGKILL");
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(name: string, env: Record<string, string>) {
    const imports = join(dir, `${name}-imports.log`);
    const server = await spawnServer({
      APP_ENV: "test",
      DATABASE_URL: databaseUrl,
      NODE_OPTIONS: recordImports(imports),
      ...env,
    });
    servers.push(server);
    await waitUntilReady(server, Date.now() + 60_000);
    return { server, imports: () => readFileSync(imports, "utf8").split("\n") };
  }

  it("sends one trace per request: the HTTP server span, Fastify's route spans and the pg queries under it", async () => {
    const receiver = await startReceiver();
    try {
      const { server, imports } = await start("on", {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: "100",
      });
      expect(imports().some((url) => url.includes("/@opentelemetry/sdk-trace-node/"))).toBe(true);
      const res = await fetch(`${server.url}/api/buyer-listings?vertical=Insurance`);
      expect(res.status).toBe(200);

      const isRequest = (s: ExportedSpan) =>
        s.kind === SPAN_KIND_SERVER &&
        s.scope === "@opentelemetry/instrumentation-http" &&
        attribute(s, "url.path") === "/api/buyer-listings" &&
        attribute(s, "url.query") === "vertical=Insurance";
      await expect.poll(() => receiver.spans.some(isRequest), { timeout: 10_000 }).toBe(true);
      const root = receiver.spans.find(isRequest)!;
      const trace = () => receiver.spans.filter((s) => s.traceId === root.traceId);
      // pg spans end before the request's, but may come in a later batch than the server span.
      await expect
        .poll(() => trace().filter((s) => s.scope === "@opentelemetry/instrumentation-pg").length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);

      expect(root.parentSpanId || undefined).toBeUndefined();
      expect(root.service).toBe("paypercall-hub");
      const byId = new Map(trace().map((s) => [s.spanId, s]));
      /** Whether `span` sits under the request's server span, following parents within the trace. */
      const underRoot = (span: ExportedSpan): boolean => {
        let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
        while (parent) {
          if (parent.spanId === root.spanId) return true;
          parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
        }
        return false;
      };
      const fastify = trace().filter((s) => s.scope === "@fastify/otel");
      const pg = trace().filter((s) => s.scope === "@opentelemetry/instrumentation-pg");
      expect(fastify.length).toBeGreaterThan(0);
      expect(fastify.every(underRoot)).toBe(true);
      expect(fastify.map((s) => attribute(s, "http.route") ?? s.name)).toContain("/api/buyer-listings");
      expect(pg.every(underRoot)).toBe(true);
      // The SQL text, never its parameters.
      expect(pg.some((s) => /^select /i.test(attribute(s, "db.query.text") ?? ""))).toBe(true);
      // A credential in the query (an API key sent by mistake, a sign-in token) is masked in the spans.
      const secret = "ppc_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg";
      const keyed = await fetch(`${server.url}/api/buyer-listings?vertical=Solar&api_key=${secret}`);
      expect(keyed.status).toBe(400);
      const isKeyed = (s: ExportedSpan) =>
        s.scope === "@opentelemetry/instrumentation-http" &&
        (attribute(s, "url.query")?.startsWith("vertical=Solar") ?? false);
      await expect.poll(() => receiver.spans.some(isKeyed), { timeout: 10_000 }).toBe(true);
      const keyedRoot = receiver.spans.find(isKeyed)!;
      expect(attribute(keyedRoot, "url.query")).toBe("vertical=Solar&api_key=REDACTED");
      // Fastify's request span records the whole URL (query included) as its url.path.
      const fastifyOf = (s: ExportedSpan) => s.traceId === keyedRoot.traceId && s.scope === "@fastify/otel";
      await expect.poll(() => receiver.spans.some(fastifyOf), { timeout: 10_000 }).toBe(true);
      expect(JSON.stringify(receiver.spans)).not.toContain(secret);
      // Health probes make no traces, and queries outside a request (the job queue's polling) none.
      await fetch(`${server.url}/api/ready`);
      expect(receiver.spans.filter((s) => attribute(s, "url.path") === "/api/ready")).toEqual([]);
      expect(receiver.spans.filter((s) => s.scope.endsWith("-pg") && !s.parentSpanId)).toEqual([]);

      server.process.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      receiver.server.close();
    }
  }, 90_000);

  it("loads no OpenTelemetry module without an endpoint", async () => {
    const { server, imports } = await start("off", {});
    const urls = imports();
    // The recorder works: the server's own packages are there.
    expect(urls.some((url) => url.includes("/node_modules/fastify/"))).toBe(true);
    expect(urls.filter((url) => /opentelemetry|@fastify\/otel|in-the-middle/.test(url))).toEqual([]);
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 90_000);
});
