import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import rules of biome.json (the client's folders, the server's layers and features, no import
// cycles), each proven to fail on a planted import: every case below writes a file at a path of the
// repository's layout into a scratch copy of the lint configuration, one `biome lint` run reads them
// all, and each case must get its diagnostic; the allowed imports at the end must get none. Only the
// specifier matters to the folder rules, so the imported files need not exist; the cycle cases write
// both files of the cycle, which the project scanner follows. docs/architecture.md#server-layers

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

// Messages (or their start) as biome.json and lint/*.grit word them.
const SERVER_LAYERS = "(Server layers: docs/architecture.md#server-layers)";
const CONFIG_LAYER = "config.ts and paths.ts are the server's lowest layer";
const DB_LAYER = "db/ imports only config.ts, paths.ts and src/shared";
const LIB_LAYER = "lib/ imports only db/, config.ts, paths.ts and src/shared";
const JOBS_LAYER = "jobs/ imports only lib/, db/, config.ts, paths.ts and src/shared";
const PLUGINS_LAYER = "plugins/ imports only jobs/, lib/, db/, config.ts, paths.ts and src/shared";
const FEATURE_LAYER =
  "A feature imports plugins/, jobs/, lib/, db/, config.ts, paths.ts, src/shared and lower features";
const FEATURE_ROUTES = "A feature never imports another feature's routes";
const FEATURE_RANK = "imports only features of a lower rank";
const NO_RANK = "has no rank in lint/server-features.grit";
const CYCLE = "lint/suspicious/noImportCycles";
const SERVER_NOT_CLIENT = "The server never imports client code";
const BROWSER_NOT_SERVER = "Browser code (src/client, src/shared) never imports server code";
const SERVER_PACKAGE = "Server-only package";
const CLIENT_NODE = "The client runs in the browser: no Node.js built-in modules";
const SHARED_NOT_CLIENT = "src/shared is imported by both sides and imports neither";
const SHARED_NODE = "src/shared runs in the browser too";
const SHARED_PACKAGE = "src/shared holds schemas, constants and pure helpers";
const PAGES = "Pages never import app/";
const COMPONENTS = "components/ holds design-system primitives";
const CLIENT_LIB = "lib/ is the bottom layer";
const CLIENT_FEATURE_LAYER = "Features never import pages or app/";
const CLIENT_FEATURE_SURFACE = "A feature imports another feature only through its public surface";

/**
 * One planted import: the file it sits in, the specifier, how it is written, and the diagnostic it must
 * get (null: an allowed import, which must get none).
 */
interface Planted {
  path: string;
  imports: string;
  expected: string | null;
  form: "import" | "export from" | "import()";
}

const each = (path: string, expected: string | null, specifiers: string[]): Planted[] =>
  specifiers.map((imports) => ({ path, imports, expected, form: "import" }));

const PLANTED: Planted[] = [
  // Each server layer importing every layer above it, and what it may import.
  ...each("src/server/config.ts", CONFIG_LAYER, ["./db/client", "./lib/app-error", "./jobs/job-queue"]),
  ...each("src/server/config.ts", CONFIG_LAYER, ["./plugins/errors", "./features/auth/accounts", "./app"]),
  ...each("src/server/paths.ts", CONFIG_LAYER, ["./db/client", "./lib/app-error"]),
  ...each("src/server/config.ts", null, ["../shared/constants"]),
  ...each("src/server/db/planted.ts", DB_LAYER, [
    "../lib/app-error",
    "../jobs/job-queue",
    "../plugins/errors",
  ]),
  ...each("src/server/db/planted.ts", DB_LAYER, ["../features/auth/accounts", "../app", "../main"]),
  ...each("src/server/db/planted.ts", null, ["../config", "../../shared/constants", "./schema"]),
  ...each("src/server/lib/planted.ts", LIB_LAYER, ["../jobs/job-queue", "../plugins/errors"]),
  ...each("src/server/lib/planted.ts", LIB_LAYER, ["../features/auth/accounts", "../app"]),
  ...each("src/server/lib/planted.ts", null, [
    "../db/client",
    "../config",
    "../../shared/errors",
    "./paging",
  ]),
  ...each("src/server/jobs/planted.ts", JOBS_LAYER, [
    "../plugins/errors",
    "../features/auth/accounts",
    "../app",
  ]),
  ...each("src/server/jobs/planted.ts", null, ["../lib/mailer", "../db/client", "../config"]),
  ...each("src/server/plugins/planted.ts", PLUGINS_LAYER, [
    "../features/auth/accounts",
    "../app",
    "../test/context",
  ]),
  ...each("src/server/plugins/planted.ts", null, ["../jobs/job-queue", "../lib/viewer", "../db/schema"]),
  ...each("src/server/features/listings/planted.ts", FEATURE_LAYER, ["../../app", "../../main"]),
  ...each("src/server/features/listings/planted.ts", FEATURE_LAYER, [
    "../../fastify-types",
    "../../test/factories",
  ]),
  ...each("src/server/features/listings/planted.ts", null, ["../../plugins/errors", "../../jobs/job-queue"]),
  ...each("src/server/features/listings/planted.ts", null, [
    "../../lib/viewer",
    "../../db/schema",
    "../../config",
  ]),
  ...each("src/server/features/listings/planted.ts", null, [
    "../../../shared/constants",
    "./listings.routes",
  ]),
  // The server never imports the client, from the top or from a layer.
  ...each("src/server/planted.ts", SERVER_NOT_CLIENT, ["../client/lib/api"]),
  ...each("src/server/planted.ts", null, [
    "./features/admin/admin.routes",
    "./plugins/session",
    "./db/client",
  ]),
  ...each("src/server/db/planted.ts", DB_LAYER, ["../../client/lib/api"]),
  ...each("src/server/features/auth/planted.ts", FEATURE_LAYER, ["../../../client/lib/api"]),
  // Features: never another feature's routes; only features of a lower rank, so no folder cycle (today
  // subscriptions imports alerts and deal-intents imports publishers); every feature has a rank.
  ...each("src/server/features/admin/planted.ts", FEATURE_ROUTES, ["../auth/auth.routes"]),
  ...each("src/server/features/alerts/planted.ts", FEATURE_RANK, ["../subscriptions/complimentary"]),
  ...each("src/server/features/publishers/planted.ts", FEATURE_RANK, ["../deal-intents/deal-intents"]),
  ...each("src/server/features/listings/planted.ts", FEATURE_RANK, [
    "../admin/stats",
    "../alerts/alert-jobs",
  ]),
  ...each("src/server/features/auth/planted.ts", FEATURE_RANK, ["../system/system-status"]),
  // The same import written as the folder (its index), or from the features folder up.
  ...each("src/server/features/alerts/planted.ts", FEATURE_RANK, ["../subscriptions"]),
  ...each("src/server/features/alerts/planted.ts", FEATURE_LAYER, [
    "../../features/subscriptions/complimentary",
  ]),
  // The access guard is a plugin and the directory's listing read is in lib/: any feature uses them.
  ...each("src/server/features/webhooks/planted.ts", null, [
    "../../plugins/access-guard",
    "../../lib/listing-read",
  ]),
  ...each("src/server/features/auth/planted.ts", FEATURE_RANK, ["../webhooks/webhook-events"]),
  ...each("src/server/features/newcomer/planted.ts", NO_RANK, ["../listings/directory-query"]),
  ...each("src/server/features/disputes/planted.ts", null, [
    "../deal-intents/deal-intent-mail",
    "../auth/user-sessions",
  ]),
  ...each("src/server/features/disputes/planted.ts", null, ["../reliability/refresh-reliability"]),
  // Buyer verification sits above buyers (it reads the buyer's profile); buyers never read it.
  ...each("src/server/features/buyer-verification/planted.ts", null, ["../buyers/buyer-profile"]),
  ...each("src/server/features/buyers/planted.ts", FEATURE_RANK, [
    "../buyer-verification/verification-attempts",
  ]),
  // The account feature sits on top: it may read any other feature, none reads it.
  ...each("src/server/features/account/planted.ts", null, ["../disputes/disputes", "../admin/stats"]),
  ...each("src/server/features/admin/planted.ts", FEATURE_RANK, ["../account/delete-account"]),
  // Tests and the test harness sit on top with app.ts: any server module, never the client.
  ...each("src/server/db/planted.test.ts", null, ["../features/dev/demo-seed", "../test/context", "../app"]),
  ...each("src/server/features/alerts/planted.test.ts", null, ["../subscriptions/complimentary"]),
  ...each("src/server/test/planted.ts", null, ["../app", "../features/subscriptions/complimentary"]),
  ...each("src/server/test/planted.ts", SERVER_NOT_CLIENT, ["../../client/lib/api"]),
  // The client: no server code and no server-only package (its tests included), no Node built-in, and
  // its own folder order.
  ...each("src/client/features/planted.ts", BROWSER_NOT_SERVER, ["../../server/app", "../../server/lib/ids"]),
  ...each("src/client/lib/planted.ts", SERVER_PACKAGE, ["pg", "drizzle-orm/pg-core", "@fastify/cookie"]),
  ...each("src/client/app/planted.ts", SERVER_PACKAGE, ["stripe", "nodemailer", "openid-client", "pg-boss"]),
  ...each("src/client/lib/planted.test.ts", SERVER_PACKAGE, ["fastify", "@electric-sql/pglite"]),
  ...each("src/client/lib/planted.test.ts", BROWSER_NOT_SERVER, ["../../server/db/client"]),
  ...each("src/client/lib/planted.test.ts", null, ["node:http", "../../shared/constants"]),
  ...each("src/client/app/planted.ts", CLIENT_NODE, ["node:fs"]),
  ...each("src/client/pages/planted.ts", PAGES, ["../app/router"]),
  ...each("src/client/pages/planted.ts", null, ["../features/admin/use-admin-list", "react-dom/server"]),
  ...each("src/client/components/ui/planted.ts", COMPONENTS, ["../../features/auth", "../../pages/home"]),
  ...each("src/client/lib/planted.ts", CLIENT_LIB, ["../components/ui/button"]),
  ...each("src/client/features/auth/planted.ts", CLIENT_FEATURE_LAYER, ["../../pages/home"]),
  ...each("src/client/features/auth/planted.ts", CLIENT_FEATURE_SURFACE, [
    "../admin/use-admin-list",
    "../../features/admin/admin-format",
    "../../features/admin",
  ]),
  ...each("src/client/features/auth/planted.ts", null, [
    "../admin",
    "../../components/ui/button",
    "@stripe/stripe-js",
  ]),
  // src/shared imports neither side, nor their packages.
  ...each("src/shared/planted.ts", SHARED_NOT_CLIENT, ["../client/lib/api"]),
  ...each("src/shared/schemas/planted.ts", BROWSER_NOT_SERVER, ["../../server/db/schema"]),
  ...each("src/shared/planted.ts", SERVER_PACKAGE, ["fastify", "drizzle-orm"]),
  ...each("src/shared/planted.ts", SHARED_PACKAGE, ["react", "@tanstack/react-query"]),
  ...each("src/shared/planted.ts", SHARED_NODE, ["node:path"]),
  ...each("src/shared/planted.ts", null, ["zod", "./constants"]),
  // The other ways to import: re-exports and import() are held to the same rules.
  { path: "src/client/lib/planted.ts", imports: "stripe", expected: SERVER_PACKAGE, form: "export from" },
  { path: "src/client/lib/planted.ts", imports: "nodemailer", expected: SERVER_PACKAGE, form: "import()" },
  { path: "src/shared/planted.ts", imports: "../server/app", expected: BROWSER_NOT_SERVER, form: "import()" },
  { path: "src/server/lib/planted.ts", imports: "../plugins/session", expected: LIB_LAYER, form: "import()" },
  {
    path: "src/server/db/planted.ts",
    imports: "../jobs/migrate-database",
    expected: DB_LAYER,
    form: "export from",
  },
  {
    path: "src/server/features/reviews/planted.ts",
    imports: "../admin/publisher-review",
    expected: FEATURE_RANK,
    form: "export from",
  },
  {
    path: "src/server/features/reviews/planted.ts",
    imports: "../disputes/disputes.routes",
    expected: FEATURE_ROUTES,
    form: "import()",
  },
];

/** Import cycles: two files importing each other in a folder, through a type only, and in the client. */
const CYCLES: Record<string, string>[] = [
  {
    "src/server/lib/cycle-a.ts": 'import { b } from "./cycle-b";\nexport const a = () => b;\n',
    "src/server/lib/cycle-b.ts": 'import { a } from "./cycle-a";\nexport const b = () => a;\n',
  },
  {
    "src/server/features/reviews/cycle-row.ts":
      'import { mail } from "./cycle-mail";\nexport type Row = { id: string };\nexport const send = () => mail;\n',
    "src/server/features/reviews/cycle-mail.ts":
      'import type { Row } from "./cycle-row";\nexport const mail = (row: Row) => row.id;\n',
  },
  {
    "src/client/features/cycle/index.ts": 'import { b } from "./cycle-b";\nexport const a = () => b;\n',
    "src/client/features/cycle/cycle-b.ts": 'import { a } from ".";\nexport const b = () => a;\n',
  },
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string | null; start: { line: number } | null };
}

