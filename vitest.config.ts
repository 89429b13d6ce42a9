import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
// ".js" (TypeScript resolves it to engines.ts): Vite warns about a config import without an extension.
import { planEngines, postgresBinDir, type TestEngine } from "./src/server/test/engines.js";

// Server tests run once per database engine: always PGlite, and PostgreSQL too: on TEST_DATABASE_URL's
// server when it is set (.ci/run sets it), else on a throwaway one when the server binaries are
// installed. Without either, the run's first lines say what is skipped (test/global-setup.ts).
const { engines } = planEngines(process.env, postgresBinDir);

function serverProject(engine: TestEngine) {
  return {
    test: {
      name: engine,
      include: ["src/server/**/*.test.ts"],
      // Explicit: the server's own default is production (src/server/config.ts).
      env: { TEST_DB_ENGINE: engine, APP_ENV: "test" },
      globalSetup: ["src/server/test/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: "forks" as const,
      // A worker runs its files one after another in one module graph and on one database
      // (test/context.ts workerTestDatabase): the server's modules load once per worker, not per file.
      // Safe because no server test mocks modules or changes process.env.
      isolate: false,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default, one fewer than the cores, is a single worker on a 2-core machine. The tests spend
    // much of their time waiting (on the database, on a child process, on a job queue's real delays), so
    // one worker more than the cores keeps them busy: on 2 cores, three workers took the unit run from
    // 363 to 314 s (docs/performance.md, "Test suite").
    maxWorkers: availableParallelism() + 1,
    projects: [
      ...engines.map(serverProject),
      {
        test: {
          name: "shared",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      {
        // React components on a simulated DOM: forms and dialogs as a user meets them, with the app's
        // API answered per test (src/client/test). Each file gets its own DOM and module graph.
        test: {
          name: "components",
          include: ["src/client/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["src/client/test/setup.ts"],
          // Above Testing Library's 5 s wait (test/setup.ts), so a query that finds nothing fails with
          // its own message rather than the test's timeout.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
