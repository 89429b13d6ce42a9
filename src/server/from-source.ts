// The server from source (tsx) with what only this machine's server carries: in development the demo
// data after the migrations, and with PAYMENTS=simulated the simulated payment provider and the demo
// accounts' plans bought there. main.ts (npm run dev, the tests) and npm start (scripts/start.ts) run it;
// production runs the compiled production.ts, which carries neither. Tracing starts before the server's
// modules load (boot.ts), hence the dynamic imports.
import { startTelemetryFirst } from "./boot";
import type { ServerOptions } from "./server";

export async function runServerFromSource({ clientBuild }: Pick<ServerOptions, "clientBuild"> = {}) {
  const flushTelemetry = await startTelemetryFirst();
  const [{ runServer }, { seedDemoData }, { startPaymentSimulation }, { seedDemoPurchases }] =
    await Promise.all([
      import("./server"),
      import("./features/dev/demo-seed"),
      import("./features/payment-simulation/simulation"),
      import("./features/dev/demo-seed-purchases"),
    ]);
  runServer({
    demoSeed: seedDemoData,
    simulatePayments: startPaymentSimulation,
    demoPurchases: seedDemoPurchases,
    flushTelemetry,
    clientBuild,
  });
}
