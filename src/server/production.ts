// The production entry, compiled to dist/server/main.js by `npm run build` (scripts/build-server.mjs) and
// started by `npm run serve` and the Docker image: the server without the demo seed, so neither the seed
// nor its data ship. Tracing starts before the server's modules load (boot.ts), hence the dynamic
// import, which the build keeps as a separate file.
import { startTelemetryFirst } from "./boot";

const flushTelemetry = await startTelemetryFirst();
const { runServer } = await import("./server");
runServer({ flushTelemetry });
