// npm run build (after the client build): the server compiled into one ES module, dist/server/main.js,
// for `npm run serve` and the Docker image. Packages stay in node_modules (imported at run time, as from
// source); our TypeScript is bundled, so production needs neither tsx nor the sources. The entry is
// src/server/production.ts, which leaves the demo seed out.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const outdir = "dist/server";
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: "src/server/production.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});
// The page served when the client is not built: read from beside the server (src/server/paths.ts).
cpSync("src/server/missing-build", `${outdir}/missing-build`, { recursive: true });

const inputs = Object.keys(result.metafile.inputs);
const seed = inputs.filter((path) => path.includes("demo-seed"));
if (seed.length > 0)
  throw new Error(`the production server must not contain the demo seed: ${seed.join(", ")}`);
// The image installs `dependencies` only: a package the server imports from devDependencies would fail
// there at start, and nowhere else.
const { dependencies } = JSON.parse(readFileSync("package.json", "utf8"));
const output = result.metafile.outputs[`${outdir}/main.js`];
const packageName = (path) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");
const undeclared = [
  ...new Set(
    output.imports
      .filter((i) => i.external && !i.path.startsWith("node:"))
      .map((i) => packageName(i.path))
      .filter((name) => !(name in dependencies)),
  ),
];
if (undeclared.length > 0) {
  throw new Error(`the server imports packages that are not in dependencies: ${undeclared.join(", ")}`);
}
const bytes = output.bytes;
console.log(`server: ${outdir}/main.js, ${inputs.length} modules, ${Math.round(bytes / 1024)} kB`);
