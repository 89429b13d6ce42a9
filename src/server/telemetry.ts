// OpenTelemetry traces: HTTP server and client calls, Fastify's routes and hooks, and pg queries, sent
// over OTLP/HTTP (JSON) to the endpoint of OTEL_EXPORTER_OTLP_ENDPOINT. Only boot.ts imports this file,
// and only when that endpoint is set: without it, no OpenTelemetry package is loaded at all.
import { register } from "node:module";
import { FastifyOtelInstrumentation } from "@fastify/otel";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { detectResources, envDetector, hostDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import type { TelemetryConfig } from "./config";
import { maskSecretQueryParams, SECRET_QUERY_PARAMS } from "./lib/secret-query-params";

// Probes and scrapes hit every instance every few seconds (load balancer, orchestrator, Prometheus): a
// trace each would drown the requests people make.
const PROBES = new Set(["/api/health", "/api/ready", "/metrics"]);

/**
 * Starts tracing; returns the function that sends the spans still buffered (call it before exiting).
 * Must run before `pg`, `fastify` and `node:http` are first imported: instrumentations patch a module
 * as it loads, and boot.ts imports the server only after this resolves.
 */
export function startTelemetry(settings: TelemetryConfig): () => Promise<void> {
  // `pg` is imported as an ES module (our code, drizzle-orm): only import-in-the-middle's loader hook
  // lets the pg instrumentation see it. Limited to the modules patched, so nothing else is rewritten.
  // Packages loaded with require() (fastify's node:http, pg's pg-pool) are patched through require.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url, {
    data: { include: ["pg", "pg-pool", "node:http", "node:https"] },
  });

  const resource = resourceFromAttributes({ "service.name": settings.serviceName }).merge(
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, and the host name that tells instances apart.
    detectResources({ detectors: [envDetector, hostDetector] }),
  );
  // The exporter and the batch processor read their OTEL_* settings (endpoint, headers, timeout,
  // OTEL_BSP_SCHEDULE_DELAY) and the provider its sampler (OTEL_TRACES_SAMPLER) from the environment.
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => PROBES.has(req.url ?? ""),
        // url.query is recorded: credentials in it (a sign-in token, an API key sent by mistake) are masked.
        redactedQueryParamsServer: SECRET_QUERY_PARAMS,
      }),
      // Attached to every Fastify instance as it is created (Fastify's diagnostics channel), before
      // any route: app.ts needs no change.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => PROBES.has(route.url),
        // Its url.path is the whole request URL, query included: masked as the HTTP span's url.query is.
        requestHook: (span, request) => span.setAttribute("url.path", maskSecretQueryParams(request.url)),
      }),
      // Only inside a request's trace: the job queue polls the database every few seconds, and a
      // root span for each poll would bury the traces that matter.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });

  return () => provider.shutdown();
}
