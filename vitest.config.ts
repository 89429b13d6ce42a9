import { defineConfig } from "vitest/config";

// Server tests run once per database engine: always PGlite, and PostgreSQL too when TEST_DATABASE_URL
// is set (.ci/run sets it). Each test file gets its own database, reset between tests.
const engines = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    projects: [
      ...engines.map((engine) => ({
        test: {
          name: engine,
          include: ["src/**/*.test.ts"],
          exclude: ["src/client/**", "src/shared/**"],
          // Explicit: the server's own default is production (src/server/config.ts).
          env: { TEST_DB_ENGINE: engine, APP_ENV: "test" },
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks" as const,
        },
      })),
      {
        test: {
          name: "shared",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
    ],
  },
});
