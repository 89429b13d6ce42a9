// The server the bench loads on PostgreSQL: the compiled production build (`npm run build`'s server,
// run with plain Node and the production heap setting), against the database the bench's own process has
// filled. Measured as it runs in production: from source, tsx and the data loading would add about
// 130 MB to its resident memory that production never carries (docs/performance.md, "Memory").
// PGlite lives inside one process, so on that engine the bench loads the app in its own process instead.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { type ServerProcess, spawnServer, waitUntilReady } from "../src/server/test/server-process";

/** Its own build folder (two levels below the root, as the server needs): never `npm run serve`'s. */
const BUILD_DIR = "dist/bench-server";

export interface CompiledServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startCompiledServer(env: Record<string, string>): Promise<CompiledServer> {
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs", BUILD_DIR], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the server build failed:\n${built.stderr}`);
  const removeBuild = () => {
    rmSync(BUILD_DIR, { recursive: true, force: true });
    rmSync(`${BUILD_DIR}-scripts`, { recursive: true, force: true });
  };
  let server: ServerProcess;
  try {
    server = await spawnServer(
      { APP_ENV: "test", LOG_LEVEL: "warn", NODE_OPTIONS: "--max-old-space-size=512", ...env },
      { entry: `${BUILD_DIR}/main.js` },
    );
    await waitUntilReady(server, Date.now() + 60_000);
  } catch (err) {
    removeBuild();
    throw err;
  }
  return {
    url: server.url.replace("localhost", "127.0.0.1"),
    pid: server.process.pid!,
    stop: async () => {
      server.process.kill("SIGTERM");
      await server.exited;
      removeBuild();
    },
  };
}
