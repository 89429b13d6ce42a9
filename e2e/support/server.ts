import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer, waitUntilReady } from "../../src/server/test/server-process";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts `src/server/main.ts` (or another entry, such as npm start's `scripts/start.ts`) without the
 * build, in development, on a fresh embedded database.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { entry?: string } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "ppc-e2e-"));
  const server = await spawnServer(
    // No draining time on SIGTERM: nothing balances load in front of a test's server.
    { PGLITE_DIR: join(dataDir, "pglite"), DATABASE_URL: "", SHUTDOWN_DRAIN_MS: "0", ...env },
    options,
  );
  await waitUntilReady(server, Date.now() + 90_000);
  return {
    url: server.url,
    process: server.process,
    output: server.output,
    stop: async (signal = "SIGTERM") => {
      if (server.process.exitCode === null) server.process.kill(signal);
      const code = await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
