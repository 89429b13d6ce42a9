import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The repository stands alone: every relative link in the README and docs/ must lead to a
// file of this repository, never to a folder beside the clone.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** A path to the folder beside a clone (not `../../shared`, which is inside it). */
const BESIDE_THE_CLONE = /(^|[^./\w])\.\.\/shared\b/;

function markdownFiles(): string[] {
  const docs = (folder: string): string[] =>
    readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? docs(join(folder, entry.name))
        : entry.name.endsWith(".md")
          ? [join(folder, entry.name)]
          : [],
    );
  return ["README.md", ...docs("docs")];
}

/** Relative link targets of a markdown file, without their #fragment. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map((target) => target.split("#")[0]!);
}

describe("the README and docs", () => {
  it("link only to files inside the repository", () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of relativeLinks(readFileSync(join(ROOT, file), "utf8"))) {
        const path = resolve(ROOT, dirname(file), target);
        if (!path.startsWith(`${ROOT}/`) || !existsSync(path)) broken.push(`${file} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("never point at a folder beside the clone", () => {
    const outside = markdownFiles().filter((file) =>
      BESIDE_THE_CLONE.test(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(outside).toEqual([]);
  });
});
