import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// End-to-end: Chromium (Debian's headless shell, driven by playwright-core) against the built app served by
// the real server. Files run in workers, each against a server and database of its own (the tests own
// their rows, but admin queues and counts are per database); every worker drives the one Chromium the
// global setup launches (e2e/support/global-setup.ts). One worker per core: with the headless shell and
// the servers on PostgreSQL, two workers took the suite on 2 cores from 298 s to 173 s
// (docs/performance.md, "Test suite"). E2E_WORKERS overrides.
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || availableParallelism());

export default defineConfig({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // After-hooks in the order they were registered: useBrowser's (close the pages, then judge their
    // console) before useFixtures' (delete the rows). The other way round, a page still open asked for a
    // listing its test's cleanup had just deleted, and the 404 failed the test (a listing page counts
    // its view with a request of its own once it is drawn).
    sequence: { hooks: "list" },
    // expect.poll's own default is 1 s: too short for a page that loads, asks the API and then navigates
    // on a busy 2-core machine (a redirect after a half-second notice missed it once in CI). A passing
    // poll returns as soon as it passes; only a failing one waits this long.
    expect: { poll: { timeout: 10_000 } },
  },
});
