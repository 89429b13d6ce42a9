import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Files the server reads at run time, found from this module's folder: src/server when run from source,
// dist/server once compiled (scripts/build-server.mjs: main.js and its chunks, side by side). Both sit two levels below the project
// root, so the same relative paths hold for both.
const root = new URL("../../", import.meta.url);

/** The client build that the server serves (vite build). */
export const CLIENT_DIST = fileURLToPath(new URL("dist/client", root));

/**
 * The client build this process serves: the folder dist/client points at now, resolved once. A build
 * swapped in later (scripts/build-client.ts) changes the link, not this process's folder, so the file
 * names its index.html refers to keep being found. Before any build: the "not built" page.
 */
export function servedClientDir(clientDist: string = CLIENT_DIST): string {
  return existsSync(clientDist) ? realpathSync(clientDist) : MISSING_BUILD_DIR;
}

/**
 * The client build's server entry, inside the client's folder (vite.config.ts builds it there), and the
 * build's manifest (which chunks each module needs).
 */
export const SERVER_ENTRY = "ssr/entry-server.js";
export const CLIENT_MANIFEST = ".vite/manifest.json";

/** The folders of the client build that only the server reads: the static files plugin never serves them. */
export const SERVER_ONLY_FOLDERS = [SERVER_ENTRY, CLIENT_MANIFEST].map((path) => `/${path.split("/")[0]}/`);

/** The committed SQL migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("drizzle", root));

/** The page served when the client is not built yet (copied beside the compiled server). */
export const MISSING_BUILD_DIR = fileURLToPath(new URL("./missing-build", import.meta.url));

/** The API reference page's own files (plugins/openapi.ts; copied beside the compiled server). */
export const API_DOCS_DIR = fileURLToPath(new URL("./api-docs", import.meta.url));
