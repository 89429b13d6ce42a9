// npm run lint:standalone: the repository stands alone. A reader of a clone has only the repository and
// its issue tracker, so no tracked file may send them to a document that is not there: the product
// specification or design notes the project started from, a style or toolchain memo, the folder beside
// a clone that held them, or an issue by its number. A comment states the rule and why in our own words;
// product rules live in docs/, the reasons for choices in docs/decisions/, history in git.
//
// Plain Node, no dependencies, so it runs before `npm ci`. Exits 1 and prints `path:line: text` for each
// hit. The patterns are regular expressions whose own source text does not match them, so this file
// passes its own check without being skipped.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";

const RULE =
  "the repository stands alone: state the rule in our own words; product rules live in docs/, " +
  "decisions in docs/decisions/, history in git";

/** Each forbidden citation, with what it names. */
const CITATIONS = [
  { pattern: /\bSPEC\b/, names: "the outside specification" },
  { pattern: /\b(?:DESIGN|STYLE|TOOLCHAIN)\.md\b/i, names: "an outside document" },
  // A section of an outside document (a section sign and a number); our own docs link to headings.
  { pattern: /§\s*\d/, names: "a section of an outside document" },
  // The folder beside a clone. A module specifier such as `from "../shared/constants"` (a quote, then
  // a path below it) is an import of src/shared, not a citation, and so is a lint glob such as
  // "!../shared/**"; `../../shared` is never the outside one.
  { pattern: /(?<![\w./"'!])\.\.\/shared\b|(?<=["'])\.\.\/shared(?!\/)/, names: "the folder beside a clone" },
  { pattern: /\bissues?\s+#?\d+/i, names: "an issue of the tracker by number" },
];

/** Tracked files that are not text a person reads for rules. */
const SKIPPED = new Set(["package-lock.json"]);

function trackedFiles() {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((path) => path !== "" && !SKIPPED.has(path));
}

/** Binary files (a NUL byte in the first 8 kB, as git decides) have no lines to read. */
function isBinary(buffer) {
  return buffer.subarray(0, 8000).includes(0);
}

/** A line as it continues the one before: without its indent and comment marks (//, *, #, >). */
function continuation(line) {
  return line.replace(/^\s*(?:\/\/+|\/?\*+|#+|>+)?\s*/, "");
}

const hits = [];
for (const path of trackedFiles()) {
  // A file deleted in the working tree but not yet staged is still listed.
  if (!existsSync(path) || !statSync(path).isFile()) continue;
  const buffer = readFileSync(path);
  if (isBinary(buffer)) continue;
  const lines = buffer.toString("utf8").split(/\r?\n/);
  lines.forEach((line, index) => {
    // A citation wrapped at the end of a comment line ("issue" here, its number on the next line) is
    // read across the break: the next line joins this one without its comment marks.
    const next = continuation(lines[index + 1] ?? "");
    const joined = `${line} ${next}`;
    const found = CITATIONS.filter(
      ({ pattern }) => pattern.test(line) || (pattern.test(joined) && !pattern.test(next)),
    );
    if (found.length > 0) {
      hits.push({ path, line: index + 1, text: line.trim(), names: found.map((c) => c.names) });
    }
  });
}

if (hits.length === 0) {
  console.log("check-standalone: no citation of documents outside the repository.");
  process.exit(0);
}

for (const hit of hits) {
  const text = hit.text.length > 200 ? `${hit.text.slice(0, 197)}...` : hit.text;
  console.log(`${hit.path}:${hit.line}: ${text}  [${hit.names.join(", ")}]`);
}
const files = new Set(hits.map((hit) => hit.path)).size;
console.log(`\n${hits.length} citation(s) in ${files} file(s): ${RULE}.`);
process.exit(1);
