import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminQuery, withDatabase } from "../../src/server/test/global-setup";
import { spawnServer, waitUntilReady } from "../../src/server/test/server-process";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * A database of its own for one server: a new PostgreSQL database when TEST_DATABASE_URL names a server
 * (the engine production runs, and the browser suite's server then leaves the SQL to PostgreSQL's own
 * processes instead of running it in its thread), otherwise a fresh embedded one in a temporary folder.
 * `env` may name its own (a test of the embedded database sets DATABASE_URL to "").
 */
async function serverDatabase(
  env: Record<string, string>,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url && !("DATABASE_URL" in env)) {
    const name = `ppc_e2e_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, `create database ${name}`);
    return {
      env: { DATABASE_URL: withDatabase(url, name) },
      drop: () => adminQuery(url, `drop database if exists ${name} with (force)`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "ppc-e2e-"));
  return {
    env: { DATABASE_URL: "", PGLITE_DIR: join(dataDir, "pglite") },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Starts `src/server/main.ts` (or another entry, such as npm start's `scripts/start.ts`) without the
 * build, in development, on a database of its own (see serverDatabase).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { entry?: string } = {},
): Promise<RunningServer> {
  const database = await serverDatabase(env);
  const server = await spawnServer(
    // No draining time on SIGTERM: nothing balances load in front of a test's server.
    { ...database.env, SHUTDOWN_DRAIN_MS: "0", ...env },
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
      await database.drop();
      return code;
    },
  };
}
