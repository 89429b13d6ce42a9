import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `npm install` runs the install scripts that package.json's `allowScripts` allows and declines the ones
// it lists as false; a package with a script it does not list makes npm print a warning on every install.
// So every package in the lock file that has an install script is decided there, and only esbuild's
// (it checks its native binary) runs (README.md, "Run it").

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));

describe("install scripts", () => {
  const lock = read("package-lock.json") as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const { allowScripts } = read("package.json") as { allowScripts: Record<string, boolean> };
  // "node_modules/a/node_modules/@scope/b" → "@scope/b"
  const withScripts = [
    ...new Set(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)),
    ),
  ].sort();

  it("are each allowed or declined in package.json, and nothing else is listed", () => {
    expect(withScripts).toContain("esbuild");
    expect(Object.keys(allowScripts).sort()).toEqual(withScripts);
  });

  it("run for esbuild only", () => {
    expect(Object.entries(allowScripts).filter(([, allowed]) => allowed)).toEqual([["esbuild", true]]);
  });
});
