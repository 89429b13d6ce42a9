// The server from source (tsx): npm start, npm run dev and the tests. In development it writes the demo
// data after the migrations, and with PAYMENTS=simulated it starts the simulated payment provider and
// buys the demo accounts' plans there; production runs the compiled production.ts, which carries neither.
// Tracing starts before the server's modules load (boot.ts), hence the dynamic imports.
import { startTelemetryFirst } from "./boot";

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
});
