// Which server feature imports which, read from the imports themselves. docs/architecture.md
// ("Server layers") lists them between two markers; scripts/feature-imports.test.ts fails when that list
// and the imports differ. Run as a command it prints the list, and with --write puts it in the document:
//   npx tsx scripts/feature-imports.ts --write
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";

const FEATURES = "src/server/features";
export const ARCHITECTURE_DOC = "docs/architecture.md";
const START = "<!-- feature-imports -->";
const END = "<!-- /feature-imports -->";

const SOURCE = /\.tsx?$/;
// Tests may import any feature (the ranks do not hold them): the list is of what the features run.
const TEST = /\.test\.tsx?$/;
// `import x from "p"`, `import type`, `import "p"`, `export { x } from "p"`; type-only imports count,
// as they do for the ranks (lint/server-features.grit) and the cycle rule.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s*from\s*)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) yield path;
  }
}

/**
 * Each feature and the modules of other features it imports ("subscriptions/summary"; a feature's
 * folder alone is its "index"), both sorted by name. Features that import no other feature are left out.
 */
export function deriveFeatureImports(root: string): Map<string, string[]> {
  const imports = new Map<string, Set<string>>();
  for (const file of sourceFiles(root, FEATURES)) {
    const own = file.slice(FEATURES.length + 1).split("/")[0]!;
    const text = readFileSync(join(root, file), "utf8");
    const specifiers = [
      ...[...text.matchAll(STATIC_IMPORT)].map((m) => m[1]!),
      ...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue;
      const target = posix.relative(FEATURES, posix.join(posix.dirname(file), specifier));
      if (target.startsWith("..")) continue;
      const [feature, ...rest] = target.replace(SOURCE, "").split("/");
      if (!feature || feature === own) continue;
      const module = `${feature}/${rest.length > 0 ? rest.join("/") : "index"}`;
      imports.set(own, (imports.get(own) ?? new Set()).add(module));
    }
  }
  return new Map(
    [...imports.keys()].sort().map((feature) => [feature, [...imports.get(feature)!].sort()] as const),
  );
}

/** The list as the document holds it: one line per importing feature. */
export function renderFeatureImports(imports: Map<string, string[]>): string {
  return [...imports]
    .map(([feature, modules]) => `- \`${feature}\` → ${modules.map((m) => `\`${m}\``).join(", ")}`)
    .join("\n");
}

/** The list between the markers of the document, or null when the markers are missing. */
export function documentedFeatureImports(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return null;
  return doc.slice(start + START.length, end).trim();
}

function withList(doc: string, list: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${ARCHITECTURE_DOC} has no ${START} … ${END} markers`);
  return `${doc.slice(0, start + START.length)}\n${list}\n${doc.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const list = renderFeatureImports(deriveFeatureImports(root));
  if (process.argv.includes("--write")) {
    const path = join(root, ARCHITECTURE_DOC);
    writeFileSync(path, withList(readFileSync(path, "utf8"), list));
    console.log(`feature-imports: wrote the list into ${relative(process.cwd(), path)}`);
  } else {
    console.log(list);
  }
}