/** Where each planted import landed: its file and line. */
const lineOf = new Map<Planted, number>();
let scratch = "";
let diagnostics: Diagnostic[] = [];
let seconds = 0;

function plant(path: string, text: string): void {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A file of planted imports, one a line, and a last line that uses every imported name. */
function plantedFile(imports: Planted[]): string {
  const used: string[] = [];
  const lines = imports.map((planted, i) => {
    lineOf.set(planted, i + 1);
    const specifier = JSON.stringify(planted.imports);
    if (planted.form === "export from") return `export * from ${specifier};`;
    if (planted.form === "import()") return `export const load${i} = () => import(${specifier});`;
    used.push(`imported${i}`);
    return `import * as imported${i} from ${specifier};`;
  });
  return `${[...lines, `export const uses = [${used.join(", ")}];`].join("\n")}\n`;
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "lint-rules-"));
  // The repository's configuration and plugins as they are; the scratch folder is no git work tree.
  const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));
  cpSync(join(ROOT, "lint"), join(scratch, "lint"), { recursive: true });

  const byPath = new Map<string, Planted[]>();
  for (const planted of PLANTED) byPath.set(planted.path, [...(byPath.get(planted.path) ?? []), planted]);
  for (const [path, imports] of byPath) plant(path, plantedFile(imports));
  for (const cycle of CYCLES) for (const [path, text] of Object.entries(cycle)) plant(path, text);

  const started = performance.now();
  const run = spawnSync(BIOME, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: scratch,
    encoding: "utf8",
  });
  seconds = (performance.now() - started) / 1000;
  diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The diagnostics of one file (one line of it, when given), as "category: message". */
