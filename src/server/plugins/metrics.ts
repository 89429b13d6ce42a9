import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { AppError } from "../lib/app-error";
import { type AppMetrics, bearerTokenMatches, METRICS_CONTENT_TYPE, renderMetrics } from "../lib/metrics";

// GET /metrics for Prometheus (docs/operations.md#metrics), only when METRICS_TOKEN is set, and only to a
// scraper that sends it as a bearer token. Outside /api: no session, no access guard, and a GET skips the
// Origin check, so a scraper needs nothing but the token. On METRICS_PORT it is served by a small listener
// of its own instead, and the app's port has no /metrics at all.

const UNAUTHORIZED = "Send the metrics token as Authorization: Bearer <token>.";
const PATH = "/metrics";

/** The route label of requests no route matched (unknown paths, and the pages the shell answers). */
const UNMATCHED = "unmatched";
/** The route label of the client build's files (one route per file, renamed by every build). */
const STATIC = "static";

/**
 * The route pattern as a label, never the URL: a bounded set of values, whatever clients ask for.
 * @fastify/static registers a route per built file and marks it with `config.file`.
 */
function routeLabel(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if (request.is404 || !url) return UNMATCHED;
  return (config as { file?: unknown }).file === undefined ? url : STATIC;
}

/** Request timing and in-flight count for every request but the scrape itself, and the /metrics route. */
export function registerMetrics(app: FastifyInstance, config: AppConfig, metrics: AppMetrics): void {
  const settings = config.metrics;
  if (!settings) return;

  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config.scrape) return;
    metrics.httpInFlight.inc();
    // 'close' comes once for every response, sent or abandoned by the client.
    reply.raw.once("close", () => metrics.httpInFlight.dec());
  });
  app.addHook("onResponse", async (request, reply) => {
    if (request.routeOptions.config.scrape) return;
    metrics.httpDuration.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  if (settings.port !== undefined) return;
  app.get(
    PATH,
    // A scrape every few seconds is no news: only warnings and errors reach the log.
    { config: { scrape: true }, logLevel: "warn" },
    async (request, reply) => {
      if (!bearerTokenMatches(settings.token, request.headers.authorization)) {
        throw new AppError("unauthorized", UNAUTHORIZED, { headers: { "WWW-Authenticate": "Bearer" } });
      }
      return reply
        .header("content-type", METRICS_CONTENT_TYPE)
        .header("cache-control", "no-store")
        .send(await renderMetrics(metrics));
    },
  );
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "cache-control": "no-store", ...headers });
  res.end(body);
}

const json = (message: string, code: string) => JSON.stringify({ message, code });

/**
 * The metrics listener on METRICS_PORT: /metrics and nothing else, behind the same token. Made with the
 * app (buildApp) and closed with it; server.ts starts it with startMetricsListener.
 */
export function createMetricsServer(app: FastifyInstance, token: string, metrics: AppMetrics): Server {
  const jsonType = { "content-type": "application/json; charset=utf-8" };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      answer(res, 404, json("Not found", "not_found"), jsonType);
      return;
    }
    if (!bearerTokenMatches(token, req.headers.authorization)) {
      answer(res, 401, json(UNAUTHORIZED, "unauthorized"), { ...jsonType, "www-authenticate": "Bearer" });
      return;
    }
    renderMetrics(metrics).then(
      (text) => answer(res, 200, req.method === "HEAD" ? "" : text, { "content-type": METRICS_CONTENT_TYPE }),
      (err: unknown) => {
        app.log.error({ err }, "metrics scrape failed");
        answer(res, 500, json("The metrics could not be read.", "internal"), jsonType);
      },
    );
  });
  app.addHook("onClose", async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return server;
}

/** Starts the metrics listener of an app built with METRICS_PORT; answers the address it listens on. */
export async function startMetricsListener(
  app: FastifyInstance,
  { port, host }: { port: number; host: string },
): Promise<AddressInfo> {
  const server = app.metricsServer;
  if (!server) throw new Error("this app has no metrics listener: METRICS_PORT is not set");
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}
