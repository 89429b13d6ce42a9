// The client build (npm run build, npm start): Vite writes into a fresh folder beside the served one,
// dist/client.<stamp>, and only a finished build is swapped in: dist/client is a symbolic link, replaced
// in one rename. Building into dist/client itself emptied it first, so a server running on this checkout
// answered 404 for its own bundle until Vite had written the new one, and for good afterwards (its
// index.html names the old file names). A server resolves the link once, at start-up (src/server/paths.ts
// servedClientDir), and keeps serving the build it started with; the build that was replaced is kept
// for it, the ones before are removed.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const BUILD_FOLDER = /^client\.[\w-]+$/;

// What a client build is made from: the app's sources, the build's configuration and the exact package
// versions. A build records their hash; `npm start` builds again only when it differs.
const BUILD_INPUTS = [
  "src/client",
  "src/shared",
  "vite.config.ts",
  "package-lock.json",
  "tsconfig.base.json",
];
const INPUTS_FILE = ".build-inputs";

/** The hash of every file of BUILD_INPUTS under `root` (folders walked), by path and content. */
export function clientBuildInputs(root = "."): string {
  const hash = createHash("sha256");
  const add = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (lstatSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) add(join(path, entry));
      return;
    }
    hash.update(`${path}\0`).update(readFileSync(full)).update("\0");
  };
  for (const input of BUILD_INPUTS) add(input);
  return hash.digest("hex");
}

/** True when `distDir`/client was built from exactly these inputs. */
export function clientBuildIsCurrent({ root = ".", distDir = "dist" } = {}): boolean {
  const recorded = join(root, distDir, "client", INPUTS_FILE);
  return existsSync(recorded) && readFileSync(recorded, "utf8") === clientBuildInputs(root);
}

/** Vite's production build of src/client into `outDir` (its output printed as usual). */
function viteBuild(outDir: string): void {
  const vite = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir"], {
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

/** The folder `link` points at, or undefined when it is no link (missing, or a folder of the old layout). */
function linkTarget(link: string): string | undefined {
  try {
    return lstatSync(link).isSymbolicLink() ? readlinkSync(link) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds into a new folder of `distDir` with `build(outDir)`, then points `distDir`/client at it
 * atomically; keeps the build it replaced and removes older ones. Returns the new folder's name.
 */
export function buildClient({
  distDir = "dist",
  build = viteBuild,
  root = ".",
}: {
  distDir?: string;
  build?: (outDir: string) => void;
  /** Where BUILD_INPUTS are read from (the checkout). */
  root?: string;
} = {}): string {
  // Time first, so the folders sort by age; random after it, so two builds never share one.
  const name = `client.${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  // Read before the build: a file changed while it runs makes the next start build again.
  const inputs = clientBuildInputs(root);
  build(resolve(distDir, name));
  writeFileSync(join(distDir, name, INPUTS_FILE), inputs);
  const link = join(distDir, "client");
  let previous: string | undefined = linkTarget(link);
  try {
    if (previous === undefined && lstatSync(link).isDirectory()) {
      // A checkout built before the link: its folder joins the others (a moment without dist/client,
      // once).
      previous = `client.${Date.now().toString(36)}-old`;
      renameSync(link, join(distDir, previous));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const next = join(distDir, `client.link-${process.pid}`);
  rmSync(next, { force: true });
  // "junction": Windows makes a link to a folder without special rights that way; elsewhere ignored.
  symlinkSync(name, next, "junction");
  renameSync(next, link);
  for (const entry of readdirSync(distDir)) {
    if (
      BUILD_FOLDER.test(entry) &&
      entry !== name &&
      entry !== previous &&
      !entry.startsWith("client.link-")
    ) {
      rmSync(join(distDir, entry), { recursive: true, force: true });
    }
  }
  return name;
}

/**
 * buildClient in a child process (this file run as a script), so the caller goes on meanwhile: npm
 * start migrates and seeds its database while Vite builds. Settles when the build is in place; rejects
 * when it failed (Vite's own output says why). The child does not outlive the caller.
 */
export function buildClientInBackground(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    stdio: "inherit",
  });
  const stop = () => child.kill();
  process.on("exit", stop);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("exit", stop);
      if (code === 0) resolve();
      else reject(new Error(`the client build failed (${signal ?? `exit ${code}`})`));
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildClient();
  } catch (err) {
    // Vite has printed what went wrong; a stack of this script would only bury it.
    console.error((err as Error).message);
    process.exit(1);
  }
}
