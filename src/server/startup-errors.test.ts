import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "./test/context";
import { freePort, spawnServer } from "./test/server-process";

// The compiled server (as production runs it) started with one thing wrong at a time: it exits 1 and
// prints one line that names the problem and the fix, with no stack and no driver's error object, and
// a port already taken stops it before the migrations and the job queue. Settings are checked on the
// embedded engine's run, connections to PostgreSQL on PostgreSQL's.

const ENGINE = process.env.TEST_DB_ENGINE;
/** A folder of its own per engine: both engines' runs may build at once. */
const SERVER_BUILD = `dist/startup-test-server-${ENGINE}`;
const SESSION_SECRET = "startup-test-session-secret-0123456789abcdef";

interface Outcome {
  code: number | null;
  output: string;
  /** The lines written, blank ones left out. */
  lines: string[];
}

async function startWith(env: Record<string, string>): Promise<Outcome> {
  const server = await spawnServer(
    { APP_ENV: "test", SESSION_SECRET, LOG_LEVEL: "info", PGLITE_DIR: "memory://", ...env },
    { entry: `${SERVER_BUILD}/main.js`, port: env.PORT ? Number(env.PORT) : undefined },
  );
  // A server that starts after all (the fault this guards against) is stopped, not left running.
  const timer = setTimeout(() => server.process.kill("SIGKILL"), 20_000);
  const code = await server.exited;
  clearTimeout(timer);
  const output = server.output();
  return { code, output, lines: output.split("\n").filter((l) => l.trim() !== "") };
}

/** Exit 1 with `line` as the only thing said: no stack, no error object, no log of a start. */
function expectOneLine(outcome: Outcome, line: string | RegExp) {
  expect(outcome.code, outcome.output).toBe(1);
  expect(outcome.lines, outcome.output).toHaveLength(1);
  expect(outcome.lines[0]).toMatch(line);
}

describe("a server that cannot start", () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, ["scripts/build-server.mjs", SERVER_BUILD], {
      encoding: "utf8",
    });
    if (built.status !== 0) throw new Error(`the server build failed:\n${built.stderr}`);
  }, 60_000);

  afterAll(() => {
    rmSync(SERVER_BUILD, { recursive: true, force: true });
  });

  describe.runIf(ENGINE === "pglite")("with a wrong setting", () => {
    it("refuses a DATABASE_URL that is not a PostgreSQL URL, before trying to connect", async () => {
      const outcome = await startWith({ DATABASE_URL: "not-a-url" });
      expect(outcome.output).not.toContain("ENOTFOUND");
      expect(outcome.code, outcome.output).toBe(1);
      expect(outcome.output).toContain(
        "DATABASE_URL must be a URL starting with postgres:// or postgresql://, such as postgres://",
      );
      expect(outcome.output).not.toMatch(/^\s+at /m);
    });

    it("refuses an SMTP_URL that is not an SMTP URL, instead of starting and failing every mail", async () => {
      const outcome = await startWith({ SMTP_URL: "garbage" });
      expect(outcome.code, outcome.output).toBe(1);
      expect(outcome.output).toContain("SMTP_URL must be a URL starting with smtp:// or smtps://");
      expect(outcome.output).not.toContain("database ready");
    });

    describe("with PORT taken by another process", () => {
      let holder: Server;
      let port = 0;
      beforeAll(async () => {
        port = await freePort();
        holder = createServer();
        await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
      });
      afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

      it("says so in one line before opening the database, migrating or starting the job queue", async () => {
        const outcome = await startWith({ PORT: String(port) });
        expectOneLine(
          outcome,
          `PORT ${port} is already in use on 127.0.0.1: stop the process that holds it (is this server already running?), or set PORT to a free port.`,
        );
        expect(outcome.output).not.toContain("database ready");
        expect(outcome.output).not.toContain("job queue started");
      });
    });
  });

  describe.runIf(ENGINE === "postgres")("when PostgreSQL turns it away", () => {
    // Read inside the tests: the other engine's run collects this block too, and has no server to name.
    const server = () => new URL(testDatabaseUrl());
    const where = () => `${server().hostname}:${server().port || "5432"}`;
    const url = (change: (url: URL) => void) => {
      const copy = server();
      change(copy);
      return copy.toString();
    };

    it("names a database that does not exist, and how to create it", async () => {
      const outcome = await startWith({
        DATABASE_URL: url((u) => {
          u.pathname = "/no_such_database_here";
        }),
      });
      expectOneLine(
        outcome,
        `The database "no_such_database_here" does not exist on the PostgreSQL server at ${where()}: create it (createdb "no_such_database_here"), or correct the name in DATABASE_URL.`,
      );
    });

    it("names a role the server does not know", async () => {
      const outcome = await startWith({
        DATABASE_URL: url((u) => {
          u.username = "no_such_role_here";
        }),
      });
      expectOneLine(
        outcome,
        `The PostgreSQL server at ${where()} refused the role "no_such_role_here" (role "no_such_role_here" does not exist): create the role, or correct the user in DATABASE_URL.`,
      );
    });

    it("names a closed port, and what to start", async () => {
      const closed = await freePort();
      const outcome = await startWith({
        DATABASE_URL: url((u) => {
          u.hostname = "127.0.0.1";
          u.port = String(closed);
        }),
      });
      expectOneLine(
        outcome,
        `Nothing accepts connections at 127.0.0.1:${closed} (connection refused): start PostgreSQL there, or correct the host and port in DATABASE_URL.`,
      );
    });
  });
});
