// npm run build (after the client build): the server compiled into ES modules, dist/server/main.js and its chunks,
// for `npm run serve` and the Docker image. Packages stay in node_modules (imported at run time, as from
// source); our TypeScript is bundled, so production needs neither tsx nor the sources. The entry is
// src/server/production.ts, which leaves the demo seed out. Split into files: the entry imports the server
// (and the tracing setup) dynamically, so that tracing can start before pg, fastify and node:http load;
// in one file their imports would be hoisted above it. The chunks sit beside main.js, so the paths the
// server finds from its own folder (src/server/paths.ts) hold in every chunk.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

// Another folder beside it (the deployment test builds its own copy, so it never runs a stale build nor
// replaces the one `npm run serve` uses); it must stay two levels below the project root (paths.ts).
const outdir = process.argv[2] ?? "dist/server";
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: "src/server/production.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  splitting: true,
  chunkNames: "[name]-[hash]",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});
// The page served when the client is not built: read from beside the server (src/server/paths.ts).
cpSync("src/server/missing-build", `${outdir}/missing-build`, { recursive: true });
// The API reference page's own files, read from beside the server too.
cpSync("src/server/api-docs", `${outdir}/api-docs`, { recursive: true });

const inputs = Object.keys(result.metafile.inputs);
const seed = inputs.filter((path) => path.includes("demo-seed"));
if (seed.length > 0)
  throw new Error(`the production server must not contain the demo seed: ${seed.join(", ")}`);
// The image installs `dependencies` only: a package the server imports from devDependencies would fail
// there at start, and nowhere else.
const { dependencies } = JSON.parse(readFileSync("package.json", "utf8"));
const outputs = Object.entries(result.metafile.outputs).filter(([path]) => path.endsWith(".js"));
const packageName = (path) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");
const undeclared = [
  ...new Set(
    outputs
      .flatMap(([, output]) => output.imports)
      .filter((i) => i.external && !i.path.startsWith("node:"))
      .map((i) => packageName(i.path))
      .filter((name) => !(name in dependencies)),
  ),
];
if (undeclared.length > 0) {
  throw new Error(`the server imports packages that are not in dependencies: ${undeclared.join(", ")}`);
}
// Without an OTLP endpoint no OpenTelemetry package may load: what main.js loads up front (its static
// imports, and theirs) must not include one; only the chunk it imports dynamically does.
const eager = new Set();
const visit = (path) => {
  for (const i of result.metafile.outputs[path]?.imports ?? []) {
    if (i.kind !== "import-statement" || eager.has(i.path)) continue;
    eager.add(i.path);
    if (!i.external) visit(i.path);
  }
};
visit(`${outdir}/main.js`);
const eagerTracing = [...eager].filter((path) => /opentelemetry|@fastify\/otel|in-the-middle/.test(path));
if (eagerTracing.length > 0) {
  throw new Error(`main.js must not load tracing packages up front: ${eagerTracing.join(", ")}`);
}
const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server: ${outdir}/main.js and ${outputs.length - 1} chunks, ${inputs.length} modules, ${Math.round(bytes / 1024)} kB`,
);
