import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, spawnServer, waitUntilReady } from "../src/server/test/server-process";
import { buildClient } from "./build-client";

// A second `npm start` in a checkout whose server is running: refused before it builds anything, so the
// running server keeps serving the bundle its page names. The server holds an embedded database in a
// folder of the test's own; `npm start` is run as a developer runs it.

/** `npm start` with `env`; settles with its exit code and everything it printed. */
function npmStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["start", "--silent"], {
      env: { ...process.env, APP_ENV: "", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    // A start that was not refused (the fault this guards against) is stopped, not left running.
    const timer = setTimeout(() => child.kill("SIGINT"), 90_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("a second npm start", () => {
  const dir = mkdtempSync(join(tmpdir(), "ppc-second-start-"));
  let server: ServerProcess;
  let bundle = "";

  beforeAll(async () => {
    // The running server serves the checkout's client build; a fresh checkout has none yet.
    if (!existsSync("dist/client/index.html")) buildClient();
    server = await spawnServer({ APP_ENV: "test", DATABASE_URL: "", PGLITE_DIR: join(dir, "pglite") });
    await waitUntilReady(server, Date.now() + 90_000);
    const page = await (await fetch(server.url)).text();
    bundle = page.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? "";
    expect(bundle).not.toBe("");
  }, 120_000);

  afterAll(() => {
    if (server?.process.exitCode === null) server.process.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  /** Requests the running server's bundle until `during` settles; returns the statuses other than 200. */
  async function bundleFailuresWhile<T>(during: Promise<T>): Promise<{ result: T; failures: string[] }> {
    let done = false;
    const failures: string[] = [];
    let requests = 0;
    const loop = (async () => {
      while (!done) {
        requests++;
        const res = await fetch(`${server.url}${bundle}`).catch((err: Error) => err);
        if (res instanceof Error) failures.push(res.message);
        else {
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(String(res.status));
        }
      }
    })();
    const result = await during;
    done = true;
    await loop;
    expect(requests).toBeGreaterThan(0);
    return { result, failures };
  }

  it("is refused while the server holds the embedded database, before building, and the server keeps its bundle", async () => {
    const served = readlinkSync("dist/client");
    const { result, failures } = await bundleFailuresWhile(
      npmStart({ DATABASE_URL: "", PGLITE_DIR: join(dir, "pglite"), PORT: String(await freePort()) }),
    );
    expect(failures).toEqual([]);
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain(
      `The embedded database in ${join(dir, "pglite")} is in use by the server at`,
    );
    expect(result.output).toContain("Stop it first, or set PGLITE_DIR to another directory.");
    // Vite never ran: nothing was rebuilt under the running server.
    expect(result.output).not.toMatch(/vite|built in/i);
    expect(readlinkSync("dist/client")).toBe(served);
  }, 120_000);

  it("is refused on a port already taken, before building", async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, "0.0.0.0", resolve));
    try {
      const served = readlinkSync("dist/client");
      const result = await npmStart({ DATABASE_URL: "", PGLITE_DIR: join(dir, "other"), PORT: String(port) });
      expect(result.code, result.output).not.toBe(0);
      expect(result.output).toContain(`PORT ${port} is already in use on 0.0.0.0`);
      expect(result.output).not.toMatch(/vite|built in/i);
      expect(readlinkSync("dist/client")).toBe(served);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  }, 120_000);
});
