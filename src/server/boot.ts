import { ConfigError, loadConfig } from "./config";

/**
 * What both entries (main.ts, production.ts) run before they import the server: tracing, when an OTLP
 * endpoint is configured. Its instrumentations patch pg, fastify and node:http as they load, so the
 * server is imported only after this resolves, and dynamically. Without an endpoint nothing of
 * OpenTelemetry is imported. Returns the function that flushes the spans still buffered.
 */
export async function startTelemetryFirst(): Promise<(() => Promise<void>) | undefined> {
  let telemetry: ReturnType<typeof loadConfig>["telemetry"];
  try {
    telemetry = loadConfig().telemetry;
  } catch (err) {
    // The server reads the configuration again and reports every problem itself.
    if (err instanceof ConfigError) return undefined;
    throw err;
  }
  if (!telemetry) return undefined;
  const { startTelemetry } = await import("./telemetry");
  return startTelemetry(telemetry);
}
