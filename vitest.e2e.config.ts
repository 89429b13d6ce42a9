import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// End-to-end: Chromium (Debian's, driven by playwright-core) against the built app served by the real
// server on an embedded database. Files run in workers side by side, each against a server and database of
// its own (the tests own their rows, but admin queues and counts are per database); every worker drives the
// one Chromium the global setup launches (e2e/support/global-setup.ts). Two workers is what a 2-core
// machine gains from: much of the time is the browser and the server waiting. E2E_WORKERS overrides.
const workers = Math.max(1, Math.min(Number(process.env.E2E_WORKERS) || 2, availableParallelism()));

export default defineConfig({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
