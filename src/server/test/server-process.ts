import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

// The real server as a child process, for the tests that need a process of its own: the browser tests'
// server, several instances racing for one database (db/startup-lock.test.ts), an instance restarted
// behind a proxy (deploy.test.ts).

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Settles with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Starts `entry` (default src/server/main.ts from source through tsx; a compiled .js file with plain
 * Node, as in production) in development on `port` (default: a
 * free one); `env` adds to or overrides the process's environment. APP_ENV is set explicitly: the
 * server's own default is production. PAYMENTS too: development's default without Stripe keys is the
 * simulated provider, and a test that wants it (or "setup required") says so.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  { entry = "src/server/main.ts", port }: { entry?: string; port?: number } = {},
): Promise<ServerProcess> {
  port ??= await freePort();
  const url = `http://localhost:${port}`;
  let output = "";
  const args = entry.endsWith(".js") ? ["--enable-source-maps", entry] : ["--import", "tsx", entry];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      APP_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      LOG_LEVEL: "warn",
      PAYMENTS: "stripe",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { url, process: child, output: () => output, exited };
}

/** Polls /api/ready until it answers 200; fails with the process's output if it exits or `deadline` passes. */
export async function waitUntilReady(server: ServerProcess, deadline: number): Promise<void> {
  for (;;) {
    if (server.process.exitCode !== null) {
      throw new Error(`server exited early with ${server.process.exitCode}:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
