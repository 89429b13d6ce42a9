// The server from source (tsx): npm start, npm run dev and the tests. In development it writes the demo
// data after the migrations; production runs the compiled production.ts, which leaves the seed out.
// Tracing starts before the server's modules load (boot.ts), hence the dynamic imports.
import { startTelemetryFirst } from "./boot";

const flushTelemetry = await startTelemetryFirst();
const [{ runServer }, { seedDemoData }] = await Promise.all([
  import("./server"),
  import("./features/dev/demo-seed"),
]);
runServer({ demoSeed: seedDemoData, flushTelemetry });
