import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBinDir } from "./engines";
import { freePort } from "./server-process";

// A throwaway PostgreSQL server: the run's own when TEST_DATABASE_URL names none (test/global-setup.ts),
// and a test's own for the tests that stop and restart the database under a running app (a fast shutdown
// terminates every session with SQLSTATE 57P01, as an operator's restart does), since the run's server
// cannot be restarted: other test files use it at the same time.
// Built from the installed server's binaries (initdb about 1.5 s, start 0.3 s); trust authentication on
// 127.0.0.1 only, no fsync (nothing here needs to survive a crash of the machine).

export interface PrivatePostgres {
  url: string;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  isRunning(): boolean;
  /** Stops it and deletes its files. */
  remove(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL server binaries installed");
  const dir = mkdtempSync(join(tmpdir(), "ppc-pg-"));
  const data = join(dir, "data");
  // initdb refuses to run as root: the files then belong to the postgres account, which runs the server.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : join(bin, tool),
      asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args,
      {
        stdio: "pipe",
      },
    );
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]);
  const stop = (mode: "fast" | "immediate" = "fast") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    isRunning: () => {
      try {
        run("pg_ctl", ["-D", data, "status"]);
        return true;
      } catch {
        return false;
      }
    },
    remove: () => {
      try {
        stop("immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
