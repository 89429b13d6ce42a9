import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/server/db/client";
import { users } from "../src/server/db/schema";

// The support commands as the production image runs them: compiled by the server's build, started by
// plain Node (no tsx, no TypeScript sources) from another working directory, on an embedded database of
// their own. Generous timeouts: a build and five Node processes, on a machine that may be busy.

const SERVER_BUILD = `dist/commands-test-${process.pid}`;
const COMMANDS = `${SERVER_BUILD}-scripts`;

describe("the compiled support commands", () => {
  let dataDir = "";
  beforeAll(() => {
    const built = spawnSync(process.execPath, ["scripts/build-server.mjs", SERVER_BUILD], {
      encoding: "utf8",
    });
    expect(built.status, built.stderr).toBe(0);
    dataDir = mkdtempSync(join(tmpdir(), "ppc-commands-"));
  }, 120_000);
  afterAll(() => {
    for (const dir of [SERVER_BUILD, COMMANDS, dataDir]) rmSync(dir, { recursive: true, force: true });
  });

  const run = (command: string, ...args: string[]) => {
    const result = spawnSync(process.execPath, [join(process.cwd(), COMMANDS, `${command}.js`), ...args], {
      cwd: tmpdir(),
      encoding: "utf8",
      env: { PATH: process.env.PATH, APP_ENV: "development", PGLITE_DIR: join(dataDir, "pglite") },
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  /** The embedded database, opened by this process between two commands (one owner at a time). */
  async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>) {
    const database = await openDatabase({
      pgliteDir: join(dataDir, "pglite"),
      owner: { kind: "command", name: "test" },
    });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }

  it("migrates a new database, then changes a user's role", async () => {
    expect(run("migrate")).toEqual({ status: 0, output: "Migrations applied (pglite).\n" });
    await withDatabase((db) => db.insert(users).values({ email: "ops@example.com" }));

    const changed = run("user-role", "ops@example.com", "admin");
    expect(changed.status, changed.output).toBe(0);
    expect(changed.output).toContain("ops@example.com is now admin");
    const [user] = await withDatabase((db) =>
      db.select({ role: users.role }).from(users).where(eq(users.email, "ops@example.com")),
    );
    expect(user?.role).toBe("admin");

    const unknown = run("user-role", "nobody@example.com", "admin");
    expect(unknown).toEqual({ status: 1, output: "No user with email nobody@example.com\n" });
    expect(run("housekeeping").status).toBe(0);
  }, 120_000);
});
