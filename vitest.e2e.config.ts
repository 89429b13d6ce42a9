import { defineConfig } from "vitest/config";

// End-to-end: Chromium (Debian's, driven by playwright-core) against the built app served by the real
// server on an embedded database seeded with the demo data. Files run one at a time: 2 cores.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
