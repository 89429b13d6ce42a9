import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

// An embedded PGlite directory has one owner process. PGlite is a whole PostgreSQL inside the process,
// with no locking between processes: a second process that opens the same directory works on its own
// copy of the pages, its writes are lost when the first one writes back (or the files are corrupted).
// So whoever opens a directory first claims it with a lock file beside it (`<dir>.lock`, created
// exclusively), and everyone else is refused with a message that says who holds it and what to do.
// A lock whose process is gone (a crash, kill -9) is stale and taken over.

export interface PgliteHolder {
  /** A server answers requests; a command is one of the npm run scripts. */
  kind: "server" | "command";
  /** What to call it in a message: the server's address, or the command line. */
  name: string;
}

interface LockContent extends PgliteHolder {
  pid: number;
  since: string;
}

export class PgliteDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockContent,
  ) {
    super(
      holder.kind === "server"
        ? `The embedded database in ${dir} is in use by the server at ${holder.name} (process ${holder.pid}). Only one process may open it at a time.`
        : `The embedded database in ${dir} is in use by \`${holder.name}\` (process ${holder.pid}). Wait for it to finish, then try again.`,
    );
    this.name = "PgliteDirBusyError";
  }
}

export function pgliteLockPath(dir: string): string {
  return `${resolve(dir)}.lock`;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // After a reboot the number may belong to an unrelated process; where /proc tells, it must be Node.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync("/proc/self/cmdline")) {
    try {
      return /node|tsx/.test(readFileSync(cmdline, "utf8"));
    } catch {
      return false;
    }
  }
  return true;
}

function readLock(path: string): LockContent | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockContent;
  } catch {
    return undefined;
  }
}

/**
 * Throws PgliteDirBusyError if a live process holds `dir`, without claiming it: for a command that
 * would do slow work (npm start's client build) before the process that opens the database starts.
 */
export function assertPgliteDirFree(dir: string): void {
  const current = readLock(pgliteLockPath(dir));
  if (current && current.pid !== process.pid && isAlive(current.pid)) {
    throw new PgliteDirBusyError(dir, current);
  }
}

/** What a refused server start prints: who holds the directory, and the two ways out. */
export function pgliteBusyLine(err: PgliteDirBusyError): string {
  return `${err.message} Stop it first, or set PGLITE_DIR to another directory.`;
}

/**
 * Claims `dir` for this process, or throws PgliteDirBusyError naming the live holder. Returns the
 * release function (idempotent; it removes the lock only while it is still ours).
 */
export function claimPgliteDir(dir: string, holder: PgliteHolder): () => void {
  const path = pgliteLockPath(dir);
  const content: LockContent = { ...holder, pid: process.pid, since: new Date().toISOString() };
  const text = `${JSON.stringify(content)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, text, { flag: "wx", mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readLock(path)?.pid === process.pid) unlinkSync(path);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const current = readLock(path);
    if (!current) {
      // Half written by a process that is claiming it right now: look again in a moment.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (isAlive(current.pid)) throw new PgliteDirBusyError(dir, current);
    // Stale: moved aside atomically, so two processes taking it over cannot both succeed.
    try {
      renameSync(path, `${path}.stale-${process.pid}`);
      unlinkSync(`${path}.stale-${process.pid}`);
    } catch (renameErr) {
      if ((renameErr as NodeJS.ErrnoException).code !== "ENOENT") throw renameErr;
    }
  }
  const current = readLock(path);
  if (current) throw new PgliteDirBusyError(dir, current);
  throw new Error(`could not claim ${path}`);
}
