import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, waitUntilReady } from "../test/server-process";
import { openDatabase } from "./client";
import { claimPgliteDir, PgliteDirBusyError, pgliteLockPath } from "./pglite-owner";
import { subscriptions, users } from "./schema";

// One owner per PGlite directory: a second process opening it works on a copy of the pages, and its
// writes are lost (a grant printed as done and never seen) or the files corrupted.

const ENGINE = process.env.TEST_DB_ENGINE;

describe.runIf(ENGINE === "pglite")("the embedded database directory has one owner", () => {
  const root = mkdtempSync(join(tmpdir(), "ppc-owner-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a second claim while the first holds it, naming the holder, and allows it after release", () => {
    const dir = join(root, "claims");
    const release = claimPgliteDir(dir, { kind: "server", name: "http://localhost:5000" });
    let refused: unknown;
    try {
      claimPgliteDir(dir, { kind: "command", name: "npm run db:seed" });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(PgliteDirBusyError);
    expect((refused as Error).message).toBe(
      `The embedded database in ${dir} is in use by the server at http://localhost:5000 (process ${process.pid}). Only one process may open it at a time.`,
    );
    release();
    expect(existsSync(pgliteLockPath(dir))).toBe(false);
    claimPgliteDir(dir, { kind: "command", name: "npm run db:seed" })();
  });

  it("takes over the lock of a process that is gone", () => {
    const dir = join(root, "stale");
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const pid = Number(gone.stdout.toString());
    writeFileSync(pgliteLockPath(dir), JSON.stringify({ kind: "server", name: "old", pid, since: "" }));
    const release = claimPgliteDir(dir, { kind: "command", name: "test" });
    release();
  });

  it("a command run while the server holds the directory refuses and changes nothing; run after, its write lasts", async () => {
    const dir = join(root, "server");
    // Started as README.md's "Run it" has it (no APP_URL, the start logged), listening on every address
    // of the machine, IPv6 included (HOST=::).
    const server = await spawnServer({
      PGLITE_DIR: dir,
      DATABASE_URL: "",
      APP_URL: "",
      HOST: "::",
      LOG_LEVEL: "info",
    });
    const runCommand = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/user-premium.ts", ...args], {
          env: { ...process.env, APP_ENV: "development", PGLITE_DIR: dir, DATABASE_URL: "" },
        });
        let out = "";
        child.stdout.on("data", (d) => {
          out += d;
        });
        child.stderr.on("data", (d) => {
          out += d;
        });
        child.on("exit", (code) => resolve({ code, out }));
      });
    try {
      await waitUntilReady(server, Date.now() + 90_000);

      // The start log names the address to open (APP_URL's default); the other loopback spellings of
      // it reach the same server and pass its same-site check in development: a demo sign-in from each.
      // Logged as it listens; the log is written asynchronously, so it may land after the first answer.
      await expect.poll(() => server.output(), { timeout: 30_000 }).toContain(`open ${server.url}`);
      const { port } = new URL(server.url);
      for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
        const login = await fetch(`${origin}/api/dev/login`, {
          method: "POST",
          headers: { origin, "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@demo.test" }),
        });
        expect(login.status, origin).toBe(200);
      }

      const refused = await runCommand(["newbie@demo.test", "on"]);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`is in use by the server at ${server.url}`);
      expect(refused.out).toContain("Nothing was changed.");
      expect(refused.out).toContain("/admin/users");
      expect(refused.out).not.toContain("now has complimentary Premium");

      // A second server on the same directory stops at once, saying why.
      const second = await spawnServer({ PGLITE_DIR: dir, DATABASE_URL: "" });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by the server at ${server.url}`);
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
    }
    expect(existsSync(pgliteLockPath(dir))).toBe(false);

    const granted = await runCommand(["newbie@demo.test", "on"]);
    expect(granted.out).toContain("newbie@demo.test now has complimentary Premium.");
    expect(granted.code).toBe(0);
    const database = await openDatabase({ pgliteDir: dir });
    try {
      const rows = await database.db
        .select({ status: subscriptions.status, stripeId: subscriptions.stripeSubscriptionId })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(eq(users.email, "newbie@demo.test"));
      expect(rows).toEqual([{ status: "active", stripeId: null }]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
