import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// lint:standalone on a scratch repository: planted citations fail it, our own imports and words do not.
const SCRIPT = resolve("scripts/check-standalone.mjs");

describe("check-standalone", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function run(files: Record<string, string>) {
    dir = mkdtempSync(join(tmpdir(), "standalone-"));
    execFileSync("git", ["init", "-q"], { cwd: dir });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    execFileSync("git", ["add", "."], { cwd: dir });
    const result = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: "utf8" });
    return { status: result.status, output: result.stdout };
  }

  it("fails on each kind of citation, naming the file and line", () => {
    const { status, output } = run({
      // Put together at run time, so this file passes the check it tests.
      "planted.ts": [
        `// Premium only (${"SP"}EC ${"§"}1).`,
        `// see ${"DESIGN"}.md, ${"style"}.md and ${"TOOLCHAIN"}.md`,
        `// the documents in ${".."}/shared say so`,
        `// ${"Issue"} 15 added trust; ${"issue"} #12 too`,
        // Wrapped where a comment's line ends: the number on the next line.
        ` * planned every execution again (${"issue"}`,
        " * 16: 1.5 ms of planning).",
      ].join("\n"),
    });
    expect(status).toBe(1);
    for (const line of [1, 2, 3, 4, 5]) expect(output).toContain(`planted.ts:${line}:`);
    expect(output).not.toContain("planted.ts:6:");
    expect(output).toContain("5 citation(s) in 1 file(s)");
  });

  it("passes imports of src/shared, lint globs and ordinary words", () => {
    const { status, output } = run({
      "clean.ts": [
        'import { VERTICALS } from "../shared/constants";',
        'const glob = ["!../shared/**"];',
        // Words that contain a citation's letters without being one, put together at run time as above.
        `// ${"SP"}ECIFIC wording; the issue tracker; a t${"issue"} 12`,
        // A wrapped line that names no number.
        `// the ${"issue"}`,
        "// tracker, and 2 more lines",
      ].join("\n"),
    });
    expect(output).toContain("no citation");
    expect(status).toBe(0);
  });
});