const diagnosticsAt = (path: string, line?: number) =>
  diagnostics
    .filter((d) => d.location.path === path && (line === undefined || d.location.start?.line === line))
    .map((d) => `${d.category}: ${d.message}`);

const forbidden = PLANTED.filter((planted) => planted.expected !== null);
const allowed = PLANTED.filter((planted) => planted.expected === null);

describe("biome.json's import rules, each failing on a planted import", () => {
  it("lints every planted file in one run of a few seconds", () => {
    expect(diagnostics.length).toBeGreaterThanOrEqual(forbidden.length);
    expect(seconds).toBeLessThan(20);
  });

  it.each(forbidden)("$path: $form $imports → $expected", (planted) => {
    expect(diagnosticsAt(planted.path, lineOf.get(planted)).join("\n")).toContain(planted.expected);
  });

  it.each(allowed)("$path: $imports is allowed", (planted) => {
    expect(diagnosticsAt(planted.path, lineOf.get(planted))).toEqual([]);
  });

  it.each(CYCLES.flatMap((cycle) => Object.keys(cycle)))("%s is in an import cycle", (path) => {
    expect(diagnosticsAt(path).join("\n")).toContain(CYCLE);
  });

  it("points every import-rule diagnostic to the document that explains the rule", () => {
    const rules = diagnostics.filter(
      (d) => d.category === "plugin" || d.category.endsWith("noRestrictedImports"),
    );
    expect(rules.length).toBeGreaterThan(0);
    for (const d of rules) {
      const layered = d.location.path?.startsWith("src/server/") && !d.message.startsWith(SERVER_NOT_CLIENT);
      expect(d.message).toContain(layered ? SERVER_LAYERS : "(docs/decisions/008-client-layers.md)");
    }
  });
});
