import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { servedClientDir } from "../src/server/paths";
import { buildClient, clientBuildIsCurrent } from "./build-client";

// The client build swapped in under a running server: written into a folder of its own, then linked in
// one rename. A stand-in writes each build (index.html naming its own bundle), so no Vite runs here.

/** A build as Vite leaves one: index.html and the bundle it names. */
function fakeBuild(bundle: string) {
  return (outDir: string) => {
    mkdirSync(join(outDir, "assets"), { recursive: true });
    writeFileSync(join(outDir, "assets", bundle), "console.log(1)");
    writeFileSync(join(outDir, "index.html"), `<script src="/assets/${bundle}"></script>`);
  };
}

const builds = (dist: string) => readdirSync(dist).filter((e) => e.startsWith("client."));

describe("the client build", () => {
  let dist = "";
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("never leaves dist/client without a whole build while new ones are swapped in", async () => {
    dist = mkdtempSync(join(tmpdir(), "ppc-client-build-"));
    buildClient({ distDir: dist, build: fakeBuild("index-first.js") });
    // Another process reads dist/client/index.html as fast as it can while builds are swapped in.
    const reader = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs");
         let reads = 0, misses = 0;
         process.on("SIGTERM", () => { console.log(JSON.stringify({ reads, misses })); process.exit(0); });
         (function loop() {
           for (let i = 0; i < 200; i++) {
             reads++;
             try { fs.readFileSync(process.argv[1]); } catch { misses++; }
           }
           setImmediate(loop);
         })();`,
        join(dist, "client", "index.html"),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let report = "";
    reader.stdout.on("data", (d) => {
      report += d;
    });
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 20; i++) {
      buildClient({ distDir: dist, build: fakeBuild(`index-${i}.js`) });
      await new Promise((r) => setTimeout(r, 10));
    }
    const exited = new Promise((r) => reader.on("exit", r));
    reader.kill("SIGTERM");
    await exited;
    const { reads, misses } = JSON.parse(report) as { reads: number; misses: number };
    expect(reads).toBeGreaterThan(1000);
    expect(misses).toBe(0);
  }, 30_000);

  it("keeps the build a running server started with through the next build, and no more than two", () => {
    dist = mkdtempSync(join(tmpdir(), "ppc-client-build-"));
    buildClient({ distDir: dist, build: fakeBuild("index-first.js") });
    const served = servedClientDir(join(dist, "client"));
    buildClient({
      distDir: dist,
      build: (outDir) => {
        // While Vite writes the next build, the served one is untouched.
        expect(existsSync(join(served, "assets", "index-first.js"))).toBe(true);
        fakeBuild("index-second.js")(outDir);
      },
    });
    // The server's index.html names index-first.js: still there, in the folder it serves.
    expect(existsSync(join(served, "assets", "index-first.js"))).toBe(true);
    expect(existsSync(join(dist, "client", "assets", "index-second.js"))).toBe(true);
    expect(builds(dist)).toHaveLength(2);
    buildClient({ distDir: dist, build: fakeBuild("index-third.js") });
    expect(builds(dist)).toHaveLength(2);
    expect(existsSync(served)).toBe(false);
  });

  it("takes over a dist/client folder built before the link", () => {
    dist = mkdtempSync(join(tmpdir(), "ppc-client-build-"));
    fakeBuild("index-old.js")(join(dist, "client"));
    buildClient({ distDir: dist, build: fakeBuild("index-new.js") });
    expect(existsSync(join(dist, "client", "assets", "index-new.js"))).toBe(true);
    expect(builds(dist)).toHaveLength(2);
  });

  it("records what a build was made from: npm start builds again only once a source has changed", () => {
    dist = mkdtempSync(join(tmpdir(), "ppc-client-inputs-"));
    const root = dist;
    mkdirSync(join(root, "src/client/pages"), { recursive: true });
    mkdirSync(join(root, "src/shared"), { recursive: true });
    writeFileSync(join(root, "src/client/pages/home.tsx"), "export const Home = 1;");
    writeFileSync(join(root, "vite.config.ts"), "export default {};");
    const current = () => clientBuildIsCurrent({ root, distDir: "dist" });

    expect(current()).toBe(false);
    buildClient({ distDir: join(root, "dist"), root, build: fakeBuild("index-a.js") });
    expect(current()).toBe(true);

    writeFileSync(join(root, "src/client/pages/home.tsx"), "export const Home = 2;");
    expect(current()).toBe(false);
    buildClient({ distDir: join(root, "dist"), root, build: fakeBuild("index-b.js") });
    expect(current()).toBe(true);

    writeFileSync(join(root, "src/shared/format.ts"), "export {};");
    expect(current()).toBe(false);
    buildClient({ distDir: join(root, "dist"), root, build: fakeBuild("index-c.js") });
    writeFileSync(join(root, "package-lock.json"), "{}");
    expect(current()).toBe(false);
  });
});
