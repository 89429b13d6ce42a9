import { createServer } from "node:net";
import { errorChain } from "./plugins/database-errors";

// What an operator reads when the server cannot start: one line saying what is wrong and what to do,
// instead of a driver's error object or a stack. Anything not recognised here is still printed whole.

/** A reason not to start, already worded for the operator; the process prints it and exits 1. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Takes each port for a moment and lets it go, so that a port already taken stops the start before
 * migrations run and the job queue starts, not after. The server listens for real only once it is
 * ready to answer: a proxy never meets a half-started instance. (Another process may still take the
 * port in between; listen's own failure is then worded the same way.)
 */
export async function checkPortsFree(ports: { name: string; port: number }[], host: string): Promise<void> {
  for (const { name, port } of ports) {
    // Port 0 means "any free port", which cannot be taken.
    if (port === 0) continue;
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", (err) => reject(listenError(err, { name, port, host }) ?? err));
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
    });
  }
}

/** listen's failure as a StartupError, or undefined for an error this does not know. */
export function listenError(
  err: unknown,
  { name, port, host }: { name: string; port: number; host: string },
): StartupError | undefined {
  switch ((err as NodeJS.ErrnoException).code) {
    case "EADDRINUSE":
      return new StartupError(
        `${name} ${port} is already in use on ${host}: stop the process that holds it (is this server already running?), or set ${name} to a free port.`,
      );
    case "EACCES":
      return new StartupError(
        `${name} ${port} needs privileges this process does not have: set ${name} to 1024 or above, and put a proxy in front for port 80 or 443.`,
      );
    case "EADDRNOTAVAIL":
      return new StartupError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them.`,
      );
    default:
      return undefined;
  }
}

/**
 * The first failure to reach PostgreSQL, worded from its code: which server was asked (never the
 * password) and what to change.
 */
export function databaseError(err: unknown, databaseUrl: string): StartupError {
  const url = new URL(databaseUrl);
  const host = url.hostname || "localhost";
  const where = `${host}:${url.port || "5432"}`;
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
  const role = decodeURIComponent(url.username) || "(the system user)";
  const chain = errorChain(err);
  const codes = chain.map((e) => e.code).filter((c): c is string => typeof c === "string");
  const message = chain.map((e) => e.message).find((m): m is string => typeof m === "string" && m !== "");
  const fix = "then correct DATABASE_URL";
  const lines: [string, string][] = [
    [
      "3D000",
      `The database "${database}" does not exist on the PostgreSQL server at ${where}: create it (createdb "${database}"), or correct the name in DATABASE_URL.`,
    ],
    [
      "28000",
      `The PostgreSQL server at ${where} refused the role "${role}" (${message}): create the role, or correct the user in DATABASE_URL.`,
    ],
    [
      "28P01",
      `The PostgreSQL server at ${where} refused the password of "${role}": correct the password in DATABASE_URL.`,
    ],
    [
      "ECONNREFUSED",
      `Nothing accepts connections at ${where} (connection refused): start PostgreSQL there, or correct the host and port in DATABASE_URL.`,
    ],
    [
      "ENOTFOUND",
      `The database host "${host}" is not known (DNS has no such name): correct the host in DATABASE_URL.`,
    ],
    [
      "EAI_AGAIN",
      `The database host "${host}" could not be looked up (DNS did not answer): check the network, ${fix}.`,
    ],
  ];
  for (const [code, line] of lines) if (codes.includes(code)) return new StartupError(line);
  if (message && /timeout/i.test(message)) {
    return new StartupError(
      `The PostgreSQL server at ${where} did not answer in time: check that it runs and that this machine may reach it (a firewall?), ${fix}.`,
    );
  }
  return new StartupError(
    `Cannot use the PostgreSQL database at ${where}: ${message ?? String(err)}. Check that it runs, ${fix}.`,
  );
}
