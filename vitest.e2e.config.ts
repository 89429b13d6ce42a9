import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// End-to-end: Chromium (Debian's, driven by playwright-core) against the built app served by the real
// server on an embedded database. Files run in workers, each against a server and database of its own (the
// tests own their rows, but admin queues and counts are per database); every worker drives the one Chromium
// the global setup launches (e2e/support/global-setup.ts). One worker per two cores: the browser is the
// bottleneck, and on a 2-core machine two workers took as long as one (docs/performance.md, "Test suite")
// and ran close to the tests' timeouts. E2E_WORKERS overrides.
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || Math.floor(availableParallelism() / 2));

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
