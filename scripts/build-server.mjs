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
// The support commands (migrations, user roles and Premium, the sweeps) compiled the same way into a
// folder of their own, also two levels below the root, so that the image runs them with plain Node:
// `node dist/scripts/user-role.js EMAIL ROLE`. The demo seed stays out of them, as out of the server.
const scriptsOutdir = process.argv[3] ?? (process.argv[2] ? `${outdir}-scripts` : "dist/scripts");
const SCRIPTS = [
  "migrate",
  "user-role",
  "user-premium",
  "housekeeping",
  "refresh-reliability",
  "recompute-quality-scores",
];

const compile = (entryPoints, dir) => {
  rmSync(dir, { recursive: true, force: true });
  return build({
    entryPoints,
    outdir: dir,
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
};
const [result, scriptsResult] = await Promise.all([
  compile({ main: "src/server/production.ts" }, outdir),
  compile(Object.fromEntries(SCRIPTS.map((name) => [name, `scripts/${name}.ts`])), scriptsOutdir),
]);
// The page served when the client is not built: read from beside the server (src/server/paths.ts).
cpSync("src/server/missing-build", `${outdir}/missing-build`, { recursive: true });
// The API reference page's own files, read from beside the server too.
cpSync("src/server/api-docs", `${outdir}/api-docs`, { recursive: true });

const inputs = Object.keys(result.metafile.inputs);
const seed = [...inputs, ...Object.keys(scriptsResult.metafile.inputs)].filter((path) =>
  path.includes("demo-seed"),
);
if (seed.length > 0)
  throw new Error(`the production server must not contain the demo seed: ${seed.join(", ")}`);
// Nor the simulated payment provider: production takes payments through Stripe only.
const simulator = inputs.filter((path) =>
  /payment-simulation\/(stripe-simulator|simulation)\.ts$/.test(path),
);
if (simulator.length > 0) {
  throw new Error(`the production server must not contain the payment simulator: ${simulator.join(", ")}`);
}
// The image installs `dependencies` only: a package the server imports from devDependencies would fail
// there at start, and nowhere else.
const { dependencies } = JSON.parse(readFileSync("package.json", "utf8"));
const jsOutputs = (metafile) => Object.entries(metafile.outputs).filter(([path]) => path.endsWith(".js"));
const outputs = jsOutputs(result.metafile);
const packageName = (path) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");
const undeclared = [
  ...new Set(
    [...outputs, ...jsOutputs(scriptsResult.metafile)]
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
  `server: ${outdir}/main.js and ${outputs.length - 1} chunks, ${inputs.length} modules, ${Math.round(bytes / 1024)} kB; ` +
    `${SCRIPTS.length} commands in ${scriptsOutdir}`,
);
