import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  jsonForScript,
  type PageRead,
  type PageReadResult,
  type PageRenderer,
} from "../../shared/page-render";

// A stand-in for the client build's server entry (src/client/entry-server.tsx, which only the browser
// tests load, from the build): it asks for the same kinds of reads for the same pages and draws each
// page as the list of answers it was given, so a server test reads exactly what the server handed over.

export interface RecordingRenderer extends PageRenderer {
  /** The URLs of the pages drawn, in order. */
  drawn: string[];
  /** The answers of the last page drawn. */
  lastResults: readonly PageReadResult[];
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);

export function recordingRenderer({ fail = false }: { fail?: boolean } = {}): RecordingRenderer {
  const renderer: RecordingRenderer = {
    drawn: [],
    lastResults: [],
    readsFor(url) {
      const [path = "", query = ""] = url.split("?");
      const config: PageRead = { kind: "config" };
      if (path === "/") return [config, { kind: "market-figures" }];
      if (path === "/pricing") return [config];
      if (path === "/browse") {
        return [
          config,
          { kind: "directory", url: query ? `/api/buyer-listings?${query}` : "/api/buyer-listings" },
        ];
      }
      const listing = path.match(/^\/listings\/([^/]+)$/);
      if (listing) return [config, { kind: "listing", id: listing[1]! }];
      return null;
    },
    async render(url, results) {
      if (fail) throw new Error("drawing failed");
      renderer.drawn.push(url);
      renderer.lastResults = results;
      const sections = results.map(
        (result) =>
          `<section data-kind="${result.kind}">${escapeHtml(JSON.stringify(result.data))}</section>`,
      );
      const module = `pages/${url === "/" ? "landing" : (url.split(/[/?]/)[1] ?? "")}-page.tsx`;
      return { html: `<main>${sections.join("")}</main>`, module, state: jsonForScript(results) };
    },
  };
  return renderer;
}

/**
 * A client folder as the build leaves it: index.html with the head markers and the root element, the
 * manifest (the directory's page chunk and one chunk of its own beside the entry's), and a server
 * entry the server never serves.
 */
export function drawableClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ppc-drawn-"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" />\n<!-- page-head --><title>App</title><!-- /page-head -->\n' +
      '<script type="module" src="/assets/index.js"></script></head>\n<body><div id="root"></div></body></html>\n',
  );
  mkdirSync(join(dir, ".vite"));
  writeFileSync(
    join(dir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "_cards.js": { file: "assets/cards.js", imports: ["_react.js"] },
      "pages/browse-page.tsx": {
        file: "assets/browse-page.js",
        imports: ["index.html", "_react.js", "_cards.js"],
      },
    }),
  );
  mkdirSync(join(dir, "ssr"));
  writeFileSync(join(dir, "ssr", "entry-server.js"), "export const pageRenderer = null;\n");
  return dir;
}
