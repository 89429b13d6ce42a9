// Which packages ship where. The browser bundle is src/client and src/shared and the packages they
// import: those are `dependencies` (scripts/browser-packages.test.ts keeps it so), so that
// `npm audit --omit=dev` covers what browsers receive. The server needs none of them installed: the
// page renderer it loads is the client build's `ssr/entry-server.js`, with every package bundled in
// (vite.config.ts). Run as a command, this file takes the packages only the client imports out of
// package.json's `dependencies`, so that the image's `npm prune --omit=dev` removes them too (Dockerfile).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|js|mjs)$/;
// A test file, or a folder of test helpers (src/client/test, src/server/test): never built for use.
const TEST = /(\.test\.[a-z]+$|(^|\/)test\/)/;
// `import x from "p"`, `import "p"`, `export { x } from "p"`; group 1 is set for `import type` and
// `export type`, which the compiler erases.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s*from\s*)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`; undefined for relative and Node's own. */
function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|node:)/.test(specifier)) return undefined;
  const parts = specifier.split("/");
  return parts.slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (TEST.test(path)) continue;
    if (entry.isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The packages that the files under `dirs` (outside tests) import at run time, sorted. */
export function importedPackages(root: string, dirs: string[]): string[] {
  const names = new Set<string>();
  for (const dir of dirs) {
    for (const file of sourceFiles(root, dir)) {
      const text = readFileSync(join(root, file), "utf8");
      const specifiers = [
        ...[...text.matchAll(STATIC_IMPORT)].filter((m) => !m[1]).map((m) => m[2] ?? ""),
        ...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] ?? ""),
      ];
      for (const specifier of specifiers) {
        const name = packageOf(specifier);
        if (name) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** What the browser bundle is made of. */
export const browserPackages = (root: string) => importedPackages(root, ["src/client", "src/shared"]);

/** What the server and its compiled commands import (src/shared is theirs too). */
export const serverPackages = (root: string) =>
  importedPackages(root, ["src/server", "src/shared", "scripts"]);

/** The packages only the browser needs: the production image leaves them out. */
export function browserOnlyPackages(root: string): string[] {
  const server = new Set(serverPackages(root));
  return browserPackages(root).filter((name) => !server.has(name));
}

/** Rewrites `root`/package.json without the browser-only packages; returns the names taken out. */
export function leaveOutBrowserPackages(root: string): string[] {
  const file = join(root, "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { dependencies: Record<string, string> };
  const left = browserOnlyPackages(root).filter((name) => name in manifest.dependencies);
  for (const name of left) delete manifest.dependencies[name];
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return left;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== "--server-image") {
    console.error("usage: tsx scripts/browser-packages.ts --server-image  (rewrites package.json)");
    process.exit(2);
  }
  const root = process.cwd();
  const left = leaveOutBrowserPackages(root);
  console.log(`package.json: left out ${left.join(", ") || "nothing"}`);
}
