import { VERIFICATION_META_NAME } from "../../../shared/schemas/publisher";

// Finds <meta name="ppc-site-verification" content="..."> in a page however it is written: attributes
// in any order, double, single or no quotes, any letter case in the tag and attribute names, spaces
// around "=", a self-closing slash, character references in values. Commented-out markup is ignored.

// A tag's attributes may hold ">" inside quotes, so quoted values are matched whole.
const META_TAG = /<meta\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

const NAMED_REFERENCES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeReferences(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[ref.toLowerCase()] ?? whole;
  });
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    // The first occurrence of an attribute wins, as in browsers.
    if (attributes.has(name)) continue;
    attributes.set(name, decodeReferences(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

/** The content of every verification meta tag in `html`, trimmed, in page order. */
export function findVerificationContents(html: string): string[] {
  const contents: string[] = [];
  for (const match of html.replace(COMMENT, "").matchAll(META_TAG)) {
    const attributes = attributesOf(match[1] ?? "");
    if (attributes.get("name")?.trim().toLowerCase() !== VERIFICATION_META_NAME) continue;
    contents.push((attributes.get("content") ?? "").trim());
  }
  return contents;
}
